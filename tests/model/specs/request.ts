import { expect } from "vitest";
import { requestMachine } from "../../../src/machines/request.machine.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents = "xstate.done.actor.send" | "xstate.error.actor.send";

const events = {
  "request.send": [{ type: "request.send" }],
  "xstate.done.actor.send": [{ type: "xstate.done.actor.send", output: undefined }],
  "xstate.error.actor.send": [
    { type: "xstate.error.actor.send", error: { code: 42901, message: "Too many requests" } },
  ],
} satisfies EventSamples<typeof requestMachine, ActorEvents>;

export const requestModel = defineModel({
  name: "request",
  machine: requestMachine,
  deferred: ["send"],
  events,
  serialize: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.error]),
  invariants: [
    { name: "failed keeps its error", holds: (s) => !s.matches("failed") || s.context.error !== null },
    { name: "sent has no error", holds: (s) => !s.matches("sent") || s.context.error === null },
  ],
  states: {
    idle: (snapshot) => {
      expect(snapshot.context.error).toBeNull();
      expect(snapshot.can({ type: "request.send" })).toBe(true);
    },
    sending: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.can({ type: "request.send" })).toBe(false);
    },
    sent: (snapshot) => expect(snapshot.context.error).toBeNull(),
    failed: (snapshot) => expect(snapshot.context.error).toBe(42901),
  },
  journeys: [
    {
      name: "a request that went through",
      events: [events["request.send"][0], events["xstate.done.actor.send"][0]],
      expected: "sent",
    },
    {
      name: "a refused request is tried again and goes through",
      events: [
        events["request.send"][0],
        events["xstate.error.actor.send"][0],
        events["request.send"][0],
        events["xstate.done.actor.send"][0],
      ],
      expected: "sent",
    },
    {
      name: "asking again after a success",
      events: [events["request.send"][0], events["xstate.done.actor.send"][0], events["request.send"][0]],
      expected: "sending",
    },
  ],
});
