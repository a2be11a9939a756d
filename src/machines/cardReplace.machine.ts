import { assign, fromPromise, setup } from "xstate";
import { errorCodeOf } from "../domain/envelope.ts";
import { unprovided } from "./unprovided.ts";

export interface CardReplaceInput {
  cardId: string;
  /** The card may be reported lost or stolen now (FareCardDetail.can.replace). */
  canReplace: boolean;
}

export interface CardReplaceContext extends CardReplaceInput {
  /** The refused report's error code, shown in the question. */
  failure: number | null;
}

export type CardReplaceEvent =
  | { type: "replace.ask" }
  | { type: "replace.confirm" }
  | { type: "replace.cancel" };

/*
 * Report lost or stolen (issue 35): the card's page asks first (`confirming`: the card is blocked at
 * once and everything on it moves to a new digital card), then the server blocks it and issues the
 * replacement in one go. Done, the rider is told and lands on the new card's page; refused, the
 * question stays open with the reason and the card is as it was. The server answers a second report
 * with the same replacement, so a double click or a retry after a lost answer issues one card.
 */
export const cardReplaceMachine = setup({
  types: {
    input: {} as CardReplaceInput,
    context: {} as CardReplaceContext,
    events: {} as CardReplaceEvent,
    children: {} as { replace: "replace" },
  },
  actors: {
    /** Reports the card and answers the replacement's id. */
    replace: fromPromise<string, { id: string }>(unprovided("replace")),
  },
  actions: {
    notify: (_, _code: "cardReplaced") => unprovided("notify")(),
    /** Opens the replacement's page. */
    openReplacement: (_, _id: string) => unprovided("openReplacement")(),
    assignFailure: assign((_, failure: number) => ({ failure })),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    canReplace: ({ context }) => context.canReplace,
  },
}).createMachine({
  id: "cardReplace",
  context: ({ input }) => ({ ...input, failure: null }),
  initial: "idle",
  states: {
    idle: {
      on: { "replace.ask": { guard: "canReplace", target: "confirming", actions: "clearFailure" } },
    },
    confirming: {
      on: {
        "replace.confirm": { target: "replacing", actions: "clearFailure" },
        "replace.cancel": { target: "idle", actions: "clearFailure" },
      },
    },
    replacing: {
      tags: ["busy"],
      invoke: {
        id: "replace",
        src: "replace",
        input: ({ context }) => ({ id: context.cardId }),
        onDone: {
          target: "done",
          actions: [
            { type: "notify", params: "cardReplaced" },
            { type: "openReplacement", params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: "confirming",
          actions: { type: "assignFailure", params: ({ event }) => errorCodeOf(event.error) },
        },
      },
    },
    /** The replacement's page is opening (and starts its own machines). */
    done: { tags: ["busy"] },
  },
});
