import { assign, fromPromise, setup } from "xstate";
import type { OrderDetail, OrderPage, OrderSummary } from "../domain/checkout/order.ts";
import { errorCodeOf } from "../domain/envelope.ts";
import { isMissingOrder } from "./orderSummary.machine.ts";
import { unprovided } from "./unprovided.ts";

/** Where the route points: a page of the history (null when `:page` is not a page number) and an order. */
export interface OrderRoute {
  page: number | null;
  orderId: string | null;
}

export interface OrderHistoryInput extends OrderRoute {
  /** The deployment's `ideal_row_count`. */
  pageSize: number;
}

export interface OrderHistoryContext extends OrderRoute {
  pageSize: number;
  /** `cursors[n]` is the `after` of page n + 2: the `next` of every page visited, in order. */
  cursors: string[];
  /** The last page, once a page answered without `next`. */
  lastPage: number | null;
  /** The page being fetched: the route's, or one on the way to it. */
  fetching: number;
  /** The orders of the page on screen. */
  orders: OrderSummary[];
  /** The order on screen. */
  order: OrderDetail | null;
  error: number | null;
}

export type OrderHistoryEvent =
  | ({ type: "route.changed" } & OrderRoute)
  | { type: "orders.retry" }
  | { type: "receipt.print" };

export interface LoadPageInput {
  limit: number;
  after: string | null;
}

/** Biggest page number a route may name: past it, the address is not a page. */
export const maxPageNumber = 100_000;

/** The route's `:page` as a page number: a whole number from 1, as the rider sees it; else null. */
export function pageNumberOf(param: string | undefined): number | null {
  if (param === undefined || !/^[1-9][0-9]*$/.test(param)) return null;
  const page = Number(param);
  return page <= maxPageNumber ? page : null;
}

/** The `after` of a page: none for the first, the previous page's `next` for the others. */
const cursorOf = (context: OrderHistoryContext, page: number): string | null =>
  page <= 1 ? null : (context.cursors[page - 2] ?? null);

/** The nearest page the cursors reach on the way to the route's. */
const firstFetch = (context: OrderHistoryContext): number =>
  Math.min(context.page ?? 1, context.cursors.length + 1);

/**
 * What a fetched page teaches: its `next` (the cursor of the page after it) or that it is the last.
 * Orders come and go between two reads (a new purchase, a refund), so the newest answer wins: a page
 * that is now the last drops the cursors past it, and a page whose `next` changed drops the cursors
 * learned through the old one.
 */
function learned(context: OrderHistoryContext, page: OrderPage) {
  // cursors[n] is the `after` of page n + 2, so this page's `next` lives at index fetching - 1.
  const index = context.fetching - 1;
  if (page.next === null) return { cursors: context.cursors.slice(0, index), lastPage: context.fetching };
  const cursors =
    index > context.cursors.length || context.cursors[index] === page.next
      ? context.cursors
      : [...context.cursors.slice(0, index), page.next];
  const lastPage =
    context.lastPage !== null && context.lastPage <= context.fetching ? null : context.lastPage;
  return { cursors, lastPage };
}

const outputOf = ({ event }: { event: { output: OrderPage } }) => event.output;
const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/*
 * Order history (/account/orders/:page/:id?). The route is the truth: every change of it arrives as
 * `route.changed` and goes through `routing`, which also cancels whatever was loading for the old
 * route, so a late answer can never show the wrong page. Pages are keyset pages, so page n is reached
 * through the `next` of page n - 1: the cursors of the pages visited stay in context, and a deep link
 * to page 3 walks pages 1 and 2 first (`loadingPage` again for each step). `empty` is a rider without
 * orders; `notFound` is a page past the last, a page number that is not one, and an order that is not
 * the rider's (never told apart). `failed` keeps the route and retries it by hand.
 */
