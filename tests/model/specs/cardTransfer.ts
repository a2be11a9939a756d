import { expect } from "vitest";
import { assign } from "xstate";
import { type CardTransferContext, cardTransferMachine } from "../../../src/machines/cardTransfer.machine.ts";
import {
  amountError,
  blocked,
  exceededError,
  inFlightError,
  networkError,
  onlyOneError,
  serverError,
  source,
  spare,
  transferReply,
  weekend,
} from "../../support/wallet.ts";
import { defineModel, type EventSamples, type Snap } from "../harness.ts";

type ActorEvents = "xstate.done.actor.transfer" | "xstate.error.actor.transfer";

const events = {
  "transfer.target": [
    { type: "transfer.target", id: spare.faremedia_id },
    { type: "transfer.target", id: weekend.faremedia_id },
  ],
  "transfer.amount": [
    { type: "transfer.amount", value: "5.00" },
    { type: "transfer.amount", value: "20" },
    { type: "transfer.amount", value: "five" },
  ],
  "transfer.review": [{ type: "transfer.review" }],
  "transfer.edit": [{ type: "transfer.edit" }],
  "transfer.confirm": [{ type: "transfer.confirm" }],
  "transfer.retry": [{ type: "transfer.retry" }],
  "xstate.done.actor.transfer": [{ type: "xstate.done.actor.transfer", output: transferReply }],
  "xstate.error.actor.transfer": [
    { type: "xstate.error.actor.transfer", error: networkError },
    { type: "xstate.error.actor.transfer", error: exceededError },
    { type: "xstate.error.actor.transfer", error: amountError },
    { type: "xstate.error.actor.transfer", error: onlyOneError },
    { type: "xstate.error.actor.transfer", error: serverError },
    { type: "xstate.error.actor.transfer", error: inFlightError },
  ],
} satisfies EventSamples<typeof cardTransferMachine, ActorEvents>;

/** Keys made and transfers reported during a walk. */
const transferEffects: string[] = [];
let keys = 0;

const ev = events;
const [toSpare, toWeekend] = ev["transfer.target"];
const [five, twenty, typo] = ev["transfer.amount"];
const review = ev["transfer.review"][0];
const edit = ev["transfer.edit"][0];
const confirm = ev["transfer.confirm"][0];
const retry = ev["transfer.retry"][0];
const done = ev["xstate.done.actor.transfer"][0];
const [lost, exceeded, invalid, onlyOne, broken, inFlight] = ev["xstate.error.actor.transfer"];

const holdsKey = (s: Snap<typeof cardTransferMachine>) =>
  s.matches("confirming") || s.matches("transferring") || s.matches("interrupted") || s.matches("done");

