import { expect } from "vitest";
import { assign } from "xstate";
import { type AddValueContext, addValueMachine, loadInput } from "../../../src/machines/addValue.machine.ts";
import {
  amountError,
  declinedError,
  inFlightError,
  limits,
  loadOrder,
  mastercard,
  methods,
  networkError,
  oneTimeCard,
  source,
  unavailableError,
  visa,
} from "../../support/wallet.ts";
import { defineModel, type EventSamples, type Snap } from "../harness.ts";

type ActorEvents =
  | "xstate.done.actor.loadMethods"
  | "xstate.error.actor.loadMethods"
  | "xstate.done.actor.cardEntry"
  | "xstate.done.actor.load"
  | "xstate.error.actor.load";

/** 23 November 2026: a card expiring 12/30 is good. */
const now = Date.UTC(2026, 10, 23, 12);

const declinedFirst = {
  ...declinedError,
  errors: [{ code: 42203, message: "Your card was declined.", field: "payments/0", reason: "do_not_honor" }],
};

export const events = {
  "amount.preset": [{ type: "amount.preset", amount: 2_000 }],
  "amount.other": [
    { type: "amount.other", value: "12.50" },
    { type: "amount.other", value: "1" },
    { type: "amount.other", value: "ten" },
  ],
  "amount.next": [{ type: "amount.next" }],
  "payment.split": [
    { type: "payment.split", on: true },
    { type: "payment.split", on: false },
  ],
  "payment.choose": [
    { type: "payment.choose", leg: 0, choice: { kind: "saved", id: visa.id } },
    { type: "payment.choose", leg: 1, choice: { kind: "saved", id: mastercard.id } },
    { type: "payment.choose", leg: 1, choice: { kind: "saved", id: visa.id } },
  ],
  "payment.firstAmount": [
    { type: "payment.firstAmount", value: "5.00" },
    { type: "payment.firstAmount", value: "50" },
  ],
  "payment.newCard": [
    { type: "payment.newCard", leg: 0 },
    { type: "payment.newCard", leg: 1 },
  ],
  "payment.back": [{ type: "payment.back" }],
  "payment.next": [{ type: "payment.next" }],
  "receipt.email": [
    { type: "receipt.email", value: "guest@example.com" },
    { type: "receipt.email", value: "guest@" },
  ],
  "card.cancel": [{ type: "card.cancel" }],
  "load.edit": [{ type: "load.edit" }],
  "load.confirm": [{ type: "load.confirm" }],
  "load.retry": [{ type: "load.retry" }],
  "xstate.done.actor.loadMethods": [{ type: "xstate.done.actor.loadMethods", output: methods }],
  "xstate.error.actor.loadMethods": [{ type: "xstate.error.actor.loadMethods", error: networkError }],
  // The card form's own machine (its model: specs/cardEntry.ts) ends with the gateway's token, or
  // without one when its checks could not be downloaded.
  "xstate.done.actor.cardEntry": [
    { type: "xstate.done.actor.cardEntry", output: oneTimeCard },
    { type: "xstate.done.actor.cardEntry", output: null },
  ],
  "xstate.done.actor.load": [
    { type: "xstate.done.actor.load", output: { order: loadOrder, balance: 3_250 } },
  ],
  "xstate.error.actor.load": [
    { type: "xstate.error.actor.load", error: networkError },
    { type: "xstate.error.actor.load", error: inFlightError },
    { type: "xstate.error.actor.load", error: declinedError },
    { type: "xstate.error.actor.load", error: declinedFirst },
    { type: "xstate.error.actor.load", error: amountError },
    { type: "xstate.error.actor.load", error: unavailableError },
  ],
} satisfies EventSamples<typeof addValueMachine, ActorEvents>;

/** Keys made and loads reported during a walk. */
const addValueEffects: string[] = [];
let keys = 0;

const ev = events;
const twenty = ev["amount.preset"][0];
const [twelveFifty, tooLittle, typo] = ev["amount.other"];
const next = ev["amount.next"][0];
const [splitOn, splitOff] = ev["payment.split"];
const [chooseVisa, secondMastercard, secondVisa] = ev["payment.choose"];
const [firstFive, firstFifty] = ev["payment.firstAmount"];
const [newCard] = ev["payment.newCard"];
const back = ev["payment.back"][0];
const pay = ev["payment.next"][0];
const [email, badEmail] = ev["receipt.email"];
const cancelCard = ev["card.cancel"][0];
const edit = ev["load.edit"][0];
const confirm = ev["load.confirm"][0];
const retry = ev["load.retry"][0];
const methodsLoaded = ev["xstate.done.actor.loadMethods"][0];
const methodsLost = ev["xstate.error.actor.loadMethods"][0];
const [tokenized, entryLost] = ev["xstate.done.actor.cardEntry"];
const loaded = ev["xstate.done.actor.load"][0];
const [lost, inFlight, declinedSecond, declined, amountRefused, unavailable] = ev["xstate.error.actor.load"];

