import { expect } from "vitest";
import { tourMachine, tourSteps } from "../../../src/machines/tour.machine.ts";
import { defineModel, type EventSamples } from "../harness.ts";

const events = {
  "tour.start": [{ type: "tour.start" }],
  "tour.next": [{ type: "tour.next" }],
  "tour.back": [{ type: "tour.back" }],
  "tour.dismiss": [{ type: "tour.dismiss" }],
} satisfies EventSamples<typeof tourMachine>;

const remembered: string[] = [];

export const tourModel = defineModel({
  name: "tour",
  machine: tourMachine.provide({ actions: { rememberTourDone: () => void remembered.push("done") } }),
  inputs: [
    { enabled: true, done: false },
    { enabled: true, done: true },
    { enabled: false, done: false },
  ],
  deferred: [],
  events,
  serialize: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.step]),
  invariants: [
    {
      name: "the step is always one of the tour's steps",
      holds: (s) => s.context.step >= 0 && s.context.step < tourSteps.length,
    },
    { name: "a disabled tour never shows", holds: (s) => s.context.enabled || s.matches("hidden") },
  ],
  states: {
    hidden: (snapshot) => expect(snapshot.can({ type: "tour.dismiss" })).toBe(false),
    offering: (snapshot) => {
      expect(snapshot.context.step).toBe(0);
      expect(snapshot.can({ type: "tour.next" })).toBe(false);
    },
    touring: (snapshot) => {
      expect(snapshot.can({ type: "tour.next" })).toBe(true);
      expect(snapshot.context.step).toBeGreaterThanOrEqual(0);
      expect(snapshot.context.step).toBeLessThan(tourSteps.length);
    },
  },
  journeys: [
    {
      name: "a first visit asks before touring",
      events: [],
      expected: "offering",
    },
    {
      name: "a first visit offers the tour; no thanks hides it",
      events: [events["tour.dismiss"][0]],
      expected: "hidden",
    },
    {
      name: "walking every step ends the tour",
      events: [events["tour.start"][0], ...tourSteps.map(() => events["tour.next"][0])],
      expected: "hidden",
    },
    {
      name: "skipping the tour hides it",
      events: [events["tour.start"][0], events["tour.next"][0], events["tour.dismiss"][0]],
      expected: "hidden",
    },
    {
      name: "back from the second step returns to the first",
      events: [events["tour.start"][0], events["tour.next"][0], events["tour.back"][0]],
      expected: "touring",
    },
    {
      name: "a returning rider is not asked again",
      input: 1,
      events: [],
      expected: "hidden",
    },
    {
      name: "a deployment without the tour never shows it",
      input: 2,
      events: [events["tour.start"][0]],
      expected: "hidden",
    },
    {
      name: "the header button restarts a finished tour",
      events: [events["tour.dismiss"][0], events["tour.start"][0]],
      expected: "touring",
    },
  ],
});
