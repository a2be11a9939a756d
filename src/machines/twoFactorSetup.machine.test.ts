import { describe, expect, it } from "vitest";
import { type AnyEventObject, createActor, fromPromise } from "xstate";
import { storedUser } from "../../tests/support/fixtures.ts";
import * as rules from "../domain/phone.ts";
import { MfaStatus } from "../domain/session.ts";
import { acceptSetupInput, type PhoneRules, twoFactorSetupMachine } from "./twoFactorSetup.machine.ts";

describe("two-factor phone input", () => {
  it("keeps every digit of a pasted, formatted number", () => {
    expect(acceptSetupInput("number", "+1 (202) 555-0142").replace(/[^0-9]/g, "")).toBe("12025550142");
    expect(acceptSetupInput("number", "(202)   555   -   0142").replace(/[^0-9]/g, "")).toBe("2025550142");
  });

  it("caps digits, not characters, at the 15 of E.164", () => {
    const kept = acceptSetupInput("number", "1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7");
    expect(kept.replace(/[^0-9]/g, "")).toBe("123456789012345");
  });
});

/** An enrolment whose phone-rule downloads settle when the test says, each in turn. */
function enrolment() {
  const downloads: Array<{ resolve(rules: PhoneRules): void; reject(error: unknown): void }> = [];
  const sent: Array<{ mobile: string; password: string }> = [];
  const actor = createActor(
    twoFactorSetupMachine.provide({
      actors: {
        loadPhoneRules: fromPromise<PhoneRules>(
          () => new Promise<PhoneRules>((resolve, reject) => downloads.push({ resolve, reject })),
        ),
        sendEnrolCode: fromPromise<void, { mobile: string; password: string }>(async ({ input }) => {
          sent.push(input);
        }),
      },
    }),
    { input: { user: { ...storedUser, mfa_enrollment_status: MfaStatus.off, mfa_phone: null } } },
  ).start();
  const type = (field: "countryCode" | "number" | "password", value: string) =>
    actor.send({ type: "setup.input", field, value });
  return { actor, downloads, sent, type };
}

const settle = async () => {
  for (let turn = 0; turn < 5; turn++) await Promise.resolve();
};

describe("two-factor enrolment when the phone rules cannot be downloaded", () => {
  it("brings a rider who submitted back to the phone step with the problem, keeping what was typed", async () => {
    const { actor, downloads, type } = enrolment();
    actor.send({ type: "setup.start" });
    type("countryCode", "+1");
    type("number", "202 555 0123");
    type("password", "transit-demo-2026");
    actor.send({ type: "setup.submit" });
    expect(actor.getSnapshot().matches({ enrolling: "awaitingRules" })).toBe(true);
    downloads[0]?.reject(new TypeError("Failed to fetch dynamically imported module"));
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ enrolling: "phone" })).toBe(true);
    expect(snapshot.hasTag("busy")).toBe(false);
    expect(snapshot.context.problem).toBe("rulesUnavailable");
    expect(snapshot.context.values).toEqual({
      countryCode: "+1",
      number: "202 555 0123",
      password: "transit-demo-2026",
      code: "",
    });
  });

  it("downloads them again on the next submit, then checks and sends the phone", async () => {
    const { actor, downloads, sent, type } = enrolment();
    actor.send({ type: "setup.start" });
    type("countryCode", "+1");
    type("number", "202 555 0123");
    type("password", "transit-demo-2026");
    actor.send({ type: "setup.submit" });
    downloads[0]?.reject(new Error("chunk failed"));
    await settle();
    actor.send({ type: "setup.submit" });
    expect(downloads).toHaveLength(2);
    expect(actor.getSnapshot().matches({ enrolling: "awaitingRules" })).toBe(true);
    expect(actor.getSnapshot().context.problem).toBeNull();
    downloads[1]?.resolve(rules);
    await settle();
    expect(sent).toEqual([{ mobile: "+12025550123", password: "transit-demo-2026" }]);
    expect(actor.getSnapshot().matches({ enrolling: "code" })).toBe(true);
  });

  it("says a failure before any submit at once, and the submit downloads them again", async () => {
    const { actor, downloads, type } = enrolment();
    actor.send({ type: "setup.start" });
    downloads[0]?.reject(new Error("chunk failed"));
    await settle();
    expect(actor.getSnapshot().matches({ enrolling: "phone" })).toBe(true);
    expect(actor.getSnapshot().context.problem).toBe("rulesUnavailable");
    type("number", "202 555 0123");
    type("password", "transit-demo-2026");
    expect(actor.getSnapshot().context.problem).toBe("rulesUnavailable");
    expect(downloads).toHaveLength(1);
    actor.send({ type: "setup.submit" });
    expect(downloads).toHaveLength(2);
    downloads[1]?.resolve(rules);
    await settle();
    expect(actor.getSnapshot().matches({ enrolling: "phone" })).toBe(true);
    expect(actor.getSnapshot().context.problem).toBe("countryRequired");
  });

  it("takes no report of the rules after their failure until a submit downloads them again", async () => {
    const { actor, downloads } = enrolment();
    actor.send({ type: "setup.start" });
    downloads[0]?.reject(new TypeError("Failed to fetch dynamically imported module"));
    await settle();
    // No download runs now: a stray report (the machine invariants' property test sends any event the
    // state takes, tests/model/properties.ts) is not taken, so it cannot hide the failure.
    const stray: AnyEventObject = { type: "xstate.done.actor.loadPhoneRules", output: rules };
    const snapshot = actor.getSnapshot() as unknown as { can(event: AnyEventObject): boolean };
    expect(snapshot.can(stray)).toBe(false);
    expect(actor.getSnapshot().context.problem).toBe("rulesUnavailable");
    expect(actor.getSnapshot().context.rules).toBeNull();
  });

  it("starts no second download while the first is still coming", () => {
    const { actor, downloads, type } = enrolment();
    actor.send({ type: "setup.start" });
    type("password", "transit-demo-2026");
    actor.send({ type: "setup.submit" });
    actor.send({ type: "setup.submit" });
    expect(downloads).toHaveLength(1);
    expect(actor.getSnapshot().matches({ enrolling: "awaitingRules" })).toBe(true);
  });
});
