import { assign, fromPromise, setup } from "xstate";
import { errorCodeOf } from "../domain/envelope.ts";
import { canBuyFor, type FareMedium } from "../domain/fare-media.ts";
import { unprovided } from "./unprovided.ts";

export interface FareCardChoiceContext {
  /** The rider's cards that can be bought for: not blocked, of a supported type. */
  cards: FareMedium[];
  /** The card waiting for "Yes, clear cart". */
  pending: FareMedium | null;
  error: number | null;
}

export type FareCardChoiceEvent =
  /** `cartCard`: the fare card the cart's digital items are for (null when none). */
  | { type: "fareCards.choose"; card: FareMedium; cartCard: string | null }
  | { type: "fareCards.confirm" }
  | { type: "fareCards.cancel" }
  | { type: "fareCards.retry" };

/*
 * /digital (spec sections 2 and 4): the rider's fare cards, blocked and unsupported ones left out.
 * Choosing one while the cart holds products for another card asks to clear the cart first; the
 * chosen card becomes the purchase target and the rider goes on to /products/null/digital.
 */
export const fareCardChoiceMachine = setup({
  types: {
    context: {} as FareCardChoiceContext,
    events: {} as FareCardChoiceEvent,
  },
  actors: {
    loadCards: fromPromise<FareMedium[]>(unprovided("loadCards")),
  },
  actions: {
    assignCards: assign((_, cards: FareMedium[]) => ({ cards: cards.filter(canBuyFor), error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    assignPending: assign((_, card: FareMedium) => ({ pending: card })),
    forgetPending: assign({ pending: null }),
    clearCart: unprovided("clearCart"),
    /** Stores the card as the purchase target and goes to /products/null/digital. */
    buyFor: (_, _card: FareMedium) => unprovided("buyFor")(),
  },
  guards: {
    otherCardInCart: (_, change: { card: FareMedium; cartCard: string | null }) =>
      change.cartCard !== null && change.cartCard !== change.card.faremedia_id,
  },
}).createMachine({
  id: "fareCardChoice",
  context: { cards: [], pending: null, error: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "loadCards",
        src: "loadCards",
        onDone: { target: "choosing", actions: { type: "assignCards", params: ({ event }) => event.output } },
        onError: {
          target: "failed",
          actions: { type: "assignError", params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    failed: { on: { "fareCards.retry": "loading" } },
    choosing: {
      on: {
        "fareCards.choose": [
          {
            guard: { type: "otherCardInCart", params: ({ event }) => event },
            target: "confirmingClear",
            actions: { type: "assignPending", params: ({ event }) => event.card },
          },
          { target: "chosen", actions: { type: "buyFor", params: ({ event }) => event.card } },
        ],
      },
    },
    confirmingClear: {
      on: {
        "fareCards.confirm": {
          target: "chosen",
          actions: [
            "clearCart",
            { type: "buyFor", params: ({ context }) => context.pending as FareMedium },
            "forgetPending",
          ],
        },
        "fareCards.cancel": { target: "choosing", actions: "forgetPending" },
      },
    },
    chosen: { type: "final" },
  },
});
