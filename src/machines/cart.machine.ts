import { assign, setup } from "xstate";
import { type CartItem, itemCount, subtotal } from "../domain/cart.ts";

export type CartEvent = { type: "cart.open" } | { type: "cart.close" } | { type: "cart.clear" };

export interface CartInput {
  items: CartItem[];
}

export interface CartContext {
  items: CartItem[];
}

/*
 * The cart as restored from browser storage, and its drawer. `open` is the drawer sliding in from the
 * right (from the top on small screens); the drawer only ever shows the items held here, so the count
 * in the top bar and the drawer cannot disagree. Signing out empties it (its storage is cleared by whoever
 * ended the session).
 */
export const cartMachine = setup({
  types: {
    input: {} as CartInput,
    context: {} as CartContext,
    events: {} as CartEvent,
  },
}).createMachine({
  id: "cart",
  context: ({ input }) => ({ items: input.items }),
  initial: "closed",
  on: { "cart.clear": { actions: assign({ items: [] }) } },
  states: {
    closed: { on: { "cart.open": "open" } },
    open: { on: { "cart.close": "closed" } },
  },
});

export const selectCartItems = (snapshot: { context: CartContext }) => snapshot.context.items;
export const selectCartCount = (snapshot: { context: CartContext }) => itemCount(snapshot.context.items);
export const selectCartSubtotal = (snapshot: { context: CartContext }) => subtotal(snapshot.context.items);
/** Signing out asks first when this is false (the cart is cleared with the session). */
export const selectCartEmpty = (snapshot: { context: CartContext }) => snapshot.context.items.length === 0;
