import { expect } from "vitest";
import type { DeactivationInfo } from "../../../src/domain/accounts.ts";
import { deactivationMachine } from "../../../src/machines/deactivation.machine.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents =
  | "xstate.done.actor.loadInfo"
  | "xstate.error.actor.loadInfo"
  | "xstate.done.actor.confirmForm";

export const cardUuid = "0b1e2c3d-0000-4000-8000-000000000001";
const withBalance: DeactivationInfo = {
  balance: 1250,
  currency_code: "USD",
  payment_methods: [{ uuid: cardUuid, label: "Visa ending 4242" }],
};
/** What the server answers where its payment service cannot pay a balance out: no method offered. */
const noPayout: DeactivationInfo = { ...withBalance, payment_methods: [] };
const noBalance: DeactivationInfo = { balance: 0, currency_code: "USD", payment_methods: [] };

const events = {
  "deactivation.start": [{ type: "deactivation.start" }],
  "deactivation.cancel": [{ type: "deactivation.cancel" }],
  "deactivation.retry": [{ type: "deactivation.retry" }],
  "deactivation.choose": [
    { type: "deactivation.choose", choice: "transfer" },
    { type: "deactivation.choose", choice: "forfeit" },
  ],
  "deactivation.selectCard": [
    { type: "deactivation.selectCard", uuid: cardUuid },
    // A card that is not the rider's changes nothing.
    { type: "deactivation.selectCard", uuid: "ffffffff-0000-4000-8000-000000000000" },
  ],
  "deactivation.continue": [{ type: "deactivation.continue" }],
  "deactivation.back": [{ type: "deactivation.back" }],
  "xstate.done.actor.loadInfo": [
    { type: "xstate.done.actor.loadInfo", output: withBalance },
    { type: "xstate.done.actor.loadInfo", output: noBalance },
    { type: "xstate.done.actor.loadInfo", output: noPayout },
  ],
  "xstate.error.actor.loadInfo": [
    {
      type: "xstate.error.actor.loadInfo",
      error: {
        code: 40305,
        message: "Account could not be deactivated at this time. Please try again later.",
      },
    },
  ],
  "xstate.done.actor.confirmForm": [
    { type: "xstate.done.actor.confirmForm", output: { status: "deactivated", forfeited: 1250 } },
  ],
} satisfies EventSamples<typeof deactivationMachine, ActorEvents>;

const deactivationEffects: string[] = [];

