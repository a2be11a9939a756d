import { expect } from "vitest";
import { selectTargetPass, unattachedPassesMachine } from "../../../src/machines/unattachedPasses.machine.ts";
import { adultCard, blockedCard, secondUnattached, unattachedPass, youthCard } from "../../support/passes.ts";
import { defineModel, type EventSamples } from "../harness.ts";
import { networkError, serverError } from "./orderSummary.ts";

type ActorEvents =
  | "xstate.done.actor.loadUnattached"
  | "xstate.error.actor.loadUnattached"
  | "xstate.done.actor.attachPass"
  | "xstate.error.actor.attachPass";

const notEligibleError = {
  code: 42218,
  message: "The selected passes are not eligible for this fare media.",
};
const cardUnavailableError = { code: 42202, message: "This fare card cannot be used." };

const events = {
  "passes.retry": [{ type: "passes.retry" }],
  "attach.open": [
    { type: "attach.open", id: unattachedPass.id },
    { type: "attach.open", id: secondUnattached.id },
  ],
  "card.choose": [
    { type: "card.choose", id: youthCard.faremedia_id },
    { type: "card.choose", id: adultCard.faremedia_id },
    { type: "card.choose", id: blockedCard.faremedia_id },
  ],
  "attach.confirm": [{ type: "attach.confirm" }],
  "attach.cancel": [{ type: "attach.cancel" }],
  "xstate.done.actor.loadUnattached": [
    {
      type: "xstate.done.actor.loadUnattached",
      output: { passes: [unattachedPass, secondUnattached], cards: [youthCard, adultCard, blockedCard] },
    },
    { type: "xstate.done.actor.loadUnattached", output: { passes: [unattachedPass], cards: [youthCard] } },
    { type: "xstate.done.actor.loadUnattached", output: { passes: [], cards: [youthCard] } },
  ],
  "xstate.error.actor.loadUnattached": [{ type: "xstate.error.actor.loadUnattached", error: networkError }],
  "xstate.done.actor.attachPass": [{ type: "xstate.done.actor.attachPass", output: unattachedPass }],
  "xstate.error.actor.attachPass": [
    { type: "xstate.error.actor.attachPass", error: notEligibleError },
    { type: "xstate.error.actor.attachPass", error: cardUnavailableError },
    { type: "xstate.error.actor.attachPass", error: serverError },
  ],
} satisfies EventSamples<typeof unattachedPassesMachine, ActorEvents>;

const unattachedEffects: string[] = [];

const loaded = events["xstate.done.actor.loadUnattached"];
const open = events["attach.open"];
const choose = events["card.choose"];
const confirm = events["attach.confirm"][0];
const attached = events["xstate.done.actor.attachPass"][0];
const refused = events["xstate.error.actor.attachPass"];

