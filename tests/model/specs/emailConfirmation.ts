import { expect } from "vitest";
import { emailConfirmationMachine } from "../../../src/machines/emailConfirmation.machine.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents =
  | "xstate.done.actor.confirmEmail"
  | "xstate.error.actor.confirmEmail"
  | "xstate.after.redirect.emailConfirmation.confirmed";

const events = {
  "confirmation.retry": [{ type: "confirmation.retry" }],
  "xstate.done.actor.confirmEmail": [{ type: "xstate.done.actor.confirmEmail", output: undefined }],
  "xstate.error.actor.confirmEmail": [
    { type: "xstate.error.actor.confirmEmail", error: { code: 40003, message: "This token is invalid" } },
    { type: "xstate.error.actor.confirmEmail", error: { code: 50301, message: "Network Error" } },
  ],
  // The 5 seconds after a confirmation, as the timer ends them.
  "xstate.after.redirect.emailConfirmation.confirmed": [
    { type: "xstate.after.redirect.emailConfirmation.confirmed" },
  ],
} satisfies EventSamples<typeof emailConfirmationMachine, ActorEvents>;

/** Where the walk went, so states can check the redirect and the session refresh happened. */
const confirmationEffects: string[] = [];

export const emailConfirmationModel = defineModel({
  name: "emailConfirmation",
  machine: emailConfirmationMachine.provide({
    actions: {
      goToLogin: () => void confirmationEffects.push("goToLogin"),
      refreshSession: () => void confirmationEffects.push("refreshSession"),
    },
  }),
  inputs: [{ token: "c".repeat(43) }, { token: null }, { token: "abc" }],
  deferred: ["confirmEmail"],
  events,
  serialize: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.error]),
  invariants: [
    {
      name: "a link without a token is never sent to the server",
      holds: (s) => s.context.token !== null || !s.matches("confirming"),
    },
    {
      name: "confirmed and redirected carry no error",
      holds: (s) => !(s.matches("confirmed") || s.matches("redirected")) || s.context.error === null,
    },
  ],
  states: {
    confirming: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.confirmEmail).toBeDefined();
    },
    confirmed: (snapshot) => {
      expect(snapshot.context.error).toBeNull();
      expect(confirmationEffects.at(-1)).toBe("refreshSession");
    },
    failed: (snapshot) => {
      expect(snapshot.context.error).toBe(50301);
      expect(snapshot.can({ type: "confirmation.retry" })).toBe(true);
    },
    invalid: (snapshot) => {
      expect(snapshot.can({ type: "confirmation.retry" })).toBe(false);
      expect([null, 40003]).toContain(snapshot.context.error);
    },
    redirected: (snapshot) => {
      expect(snapshot.status).toBe("done");
      expect(confirmationEffects.at(-1)).toBe("goToLogin");
    },
  },
  journeys: [
    {
      name: "a good link confirms, then goes to sign-in after 5 seconds",
      events: [
        events["xstate.done.actor.confirmEmail"][0],
        events["xstate.after.redirect.emailConfirmation.confirmed"][0],
      ],
      expected: "redirected",
    },
    {
      name: "a used or unknown token is invalid",
      events: [events["xstate.error.actor.confirmEmail"][0]],
      expected: "invalid",
    },
    {
      name: "an unreachable server is retried with the same link",
      events: [
        events["xstate.error.actor.confirmEmail"][1],
        events["confirmation.retry"][0],
        events["xstate.done.actor.confirmEmail"][0],
      ],
      expected: "confirmed",
    },
    { name: "a link without a token is invalid at once", input: 1, events: [], expected: "invalid" },
    {
      name: "a truncated or garbled link is invalid at once, never sent to the server",
      input: 2,
      events: [],
      expected: "invalid",
      ends: (snapshot) => expect(snapshot.context.error).toBeNull(),
    },
  ],
});
