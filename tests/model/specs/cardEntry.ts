import { expect } from "vitest";
import { fromPromise } from "xstate";
import { cardFormProblems, cleanCard, type LoadedCardRules } from "../../../src/machines/cardChecks.ts";
import { emptyCard } from "../../../src/machines/cardDraft.ts";
import { type CardToken, cardEntryMachine } from "../../../src/machines/cardEntry.machine.ts";
import { goodCard, oneTimeCard } from "../../support/wallet.ts";
import { defineModel, type EventSamples } from "../harness.ts";
import { now } from "./paymentMethods.ts";

type ActorEvents =
  | "xstate.done.actor.loadCardRules"
  | "xstate.error.actor.loadCardRules"
  | "xstate.done.actor.tokenizeCard"
  | "xstate.error.actor.tokenizeCard";

/** The card as a rider types it, without the saved-card form's nickname and default. */
const { nickname: _nickname, makeDefault: _makeDefault, ...typed } = goodCard;

const events = {
  "card.change": [
    { type: "card.change", values: typed },
    { type: "card.change", values: { number: "4242" } },
  ],
  "card.use": [{ type: "card.use" }],
  "xstate.done.actor.loadCardRules": [
    { type: "xstate.done.actor.loadCardRules", output: { check: cardFormProblems, clean: cleanCard } },
  ],
  "xstate.error.actor.loadCardRules": [
    {
      type: "xstate.error.actor.loadCardRules",
      error: new TypeError("Failed to fetch dynamically imported module"),
    },
  ],
  "xstate.done.actor.tokenizeCard": [{ type: "xstate.done.actor.tokenizeCard", output: oneTimeCard }],
  "xstate.error.actor.tokenizeCard": [
    {
      type: "xstate.error.actor.tokenizeCard",
      error: { code: 40201, message: "Your card number is incorrect." },
    },
    { type: "xstate.error.actor.tokenizeCard", error: { code: 50301, message: "Network Error" } },
  ],
} satisfies EventSamples<typeof cardEntryMachine, ActorEvents>;

const [good, short] = events["card.change"];
const use = events["card.use"][0];
const rulesLoaded = events["xstate.done.actor.loadCardRules"][0];
const rulesLost = events["xstate.error.actor.loadCardRules"][0];
const tokenized = events["xstate.done.actor.tokenizeCard"][0];
const [refused, unreachable] = events["xstate.error.actor.tokenizeCard"];

const problemsOf = (s: { context: { card: typeof emptyCard; now: number } }) =>
  cardFormProblems(s.context.card, new Date(s.context.now));

/**
 * The machine as a parent's view test draws it (the checkout's, the loads'): its checks never come
 * there, so the form stays up, waiting; this model's own view test walks the rest.
 */
export const waitingCardEntry = cardEntryMachine.provide({
  actors: {
    loadCardRules: fromPromise(() => new Promise<LoadedCardRules>(() => {})),
    tokenizeCard: fromPromise(() => new Promise<CardToken>(() => {})),
  },
});

