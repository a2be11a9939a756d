import { assign, fromPromise, raise, setup } from "xstate";
import {
  addItem,
  type CartItem,
  conflicts,
  itemCount,
  type ProductMode,
  productModeOf,
  quantityRefusal,
  type Refusal,
  refreshItems,
  refusalOf,
  removeItem,
  repriceItems,
  setQuantity,
  shoppingPath,
  subtotal,
} from "../domain/cart.ts";
import type { Product } from "../domain/catalog.ts";
import { unprovided } from "./unprovided.ts";

/** Where checkout happens: a signed-in rider's, or a guest's anonymous one. */
export type CheckoutRoute = "/checkout" | "/anonymous/checkout";

export type CartEvent =
  | { type: "cart.open" }
  | { type: "cart.close" }
  | { type: "cart.clear" }
  /** Another tab of the portal changed the cart in storage: this tab shows the same (issue 34). */
  | { type: "cart.synced"; items: CartItem[] }
  /** The checkout's quote changed prices and the rider accepted them: uuid -> list_price. */
  | { type: "cart.repriced"; prices: Record<string, number> }
  /** Add to cart, or Buy now (`buyNow`): the item carries its quantity. */
  | { type: "cart.add"; item: CartItem; buyNow: boolean }
  | { type: "cart.confirm" }
  | { type: "cart.cancel" }
  | { type: "cart.subscribe"; autoRenew: boolean }
  | { type: "cart.dismiss" }
  | { type: "cart.remove"; uuid: string }
  | { type: "cart.setQuantity"; uuid: string; quantity: number }
  | { type: "cart.checkout" }
  | { type: "cart.continueAsGuest" }
  /**
   * The session changed (the app machine tells, from the session machine's snapshots): signed in or
   * not, and `blocked`, a signed-in rider whose email the deployment still needs confirmed
   * ("Action Blocked"). Signing in from "Please sign in before you checkout" closes that dialog.
   */
  | ({ type: "cart.session" } & CartSession)
  | { type: "cart.leftProducts" }
  /** The language changed: cart texts come again from a product search. */
  | { type: "cart.refresh" };

/** Who is buying, as far as the cart's rules care. */
export interface CartSession {
  signedIn: boolean;
  /** Signed in, and the deployment still needs the rider's email confirmed: checkout is "Action Blocked". */
  blocked: boolean;
}

/** A visitor unless the input says who is signed in. */
export interface CartInput extends Partial<CartSession> {
  items: CartItem[];
  /** max_cart_quantity of the deployment. */
  maxQuantity: number;
  /** The rider chose to check out as a guest (the isGuestUser flag). */
  guest: boolean;
  /** The product mode storage kept (purchaseFlowType), if any. */
  mode?: ProductMode | null;
}

export interface Pending {
  item: CartItem;
  buyNow: boolean;
}

export interface CartContext extends CartSession {
  items: CartItem[];
  maxQuantity: number;
  guest: boolean;
  /** The add waiting for the rider's answers (alert, renewal, conflict). */
  pending: Pending | null;
  /** Why the last add or quantity change was refused, for the limit dialog. */
  refusal: Refusal | null;
  /** The product mode set when the rider last left the products page (purchaseFlowType). */
  mode: ProductMode | null;
}

export interface RefreshInput {
  uuids: string[];
  faremediaId: string | null;
}

/*
 * The cart and its drawer. Adding walks the rider through what the product asks for, in this order:
 * its alert_message (confirm or cancel), the renewal choice (a product that allows subscription, bought
 * for a fare card), a conflict (a cart never mixes physical and digital, two organisations or two fare
 * cards: "Yes, clear cart" empties it first), then the limits (max_cart_quantity in all, 20 of one
 * product). A refused add changes nothing. Buy now then goes to checkout, or asks a visitor to sign in
 * or continue as a guest. Every change is written to storage (`persist`); a language change refreshes
 * the items' texts and prices by a product search.
 */
