import { expect } from "vitest";
import { inviteMachine } from "../../../src/machines/invite.machine.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents =
  | "xstate.done.actor.loadInvite"
  | "xstate.error.actor.loadInvite"
  | "xstate.done.actor.acceptForm";

const invitedRider = { email: "rosa@example.org", first_name: "Rosa", last_name: "", locale: "en" };

const events = {
  "invite.retry": [{ type: "invite.retry" }],
  "xstate.done.actor.loadInvite": [{ type: "xstate.done.actor.loadInvite", output: invitedRider }],
  "xstate.error.actor.loadInvite": [
    { type: "xstate.error.actor.loadInvite", error: { code: 40403, message: "Invalid user information" } },
    { type: "xstate.error.actor.loadInvite", error: { code: 50301, message: "Network Error" } },
  ],
  "xstate.done.actor.acceptForm": [
    { type: "xstate.done.actor.acceptForm", output: { status: "accepted", email: invitedRider.email } },
  ],
} satisfies EventSamples<typeof inviteMachine, ActorEvents>;

const inviteEffects: string[] = [];

export const inviteModel = defineModel({
  name: "invite",
  machine: inviteMachine.provide({
    actions: { notifyAccepted: () => void inviteEffects.push("notifyAccepted") },
  }),
  inputs: [
    { token: "i".repeat(43), language: "en" },
    { token: null, language: "es" },
    { token: "abc", language: "en" },
  ],
  deferred: ["loadInvite", "acceptForm"],
  events,
  serialize: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.error, snapshot.context.invite?.email ?? null]),
  invariants: [
    {
      name: "a link without a token is never looked up",
      holds: (s) => s.context.token !== null || !s.matches("loading"),
    },
    {
      name: "the form runs exactly while the invite is ready",
      holds: (s) => s.matches("ready") === (s.children.acceptForm !== undefined),
    },
    {
      name: "the form only ever shows a known invite",
      holds: (s) => !(s.matches("ready") || s.matches("accepted")) || s.context.invite !== null,
    },
  ],
  states: {
    loading: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.loadInvite).toBeDefined();
    },
    failed: (snapshot) => {
      expect(snapshot.context.error).toBe(50301);
      expect(snapshot.can({ type: "invite.retry" })).toBe(true);
    },
    ready: (snapshot) => {
      expect(snapshot.context.invite?.email).toBe("rosa@example.org");
      expect(snapshot.context.error).toBeNull();
    },
    accepted: (snapshot) => {
      expect(snapshot.status).toBe("done");
      expect(inviteEffects.at(-1)).toBe("notifyAccepted");
    },
    invalid: (snapshot) => {
      expect(snapshot.can({ type: "invite.retry" })).toBe(false);
      expect([null, 40403]).toContain(snapshot.context.error);
    },
  },
  journeys: [
    {
      name: "an unreachable server leaves the invite to retry",
      events: [events["xstate.error.actor.loadInvite"][1]],
      expected: "failed",
    },
    {
      name: "an open invite shows its form and creates the account",
      events: [events["xstate.done.actor.loadInvite"][0], events["xstate.done.actor.acceptForm"][0]],
      expected: "accepted",
    },
    {
      name: "an unknown, used or expired invite is invalid",
      events: [events["xstate.error.actor.loadInvite"][0]],
      expected: "invalid",
    },
    {
      name: "an unreachable server is retried with the same link",
      events: [
        events["xstate.error.actor.loadInvite"][1],
        events["invite.retry"][0],
        events["xstate.done.actor.loadInvite"][0],
      ],
      expected: "ready",
    },
    { name: "a link without a token is invalid at once", input: 1, events: [], expected: "invalid" },
    {
      name: "a truncated or garbled link is invalid at once, never looked up",
      input: 2,
      events: [],
      expected: "invalid",
      ends: (snapshot) => expect(snapshot.context.invite).toBeNull(),
    },
  ],
});
