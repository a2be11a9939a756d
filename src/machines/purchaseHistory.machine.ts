import { assign, fromPromise, setup } from "xstate";
import { errorCodeOf } from "../domain/envelope.ts";
import type { Transaction, TransactionPage } from "../domain/transit/passes.ts";
import { unprovided } from "./unprovided.ts";

export interface PurchaseHistoryInput {
  pageSize: number;
}

export interface PurchaseHistoryContext {
  pageSize: number;
  transactions: Transaction[];
  /** The cursor of the next (older) page; null once the last page is shown. */
  next: string | null;
  error: number | null;
}

export type PurchaseHistoryEvent = { type: "transactions.more" } | { type: "transactions.retry" };

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/*
 * Purchase history (on the pass history screen): the fares charged to the rider's saved bank cards
 * tapped at readers, newest first. "Show more" appends the next keyset page; a page that could not be
 * read keeps what is shown and offers to try again (`failed` only when nothing is shown yet).
 */
export const purchaseHistoryMachine = setup({
  types: {
    context: {} as PurchaseHistoryContext,
    events: {} as PurchaseHistoryEvent,
    input: {} as PurchaseHistoryInput,
    children: {} as { loadTransactions: "loadTransactions" },
  },
  actors: {
    loadTransactions: fromPromise<TransactionPage, { limit: number; after: string | null }>(
      unprovided("loadTransactions"),
    ),
  },
  actions: {
    appendPage: assign(({ context }, page: TransactionPage) => ({
      transactions: [
        ...context.transactions,
        ...page.transactions.filter((entry) => !context.transactions.some((known) => known.id === entry.id)),
      ],
      next: page.next,
      error: null,
    })),
    assignError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    clearError: assign({ error: null }),
  },
  guards: {
    hasNone: ({ context }) => context.transactions.length === 0,
    hasMore: ({ context }) => context.next !== null,
  },
}).createMachine({
  id: "purchaseHistory",
  context: ({ input }) => ({ pageSize: input.pageSize, transactions: [], next: null, error: null }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "loadTransactions",
        src: "loadTransactions",
        input: ({ context }) => ({ limit: context.pageSize, after: null }),
        onDone: { target: "shown", actions: { type: "appendPage", params: ({ event }) => event.output } },
        onError: { target: "failed", actions: { type: "assignError", params: errorOf } },
      },
    },
    shown: {
      always: { guard: "hasNone", target: "empty" },
      on: {
        "transactions.more": { guard: "hasMore", target: "loadingMore", actions: "clearError" },
      },
    },
    loadingMore: {
      tags: ["busy"],
      invoke: {
        id: "loadTransactions",
        src: "loadTransactions",
        input: ({ context }) => ({ limit: context.pageSize, after: context.next }),
        onDone: { target: "shown", actions: { type: "appendPage", params: ({ event }) => event.output } },
        onError: { target: "shown", actions: { type: "assignError", params: errorOf } },
      },
    },
    empty: {},
    failed: {
      on: { "transactions.retry": { target: "loading", actions: "clearError" } },
    },
  },
});