const holdsKey = (s: Snap<typeof addValueMachine>) =>
  s.matches("review") || s.matches("loading") || s.matches("interrupted") || s.matches("done");

export const addValueModel = defineModel({
  name: "addValue",
  machine: addValueMachine.provide({
    actions: {
      assignKey: assign(({ context }: { context: AddValueContext }) => {
        if (context.key !== null) return {};
        keys += 1;
        addValueEffects.push(`key-${keys}`);
        return { key: `key-${keys}` };
      }),
      loaded: () => void addValueEffects.push("loaded"),
    },
  }),
  emitted: (emitted) => void addValueEffects.push(`emit ${emitted.type}`),
  inputs: [
    // A rider's card, one payment method.
    {
      target: { kind: "card", id: source.faremedia_id },
      guest: false,
      limits,
      splitAllowed: false,
      balance: 1_250,
      now,
    },
    // The rider's wallet, where loads may be split.
    { target: { kind: "wallet" }, guest: false, limits, splitAllowed: true, balance: 2_500, now },
    // A guest's card on /manage-card: a one-time card and a receipt email.
    {
      target: { kind: "card", id: source.faremedia_id },
      guest: true,
      limits,
      splitAllowed: true,
      balance: 1_250,
      now,
    },
  ],
  deferred: ["loadMethods", "cardEntry", "load"],
  pathKinds: ["shortest", "edge"],
  events,
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.methods.length,
      s.context.preset,
      s.context.other,
      s.context.split,
      s.context.legs.map((leg) => (leg === null ? null : leg.kind === "saved" ? leg.id.slice(-1) : "card")),
      s.context.firstAmount,
      s.context.email,
      s.context.cardLeg,
      s.context.problem,
      s.context.failure?.code ?? null,
      s.context.failure?.leg ?? null,
      s.context.key !== null,
      s.context.result !== null,
    ]),
  invariants: [
    {
      name: "the key exists exactly from review on, and is kept through a retry",
      holds: (s) => (s.context.key !== null) === holdsKey(s),
    },
    {
      name: "a guest pays with one one-time card only",
      holds: (s) => !s.context.guest || (s.context.legs[1] === null && s.context.legs[0]?.kind !== "saved"),
    },
    { name: "a second method only in a split", holds: (s) => s.context.split || s.context.legs[1] === null },
    {
      name: "a saved method is one of the rider's, never a commuter benefits card",
      holds: (s) =>
        s.context.legs.every(
          (leg) =>
            leg === null ||
            leg.kind === "card" ||
            s.context.methods.some((method) => method.id === leg.id && !method.commuter_benefits),
        ),
    },
    {
      name: "the card form (its cardEntry child) runs only while it is open, so a number lives no longer",
      holds: (s) => s.matches("card") === (s.children.cardEntry !== undefined),
    },
    { name: "a result only when done", holds: (s) => (s.context.result !== null) === s.matches("done") },
    {
      name: "a problem only where it can be fixed",
      holds: (s) => s.context.problem === null || s.matches("amount") || s.matches("payment"),
    },
  ],
  states: {
    methods: (s) => {
      expect(s.hasTag("busy")).toBe(true);
      expect(s.children.loadMethods).toBeDefined();
    },
    amount: (s) => {
      expect(s.can(next)).toBe(true);
      expect(s.can(pay)).toBe(false);
    },
    payment: (s) => {
      expect(s.can(pay)).toBe(true);
      expect(s.can(back)).toBe(true);
      expect(s.can(cancelCard)).toBe(false);
    },
    card: (s) => {
      expect(s.can(cancelCard)).toBe(true);
      expect(s.hasTag("busy")).toBe(false);
      // A stand-in here (the form's own model walks the machine): what it was started with.
      const entry = s.children.cardEntry?.getSnapshot() as { input?: unknown } | undefined;
      expect(entry?.input).toEqual({ now: s.context.now });
    },
    review: (s) => {
      expect(s.can(confirm)).toBe(true);
      expect(s.can(retry)).toBe(false);
      expect(s.context.key).not.toBeNull();
    },
    loading: (s) => {
      expect(s.hasTag("busy")).toBe(true);
      expect(s.children.load?.getSnapshot().input).toEqual(loadInput(s.context));
    },
    interrupted: (s) => {
      expect(s.can(retry)).toBe(true);
      expect(s.context.key).not.toBeNull();
    },
    failed: (s) => {
      expect(s.can(edit)).toBe(true);
      expect(s.can(retry)).toBe(false);
      expect(s.context.failure?.code).toBe(42202);
    },
    done: (s) => {
      expect(s.status).toBe("done");
      expect(s.context.result?.order.number).toBe("TP-00002001");
    },
  },
  journeys: [
    {
      name: "a rider adds $20 with the default card, charged once",
      before: () => void addValueEffects.splice(0),
      events: [methodsLoaded, twenty, next, pay, confirm, loaded],
      expected: "done",
      ends: (s) => {
        expect(s.context.balance).toBe(3_250);
        // The value is added: the card or wallet is read again.
        expect(addValueEffects).toEqual([expect.stringMatching(/^key-/), "loaded", "emit changed"]);
      },
    },
    {
      name: "the load asked for: the amount on the default card, with the key",
      events: [methodsLoaded, twelveFifty, next, pay],
      expected: "review",
      ends: (s) =>
        expect(loadInput(s.context)).toEqual({
          target: { kind: "card", id: source.faremedia_id },
          idempotencyKey: s.context.key,
          guest: false,
          body: {
            amount: 1_250,
            expected_total: 1_250,
            payments: [{ kind: "saved", payment_method: visa.id, amount: 1_250 }],
          },
        }),
    },
    {
      name: "a lost connection and a request in flight are retried with the same key",
      before: () => void addValueEffects.splice(0),
      events: [methodsLoaded, twenty, next, pay, confirm, lost, retry, inFlight, retry, loaded],
      expected: "done",
      ends: () => expect(addValueEffects.filter((effect) => effect.startsWith("key-"))).toHaveLength(1),
    },
    {
      name: "changing the payment after a lost connection makes a new key",
      before: () => void addValueEffects.splice(0),
      events: [methodsLoaded, twenty, next, pay, confirm, lost, edit, pay],
      expected: "review",
      ends: () => expect(addValueEffects.filter((effect) => effect.startsWith("key-"))).toHaveLength(2),
    },
    {
      name: "an amount below the minimum is not valid",
      events: [methodsLoaded, tooLittle, next],
      expected: "amount",
      ends: (s) => expect(s.context.problem).toBe("amountInvalid"),
    },
    {
      name: "no amount: Please enter a valid amount",
      events: [methodsLoaded, typo, next],
      expected: "amount",
      ends: (s) => expect(s.context.problem).toBe("amountMissing"),
    },
    {
      name: "an amount the server refuses goes back to the amount: Invalid amount. Try again.",
      events: [methodsLoaded, twenty, next, pay, confirm, amountRefused],
      expected: "amount",
      ends: (s) => {
        expect(s.context.problem).toBe("amountRefused");
        expect(s.context.key).toBeNull();
      },
    },
    {
      name: "a card that cannot be loaded fails, and may be tried again",
      events: [methodsLoaded, twenty, next, pay, confirm, unavailable, edit],
      expected: "payment",
      ends: (s) => expect(s.context.failure).toBeNull(),
    },
    {
      name: "a split over exactly two methods on the wallet",
      input: 1,
      events: [methodsLoaded, twenty, next, splitOn, secondMastercard, firstFive, pay],
      expected: "review",
      ends: (s) =>
        expect(loadInput(s.context).body.payments).toEqual([
          { kind: "saved", payment_method: visa.id, amount: 500 },
          { kind: "saved", payment_method: mastercard.id, amount: 1_500 },
        ]),
    },
    {
      name: "the same method twice is refused",
      input: 1,
      events: [methodsLoaded, twenty, next, splitOn, secondVisa, firstFive, pay],
      expected: "payment",
      ends: (s) => expect(s.context.problem).toBe("sameMethod"),
    },
    {
      name: "a first leg of the whole amount leaves nothing for the second",
      input: 1,
      events: [methodsLoaded, twenty, next, splitOn, secondMastercard, firstFifty, pay],
      expected: "payment",
      ends: (s) => expect(s.context.problem).toBe("splitInvalid"),
    },
    {
      name: "a split needs the second method",
      input: 1,
      events: [methodsLoaded, twenty, next, splitOn, pay],
      expected: "payment",
      ends: (s) => expect(s.context.problem).toBe("selectPayment"),
    },
    {
      name: "a declined second leg is named and cleared; the first was not charged",
      input: 1,
      events: [
        methodsLoaded,
        twenty,
        next,
        splitOn,
        secondMastercard,
        firstFive,
        pay,
        confirm,
        declinedSecond,
      ],
      expected: "payment",
      ends: (s) => {
        expect(s.context.failure).toMatchObject({ code: 42203, leg: 1 });
        expect(s.context.legs).toEqual([{ kind: "saved", id: visa.id }, null]);
        expect(s.context.key).toBeNull();
      },
    },
    {
      name: "splitting off drops the second method",
      input: 1,
      events: [methodsLoaded, twenty, next, splitOn, secondMastercard, splitOff, pay],
      expected: "review",
      ends: (s) => expect(s.context.legs[1]).toBeNull(),
    },
    {
      name: "a one-time card pays when the saved methods could not be read",
      events: [methodsLost, twenty, next, pay, newCard, tokenized, pay],
      expected: "review",
      ends: (s) =>
        expect(loadInput(s.context).body.payments).toEqual([
          { kind: "card", token: oneTimeCard.token, amount: 2_000 },
        ]),
    },
    {
      name: "a cancelled card form stops its machine and keeps the default method",
      events: [methodsLoaded, twenty, next, newCard, cancelCard],
      expected: "payment",
      ends: (s) => {
        expect(s.context.legs[0]).toEqual({ kind: "saved", id: visa.id });
        expect(s.children.cardEntry).toBeUndefined();
      },
    },
    {
      name: "the card form's token pays the second leg of a split it was opened for",
      input: 1,
      events: [methodsLoaded, twenty, next, splitOn, { type: "payment.newCard", leg: 1 }, tokenized],
      expected: "payment",
      ends: (s) => {
        expect(s.context.legs).toEqual([
          { kind: "saved", id: visa.id },
          { kind: "card", ...oneTimeCard },
        ]);
        expect(s.context.key).toBeNull();
      },
    },
    {
      name: "checks that cannot be downloaded close the form, saying the connection was lost",
      events: [methodsLoaded, twenty, next, newCard, entryLost],
      expected: "payment",
      ends: (s) => {
        expect(s.context.failure?.code).toBe(50301);
        expect(s.context.legs[0]).toEqual({ kind: "saved", id: visa.id });
      },
    },
    {
      name: "a declined card is named and cleared",
      events: [methodsLoaded, twenty, next, pay, confirm, declined],
      expected: "payment",
      ends: (s) => {
        expect(s.context.failure).toMatchObject({ leg: 0, message: "Your card was declined." });
        expect(s.context.legs[0]).toBeNull();
      },
    },
    {
      name: "back to the amount keeps the payment",
      events: [methodsLoaded, twenty, next, back, twelveFifty, next],
      expected: "payment",
      ends: (s) => expect(s.context.legs[0]).toEqual({ kind: "saved", id: visa.id }),
    },
    {
      name: "a guest pays with a one-time card and names the receipt's email",
      input: 2,
      before: () => void addValueEffects.splice(0),
      events: [twenty, next, newCard, tokenized, badEmail, pay, email, pay, confirm, loaded],
      expected: "done",
      ends: (s) => {
        expect(s.context.email).toBe("guest@example.com");
        expect(addValueEffects.slice(-2)).toEqual(["loaded", "emit changed"]);
      },
    },
    {
      name: "a guest's load carries the email and the card's token only",
      input: 2,
      events: [twenty, next, newCard, tokenized, email, pay],
      expected: "review",
      ends: (s) =>
        expect(loadInput(s.context)).toEqual({
          target: { kind: "card", id: source.faremedia_id },
          idempotencyKey: s.context.key,
          guest: true,
          body: {
            amount: 2_000,
            expected_total: 2_000,
            email: "guest@example.com",
            payments: [{ kind: "card", token: oneTimeCard.token, amount: 2_000 }],
          },
        }),
    },
    {
      name: "a guest cannot choose a saved method nor split",
      input: 2,
      events: [twenty, next, chooseVisa, splitOn, email, pay],
      expected: "payment",
      ends: (s) => {
        expect(s.context.problem).toBe("selectPayment");
        expect(s.context.split).toBe(false);
      },
    },
  ],
});
