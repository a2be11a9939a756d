import { expect } from "vitest";
import { cardBlockMachine } from "../../../src/machines/cardBlock.machine.ts";
import { commuteId, lostId, networkError, unavailableCardError } from "../../support/fare-cards.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents =
  | "xstate.done.actor.block"
  | "xstate.error.actor.block"
  | "xstate.done.actor.unblock"
  | "xstate.error.actor.unblock";

const events = {
  "block.ask": [{ type: "block.ask" }],
  "block.confirm": [{ type: "block.confirm" }],
  "block.cancel": [{ type: "block.cancel" }],
  unblock: [{ type: "unblock" }],
  "xstate.done.actor.block": [{ type: "xstate.done.actor.block", output: undefined }],
  "xstate.error.actor.block": [
    { type: "xstate.error.actor.block", error: networkError },
    { type: "xstate.error.actor.block", error: unavailableCardError },
  ],
  "xstate.done.actor.unblock": [{ type: "xstate.done.actor.unblock", output: undefined }],
  "xstate.error.actor.unblock": [{ type: "xstate.error.actor.unblock", error: networkError }],
} satisfies EventSamples<typeof cardBlockMachine, ActorEvents>;

/** What a walk announced and emitted. */
const cardBlockEffects: string[] = [];

const active = { cardId: commuteId, canBlock: true, canUnblock: false };
const blockedByRider = { cardId: lostId, canBlock: false, canUnblock: true };
const agencyBlocked = { cardId: lostId, canBlock: false, canUnblock: false };

export const cardBlockModel = defineModel({
  name: "cardBlock",
  machine: cardBlockMachine.provide({
    actions: { notify: (_, code) => void cardBlockEffects.push(`notify ${code}`) },
  }),
  inputs: [active, blockedByRider, agencyBlocked],
  deferred: ["block", "unblock"],
  events,
  serialize: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.cardId, snapshot.context.failure]),
  invariants: [
    {
      name: "a card that cannot be blocked is never asked about",
      holds: (s) => s.context.canBlock || !(s.matches("confirmingBlock") || s.matches("blocking")),
    },
    {
      name: "a card that cannot be unblocked is never unblocked",
      holds: (s) => s.context.canUnblock || !s.matches("unblocking"),
    },
  ],
  states: {
    idle: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(snapshot.can({ type: "block.ask" })).toBe(snapshot.context.canBlock);
      expect(snapshot.can({ type: "unblock" })).toBe(snapshot.context.canUnblock);
      expect(snapshot.context.failure === null || snapshot.context.failure.kind === "unblock").toBe(true);
    },
    confirmingBlock: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(snapshot.can({ type: "block.confirm" })).toBe(true);
      expect(snapshot.context.failure === null || snapshot.context.failure.kind === "block").toBe(true);
    },
    blocking: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.block?.getSnapshot().input).toEqual({ id: snapshot.context.cardId });
    },
    unblocking: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.unblock?.getSnapshot().input).toEqual({ id: snapshot.context.cardId });
    },
    done: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.can({ type: "block.ask" })).toBe(false);
      expect(snapshot.can({ type: "unblock" })).toBe(false);
    },
  },
  journeys: [
    {
      name: "blocking asks first, then blocks and says so",
      before: () => void cardBlockEffects.splice(0),
      events: [events["block.ask"][0], events["block.confirm"][0], events["xstate.done.actor.block"][0]],
      expected: "done",
      ends: () => expect(cardBlockEffects).toEqual(["notify cardBlocked"]),
    },
    {
      name: "keeping the card active sends nothing",
      events: [events["block.ask"][0], events["block.cancel"][0]],
      expected: "idle",
      ends: (snapshot) => expect(snapshot.children.block).toBeUndefined(),
    },
    {
      name: "a refused block stays on the question with why",
      events: [events["block.ask"][0], events["block.confirm"][0], events["xstate.error.actor.block"][1]],
      expected: "confirmingBlock",
      ends: (snapshot) => expect(snapshot.context.failure).toEqual({ kind: "block", code: 42202 }),
    },
    {
      name: "a card the rider blocked is unblocked at once and says so",
      before: () => void cardBlockEffects.splice(0),
      input: 1,
      events: [events.unblock[0], events["xstate.done.actor.unblock"][0]],
      expected: "done",
      ends: () => expect(cardBlockEffects).toEqual(["notify cardUnblocked"]),
    },
    {
      name: "a failed unblock says so and may be tried again",
      input: 1,
      events: [events.unblock[0], events["xstate.error.actor.unblock"][0], events.unblock[0]],
      expected: "unblocking",
      ends: (snapshot) => expect(snapshot.context.failure).toBeNull(),
    },
    {
      name: "a card the agency blocked can be neither blocked nor unblocked",
      input: 2,
      events: [],
      expected: "idle",
      ends: (snapshot) => {
        expect(snapshot.can({ type: "block.ask" })).toBe(false);
        expect(snapshot.can({ type: "unblock" })).toBe(false);
      },
    },
  ],
});