export const cartMachine = setup({
  types: {
    input: {} as CartInput,
    context: {} as CartContext,
    events: {} as CartEvent,
  },
  actors: {
    refreshProducts: fromPromise<Product[], RefreshInput>(unprovided("refreshProducts")),
  },
  actions: {
    persist: unprovided("persist"),
    goToCheckout: (_, _route: CheckoutRoute) => unprovided("goToCheckout")(),
    rememberGuest: unprovided("rememberGuest"),
    /** Sign-in from the dialog then lands on /checkout. */
    rememberCheckout: unprovided("rememberCheckout"),
    storeProductMode: unprovided("storeProductMode"),
    assignPending: assign((_, pending: Pending) => ({ pending, refusal: null })),
    assignSession: assign((_, { signedIn, blocked }: CartSession) => ({ signedIn, blocked })),
    forgetPending: assign({ pending: null }),
    subscribe: assign(({ context }, autoRenew: boolean) => ({
      pending: context.pending
        ? { ...context.pending, item: { ...context.pending.item, isSubscribed: autoRenew } }
        : null,
    })),
    emptyCart: assign({ items: [], mode: null }),
    assignMode: assign(({ context }) => ({ mode: productModeOf(context.items) })),
    /** Already in storage (the other tab wrote it): nothing to persist. */
    takeSynced: assign((_, items: CartItem[]) => ({ items })),
    reprice: assign(({ context }, prices: Record<string, number>) => ({
      items: repriceItems(context.items, prices),
    })),
    addPending: assign(({ context }) => ({
      items: context.pending ? addItem(context.items, context.pending.item) : context.items,
    })),
    assignRefusal: assign(({ context }) => ({
      refusal: context.pending ? refusalOf(context.items, context.pending.item, context.maxQuantity) : null,
    })),
    assignQuantityRefusal: assign((_, refusal: Refusal | null) => ({ refusal })),
    removeLine: assign(({ context }, uuid: string) => ({ items: removeItem(context.items, uuid) })),
    changeQuantity: assign(({ context }, change: { uuid: string; quantity: number }) => ({
      items: setQuantity(context.items, change.uuid, change.quantity),
    })),
    markGuest: assign({ guest: true }),
    applyRefresh: assign(({ context }, products: Product[]) => ({
      items: refreshItems(context.items, products),
    })),
  },
  guards: {
    hasAlert: ({ context }) => Boolean(context.pending?.item.alert_message),
    offersRenewal: ({ context }) =>
      Boolean(context.pending?.item.subscription_allowed && context.pending.item.faremediaId),
    conflicts: ({ context }) => (context.pending ? conflicts(context.items, context.pending.item) : false),
    refused: ({ context }) =>
      context.pending ? refusalOf(context.items, context.pending.item, context.maxQuantity) !== null : false,
    buyNow: ({ context }) => context.pending?.buyNow === true,
    /** An unconfirmed rider: Buy now adds the item but stops at "Action Blocked", never at checkout. */
    blocked: ({ context }) => context.blocked,
    guest: ({ context }) => context.guest,
    signedIn: ({ context }) => context.signedIn,
    quantityFits: ({ context }, change: { uuid: string; quantity: number }) =>
      quantityRefusal(context.items, change.uuid, change.quantity, context.maxQuantity) === null,
    hasItems: ({ context }) => context.items.length > 0,
  },
}).createMachine({
  id: "cart",
  context: ({ input }) => ({
    items: input.items,
    maxQuantity: input.maxQuantity,
    guest: input.guest,
    signedIn: !!input.signedIn,
    blocked: !!input.blocked,
    pending: null,
    refusal: null,
    mode: input.mode ?? null,
  }),
  type: "parallel",
  on: {
    "cart.clear": { actions: ["emptyCart", "persist"] },
    "cart.session": { actions: { type: "assignSession", params: ({ event }) => event } },
    "cart.synced": { actions: { type: "takeSynced", params: ({ event }) => event.items } },
    "cart.repriced": {
      guard: "hasItems",
      actions: [{ type: "reprice", params: ({ event }) => event.prices }, "persist"],
    },
  },
  states: {
    drawer: {
      initial: "closed",
      states: {
        closed: { on: { "cart.open": "open" } },
        open: { on: { "cart.close": "closed" } },
      },
    },
    flow: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "cart.add": {
              target: "alert",
              actions: {
                type: "assignPending",
                params: ({ event }) => ({ item: event.item, buyNow: event.buyNow }),
              },
            },
            "cart.remove": {
              actions: [{ type: "removeLine", params: ({ event }) => event.uuid }, "persist"],
            },
            "cart.setQuantity": [
              {
                guard: { type: "quantityFits", params: ({ event }) => event },
                actions: [{ type: "changeQuantity", params: ({ event }) => event }, "persist"],
              },
              {
                target: "limitReached",
                actions: {
                  type: "assignQuantityRefusal",
                  params: ({ context, event }) =>
                    quantityRefusal(context.items, event.uuid, event.quantity, context.maxQuantity),
                },
              },
            ],
            "cart.checkout": { target: "toCheckout", actions: raise({ type: "cart.close" }) },
            // Physical if the cart holds a physical pass, else digital: an empty cart too (spec section 4).
            "cart.leftProducts": { actions: ["assignMode", "storeProductMode"] },
          },
        },
        alert: {
          always: [{ guard: "hasAlert", target: "confirmingAlert" }, { target: "renewal" }],
        },
        confirmingAlert: {
          on: {
            "cart.confirm": "renewal",
            "cart.cancel": { target: "idle", actions: "forgetPending" },
          },
        },
        renewal: {
          always: [{ guard: "offersRenewal", target: "choosingRenewal" }, { target: "conflict" }],
        },
        choosingRenewal: {
          on: {
            "cart.subscribe": {
              target: "conflict",
              actions: { type: "subscribe", params: ({ event }) => event.autoRenew },
            },
            "cart.cancel": { target: "idle", actions: "forgetPending" },
          },
        },
        conflict: {
          always: [{ guard: "conflicts", target: "confirmingConflict" }, { target: "limit" }],
        },
        confirmingConflict: {
          on: {
            // "Yes, clear cart": emptied first, then the add goes on.
            "cart.confirm": { target: "limit", actions: ["emptyCart", "persist"] },
            "cart.cancel": { target: "idle", actions: "forgetPending" },
          },
        },
        limit: {
          always: [
            { guard: "refused", target: "limitReached", actions: ["assignRefusal", "forgetPending"] },
            { target: "added", actions: ["addPending", "persist"] },
          ],
        },
        added: {
          always: [
            { guard: "buyNow", target: "toCheckout", actions: "forgetPending" },
            { target: "idle", actions: ["forgetPending", raise({ type: "cart.open" })] },
          ],
        },
        // Checkout, and Buy now once added: where the session the app machine told of goes.
        toCheckout: {
          always: [
            { guard: "blocked", target: "actionBlocked" },
            { guard: "signedIn", target: "idle", actions: { type: "goToCheckout", params: "/checkout" } },
            {
              guard: "guest",
              target: "idle",
              actions: { type: "goToCheckout", params: "/anonymous/checkout" },
            },
            { target: "signInRequired", actions: "rememberCheckout" },
          ],
        },
        limitReached: {
          on: { "cart.dismiss": { target: "idle", actions: assign({ refusal: null }) } },
        },
        /** An unconfirmed rider tried to check out: "Action Blocked" with a resend, no navigation. */
        actionBlocked: {
          on: { "cart.dismiss": "idle" },
        },
        signInRequired: {
          on: {
            "cart.dismiss": "idle",
            // The session lands on /checkout itself (rememberCheckout kept it as where to go).
            "cart.session": {
              guard: ({ event }) => event.signedIn,
              target: "idle",
              actions: { type: "assignSession", params: ({ event }) => event },
            },
            "cart.continueAsGuest": {
              target: "idle",
              actions: [
                "markGuest",
                "rememberGuest",
                { type: "goToCheckout", params: "/anonymous/checkout" },
              ],
            },
          },
        },
      },
    },
    sync: {
      initial: "idle",
      states: {
        idle: {
          on: { "cart.refresh": { guard: "hasItems", target: "refreshing" } },
        },
        refreshing: {
          tags: ["busy"],
          invoke: {
            id: "refreshProducts",
            src: "refreshProducts",
            input: ({ context }) => ({
              uuids: context.items.map((item) => item.uuid),
              faremediaId: context.items.find((item) => item.faremediaId)?.faremediaId ?? null,
            }),
            onDone: {
              target: "idle",
              actions: [{ type: "applyRefresh", params: ({ event }) => event.output }, "persist"],
            },
            // The cart keeps its texts; they follow at the next change of language.
            onError: "idle",
          },
          // Another change of language while refreshing asks again with the new one.
          on: { "cart.refresh": { target: "refreshing", reenter: true } },
        },
      },
    },
  },
});

export const selectCartItems = (snapshot: { context: CartContext }) => snapshot.context.items;
/** Where "Continue shopping" goes: the products the stored mode names. */
export const selectShoppingPath = ({ context }: { context: CartContext }) =>
  shoppingPath(context.mode, context.items);
export const selectCartCount = (snapshot: { context: CartContext }) => itemCount(snapshot.context.items);
export const selectCartSubtotal = (snapshot: { context: CartContext }) => subtotal(snapshot.context.items);
/** Signing out asks first when this is false (the cart is cleared with the session). */
export const selectCartEmpty = (snapshot: { context: CartContext }) => snapshot.context.items.length === 0;
export const selectDrawerOpen = (snapshot: { matches(state: { drawer: "open" }): boolean }) =>
  snapshot.matches({ drawer: "open" });
/** One of the cart's questions is open (an alert, a conflict, the limit, "Please sign in"). */
export const selectCartAsks = (snapshot: { matches(state: { flow: "idle" }): boolean }) =>
  !snapshot.matches({ flow: "idle" });
