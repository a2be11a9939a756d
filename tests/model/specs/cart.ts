import { expect } from "vitest";
import { cartMachine } from "../../../src/machines/cart.machine.ts";
import { cartItem } from "../../support/fixtures.ts";
import { defineModel, type EventSamples } from "../harness.ts";

const events = {
  "cart.open": [{ type: "cart.open" }],
  "cart.close": [{ type: "cart.close" }],
  "cart.clear": [{ type: "cart.clear" }],
} satisfies EventSamples<typeof cartMachine>;

export const cartModel = defineModel({
  name: "cart",
  machine: cartMachine,
  inputs: [{ items: [] }, { items: [cartItem()] }],
  deferred: [],
  events,
  serialize: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.items.length]),
  invariants: [
    {
      name: "the drawer is open or closed, never both",
      holds: (s) => s.matches("open") !== s.matches("closed"),
    },
    {
      name: "opening and closing never changes the items",
      holds: (s) => s.context.items.every((item) => item.quantity > 0),
    },
  ],
  states: {
    closed: (snapshot) => expect(snapshot.can({ type: "cart.open" })).toBe(true),
    open: (snapshot) => expect(snapshot.can({ type: "cart.close" })).toBe(true),
  },
  journeys: [
    { name: "the drawer opens", events: [events["cart.open"][0]], expected: "open" },
    {
      name: "the drawer closes",
      events: [events["cart.open"][0], events["cart.close"][0]],
      expected: "closed",
    },
    {
      name: "signing out with the drawer closed keeps it closed",
      input: 1,
      events: [events["cart.clear"][0]],
      expected: "closed",
    },
    {
      name: "signing out empties the cart and leaves the drawer as it was",
      input: 1,
      events: [events["cart.open"][0], events["cart.clear"][0]],
      expected: "open",
    },
  ],
});
