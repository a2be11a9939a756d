import { assign, emit, fromPromise, setup } from "xstate";
import { errorCodeOf } from "../domain/envelope.ts";
import { unprovided } from "./unprovided.ts";

export interface CardBlockInput {
  cardId: string;
  /** What the card allows now (FareCardDetail.can). */
  canBlock: boolean;
  canUnblock: boolean;
}

export interface CardBlockContext extends CardBlockInput {
  /** The refused request's error code. */
  failure: { kind: "block" | "unblock"; code: number } | null;
}

export type CardBlockEvent =
  | { type: "block.ask" }
  | { type: "block.confirm" }
  | { type: "block.cancel" }
  | { type: "unblock" };

export type CardBlockEmitted = { type: "changed" };

/*
 * Blocking and unblocking a fare card (spec section 4 "Fare card": a temporary stop of all use, for a
 * lost or stolen card, reversible). Blocking asks first (`confirmingBlock`); unblocking is at once.
 * What the card allows comes from the card's details (`can`): a card the agency blocked, or an invalid
 * or suspended one, allows neither and the screen says why. Done, it emits `changed` so the card's
 * page reads the card again, which starts this machine anew with the card's new state.
 */
export const cardBlockMachine = setup({
  types: {
    input: {} as CardBlockInput,
    context: {} as CardBlockContext,
    events: {} as CardBlockEvent,
    emitted: {} as CardBlockEmitted,
    children: {} as { block: "block"; unblock: "unblock" },
  },
  actors: {
    block: fromPromise<void, { id: string }>(unprovided("block")),
    unblock: fromPromise<void, { id: string }>(unprovided("unblock")),
  },
  actions: {
    notify: (_, _code: "cardBlocked" | "cardUnblocked") => unprovided("notify")(),
    changed: emit({ type: "changed" as const }),
    assignFailure: assign((_, failure: { kind: "block" | "unblock"; code: number }) => ({ failure })),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    canBlock: ({ context }) => context.canBlock,
    canUnblock: ({ context }) => context.canUnblock,
  },
}).createMachine({
  id: "cardBlock",
  context: ({ input }) => ({ ...input, failure: null }),
  initial: "idle",
  states: {
    idle: {
      on: {
        "block.ask": { guard: "canBlock", target: "confirmingBlock", actions: "clearFailure" },
        unblock: { guard: "canUnblock", target: "unblocking", actions: "clearFailure" },
      },
    },
    confirmingBlock: {
      on: {
        "block.confirm": { target: "blocking", actions: "clearFailure" },
        "block.cancel": { target: "idle", actions: "clearFailure" },
      },
    },
    blocking: {
      tags: ["busy"],
      invoke: {
        id: "block",
        src: "block",
        input: ({ context }) => ({ id: context.cardId }),
        onDone: { target: "done", actions: [{ type: "notify", params: "cardBlocked" }, "changed"] },
        onError: {
          target: "confirmingBlock",
          actions: {
            type: "assignFailure",
            params: ({ event }) => ({ kind: "block" as const, code: errorCodeOf(event.error) }),
          },
        },
      },
    },
    unblocking: {
      tags: ["busy"],
      invoke: {
        id: "unblock",
        src: "unblock",
        input: ({ context }) => ({ id: context.cardId }),
        onDone: { target: "done", actions: [{ type: "notify", params: "cardUnblocked" }, "changed"] },
        onError: {
          target: "idle",
          actions: {
            type: "assignFailure",
            params: ({ event }) => ({ kind: "unblock" as const, code: errorCodeOf(event.error) }),
          },
        },
      },
    },
    /** Waiting for the card's page to read the card again (and start a new machine for it). */
    done: { tags: ["busy"] },
  },
});
