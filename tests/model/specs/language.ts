import { expect } from "vitest";
import { languageMachine } from "../../../src/machines/language.machine.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents = "xstate.done.actor.activateLocale" | "xstate.error.actor.activateLocale";

const events = {
  "language.change": [
    { type: "language.change", locale: "en" },
    { type: "language.change", locale: "es" },
    { type: "language.change", locale: "vi" },
    { type: "language.change", locale: "de" },
  ],
  "xstate.done.actor.activateLocale": [{ type: "xstate.done.actor.activateLocale", output: undefined }],
  "xstate.error.actor.activateLocale": [
    { type: "xstate.error.actor.activateLocale", error: new Error("catalog download failed") },
  ],
} satisfies EventSamples<typeof languageMachine, ActorEvents>;

export const languageModel = defineModel({
  name: "language",
  machine: languageMachine.provide({ actions: { storeLanguage: () => {}, announceFailure: () => {} } }),
  inputs: [{ offered: ["en", "es", "vi"], initial: "es", fallback: "en" }],
  deferred: ["activateLocale"],
  events,
  serialize: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.current, snapshot.context.requested]),
  invariants: [
    {
      name: "the language on screen is offered or the built-in one",
      holds: (s) => s.context.offered.includes(s.context.current) || s.context.current === "en",
    },
    {
      name: "only offered languages are ever requested",
      holds: (s) => s.context.offered.includes(s.context.requested),
    },
    { name: "busy exactly while loading a catalog", holds: (s) => s.hasTag("busy") === s.matches("loading") },
  ],
  states: {
    loading: (snapshot) => expect(snapshot.hasTag("busy")).toBe(true),
    "loading.starting": (snapshot) => expect(snapshot.context.current).toBe("en"),
    "loading.switching": (snapshot) => expect(snapshot.context.requested).not.toBe(snapshot.context.current),
    ready: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(snapshot.context.offered).toContain(snapshot.context.current);
    },
  },
  journeys: [
    {
      name: "the stored language is shown once its catalog loads",
      events: [events["xstate.done.actor.activateLocale"][0]],
      expected: "ready",
    },
    {
      name: "a failed switch keeps the language on screen",
      events: [
        events["xstate.done.actor.activateLocale"][0],
        events["language.change"][2],
        events["xstate.error.actor.activateLocale"][0],
      ],
      expected: "ready",
    },
    {
      name: "a language the deployment does not offer is ignored",
      events: [events["xstate.done.actor.activateLocale"][0], events["language.change"][3]],
      expected: "ready",
    },
  ],
});
