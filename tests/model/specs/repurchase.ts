import { expect } from "vitest";
import { type AnyEventObject, createActor, setup } from "xstate";
import {
  type Repurchase,
  repurchasableItems,
  repurchaseMachine,
  repurchaseOf,
} from "../../../src/machines/repurchase.machine.ts";
import { passOrder, shippedOrder } from "../../support/orders.ts";
import { defineModel, type EventSamples } from "../harness.ts";
import { dayPass } from "./products.ts";

type ActorEvents = "xstate.done.actor.findProduct" | "xstate.error.actor.findProduct";

/** What the portal's cart heard during a walk: the products handed to it. */
const cartHeard: AnyEventObject[] = [];
/** The portal's cart, as this machine sees it: something to send "cart.add" to. */
const listeningCart = createActor(
  setup({}).createMachine({ on: { "*": { actions: ({ event }) => void cartHeard.push(event) } } }),
  { id: "cart" },
).start();

/** The monthly pass of the digital order (for its card), and the card of the shipped one (no card). */
const [monthlyPass] = repurchasableItems(passOrder).map((item) => repurchaseOf(passOrder, item));
const [shippedCard] = repurchasableItems(shippedOrder).map((item) => repurchaseOf(shippedOrder, item));
const wantedPass = monthlyPass as Repurchase;
const wantedCard = shippedCard as Repurchase;

/** The monthly pass and the fare card as sold today: other prices than on the receipts. */
const monthlyToday = {
  ...dayPass,
  uuid: wantedPass.product,
  name: "Adult Monthly Rail Pass",
  list_price: 9_000,
};
const cardToday = {
  ...dayPass,
  uuid: wantedCard.product,
  name: "Adult Fare Card",
  sub_type: "PHYSICAL_PASS",
  shipping_enabled: true,
  list_price: 600,
};
const today = [monthlyToday, cardToday];

const events = {
  "repurchase.start": [
    { type: "repurchase.start", wanted: wantedPass },
    { type: "repurchase.start", wanted: wantedCard },
  ],
  "xstate.done.actor.findProduct": [
    { type: "xstate.done.actor.findProduct", output: monthlyToday },
    { type: "xstate.done.actor.findProduct", output: cardToday },
    // No longer offered (or not for that card).
    { type: "xstate.done.actor.findProduct", output: null },
  ],
  "xstate.error.actor.findProduct": [
    { type: "xstate.error.actor.findProduct", error: { code: 50301, message: "Network Error" } },
  ],
} satisfies EventSamples<typeof repurchaseMachine, ActorEvents>;

const [startPass, startCard] = events["repurchase.start"];
const [found, foundCard, gone] = events["xstate.done.actor.findProduct"];
const lost = events["xstate.error.actor.findProduct"][0];

export const repurchaseModel = defineModel({
  name: "repurchase",
  machine: repurchaseMachine,
  inputs: [{ cart: listeningCart }],
  deferred: ["findProduct"],
  events,
  // The search asks for exactly the line's product: it finds that one, or none.
  filterEvents: (s, event) =>
    event.type !== "xstate.done.actor.findProduct" ||
    event.output === null ||
    event.output.uuid === s.context.wanted?.product,
  serialize: (s) => JSON.stringify([s.value, s.context.wanted?.product ?? null, s.context.error]),
  invariants: [
    {
      name: "looking up only with a line to buy",
      holds: (s) => !s.matches("finding") || s.context.wanted !== null,
    },
    {
      name: "an error only when the search failed",
      holds: (s) => (s.context.error !== null) === s.matches({ ready: "failed" }),
    },
  ],
  states: {
    ready: (s) => {
      expect(s.hasTag("busy")).toBe(false);
      expect(s.can(startPass)).toBe(true);
      expect(s.can(startCard)).toBe(true);
    },
    "ready.idle": (s) => {
      expect(s.context.wanted).toBeNull();
      expect(s.hasTag("busy")).toBe(false);
    },
    finding: (s) => {
      expect(s.hasTag("busy")).toBe(true);
      expect(s.children.findProduct).toBeDefined();
    },
    "ready.handedOver": (s) => {
      // "Buy now" with the product as sold today, as many as on the receipt, for the order's card.
      const added = cartHeard.at(-1);
      expect(added?.type).toBe("cart.add");
      expect(added?.buyNow).toBe(true);
      expect(added?.item).toMatchObject({
        uuid: s.context.wanted?.product,
        list_price: today.find((product) => product.uuid === s.context.wanted?.product)?.list_price,
        quantity: s.context.wanted?.quantity,
        faremediaId: s.context.wanted?.faremediaId,
        isSubscribed: false,
      });
    },
    "ready.unavailable": (s) => {
      expect(s.context.wanted).not.toBeNull();
      expect(s.can(startPass)).toBe(true);
    },
    "ready.failed": (s) => {
      expect(s.context.error).toBe(50301);
      expect(s.can(startCard)).toBe(true);
    },
  },
  journeys: [
    {
      name: "a pass bought again goes to the cart as Buy now, for the order's card, at today's price",
      events: [startPass, found],
      expected: { ready: "handedOver" },
      ends: () => expect(cartHeard.at(-1)?.item.faremediaId).toBe("fm-0015"),
    },
    {
      name: "a shipped card is bought again for no card",
      events: [startCard, foundCard],
      expected: { ready: "handedOver" },
      ends: () => expect(cartHeard.at(-1)?.item.faremediaId).toBeNull(),
    },
    {
      name: "a product no longer offered says so and adds nothing",
      events: [startPass, gone],
      expected: { ready: "unavailable" },
      ends: (s) => expect(s.context.wanted?.name).toBe("Adult Monthly Rail Pass"),
    },
    {
      name: "a second click while looking up waits for the first",
      events: [startPass, startCard],
      expected: "finding",
      ends: (s) => expect(s.context.wanted?.product).toBe(wantedPass.product),
    },
    {
      name: "a lost connection is tried again with the same button",
      events: [startPass, lost, startPass, found],
      expected: { ready: "handedOver" },
      ends: (s) => expect(s.context.error).toBeNull(),
    },
  ],
});
