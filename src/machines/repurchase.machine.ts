import { type AnyActorRef, assign, enqueueActions, fromPromise, setup } from "xstate";
import { cartItemOf } from "../domain/cart.ts";
import type { Product } from "../domain/catalog.ts";
import type { OrderDetail, OrderItem } from "../domain/checkout/order.ts";
import { errorCodeOf } from "../domain/envelope.ts";
import type { CartEvent } from "./cart.machine.ts";
import { unprovided } from "./unprovided.ts";

/** An order's line the rider buys again: the product, as many as then, for the same fare card. */
export interface Repurchase {
  product: string;
  /** The product's name on the receipt, to say which one cannot be bought again. */
  name: string;
  quantity: number;
  /** The order's fare card (a digital pass is bought for it again); null for a physical card. */
  faremediaId: string | null;
}

export interface RepurchaseInput {
  /** The portal's cart: the product found is added to it, through its own conflict rules. */
  cart: AnyActorRef;
}

export interface RepurchaseContext {
  cart: AnyActorRef;
  wanted: Repurchase | null;
  /** Code of the search that failed (a lost connection, a server error). */
  error: number | null;
}

export type RepurchaseEvent = { type: "repurchase.start"; wanted: Repurchase };

/** Lines that can be bought again: passes and cards, not value added to a card or the wallet. */
export const repurchasableItems = (order: OrderDetail): OrderItem[] =>
  order.kind === "load" ? [] : order.items.filter((item) => item.fulfilment !== "stored_value");

/** The line as the rider buys it again. */
export const repurchaseOf = (order: OrderDetail, item: OrderItem): Repurchase => ({
  product: item.product,
  name: item.name,
  quantity: item.quantity,
  faremediaId: item.sub_type === "PHYSICAL_PASS" ? null : (order.fare_medium?.id ?? null),
});

/*
 * "Buy again" on a rider's order (the deployment's `instantRepurchase`). The product is looked up as it
 * is sold today (`finding`: its price and whether it is still offered, for that fare card), then handed
 * to the cart as "Buy now" does: the cart's own rules ask before mixing cards or kinds, and go on to
 * checkout. A product no longer offered is `unavailable`; a search that got no answer is `failed`.
 * Either way the rider may try again, that line or another.
 */
export const repurchaseMachine = setup({
  types: {
    input: {} as RepurchaseInput,
    context: {} as RepurchaseContext,
    events: {} as RepurchaseEvent,
    children: {} as { findProduct: "findProduct" },
  },
  actors: {
    /** The product as sold now (the cart refresh's search), or null when it is not offered any more. */
    findProduct: fromPromise<Product | null, Repurchase>(unprovided("findProduct")),
  },
  actions: {
    assignWanted: assign((_, wanted: Repurchase) => ({ wanted, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    /** Hands the product to the cart as "Buy now" does (the guard `found` has made sure there is one). */
    addToCart: enqueueActions(({ context, enqueue }, product: Product | null) => {
      if (!product || !context.wanted) return;
      const { quantity, faremediaId } = context.wanted;
      enqueue.sendTo(context.cart, {
        type: "cart.add",
        item: cartItemOf(product, quantity, { faremediaId, appliedFilters: [], filterName: null }),
        buyNow: true,
      } satisfies CartEvent);
    }),
  },
  guards: {
    found: (_, product: Product | null) => product !== null,
  },
}).createMachine({
  id: "repurchase",
  context: ({ input }) => ({ cart: input.cart, wanted: null, error: null }),
  initial: "ready",
  states: {
    /** "Buy again" can be pressed: on any line, first or again. */
    ready: {
      initial: "idle",
      on: {
        "repurchase.start": {
          target: "finding",
          actions: { type: "assignWanted", params: ({ event }) => event.wanted },
        },
      },
      states: {
        idle: {},
        /** The cart has the product: it asks, or goes on to checkout. */
        handedOver: {},
        unavailable: {},
        failed: {},
      },
    },
    // One search at a time: "Buy again" waits for it.
    finding: {
      tags: ["busy"],
      invoke: {
        id: "findProduct",
        src: "findProduct",
        // Always set on the way in (assignWanted).
        input: ({ context }) => context.wanted ?? { product: "", name: "", quantity: 0, faremediaId: null },
        onDone: [
          {
            guard: { type: "found", params: ({ event }) => event.output },
            target: "ready.handedOver",
            actions: { type: "addToCart", params: ({ event }) => event.output },
          },
          { target: "ready.unavailable" },
        ],
        onError: {
          target: "ready.failed",
          actions: { type: "assignError", params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
  },
});
