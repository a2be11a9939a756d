import { expect } from "vitest";
import { serviceLevelsMachine } from "../../../src/machines/serviceLevels.machine.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents = "xstate.done.actor.fetchServiceLevels" | "xstate.error.actor.fetchServiceLevels";

const levels = [
  { type: "bus", label: "Bus" },
  { type: "rail", label: "Rail" },
];

/** The same services named in another language. */
const renamed = [
  { type: "bus", label: "Xe buýt" },
  { type: "rail", label: "Tàu điện" },
];

const events = {
  "serviceLevels.load": [{ type: "serviceLevels.load" }],
  "serviceLevels.reload": [{ type: "serviceLevels.reload" }],
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
      expect(snapshot.context.levels.length).toBeGreaterThan(0);
      expect(snapshot.context.error).toBeNull();
    },
    // The list stays shown while it is named again.
    refreshing: (snapshot) => {
      expect(snapshot.context.levels.length).toBeGreaterThan(0);
      expect(snapshot.hasTag("busy")).toBe(false);
    },
    failed: (snapshot) => expect(snapshot.context.error).toBe(50301),
  },
  journeys: [
    {
      name: "a change of language before anyone asked costs no request",
      events: [events["serviceLevels.reload"][0]],
      expected: "idle",
    },
    {
      name: "a change of language during the first load asks again",
      events: [events["serviceLevels.load"][0], events["serviceLevels.reload"][0]],
      expected: "loading",
    },
    {
      name: "a change of language names the loaded services again, still shown meanwhile",
      events: [
        events["serviceLevels.load"][0],
        events["xstate.done.actor.fetchServiceLevels"][0],
        events["serviceLevels.reload"][0],
      ],
      expected: "refreshing",
      ends: (snapshot) => expect(snapshot.context.levels).toEqual(levels),
    },
    {
      name: "a second change while renaming asks again, the list still shown",
      events: [
        events["serviceLevels.load"][0],
        events["xstate.done.actor.fetchServiceLevels"][0],
        events["serviceLevels.reload"][0],
        events["serviceLevels.reload"][0],
      ],
      expected: "refreshing",
    },
    {
      name: "the new names replace the old ones",
      events: [
        events["serviceLevels.load"][0],
        events["xstate.done.actor.fetchServiceLevels"][0],
        events["serviceLevels.reload"][0],
        { type: "xstate.done.actor.fetchServiceLevels", output: renamed },
      ],
      expected: "ready",
      ends: (snapshot) => expect(snapshot.context.levels).toEqual(renamed),
    },
    {
      name: "a failed renaming keeps the old names",
      events: [
        events["serviceLevels.load"][0],
        events["xstate.done.actor.fetchServiceLevels"][0],
        events["serviceLevels.reload"][0],
        events["xstate.error.actor.fetchServiceLevels"][0],
      ],
      expected: "ready",
      ends: (snapshot) => {
        expect(snapshot.context.levels).toEqual(levels);
        expect(snapshot.context.error).toBeNull();
      },
    },
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