export const cardTransferModel = defineModel({
  name: "cardTransfer",
  machine: cardTransferMachine.provide({
    actions: {
      assignKey: assign(({ context }: { context: CardTransferContext }) => {
        if (context.key !== null) return {};
        keys += 1;
        transferEffects.push(`key-${keys}`);
        return { key: `key-${keys}` };
      }),
      transferred: () => void transferEffects.push("transferred"),
    },
  }),
  emitted: (emitted) => void transferEffects.push(`emit ${emitted.type}`),
  inputs: [
    // Four cards: two can receive, one is blocked.
    { source, cards: [source, spare, weekend, blocked], currency: "USD" },
    // The rider's only card.
    { source, cards: [source], currency: "USD" },
    // Another card, but blocked: nothing can receive.
    { source, cards: [source, blocked], currency: "USD" },
    // One other card: it is chosen already.
    { source, cards: [source, spare], currency: "USD" },
  ],
  deferred: ["transfer"],
  pathKinds: ["shortest", "edge"],
  events,
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.targets.length,
      s.context.to,
      s.context.amount,
      s.context.problem,
      s.context.key !== null,
      s.context.failure,
      s.context.reply !== null,
    ]),
  invariants: [
    {
      name: "the key exists exactly from confirming on, and is kept through a retry",
      holds: (s) => (s.context.key !== null) === holdsKey(s),
    },
    {
      name: "the card chosen can receive value and is not the source",
      holds: (s) =>
        s.context.to === null ||
        (s.context.to !== s.context.source.faremedia_id &&
          s.context.targets.some((card) => card.faremedia_id === s.context.to && card.status === "ACTIVE")),
    },
    { name: "a reply only when done", holds: (s) => (s.context.reply !== null) === s.matches("done") },
    {
      name: "a problem is only shown while editing",
      holds: (s) => s.context.problem === null || s.matches("editing"),
    },
    { name: "a failure only in failed", holds: (s) => (s.context.failure !== null) === s.matches("failed") },
  ],
  states: {
    onlyOne: (s) => {
      expect(s.hasTag("busy")).toBe(false);
      expect(s.context.reply).toBeNull();
      expect(s.can(retry)).toBe(false);
      expect(s.can(review)).toBe(false);
      expect(s.can(edit)).toBe(false);
    },
    editing: (s) => {
      expect(s.can(review)).toBe(true);
      expect(s.can(confirm)).toBe(false);
      expect(s.context.key).toBeNull();
    },
    confirming: (s) => {
      expect(s.can(confirm)).toBe(true);
      expect(s.can(retry)).toBe(false);
      expect(s.context.key).not.toBeNull();
    },
    transferring: (s) => {
      expect(s.hasTag("busy")).toBe(true);
      expect(s.children.transfer?.getSnapshot().input).toEqual({
        body: { from: source.faremedia_id, to: s.context.to, amount: 500 },
        idempotencyKey: s.context.key,
      });
    },
    interrupted: (s) => {
      expect(s.can(retry)).toBe(true);
      expect(s.context.key).not.toBeNull();
    },
    failed: (s) => {
      expect(s.context.failure).toBe(50001);
      expect(s.can(edit)).toBe(true);
      expect(s.can(retry)).toBe(false);
    },
    done: (s) => {
      expect(s.status).toBe("done");
      expect(s.context.reply).toEqual(transferReply);
    },
  },
  journeys: [
    {
      name: "a transfer to another card moves the amount once and shows both balances",
      before: () => void transferEffects.splice(0),
      events: [toSpare, five, review, confirm, done],
      expected: "done",
      ends: (s) => {
        expect(s.context.reply?.from.balance.general_funds).toBe(750);
        // Both cards are read again.
        expect(transferEffects).toEqual([expect.stringMatching(/^key-/), "transferred", "emit changed"]);
      },
    },
    {
      name: "a lost connection is retried with the same key",
      before: () => void transferEffects.splice(0),
      events: [toSpare, five, review, confirm, lost, retry, inFlight, retry, done],
      expected: "done",
      ends: (s) => {
        expect(transferEffects.filter((effect) => effect.startsWith("key-"))).toHaveLength(1);
        expect(s.context.key).toBe(transferEffects[0]);
        // Only the transfer that went through tells the card screen.
        expect(transferEffects.filter((effect) => effect === "emit changed")).toHaveLength(1);
      },
    },
    {
      name: "changing the transfer after a lost connection makes a new key",
      before: () => void transferEffects.splice(0),
      events: [toSpare, five, review, confirm, lost, edit, toWeekend, review],
      expected: "confirming",
      ends: (s) => {
        expect(transferEffects.filter((effect) => effect.startsWith("key-"))).toHaveLength(2);
        expect(s.context.to).toBe(weekend.faremedia_id);
        expect(transferEffects).not.toContain("emit changed");
      },
    },
    {
      name: "changing the transfer before confirming goes back to the form and forgets the key",
      events: [toSpare, five, review, edit],
      expected: "editing",
      ends: (s) => {
        expect(s.context.key).toBeNull();
        expect(s.context.amount).toBe("5.00");
        expect(s.context.to).toBe(spare.faremedia_id);
      },
    },
    {
      name: "more than the general funds is refused before asking",
      events: [toSpare, twenty, review],
      expected: "editing",
      ends: (s) => expect(s.context.problem).toBe("amountExceeded"),
    },
    {
      name: "an amount that is not one is refused",
      events: [toSpare, typo, review],
      expected: "editing",
      ends: (s) => expect(s.context.problem).toBe("amountInvalid"),
    },
    {
      name: "no card chosen is refused",
      events: [five, review],
      expected: "editing",
      ends: (s) => expect(s.context.problem).toBe("chooseCard"),
    },
    {
      name: "a rider with one card is told so",
      input: 1,
      events: [],
      expected: "onlyOne",
    },
    {
      name: "a blocked card cannot receive: nothing to choose",
      input: 2,
      events: [five, review],
      expected: "editing",
      ends: (s) => {
        expect(s.context.targets).toEqual([]);
        expect(s.context.problem).toBe("chooseCard");
      },
    },
    {
      name: "the only other card is chosen already",
      input: 3,
      events: [five, review],
      expected: "confirming",
      ends: (s) => expect(s.context.to).toBe(spare.faremedia_id),
    },
    {
      name: "the server's refusals come back to the form with their problem, and the key is forgotten",
      events: [toSpare, five, review, confirm, exceeded],
      expected: "editing",
      ends: (s) => {
        expect(s.context.problem).toBe("amountExceeded");
        expect(s.context.key).toBeNull();
      },
    },
    {
      name: "an amount the server refuses is not valid",
      events: [toSpare, five, review, confirm, invalid],
      expected: "editing",
      ends: (s) => expect(s.context.problem).toBe("amountInvalid"),
    },
    {
      name: "the other card gone meanwhile: only one card",
      events: [toSpare, five, review, confirm, onlyOne],
      expected: "onlyOne",
    },
    {
      name: "anything else: Balance transfer is failed, and the rider may try again",
      events: [toSpare, five, review, confirm, broken, edit],
      expected: "editing",
      ends: (s) => {
        expect(s.context.failure).toBeNull();
        expect(s.context.amount).toBe("5.00");
      },
    },
  ],
});
