import { describe, expect, it } from "vitest";
import { createActor, SimulatedClock } from "xstate";
import { notificationsMachine } from "./notifications.machine.ts";

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(notificationsMachine, { clock }).start();
  return { clock, actor };
}

describe("notification lifetimes", () => {
  it("clears a success alert after 3 seconds", () => {
    const { clock, actor } = start();
    actor.send({ type: "notify.success", code: "connectionRestored" });
    clock.increment(2_999);
    expect(actor.getSnapshot().context.notices).toHaveLength(1);
    clock.increment(1);
    expect(actor.getSnapshot().context.notices).toHaveLength(0);
    expect(actor.getSnapshot().value).toBe("idle");
  });

  it("clears an error toast after 5 seconds", () => {
    const { clock, actor } = start();
    actor.send({ type: "notify.error", code: "generic" });
    clock.increment(4_999);
    expect(actor.getSnapshot().context.notices).toHaveLength(1);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe("idle");
  });

  it("times each notice on its own", () => {
    const { clock, actor } = start();
    actor.send({ type: "notify.error", code: "generic" });
    clock.increment(2_000);
    actor.send({ type: "notify.success", code: "connectionRestored" });
    clock.increment(3_000);
    expect(actor.getSnapshot().context.notices.map((notice) => notice.kind)).toEqual([]);
    actor.send({ type: "notify.success", code: "connectionRestored" });
    actor.send({ type: "notify.error", code: "generic" });
    clock.increment(3_000);
    expect(actor.getSnapshot().context.notices.map((notice) => notice.kind)).toEqual(["error"]);
  });
});
