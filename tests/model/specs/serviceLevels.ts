import { expect } from "vitest";
import { serviceLevelsMachine } from "../../../src/machines/serviceLevels.machine.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents = "xstate.done.actor.fetchServiceLevels" | "xstate.error.actor.fetchServiceLevels";

const levels = [
  { type: "bus", label: "Bus" },
  { type: "rail", label: "Rail" },
];

const events = {
  "serviceLevels.load": [{ type: "serviceLevels.load" }],
  "xstate.done.actor.fetchServiceLevels": [{ type: "xstate.done.actor.fetchServiceLevels", output: levels }],
  "xstate.error.actor.fetchServiceLevels": [
    { type: "xstate.error.actor.fetchServiceLevels", error: { code: 50301, message: "Network Error" } },
  ],
} satisfies EventSamples<typeof serviceLevelsMachine, ActorEvents>;

export const serviceLevelsModel = defineModel({
  name: "serviceLevels",
  machine: serviceLevelsMachine,
  deferred: ["fetchServiceLevels"],
  events,
  serialize: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.levels.length, snapshot.context.error]),
  invariants: [
    { name: "ready has no error", holds: (s) => !s.matches("ready") || s.context.error === null },
    { name: "failed keeps its error code", holds: (s) => !s.matches("failed") || s.context.error !== null },
  ],
  states: {
    idle: (snapshot) => {
      expect(snapshot.context.levels).toEqual([]);
      expect(snapshot.context.error).toBeNull();
    },
    loading: (snapshot) => expect(snapshot.hasTag("busy")).toBe(true),
    ready: (snapshot) => {
      expect(snapshot.context.levels).toEqual(levels);
      expect(snapshot.context.error).toBeNull();
    },
    failed: (snapshot) => expect(snapshot.context.error).toBe(50301),
  },
  journeys: [
    {
      name: "a failed load offers a retry",
      events: [events["serviceLevels.load"][0], events["xstate.error.actor.fetchServiceLevels"][0]],
      expected: "failed",
    },
    {
      name: "a failed load retried until it succeeds",
      events: [
        events["serviceLevels.load"][0],
        events["xstate.error.actor.fetchServiceLevels"][0],
        events["serviceLevels.load"][0],
        events["xstate.done.actor.fetchServiceLevels"][0],
      ],
      expected: "ready",
    },
    {
      name: "a second ask once loaded costs no request",
      events: [
        events["serviceLevels.load"][0],
        events["xstate.done.actor.fetchServiceLevels"][0],
        events["serviceLevels.load"][0],
      ],
      expected: "ready",
    },
  ],
});
