import { setup } from "xstate";
import { type CartItem, itemCount, subtotal } from "../domain/cart.ts";

export type CartEvent = { type: "cart.open" } | { type: "cart.close" };

export interface CartInput {
  items: CartItem[];
}

export interface CartContext {
  items: CartItem[];
}

/*
 * The cart as restored from browser storage, and its drawer. `open` is the drawer sliding in from the
 * right (from the top on small screens); the drawer only ever shows the items held here, so the count
 * in the top bar and the drawer cannot disagree.
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
  states: {
    closed: { on: { "cart.open": "open" } },
    open: { on: { "cart.close": "closed" } },
  },
});

export const selectCartItems = (snapshot: { context: CartContext }) => snapshot.context.items;
export const selectCartCount = (snapshot: { context: CartContext }) => itemCount(snapshot.context.items);
export const selectCartSubtotal = (snapshot: { context: CartContext }) => subtotal(snapshot.context.items);
