import { assign, fromPromise, setup } from "xstate";
import type { OrderDetail } from "../domain/checkout/order.ts";
import { ErrorCode, errorCodeOf } from "../domain/envelope.ts";
import { unprovided } from "./unprovided.ts";

export interface OrderSummaryInput {
  orderId: string;
  /** /anonymous/ordersummary: a guest's order, opened only with the link from the receipt email. */
  guest: boolean;
  /** The `link` of the guest's address; ignored for riders. */
  link: string | null;
}

export interface OrderSummaryContext {
  orderId: string;
  guest: boolean;
  link: string | null;
  order: OrderDetail | null;
  /** Code of the failed load (network loss, server error); not found is a state of its own. */
  error: number | null;
}

export type OrderSummaryEvent = { type: "order.retry" } | { type: "receipt.print" };

/** What the loader asks for: a rider's own order, or a guest's with its link. */
export interface LoadOrderInput {
  id: string;
  link: string | null;
}

/**
 * An unknown id, another rider's order and a guest link that does not match are one answer (404), and
 * an id the API cannot even read (400) is no order either: the rider sees the same "not found".
 */
export const isMissingOrder = (error: unknown): boolean => {
  const code = errorCodeOf(error);
  return code === ErrorCode.notFound || code === ErrorCode.validation;
};

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/*
 * The order summary after a purchase (/ordersummary/:id for riders, /anonymous/ordersummary/:id?link=
 * for guests). `loading` reads the order once; `ready` shows it and prints the receipt. `notFound` is
 * one state for an unknown id and a wrong or missing link (a guest without a link is not asked about
 * at all), so nothing tells which it was. `failed` is a load that never got an answer (network loss,
 * a server error) and is retried by hand: the order was placed, only reading it failed.
 */
export const orderSummaryMachine = setup({
  types: {
    context: {} as OrderSummaryContext,
    events: {} as OrderSummaryEvent,
    input: {} as OrderSummaryInput,
    children: {} as { loadOrder: "loadOrder" },
  },
  actors: {
    loadOrder: fromPromise<OrderDetail, LoadOrderInput>(unprovided("loadOrder")),
  },
  actions: {
    assignOrder: assign((_, order: OrderDetail) => ({ order, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    clearError: assign({ error: null }),
    printReceipt: unprovided("printReceipt"),
  },
  guards: {
    /** The order the address names, not another one. */
    isAddressedOrder: ({ context }, order: OrderDetail) => order.id === context.orderId,
    isGuestWithoutLink: ({ context }) => context.guest && !context.link,
    isMissingOrder: (_, error: unknown) => isMissingOrder(error),
  },
}).createMachine({
  id: "orderSummary",
  context: ({ input }) => ({
    orderId: input.orderId,
    guest: input.guest,
    link: input.guest ? input.link : null,
    order: null,
    error: null,
  }),
  initial: "starting",
  states: {
    starting: {
      always: [{ guard: "isGuestWithoutLink", target: "notFound" }, { target: "loading" }],
    },
    loading: {
      tags: ["busy"],
      invoke: {
        id: "loadOrder",
        src: "loadOrder",
        input: ({ context }) => ({ id: context.orderId, link: context.link }),
        onDone: [
          {
            guard: { type: "isAddressedOrder", params: ({ event }) => event.output },
            target: "ready",
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
    ready: {
      on: { "receipt.print": { actions: "printReceipt" } },
    },
    notFound: {},
    failed: {
      on: { "order.retry": { target: "loading", actions: "clearError" } },
    },
  },
});

/** The order on screen, once loaded. */
export const selectOrder = (snapshot: { context: OrderSummaryContext }): OrderDetail | null =>
  snapshot.context.order;
