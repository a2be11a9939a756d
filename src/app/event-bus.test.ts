import { describe, expect, it, vi } from "vitest";
import { createEventBus } from "./live.ts";

describe("the event bus between the outside world and the root actor", () => {
  it("delivers at once while an actor is connected", () => {
    const bus = createEventBus();
    const actor = { send: vi.fn() };
    bus.connect(actor);
    bus.send({ type: "network.lost" });
    expect(actor.send).toHaveBeenCalledWith({ type: "network.lost" });
  });

  it("keeps what happens before the actor exists and delivers it, in order, when it connects", () => {
    const bus = createEventBus();
    bus.send({ type: "network.lost" });
    bus.send({ type: "session.expired" });
    const actor = { send: vi.fn() };
    bus.connect(actor);
    expect(actor.send.mock.calls).toEqual([[{ type: "network.lost" }], [{ type: "session.expired" }]]);
    // Delivered once: a later connection (React's strict mode connects twice) does not get them again.
    const again = { send: vi.fn() };
    bus.connect(again);
    expect(again.send).not.toHaveBeenCalled();
  });

  it("keeps events again while disconnected, a boot's worth at most, and stops sending to a disconnected actor", () => {
    const bus = createEventBus();
    const actor = { send: vi.fn() };
    const disconnect = bus.connect(actor);
    disconnect();
    for (let i = 0; i < 100; i++) bus.send({ type: "network.lost" });
    expect(actor.send).not.toHaveBeenCalled();
    const next = { send: vi.fn() };
    bus.connect(next);
    expect(next.send).toHaveBeenCalledTimes(32);
  });
});