export const deactivationModel = defineModel({
  name: "deactivation",
  machine: deactivationMachine.provide({
    actions: { signOut: () => void deactivationEffects.push("signOut") },
  }),
  inputs: [{ language: "en" }],
  deferred: ["loadInfo", "confirmForm"],
  events,
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.info?.balance ?? null,
      snapshot.context.info?.payment_methods.length ?? null,
      snapshot.context.choice,
      snapshot.context.paymentMethod,
      snapshot.context.problem,
      snapshot.context.error,
    ]),
  invariants: [
    {
      name: "a transfer never goes to confirmation without a card",
      holds: (s) =>
        !s.matches("confirming") || s.context.choice !== "transfer" || s.context.paymentMethod !== null,
    },
    {
      name: "a balance is never given up without the rider choosing so",
      holds: (s) =>
        !s.matches("confirming") || (s.context.info?.balance ?? 0) === 0 || s.context.choice !== null,
    },
    {
      name: "only the rider's own cards are chosen",
      holds: (s) => s.context.paymentMethod === null || s.context.paymentMethod === cardUuid,
    },
    {
      name: "the password form runs exactly while confirming",
      holds: (s) => s.matches("confirming") === (s.children.confirmForm !== undefined),
    },
  ],
  states: {
    idle: (snapshot) => {
      expect(snapshot.context.info).toBeNull();
      expect(snapshot.can({ type: "deactivation.start" })).toBe(true);
    },
    loading: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.loadInfo).toBeDefined();
    },
    failed: (snapshot) => {
      expect(snapshot.context.error).toBe(40305);
      expect(snapshot.can({ type: "deactivation.retry" })).toBe(true);
    },
    choosing: (snapshot) => {
      expect(snapshot.context.info?.balance).toBe(1250);
      // A transfer is offered only where a method can receive the balance.
      const payout = (snapshot.context.info?.payment_methods.length ?? 0) > 0;
      expect(snapshot.can(events["deactivation.choose"][0])).toBe(payout);
      if (!payout) expect(snapshot.context.choice).not.toBe("transfer");
      if (snapshot.context.problem === "selectCard") {
        expect(snapshot.context.choice).toBe("transfer");
        expect(snapshot.context.paymentMethod).toBeNull();
      }
      if (snapshot.context.problem === "chooseOption") expect(snapshot.context.choice).toBeNull();
    },
    confirming: (snapshot) => {
      expect(snapshot.children.confirmForm).toBeDefined();
      expect(snapshot.context.problem).toBeNull();
    },
    deactivated: (snapshot) => {
      expect(snapshot.status).toBe("done");
      expect(deactivationEffects.at(-1)).toBe("signOut");
    },
  },
  journeys: [
    {
      name: "where no method can receive the balance, only forfeiting goes on",
      events: [
        events["deactivation.start"][0],
        events["xstate.done.actor.loadInfo"][2],
        events["deactivation.continue"][0],
        events["deactivation.choose"][1],
        events["deactivation.continue"][0],
      ],
      expected: "confirming",
      ends: (snapshot) => {
        expect(snapshot.context.choice).toBe("forfeit");
        expect(snapshot.context.paymentMethod).toBeNull();
      },
    },
    {
      name: "choosing a card stays on the choice until Continue",
      events: [
        events["deactivation.start"][0],
        events["xstate.done.actor.loadInfo"][0],
        events["deactivation.selectCard"][0],
      ],
      expected: "choosing",
    },
    {
      name: "keeping the account while choosing returns to the start",
      events: [
        events["deactivation.start"][0],
        events["xstate.done.actor.loadInfo"][0],
        events["deactivation.cancel"][0],
      ],
      expected: "idle",
    },
    {
      name: "forfeiting the balance deactivates after the password",
      events: [
        events["deactivation.start"][0],
        events["xstate.done.actor.loadInfo"][0],
        events["deactivation.choose"][1],
        events["deactivation.continue"][0],
        events["xstate.done.actor.confirmForm"][0],
      ],
      expected: "deactivated",
    },
    {
      name: "a transfer without a card asks to select one",
      events: [
        events["deactivation.start"][0],
        events["xstate.done.actor.loadInfo"][0],
        events["deactivation.choose"][0],
        events["deactivation.continue"][0],
      ],
      expected: "choosing",
    },
    {
      name: "continuing without a choice asks for one",
      events: [
        events["deactivation.start"][0],
        events["xstate.done.actor.loadInfo"][0],
        events["deactivation.continue"][0],
      ],
      expected: "choosing",
    },
    {
      name: "a chosen card goes on to the password and back keeps the choice",
      events: [
        events["deactivation.start"][0],
        events["xstate.done.actor.loadInfo"][0],
        events["deactivation.selectCard"][0],
        events["deactivation.continue"][0],
        events["deactivation.back"][0],
      ],
      expected: "choosing",
    },
    {
      name: "switching to forfeit forgets the card",
      events: [
        events["deactivation.start"][0],
        events["xstate.done.actor.loadInfo"][0],
        events["deactivation.selectCard"][0],
        events["deactivation.choose"][1],
        events["deactivation.continue"][0],
      ],
      expected: "confirming",
    },
    {
      name: "nothing left behind goes straight to the password",
      events: [events["deactivation.start"][0], events["xstate.done.actor.loadInfo"][1]],
      expected: "confirming",
    },
    {
      name: "back without a balance returns to the start",
      events: [
        events["deactivation.start"][0],
        events["xstate.done.actor.loadInfo"][1],
        events["deactivation.back"][0],
      ],
      expected: "idle",
    },
    {
      name: "a refused check can be retried or left",
      events: [
        events["deactivation.start"][0],
        events["xstate.error.actor.loadInfo"][0],
        events["deactivation.retry"][0],
        events["xstate.error.actor.loadInfo"][0],
        events["deactivation.cancel"][0],
      ],
      expected: "idle",
    },
    {
      name: "keeping the account from the choice or the password",
      events: [
        events["deactivation.start"][0],
        events["xstate.done.actor.loadInfo"][0],
        events["deactivation.cancel"][0],
        events["deactivation.start"][0],
        events["xstate.done.actor.loadInfo"][1],
        events["deactivation.cancel"][0],
      ],
      expected: "idle",
    },
  ],
});