export const cardEntryModel = defineModel({
  name: "cardEntry",
  machine: cardEntryMachine,
  inputs: [{ now }],
  deferred: ["loadCardRules", "tokenizeCard"],
  events,
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.card,
      Object.keys(s.context.problems).sort(),
      s.context.rules !== null,
      s.context.failure?.code ?? null,
      s.context.token?.token ?? null,
    ]),
  invariants: [
    {
      name: "a card goes to the gateway only checked, with the checks downloaded",
      holds: (s) =>
        !s.matches("tokenizing") || (s.context.rules !== null && Object.keys(problemsOf(s)).length === 0),
    },
    {
      name: "a shown problem is one the card has",
      holds: (s) =>
        Object.entries(s.context.problems).every(
          ([key, problem]) => problemsOf(s)[key as keyof typeof emptyCard] === problem,
        ),
    },
    {
      name: "once tokenized, the number and code are forgotten and only the token is kept",
      holds: (s) =>
        !s.matches("tokenized") ||
        (JSON.stringify(s.context.card) === JSON.stringify(emptyCard) && s.context.token !== null),
    },
    {
      name: "an entry ends with a token only when the gateway gave one",
      holds: (s) => s.context.token === null || s.matches("tokenized"),
    },
  ],
  states: {
    loading: (s) => {
      expect(s.context.rules).toBeNull();
      expect(s.children.loadCardRules).toBeDefined();
      expect(s.can(use)).toBe(false);
      expect(s.context.problems).toEqual({});
      expect(s.hasTag("busy")).toBe(false);
    },
    ready: (s) => {
      expect(s.context.rules).not.toBeNull();
      expect(s.children.loadCardRules).toBeUndefined();
      expect(s.can(use)).toBe(true);
      expect(s.hasTag("busy")).toBe(false);
    },
    tokenizing: (s) => {
      expect(s.hasTag("busy")).toBe(true);
      expect(s.children.tokenizeCard?.getSnapshot().input).toEqual(s.context.card);
      expect(s.context.problems).toEqual({});
      expect(s.context.failure).toBeNull();
    },
    tokenized: (s) => {
      expect(s.status).toBe("done");
      expect(s.output).toEqual(oneTimeCard);
    },
    lost: (s) => {
      expect(s.status).toBe("done");
      expect(s.output).toBeNull();
    },
  },
  journeys: [
    {
      name: "the form opens while its checks download",
      events: [],
      expected: "loading",
    },
    {
      name: "the form is ready once its checks are here",
      events: [rulesLoaded],
      expected: "ready",
    },
    {
      name: "an expiry typed on a phone keypad is written MM/YY: 1229 reads 12/29",
      events: [rulesLoaded, { type: "card.change", values: { expiry: "1229" } }],
      expected: "ready",
      ends: (s) => {
        expect(s.context.card.expiry).toBe("12/29");
        expect(s.context.problems).toEqual({});
      },
    },
    {
      name: "what was typed while the checks downloaded is written as they write it once here",
      events: [{ type: "card.change", values: { number: "4242424242424242", expiry: "1229" } }, rulesLoaded],
      expected: "ready",
      ends: (s) => {
        expect(s.context.card.number).toBe("4242 4242 4242 4242");
        expect(s.context.card.expiry).toBe("12/29");
      },
    },
    {
      name: "what is typed while the checks download is kept, and Use this card waits for them",
      events: [short, use],
      expected: "loading",
      ends: (s) => {
        expect(s.context.card.number).toBe("4242");
        expect(s.context.problems).toEqual({});
      },
    },
    {
      name: "checks that cannot be downloaded end the entry without a token",
      events: [good, rulesLost],
      expected: "lost",
      ends: (s) => expect(s.output).toBeNull(),
    },
    {
      name: "a card with a mistake is not sent to the gateway: the form says where",
      events: [short, rulesLoaded, use],
      expected: "ready",
      ends: (s) => expect(s.context.problems.number).toBe("invalid"),
    },
    {
      name: "a mended field's problem goes as it is typed",
      events: [short, rulesLoaded, use, good],
      expected: "ready",
      ends: (s) => expect(s.context.problems).toEqual({}),
    },
    {
      name: "a checked card goes to the gateway, and its token ends the entry with the number forgotten",
      events: [rulesLoaded, good, use, tokenized],
      expected: "tokenized",
      ends: (s) => {
        expect(s.output).toEqual(oneTimeCard);
        expect(s.context.card.number).toBe("");
        expect(s.context.card.cvv).toBe("");
      },
    },
    {
      name: "a card the gateway refuses stays in the form, with what was typed and the refusal said",
      events: [rulesLoaded, good, use, refused],
      expected: "ready",
      ends: (s) => {
        expect(s.context.card.number).toBe(typed.number);
        expect(s.context.failure).toMatchObject({ code: 40201, message: "Your card number is incorrect." });
      },
    },
    {
      name: "a gateway out of reach is said, and Use this card tries again without the old failure",
      events: [rulesLoaded, good, use, unreachable, use],
      expected: "tokenizing",
      ends: (s) => expect(s.context.failure).toBeNull(),
    },
  ],
});