export const unattachedPassesModel = defineModel({
  name: "unattachedPasses",
  machine: unattachedPassesMachine.provide({
    actions: { notifyAttached: () => void unattachedEffects.push("passAttached") },
  }),
  deferred: ["loadUnattached", "attachPass"],
  events,
  pathKinds: ["shortest", "edge"],
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.passes.map((pass) => pass.id),
      snapshot.context.cards.map((card) => card.faremedia_id),
      snapshot.context.target,
      snapshot.context.card,
      snapshot.context.failure,
    ]),
  invariants: [
    {
      name: "only active cards are offered",
      holds: (s) => s.context.cards.every((card) => card.status === "ACTIVE"),
    },
    {
      name: "the dialog is about a listed pass",
      holds: (s) =>
        !(s.matches({ shown: "choosing" }) || s.matches({ shown: "attaching" })) ||
        selectTargetPass(s) !== null,
    },
    {
      name: "an attach names a chosen active card",
      holds: (s) =>
        !s.matches({ shown: "attaching" }) ||
        s.context.cards.some((card) => card.faremedia_id === s.context.card),
    },
    {
      name: "the list is never shown empty",
      holds: (s) => !s.matches("shown") || s.context.passes.length > 0,
    },
  ],
  states: {
    loading: (snapshot) => expect(snapshot.hasTag("busy")).toBe(true),
    shown: (snapshot) => expect(snapshot.context.passes.length).toBeGreaterThan(0),
    "shown.listing": (snapshot) => {
      expect(snapshot.context.target).toBeNull();
      expect(snapshot.context.failure).toBeNull();
    },
    "shown.choosing": (snapshot) => {
      expect(selectTargetPass(snapshot)).not.toBeNull();
      expect(snapshot.can(confirm)).toBe(snapshot.context.card !== null);
      expect(snapshot.context.failure?.kind ?? "attach").toBe("attach");
    },
    "shown.attaching": (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.attachPass?.getSnapshot().input).toEqual({
        id: snapshot.context.target,
        card: snapshot.context.card,
      });
    },
    empty: (snapshot) => expect(snapshot.context.passes).toEqual([]),
    failed: (snapshot) => {
      expect(snapshot.context.failure).toEqual({ kind: "load", code: 50301 });
      expect(snapshot.can({ type: "passes.retry" })).toBe(true);
    },
  },
  journeys: [
    {
      name: "choosing a card only chooses it: nothing is sent before Attach pass",
      events: [loaded[0], open[0], choose[0]],
      expected: { shown: "choosing" },
      ends: (snapshot) => {
        expect(snapshot.context.card).toBe(youthCard.faremedia_id);
        expect(snapshot.children.attachPass).toBeUndefined();
      },
    },
    {
      name: "the unattached passes are listed with the rider's active cards only",
      events: [loaded[0]],
      expected: { shown: "listing" },
      ends: (snapshot) => {
        expect(snapshot.context.passes).toEqual([unattachedPass, secondUnattached]);
        expect(snapshot.context.cards).toEqual([youthCard, adultCard]);
      },
    },
    {
      name: "a pass goes onto the chosen card, leaves the list and the rider is told",
      before: () => void unattachedEffects.splice(0),
      events: [loaded[0], open[0], choose[0], confirm, attached],
      expected: { shown: "listing" },
      ends: (snapshot) => {
        expect(snapshot.context.passes).toEqual([secondUnattached]);
        expect(unattachedEffects).toEqual(["passAttached"]);
      },
    },
    {
      name: "the last pass attached leaves the empty state",
      events: [loaded[1], open[0], confirm, attached],
      expected: "empty",
    },
    {
      name: "with one active card it is chosen already",
      events: [loaded[1], open[0]],
      expected: { shown: "choosing" },
      ends: (snapshot) => expect(snapshot.context.card).toBe(youthCard.faremedia_id),
    },
    {
      name: "nothing is sent before a card is chosen",
      events: [loaded[0], open[0], confirm],
      expected: { shown: "choosing" },
      ends: (snapshot) => expect(snapshot.children.attachPass).toBeUndefined(),
    },
    {
      name: "a blocked card cannot be chosen",
      events: [loaded[0], open[0], choose[2]],
      expected: { shown: "choosing" },
      ends: (snapshot) => expect(snapshot.context.card).toBeNull(),
    },
    {
      name: "a card of another rider type is refused: the dialog stays with the message",
      before: () => void unattachedEffects.splice(0),
      events: [loaded[0], open[0], choose[1], confirm, refused[0]],
      expected: { shown: "choosing" },
      ends: (snapshot) => {
        expect(snapshot.context.failure).toEqual({ kind: "attach", code: 42218 });
        expect(snapshot.context.passes).toHaveLength(2);
        expect(unattachedEffects).toEqual([]);
      },
    },
    {
      name: "after a refusal another card can be chosen and the pass attached",
      events: [loaded[0], open[0], choose[1], confirm, refused[0], choose[0], confirm, attached],
      expected: { shown: "listing" },
      ends: (snapshot) => expect(snapshot.context.passes).toEqual([secondUnattached]),
    },
    {
      name: "a card that became unusable is refused too",
      events: [loaded[0], open[1], choose[1], confirm, refused[1]],
      expected: { shown: "choosing" },
      ends: (snapshot) => expect(snapshot.context.failure?.code).toBe(42202),
    },
    {
      name: "a failed attach can be cancelled without a trace",
      events: [loaded[0], open[1], choose[1], confirm, refused[2], events["attach.cancel"][0]],
      expected: { shown: "listing" },
      ends: (snapshot) => {
        expect(snapshot.context.failure).toBeNull();
        expect(snapshot.context.card).toBeNull();
      },
    },
    {
      name: "a rider without unattached passes sees the empty state",
      events: [loaded[2]],
      expected: "empty",
    },
    {
      name: "a list that could not be read is retried by hand",
      events: [events["xstate.error.actor.loadUnattached"][0], events["passes.retry"][0], loaded[0]],
      expected: { shown: "listing" },
      ends: (snapshot) => expect(snapshot.context.failure).toBeNull(),
    },
  ],
});
