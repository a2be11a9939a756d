import { assign, fromPromise, setup } from "xstate";
import { failureOf, type MoneyFailure } from "../domain/payments/refusal.ts";
import type { LoadedCardRules } from "./cardChecks.ts";
import { type CardDraft, type CardProblems, emptyCard } from "./cardDraft.ts";

import { unprovided } from "./unprovided.ts";

/** The card a one-time payment leg pays with, once the gateway tokenized it. */
export interface CardToken {
  token: string;
  brand: string;
  last4: string;
}

export interface CardEntryInput {
  /** The moment card expiries are judged against (ms since the epoch). */
  now: number;
}

export interface CardEntryContext {
  now: number;
  /** What is typed: the number and code live here only, until the gateway answers a token. */
  card: CardDraft;
  problems: CardProblems;
  /** The form's checks, downloaded when the form opens (`loading`). */
  rules: LoadedCardRules | null;
  /** The gateway refused the card, or could not be reached: said above the fields. */
  failure: MoneyFailure | null;
  token: CardToken | null;
}

export type CardEntryEvent = { type: "card.change"; values: Partial<CardDraft> } | { type: "card.use" };

/**
 * What the card entry ends with: the token to pay with, or null when its checks could not be
 * downloaded (the parent closes the form and says the connection was lost).
 */
export type CardEntryOutput = CardToken | null;

const eventError = ({ event }: { event: { error: unknown } }) => event.error;

const ruleProblems = (context: CardEntryContext, card: CardDraft = context.card): CardProblems =>
  context.rules?.check(card, new Date(context.now)) ?? {};

/*
 * One card typed for one payment (the checkout's and the loads' "A new card…"), as a child machine its
 * parent invokes while its form is open and stops by leaving that state ("Cancel" is the parent's).
 * `loading` downloads the form's checks (card-validator and credit-card-type are a chunk of their own);
 * what is typed meanwhile is kept and checked once they are here. `ready` shows a field's problem once
 * "Use this card" was tried, and clears it as it is mended. `tokenizing` sends the number and code to
 * the payment gateway only (never to our API); its token ends the entry, a refusal comes back to the
 * form with what was typed. The parent takes the output in its `onDone`.
 */
export const cardEntryMachine = setup({
  types: {
    input: {} as CardEntryInput,
    context: {} as CardEntryContext,
    events: {} as CardEntryEvent,
    output: {} as CardEntryOutput,
    children: {} as { loadCardRules: "loadCardRules"; tokenizeCard: "tokenizeCard" },
  },
  actors: {
    /** The form's checks (src/machines/cardChecks.ts, downloaded on demand in the portal). */
    loadCardRules: fromPromise<LoadedCardRules>(unprovided("loadCardRules")),
    /** The gateway's token for the card (src/app/live/payment-gateway.ts). */
    tokenizeCard: fromPromise<CardToken, CardDraft>(unprovided("tokenizeCard")),
  },
  actions: {
    /** Typed while the checks download: kept as typed, and written as the rules write it once here. */
    assignRules: assign(({ context }, rules: LoadedCardRules) => ({
      rules,
      card: { ...context.card, ...rules.clean(context.card, context.card) },
    })),
    type: assign(({ context }, values: Partial<CardDraft>) => ({ card: { ...context.card, ...values } })),
    /** Shown as the rules write it ("1229" typed on a keypad reads 12/29); a mended field's problem goes. */
    change: assign(({ context }, values: Partial<CardDraft>) => {
      const card = { ...context.card, ...(context.rules?.clean(values, context.card) ?? values) };
      const found = ruleProblems(context, card);
      const problems: CardProblems = {};
      for (const key of Object.keys(context.problems) as Array<keyof CardDraft>) {
        if (found[key]) problems[key] = found[key];
      }
      return { card, problems };
    }),
    check: assign(({ context }) => ({ problems: ruleProblems(context) })),
    refused: assign((_, error: unknown) => ({ failure: failureOf(error) })),
    forgetFailure: assign({ failure: null }),
    /** The token is all that is kept: the number and code are forgotten. */
    assignToken: assign((_, token: CardToken) => ({ token, card: emptyCard, problems: {} })),
  },
  guards: {
    valid: ({ context }) => context.rules !== null && Object.keys(ruleProblems(context)).length === 0,
  },
}).createMachine({
  id: "cardEntry",
  context: ({ input }) => ({
    now: input.now,
    card: emptyCard,
    problems: {},
    rules: null,
    failure: null,
    token: null,
  }),
  initial: "loading",
  output: ({ context }) => context.token,
  states: {
    loading: {
      invoke: {
        id: "loadCardRules",
        src: "loadCardRules",
        onDone: { target: "ready", actions: { type: "assignRules", params: ({ event }) => event.output } },
        onError: "lost",
      },
      on: { "card.change": { actions: { type: "type", params: ({ event }) => event.values } } },
    },
    ready: {
      on: {
        "card.change": { actions: { type: "change", params: ({ event }) => event.values } },
        "card.use": [
          { guard: "valid", target: "tokenizing", actions: "forgetFailure" },
          { actions: "check" },
        ],
      },
    },
    tokenizing: {
      tags: ["busy"],
      invoke: {
        id: "tokenizeCard",
        src: "tokenizeCard",
        input: ({ context }) => context.card,
        onDone: {
          target: "tokenized",
          actions: { type: "assignToken", params: ({ event }) => event.output },
        },
        onError: { target: "ready", actions: { type: "refused", params: eventError } },
      },
    },
    tokenized: { type: "final" },
    /** The checks could not be downloaded: the entry ends without a token. */
    lost: { type: "final" },
  },
});