export const orderHistoryMachine = setup({
  types: {
    context: {} as OrderHistoryContext,
    events: {} as OrderHistoryEvent,
    input: {} as OrderHistoryInput,
    children: {} as { loadPage: "loadPage"; loadOrder: "loadOrder" },
  },
  actors: {
    loadPage: fromPromise<OrderPage, LoadPageInput>(unprovided("loadPage")),
    loadOrder: fromPromise<OrderDetail, { id: string }>(unprovided("loadOrder")),
  },
  actions: {
    assignRoute: assign((_, route: OrderRoute) => ({ page: route.page, orderId: route.orderId })),
    startWalk: assign(({ context }) => ({ fetching: firstFetch(context) })),
    stepForward: assign(({ context }, page: OrderPage) => ({
      ...learned(context, page),
      fetching: context.fetching + 1,
    })),
    showPage: assign(({ context }, page: OrderPage) => ({ ...learned(context, page), orders: page.orders })),
    learnPage: assign(({ context }, page: OrderPage) => learned(context, page)),
    assignOrder: assign((_, order: OrderDetail) => ({ order, error: null })),
    clearShown: assign({ orders: [], order: null, error: null }),
    assignError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    printReceipt: unprovided("printReceipt"),
  },
  guards: {
    /** The order the address names, not another one. */
    isAddressedOrder: ({ context }, order: OrderDetail) => order.id === context.orderId,
    isNotAPage: ({ context }) => context.page === null,
    isOrderRoute: ({ context }) => context.orderId !== null,
    isPastLastPage: ({ context }) =>
      context.lastPage !== null && context.page !== null && context.page > context.lastPage,
    /** The route's page, with orders to list. */
    isRoutePageWithOrders: ({ context }, page: OrderPage) =>
      context.fetching === context.page && page.orders.length > 0,
    /** The first page, empty: the rider has no orders. */
    isEmptyHistory: ({ context }) => context.fetching === context.page && context.page === 1,
    /** A page on the way to the route's, with more after it. */
    leadsOn: ({ context }, page: OrderPage) =>
      context.fetching !== context.page && page.next !== null && page.orders.length > 0,
    isMissingOrder: (_, error: unknown) => isMissingOrder(error),
  },
}).createMachine({
  id: "orderHistory",
  context: ({ input }) => ({
    pageSize: input.pageSize,
    page: input.page,
    orderId: input.orderId,
    cursors: [],
    lastPage: null,
    fetching: 1,
    orders: [],
    order: null,
    error: null,
  }),
  on: {
    "route.changed": {
      target: ".routing",
      actions: {
        type: "assignRoute",
        params: ({ event }) => ({ page: event.page, orderId: event.orderId }),
      },
    },
  },
  initial: "routing",
  states: {
    routing: {
      always: [
        { guard: "isNotAPage", target: "notFound", actions: "clearShown" },
        { guard: "isOrderRoute", target: "loadingOrder", actions: "clearShown" },
        { guard: "isPastLastPage", target: "notFound", actions: "clearShown" },
        { target: "loadingPage", actions: ["clearShown", "startWalk"] },
      ],
    },
    loadingPage: {
      tags: ["busy"],
      invoke: {
        id: "loadPage",
        src: "loadPage",
        input: ({ context }) => ({ limit: context.pageSize, after: cursorOf(context, context.fetching) }),
        onDone: [
          {
            guard: { type: "isRoutePageWithOrders", params: outputOf },
            target: "listing",
            actions: { type: "showPage", params: outputOf },
          },
          { guard: "isEmptyHistory", target: "empty", actions: { type: "showPage", params: outputOf } },
          {
            guard: { type: "leadsOn", params: outputOf },
            target: "loadingPage",
            reenter: true,
            actions: { type: "stepForward", params: outputOf },
          },
          { target: "notFound", actions: { type: "learnPage", params: outputOf } },
        ],
        onError: { target: "failed", actions: { type: "assignError", params: errorOf } },
      },
    },
    listing: {},
    empty: {},
    loadingOrder: {
      tags: ["busy"],
      invoke: {
        id: "loadOrder",
        src: "loadOrder",
        input: ({ context }) => ({ id: context.orderId ?? "" }),
        onDone: [
          {
            guard: { type: "isAddressedOrder", params: ({ event }) => event.output },
            target: "detail",
            actions: { type: "assignOrder", params: ({ event }) => event.output },
          },
          // Another order than the one asked for is a server's mistake: never show it.
          { target: "notFound" },
        ],
        onError: [
          { guard: { type: "isMissingOrder", params: errorOf }, target: "notFound" },
          { target: "failed", actions: { type: "assignError", params: errorOf } },
        ],
      },
    },
    detail: {
      on: { "receipt.print": { actions: "printReceipt" } },
    },
    notFound: {},
    failed: {
      on: { "orders.retry": { target: "routing" } },
    },
  },
});

/** Previous and Next, as page numbers to link to (null: there is none). */
export const selectPageLinks = (snapshot: {
  context: OrderHistoryContext;
}): { previous: number | null; next: number | null } => {
  const { page, cursors } = snapshot.context;
  if (page === null) return { previous: null, next: null };
  return { previous: page > 1 ? page - 1 : null, next: cursors.length >= page ? page + 1 : null };
};
