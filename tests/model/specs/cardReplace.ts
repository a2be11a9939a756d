import { expect } from "vitest";
import { cardReplaceMachine } from "../../../src/machines/cardReplace.machine.ts";
import {
  commuteId,
  loadPendingError,
  lostId,
  networkError,
  replacementId,
  unavailableCardError,
} from "../../support/fare-cards.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents = "xstate.done.actor.replace" | "xstate.error.actor.replace";

const events = {
  "replace.ask": [{ type: "replace.ask" }],
  "replace.confirm": [{ type: "replace.confirm" }],
  "replace.cancel": [{ type: "replace.cancel" }],
  "xstate.done.actor.replace": [{ type: "xstate.done.actor.replace", output: replacementId }],
  "xstate.error.actor.replace": [
    { type: "xstate.error.actor.replace", error: networkError },
    { type: "xstate.error.actor.replace", error: unavailableCardError },
    { type: "xstate.error.actor.replace", error: loadPendingError },
  ],
} satisfies EventSamples<typeof cardReplaceMachine, ActorEvents>;

/** What a walk announced and opened. */
const cardReplaceEffects: string[] = [];

const active = { cardId: commuteId, canReplace: true };
const agencyBlocked = { cardId: lostId, canReplace: false };

export const cardReplaceModel = defineModel({
  name: "cardReplace",
  machine: cardReplaceMachine.provide({
    actions: {
      notify: (_, code) => void cardReplaceEffects.push(`notify ${code}`),
      openReplacement: (_, id) => void cardReplaceEffects.push(`open ${id}`),
    },
  }),
  inputs: [active, agencyBlocked],
  deferred: ["replace"],
  events,
  serialize: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.cardId, snapshot.context.failure]),
  invariants: [
    {
      name: "a card that cannot be replaced is never asked about nor reported",
      holds: (s) => s.context.canReplace || s.matches("idle"),
    },
    {
      name: "a failure is shown only on the question",
      holds: (s) => s.context.failure === null || s.matches("confirming"),
    },
  ],
  states: {
    idle: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(snapshot.can({ type: "replace.ask" })).toBe(snapshot.context.canReplace);
    },
    confirming: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(snapshot.can({ type: "replace.confirm" })).toBe(true);
      expect(snapshot.can({ type: "replace.cancel" })).toBe(true);
    },
    replacing: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.replace?.getSnapshot().input).toEqual({ id: snapshot.context.cardId });
      // A second confirm (a double click) sends nothing more.
      expect(snapshot.can({ type: "replace.confirm" })).toBe(false);
    },
    done: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.can({ type: "replace.ask" })).toBe(false);
    },
  },
  journeys: [
    {
      name: "reporting asks first, then says so and opens the new card",
      before: () => void cardReplaceEffects.splice(0),
      events: [
        events["replace.ask"][0],
        events["replace.confirm"][0],
        events["xstate.done.actor.replace"][0],
      ],
      expected: "done",
      ends: () => expect(cardReplaceEffects).toEqual(["notify cardReplaced", `open ${replacementId}`]),
    },
    {
      name: "keeping the card sends nothing",
      events: [events["replace.ask"][0], events["replace.cancel"][0]],
      expected: "idle",
      ends: (snapshot) => expect(snapshot.children.replace).toBeUndefined(),
    },
    {
      name: "a load still settling keeps the question open with why; trying again clears it",
      events: [
        events["replace.ask"][0],
        events["replace.confirm"][0],
        events["xstate.error.actor.replace"][2],
      ],
      expected: "confirming",
      ends: (snapshot) => {
        expect(snapshot.context.failure).toBe(42231);
        const again = snapshot.can({ type: "replace.confirm" });
        expect(again).toBe(true);
      },
    },
    {
      name: "a lost connection keeps the question open to try again",
      events: [
        events["replace.ask"][0],
        events["replace.confirm"][0],
        events["xstate.error.actor.replace"][0],
        events["replace.confirm"][0],
      ],
      expected: "replacing",
      ends: (snapshot) => expect(snapshot.context.failure).toBeNull(),
    },
    {
      name: "a card the agency blocked or suspended cannot be reported online",
      input: 1,
      events: [],
      expected: "idle",
      ends: (snapshot) => expect(snapshot.can({ type: "replace.ask" })).toBe(false),
    },
  ],
});
