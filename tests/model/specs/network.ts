import { expect } from "vitest";
import { networkMachine } from "../../../src/machines/network.machine.ts";
import { defineModel, type EventSamples } from "../harness.ts";

const events = {
  "network.lost": [{ type: "network.lost" }],
  "network.restored": [{ type: "network.restored" }],
  "network.retry": [{ type: "network.retry" }],
  "network.dismiss": [{ type: "network.dismiss" }],
  "xstate.done.actor.probeConnection": [{ type: "xstate.done.actor.probeConnection", output: undefined }],
  "xstate.error.actor.probeConnection": [
    { type: "xstate.error.actor.probeConnection", error: new Error("offline") },
  ],
} satisfies EventSamples<
  typeof networkMachine,
  "xstate.done.actor.probeConnection" | "xstate.error.actor.probeConnection"
>;

export const networkModel = defineModel({
  name: "network",
  machine: networkMachine.provide({ actions: { announceRestored: () => {} } }),
  deferred: ["probeConnection"],
  events,
  serialize: (snapshot) => JSON.stringify(snapshot.value),
  invariants: [
    { name: "the popup shows exactly when not idle", holds: (s) => s.hasTag("popup") === !s.matches("idle") },
  ],
  states: {
    idle: (snapshot) => expect(snapshot.hasTag("popup")).toBe(false),
    alerting: (snapshot) => {
      expect(snapshot.hasTag("popup")).toBe(true);
      expect(snapshot.hasTag("busy")).toBe(false);
    },
    probing: (snapshot) => expect(snapshot.hasTag("popup") && snapshot.hasTag("busy")).toBe(true),
  },
  journeys: [
    {
      name: "a failed retry keeps the popup, a later success closes it",
      events: [
        events["network.lost"][0],
        events["network.retry"][0],
        events["xstate.error.actor.probeConnection"][0],
        events["network.retry"][0],
        events["xstate.done.actor.probeConnection"][0],
      ],
      expected: "idle",
    },
    {
      name: "OK closes the popup without checking",
      events: [events["network.lost"][0], events["network.dismiss"][0]],
      expected: "idle",
    },
    {
      name: "the browser coming back online checks before closing",
      events: [events["network.lost"][0], events["network.restored"][0]],
      expected: "probing",
    },
    {
      name: "more failures while the popup is open do not stack",
      events: [events["network.lost"][0], events["network.lost"][0]],
      expected: "alerting",
    },
  ],
});
