import { expect } from "vitest";
import type { FareMedium } from "../../../src/domain/fare-media.ts";
import { fareCardChoiceMachine } from "../../../src/machines/fareCardChoice.machine.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents = "xstate.done.actor.loadCards" | "xstate.error.actor.loadCards";

const card = (
  id: string,
  nickname: string,
  status: FareMedium["status"],
  type: FareMedium["type"],
): FareMedium => ({
  faremedia_id: id,
  nickname,
  printed_card_number: `6000 0000 0000 00${id.slice(-2)}`,
  expiration_date: "2030-12-31",
  category: "Adult",
  type,
  status,
  rider_type: "ADULT",
  stored_value: 1_250,
  balance: { general_funds: 1_250, commuter_benefits: 0 },
  blocked: status === "BLOCKED",
  invalid: false,
  suspended: false,
  replaced_by: null,
});

const commute = card("f1000000-0000-4000-8000-000000000001", "Commute card", "ACTIVE", "PHYSICAL");
export const phone = card("f1000000-0000-4000-8000-000000000002", "Phone card", "ACTIVE", "VIRTUAL");
const lost = card("f1000000-0000-4000-8000-000000000005", "Lost card", "BLOCKED", "PHYSICAL");
const paper = card("f1000000-0000-4000-8000-000000000006", "Paper ticket", "ACTIVE", "LIMITED_USE");

const events = {
  "fareCards.choose": [
    { type: "fareCards.choose", card: commute, cartCard: null },
    { type: "fareCards.choose", card: commute, cartCard: phone.faremedia_id },
  ],
  "fareCards.confirm": [{ type: "fareCards.confirm" }],
  "fareCards.cancel": [{ type: "fareCards.cancel" }],
  "fareCards.retry": [{ type: "fareCards.retry" }],
  "xstate.done.actor.loadCards": [
    { type: "xstate.done.actor.loadCards", output: [commute, phone, lost, paper] },
  ],
  "xstate.error.actor.loadCards": [
    { type: "xstate.error.actor.loadCards", error: { code: 50301, message: "Network Error" } },
  ],
} satisfies EventSamples<typeof fareCardChoiceMachine, ActorEvents>;

export const fareCardChoiceModel = defineModel({
  name: "fareCardChoice",
  machine: fareCardChoiceMachine.provide({ actions: { clearCart: () => {}, buyFor: () => {} } }),
  deferred: ["loadCards"],
  events,
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.cards.length,
      snapshot.context.pending?.nickname ?? null,
      snapshot.context.error,
    ]),
  invariants: [
    {
      name: "blocked and unsupported cards are never offered",
      holds: (s) =>
        s.context.cards.every((offered) => offered.status === "ACTIVE" && offered.type !== "LIMITED_USE"),
    },
  ],
  states: {
    loading: (snapshot) => expect(snapshot.hasTag("busy")).toBe(true),
    failed: (snapshot) => expect(snapshot.context.error).toBe(50301),
    choosing: (snapshot) => {
      expect(snapshot.context.cards.map((offered) => offered.nickname)).toEqual([
        "Commute card",
        "Phone card",
      ]);
      expect(snapshot.context.pending).toBeNull();
    },
    confirmingClear: (snapshot) => expect(snapshot.context.pending?.nickname).toBe("Commute card"),
    chosen: (snapshot) => {
      expect(snapshot.status).toBe("done");
      expect(snapshot.context.pending).toBeNull();
    },
  },
  journeys: [
    {
      name: "a card chosen with an empty cart goes on at once",
      events: [events["xstate.done.actor.loadCards"][0], events["fareCards.choose"][0]],
      expected: "chosen",
    },
    {
      name: "another card's cart: keep it",
      events: [
        events["xstate.done.actor.loadCards"][0],
        events["fareCards.choose"][1],
        events["fareCards.cancel"][0],
      ],
      expected: "choosing",
    },
    {
      name: "another card's cart: 'Yes, clear cart'",
      events: [
        events["xstate.done.actor.loadCards"][0],
        events["fareCards.choose"][1],
        events["fareCards.confirm"][0],
      ],
      expected: "chosen",
    },
    {
      name: "a failed load says so",
      events: [events["xstate.error.actor.loadCards"][0]],
      expected: "failed",
    },
    {
      name: "a failed load retried",
      events: [events["xstate.error.actor.loadCards"][0], events["fareCards.retry"][0]],
      expected: "loading",
    },
  ],
});
