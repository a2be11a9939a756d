import { expect } from "vitest";
import { itemCount } from "../../../src/domain/cart.ts";
import type { Product } from "../../../src/domain/catalog.ts";
import { type cartMachine, selectShoppingPath } from "../../../src/machines/cart.machine.ts";
import { cartItem } from "../../support/fixtures.ts";
import { quietCart } from "../../support/forms.ts";
import { defineModel, type EventSamples, type Snap } from "../harness.ts";

type ActorEvents = "xstate.done.actor.refreshProducts" | "xstate.error.actor.refreshProducts";

const dayPass = cartItem({ quantity: 2 });
/** Needs its alert confirmed first. */
const airport = cartItem({
  uuid: "a4000000-0000-4000-8000-000000000003",
  name: "Rail One-Way: Union Station to Airport",
  alert_message: "Airport trains run every 20 minutes after 10 pm.",
  list_price: 650,
  quantity: 1,
});
/** For a fare card, and it may renew: the renewal choice comes first. */
const weekPass = cartItem({
  uuid: "a2000000-0000-4000-8000-000000000002",
  name: "7-Day Pass",
  list_price: 2_500,
  quantity: 1,
  subscription_allowed: true,
  faremediaId: "f1000000-0000-4000-8000-000000000001",
});
/** A physical card: conflicts with any digital item. */
const fareCard = cartItem({
  uuid: "a1000000-0000-4000-8000-000000000001",
  name: "Metro Fare Card",
  type: "PHYSICAL_PASS",
  list_price: 500,
  quantity: 1,
  shipping_enabled: true,
});
/** A physical card with an alert: into a digital cart it asks for the alert, then to clear the cart. */
const passCard = cartItem({
  uuid: "a1000000-0000-4000-8000-000000000002",
  name: "30-Day Pass Card",
  type: "PHYSICAL_PASS",
  alert_message: "The pass starts on the first tap, not on the day it ships.",
  list_price: 10_500,
  quantity: 1,
  shipping_enabled: true,
});
/** Too many at once: over max_cart_quantity (20) with anything in the cart. */
const crowd = cartItem({
  uuid: "a2000000-0000-4000-8000-000000000004",
  name: "Stored Value $20",
  quantity: 19,
});

const refreshed: Product[] = [
  {
    uuid: dayPass.uuid,
    name: "Pase de un día",
    alert_message: null,
    short_description: "Viajes ilimitados.",
    long_description: "Válido un día.",
    list_price: 500,
    product_image_path: null,
    sub_type: "DIGITAL_PASS",
    service_type: "bus",
    shipping_enabled: false,
    organization: { uuid: dayPass.orgUuidProduct, legacy_uuid: "MTA-0001" },
    theme: { background_color: "#1b6e3a" },
    subscription: { subscription_allowed: false },
    list_priority: 1,
    rider_types: ["ADULT"],
    itinerary: null,
  },
];

const add = (item: typeof dayPass, extra: { buyNow?: boolean } = {}) => ({
  type: "cart.add",
  item,
  buyNow: extra.buyNow ?? false,
});

/** What the app machine tells the cart when the session changes. */
const signedIn = { type: "cart.session", signedIn: true, blocked: false } as const;
const signedOut = { type: "cart.session", signedIn: false, blocked: false } as const;
/** Signed in, and the deployment still needs the rider's email confirmed. */
const unconfirmed = { type: "cart.session", signedIn: true, blocked: true } as const;

/** Navigation and storage effects the walk records, so journeys assert where the rider was sent. */
const cartEffects: string[] = [];
const resetEffects = (): void => {
  cartEffects.splice(0);
};
const recording = quietCart.provide({
  actions: {
    goToCheckout: (_, route: string) => void cartEffects.push(`goToCheckout ${route}`),
    rememberGuest: () => void cartEffects.push("rememberGuest"),
    rememberCheckout: () => void cartEffects.push("rememberCheckout"),
    storeProductMode: () => void cartEffects.push("storeProductMode"),
  },
});

const events = {
  "cart.open": [{ type: "cart.open" }],
  "cart.close": [{ type: "cart.close" }],
  "cart.clear": [{ type: "cart.clear" }],
  "cart.synced": [
    { type: "cart.synced", items: [] },
    { type: "cart.synced", items: [dayPass] },
  ],
  "cart.repriced": [{ type: "cart.repriced", prices: { [dayPass.uuid]: 300 } }],
  "cart.add": [
    add(dayPass),
    add(airport),
    add(weekPass),
    add(fareCard),
    add(crowd),
    add(dayPass, { buyNow: true }),
  ],
  "cart.confirm": [{ type: "cart.confirm" }],
  "cart.cancel": [{ type: "cart.cancel" }],
  "cart.subscribe": [
    { type: "cart.subscribe", autoRenew: true },
    { type: "cart.subscribe", autoRenew: false },
  ],
  "cart.dismiss": [{ type: "cart.dismiss" }],
  "cart.remove": [{ type: "cart.remove", uuid: dayPass.uuid }],
  "cart.setQuantity": [
    { type: "cart.setQuantity", uuid: dayPass.uuid, quantity: 5 },
    { type: "cart.setQuantity", uuid: dayPass.uuid, quantity: 21 },
  ],
  "cart.checkout": [{ type: "cart.checkout" }],
  "cart.continueAsGuest": [{ type: "cart.continueAsGuest" }],
  "cart.session": [signedIn, signedOut, unconfirmed],
  "cart.leftProducts": [{ type: "cart.leftProducts" }],
  "cart.refresh": [{ type: "cart.refresh" }],
  "xstate.done.actor.refreshProducts": [{ type: "xstate.done.actor.refreshProducts", output: refreshed }],
  "xstate.error.actor.refreshProducts": [
    { type: "xstate.error.actor.refreshProducts", error: { code: 50301, message: "Network Error" } },
  ],
} satisfies EventSamples<typeof cartMachine, ActorEvents>;

type CartSnap = Snap<typeof cartMachine>;
const flow = (snapshot: CartSnap) => (snapshot.value as { flow: string }).flow;
const lines = (snapshot: CartSnap) =>
  snapshot.context.items.map((item) => `${item.uuid.slice(0, 8)}x${item.quantity}`);

export const cartModel = defineModel({
  name: "cart",
  machine: recording,
  inputs: [
    { items: [], maxQuantity: 20, guest: false },
    { items: [dayPass], maxQuantity: 20, guest: false },
    { items: [dayPass], maxQuantity: 20, guest: true },
    // A rider restored from storage: checkout goes straight to /checkout.
    { items: [dayPass], maxQuantity: 20, guest: false, signedIn: true, blocked: false },
  ],
  deferred: ["refreshProducts"],
  // Every add, answer and quantity change branches the cart: loop-free routes would run to millions.
  pathKinds: ["shortest", "edge"],
  events,
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      lines(snapshot),
      snapshot.context.items.map((item) => [item.name, item.isSubscribed]),
      snapshot.context.pending?.item.uuid ?? null,
      snapshot.context.refusal,
      snapshot.context.guest,
      snapshot.context.signedIn,
      snapshot.context.blocked,
    ]),
  // Keeps the graph small: nothing but the answer (or a new language) while refreshing; in the open
  // drawer only what the drawer offers; one add at a time into a cart of at most two lines. Journeys
  // go further.
  filterEvents: (snapshot, event) => {
    if (snapshot.matches({ sync: "refreshing" })) {
      return event.type.startsWith("xstate.") || event.type === "cart.refresh";
    }
    // The session changes where it decides something: at rest (then Buy now and checkout are walked
    // signed in, unconfirmed and signed out) and in "Please sign in before you checkout".
    if (event.type === "cart.session") {
      const session = event as typeof signedIn | typeof signedOut | typeof unconfirmed;
      const same =
        session.signedIn === snapshot.context.signedIn && session.blocked === snapshot.context.blocked;
      // At rest: one line in the cart, not a guest's (a guest who signs in is the visitor's graph).
      const atRest =
        flow(snapshot) === "idle" &&
        snapshot.matches({ drawer: "closed" }) &&
        snapshot.context.items.length === 1 &&
        !snapshot.context.guest;
      return !same && (atRest || flow(snapshot) === "signInRequired");
    }
    // Signed in, the cart behaves as for a visitor except where Buy now and checkout go: only those,
    // the drawer, the dialogs they open and signing out are walked there (journeys try the rest).
    if (snapshot.context.signedIn) {
      const buys = event.type === "cart.add" && (event as { buyNow?: boolean }).buyNow === true;
      const goes = ["cart.checkout", "cart.open", "cart.close", "cart.session", "cart.dismiss", "cart.clear"];
      if (!buys && !goes.includes(event.type)) return false;
    }
    // Removing is a button of the open drawer (and of /cart, walked end to end), next to its line.
    if (event.type === "cart.remove") {
      return (
        snapshot.matches({ drawer: "open" }) &&
        snapshot.context.items.some((item) => item.uuid === (event as { uuid?: string }).uuid)
      );
    }
    if (snapshot.matches({ drawer: "open" })) {
      return ["cart.close", "cart.checkout"].includes(event.type);
    }
    // Another tab's cart arrives while nothing is being added (at most one line, to keep the graph small).
    if (event.type === "cart.synced") {
      return (
        flow(snapshot) === "idle" &&
        snapshot.matches({ drawer: "closed" }) &&
        snapshot.context.items.length <= 1
      );
    }
    // The cart button is behind any open dialog.
    if (event.type === "cart.open") return flow(snapshot) === "idle";
    if (event.type === "cart.add") {
      return (
        flow(snapshot) === "idle" &&
        snapshot.context.items.length <= 1 &&
        itemCount(snapshot.context.items) <= 3
      );
    }
    return true;
  },
  invariants: [
    {
      name: "the total quantity never exceeds max_cart_quantity",
      holds: (s) => itemCount(s.context.items) <= s.context.maxQuantity,
    },
    {
      name: "every quantity stays within 1..20",
      holds: (s) => s.context.items.every((item) => item.quantity >= 1 && item.quantity <= 20),
    },
    {
      name: "the cart never mixes physical and digital, organisations or fare cards",
      holds: (s) => {
        const [first, ...rest] = s.context.items;
        return rest.every(
          (item) =>
            (item.type === "PHYSICAL_PASS") === (first?.type === "PHYSICAL_PASS") &&
            item.orgUuidProduct === first?.orgUuidProduct &&
            item.faremediaId === first?.faremediaId,
        );
      },
    },
    {
      name: "an add waits for answers only in a dialog",
      holds: (s) =>
        s.context.pending === null ||
        ["confirmingAlert", "choosingRenewal", "confirmingConflict"].includes(flow(s)),
    },
  ],
  states: {
    drawer: () => {},
    "drawer.closed": (snapshot) => expect(snapshot.can({ type: "cart.open" })).toBe(true),
    "drawer.open": (snapshot) => expect(snapshot.can({ type: "cart.close" })).toBe(true),
    flow: () => {},
    "flow.idle": (snapshot) => {
      expect(snapshot.context.pending).toBeNull();
      expect(snapshot.context.refusal).toBeNull();
    },
    "flow.confirmingAlert": (snapshot) => expect(snapshot.context.pending?.item.alert_message).toBeTruthy(),
    "flow.choosingRenewal": (snapshot) => {
      expect(snapshot.context.pending?.item.subscription_allowed).toBe(true);
      expect(snapshot.context.pending?.item.faremediaId).not.toBeNull();
    },
    "flow.confirmingConflict": (snapshot) => {
      expect(snapshot.context.pending).not.toBeNull();
      expect(snapshot.can({ type: "cart.confirm" })).toBe(true);
    },
    "flow.limitReached": (snapshot) => {
      expect(snapshot.context.refusal).not.toBeNull();
      expect(snapshot.context.pending).toBeNull();
    },
    "flow.actionBlocked": (snapshot) => {
      expect(snapshot.context.pending).toBeNull();
      expect(snapshot.can({ type: "cart.dismiss" })).toBe(true);
      expect(snapshot.can({ type: "cart.continueAsGuest" })).toBe(false);
    },
    "flow.signInRequired": (snapshot) => {
      expect(snapshot.context.pending).toBeNull();
      expect(snapshot.can({ type: "cart.continueAsGuest" })).toBe(true);
    },
    sync: () => {},
    "sync.idle": (snapshot) => expect(snapshot.hasTag("busy")).toBe(false),
    "sync.refreshing": (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.context.items.length).toBeGreaterThan(0);
    },
  },
  journeys: [
    {
      name: "another tab emptied the cart: this tab holds nothing either, and writes nothing (issue 34)",
      input: 1,
      before: resetEffects,
      events: [{ type: "cart.synced", items: [] }],
      expected: { drawer: "closed", flow: "idle", sync: "idle" },
      ends: (snapshot) => {
        expect(snapshot.context.items).toEqual([]);
        expect(cartEffects).toEqual([]);
      },
    },
    {
      name: "another tab filled the cart: this tab shows the same lines (issue 34)",
      input: 0,
      events: [{ type: "cart.synced", items: [dayPass] }],
      expected: { drawer: "closed", flow: "idle", sync: "idle" },
      ends: (snapshot) =>
        expect(lines(snapshot)).toEqual([`${dayPass.uuid.slice(0, 8)}x${dayPass.quantity}`]),
    },
    {
      name: "the checkout's accepted prices become the cart's, and are stored",
      input: 1,
      events: [{ type: "cart.repriced", prices: { [dayPass.uuid]: 300, unknown: 5 } }],
      expected: { drawer: "closed", flow: "idle", sync: "idle" },
      ends: (snapshot) => {
        expect(snapshot.context.items.map((item) => [item.uuid, item.list_price, item.quantity])).toEqual([
          [dayPass.uuid, 300, dayPass.quantity],
        ]);
      },
    },
    {
      name: "adding opens the drawer with the item",
      events: [add(dayPass)],
      expected: { drawer: "open", flow: "idle", sync: "idle" },
    },
    {
      name: "an alert cancelled adds nothing",
      events: [add(airport), { type: "cart.cancel" }],
      expected: { drawer: "closed", flow: "idle", sync: "idle" },
    },
    {
      name: "an alert confirmed adds",
      events: [add(airport), { type: "cart.confirm" }],
      expected: { drawer: "open", flow: "idle", sync: "idle" },
    },
    {
      name: "a pass for a fare card asks one-time or auto-renew",
      events: [add(weekPass), { type: "cart.subscribe", autoRenew: true }],
      expected: { drawer: "open", flow: "idle", sync: "idle" },
    },
    {
      name: "a physical card into a digital cart asks to clear it",
      input: 1,
      events: [add(fareCard)],
      expected: { drawer: "closed", flow: "confirmingConflict", sync: "idle" },
    },
    {
      name: "'Yes, clear cart' empties it and adds",
      input: 1,
      events: [add(fareCard), { type: "cart.confirm" }],
      expected: { drawer: "open", flow: "idle", sync: "idle" },
    },
    {
      name: "a conflict cancelled keeps the cart",
      input: 1,
      events: [add(fareCard), { type: "cart.cancel" }],
      expected: { drawer: "closed", flow: "idle", sync: "idle" },
    },
    {
      name: "more than 20 tickets opens the order-limit dialog",
      input: 1,
      events: [add(crowd)],
      expected: { drawer: "closed", flow: "limitReached", sync: "idle" },
    },
    {
      name: "the limit dialog closes",
      input: 1,
      events: [add(crowd), { type: "cart.dismiss" }],
      expected: { drawer: "closed", flow: "idle", sync: "idle" },
    },
    {
      name: "a quantity over 20 is refused",
      input: 1,
      events: [{ type: "cart.setQuantity", uuid: dayPass.uuid, quantity: 21 }],
      expected: { drawer: "closed", flow: "limitReached", sync: "idle" },
    },
    {
      name: "buy now signed in goes to checkout",
      before: resetEffects,
      events: [signedIn, add(dayPass, { buyNow: true })],
      expected: { drawer: "closed", flow: "idle", sync: "idle" },
      ends: () => expect(cartEffects).toEqual(["goToCheckout /checkout"]),
    },
    {
      name: "buy now by an unconfirmed rider adds the item, shows Action Blocked and goes nowhere",
      before: resetEffects,
      events: [unconfirmed, add(dayPass, { buyNow: true })],
      expected: { drawer: "closed", flow: "actionBlocked", sync: "idle" },
      ends: (snapshot) => {
        expect(cartEffects).toEqual([]);
        expect(lines(snapshot)).toEqual(["a2000000x2"]);
      },
    },
    {
      name: "checkout from the drawer by an unconfirmed rider closes it on Action Blocked, no navigation",
      input: 1,
      before: resetEffects,
      events: [unconfirmed, { type: "cart.open" }, { type: "cart.checkout" }],
      expected: { drawer: "closed", flow: "actionBlocked", sync: "idle" },
      ends: () => expect(cartEffects).toEqual([]),
    },
    {
      name: "Action Blocked dismissed goes back to the cart",
      input: 1,
      events: [unconfirmed, { type: "cart.checkout" }, { type: "cart.dismiss" }],
      expected: { drawer: "closed", flow: "idle", sync: "idle" },
    },
    {
      name: "buy now as a visitor asks to sign in",
      events: [add(dayPass, { buyNow: true })],
      expected: { drawer: "closed", flow: "signInRequired", sync: "idle" },
    },
    {
      name: "buy now as a guest goes to the anonymous checkout",
      input: 2,
      before: resetEffects,
      events: [add(dayPass, { buyNow: true })],
      expected: { drawer: "closed", flow: "idle", sync: "idle" },
      ends: () => expect(cartEffects).toEqual(["goToCheckout /anonymous/checkout"]),
    },
    {
      name: "the sign-in dialog: continue as a guest",
      events: [add(dayPass, { buyNow: true }), { type: "cart.continueAsGuest" }],
      expected: { drawer: "closed", flow: "idle", sync: "idle" },
    },
    {
      name: "the sign-in dialog: signed in, the dialog closes (the session lands on /checkout itself)",
      before: resetEffects,
      events: [add(dayPass, { buyNow: true }), signedIn],
      expected: { drawer: "closed", flow: "idle", sync: "idle" },
      ends: (snapshot) => {
        expect(snapshot.context.signedIn).toBe(true);
        expect(cartEffects).toEqual(["rememberCheckout"]);
      },
    },
    {
      name: "the sign-in dialog stays while the session says the visitor is still signed out",
      events: [add(dayPass, { buyNow: true }), signedOut],
      expected: { drawer: "closed", flow: "signInRequired", sync: "idle" },
    },
    {
      name: "a rider who signed out checks out as a visitor again",
      input: 3,
      events: [signedOut, { type: "cart.open" }, { type: "cart.checkout" }],
      expected: { drawer: "closed", flow: "signInRequired", sync: "idle" },
    },
    {
      name: "a rider who confirmed their email is no longer blocked",
      input: 1,
      before: resetEffects,
      events: [unconfirmed, signedIn, { type: "cart.checkout" }],
      expected: { drawer: "closed", flow: "idle", sync: "idle" },
      ends: () => expect(cartEffects).toEqual(["goToCheckout /checkout"]),
    },
    {
      name: "signing in while a conflict is asked keeps the question; the add then goes to checkout",
      input: 1,
      before: resetEffects,
      events: [add(fareCard, { buyNow: true }), signedIn, { type: "cart.confirm" }],
      expected: { drawer: "closed", flow: "idle", sync: "idle" },
      ends: () => expect(cartEffects).toEqual(["goToCheckout /checkout"]),
    },
    {
      name: "checkout from the drawer as a visitor asks to sign in and closes the drawer",
      input: 1,
      events: [{ type: "cart.open" }, { type: "cart.checkout" }],
      expected: { drawer: "closed", flow: "signInRequired", sync: "idle" },
    },
    {
      name: "checkout from the drawer as a guest goes to the anonymous checkout",
      input: 2,
      events: [{ type: "cart.open" }, { type: "cart.checkout" }],
      expected: { drawer: "closed", flow: "idle", sync: "idle" },
    },
    {
      name: "checkout from the drawer signed in",
      input: 1,
      before: resetEffects,
      events: [signedIn, { type: "cart.open" }, { type: "cart.checkout" }],
      expected: { drawer: "closed", flow: "idle", sync: "idle" },
      ends: () => expect(cartEffects).toEqual(["goToCheckout /checkout"]),
    },
    {
      name: "a language change refreshes the cart, twice in a row asks again",
      input: 1,
      events: [
        { type: "cart.refresh" },
        { type: "cart.refresh" },
        { type: "xstate.done.actor.refreshProducts", output: refreshed },
      ],
      expected: { drawer: "closed", flow: "idle", sync: "idle" },
    },
    {
      name: "an alert is asked before anything else",
      events: [add(airport)],
      expected: { drawer: "closed", flow: "confirmingAlert", sync: "idle" },
    },
    {
      name: "an alert confirmed puts the product in the cart",
      events: [add(airport), { type: "cart.confirm" }],
      expected: { drawer: "open", flow: "idle", sync: "idle" },
      ends: (snapshot) => expect(lines(snapshot)).toEqual(["a4000000x1"]),
    },
    {
      name: "a pass for a fare card asks one-time or auto-renew before adding",
      events: [add(weekPass)],
      expected: { drawer: "closed", flow: "choosingRenewal", sync: "idle" },
    },
    {
      name: "auto-renew chosen puts the renewing pass in the cart",
      events: [add(weekPass), { type: "cart.subscribe", autoRenew: true }],
      expected: { drawer: "open", flow: "idle", sync: "idle" },
      ends: (snapshot) =>
        expect(snapshot.context.items.map((item) => [item.name, item.isSubscribed])).toEqual([
          ["7-Day Pass", true],
        ]),
    },
    {
      name: "the renewal question cancelled adds nothing and opens nothing",
      events: [add(weekPass), { type: "cart.cancel" }],
      expected: { drawer: "closed", flow: "idle", sync: "idle" },
      ends: (snapshot) => expect(lines(snapshot)).toEqual([]),
    },
    {
      name: "a pass for another fare card: renewal, then 'Yes, clear cart' leaves only the new pass",
      input: 1,
      events: [add(weekPass), { type: "cart.subscribe", autoRenew: false }, { type: "cart.confirm" }],
      expected: { drawer: "open", flow: "idle", sync: "idle" },
      ends: (snapshot) => expect(lines(snapshot)).toEqual(["a2000000x1"]),
    },
    {
      name: "a conflict is asked once, after the alert",
      input: 1,
      events: [add(passCard), { type: "cart.confirm" }, { type: "cart.confirm" }],
      expected: { drawer: "open", flow: "idle", sync: "idle" },
      ends: (snapshot) => expect(lines(snapshot)).toEqual(["a1000000x1"]),
    },
    {
      name: "the sign-in question dismissed goes back, the item still in the cart",
      events: [add(dayPass, { buyNow: true }), { type: "cart.dismiss" }],
      expected: { drawer: "closed", flow: "idle", sync: "idle" },
      ends: (snapshot) => expect(lines(snapshot)).toEqual(["a2000000x2"]),
    },
    {
      name: "removing a line keeps the drawer open",
      input: 1,
      events: [{ type: "cart.open" }, { type: "cart.remove", uuid: dayPass.uuid }],
      expected: { drawer: "open", flow: "idle", sync: "idle" },
      ends: (snapshot) => expect(lines(snapshot)).toEqual([]),
    },
    {
      name: "a quantity that fits changes the line and nothing else",
      input: 1,
      events: [{ type: "cart.setQuantity", uuid: dayPass.uuid, quantity: 5 }],
      expected: { drawer: "closed", flow: "idle", sync: "idle" },
      ends: (snapshot) => expect(lines(snapshot)).toEqual(["a2000000x5"]),
    },
    {
      name: "leaving the products page changes nothing in the cart and remembers its product mode",
      input: 1,
      before: resetEffects,
      events: [{ type: "cart.leftProducts" }],
      expected: { drawer: "closed", flow: "idle", sync: "idle" },
      ends: (snapshot) => {
        expect(lines(snapshot)).toEqual(["a2000000x2"]);
        expect(cartEffects).toEqual(["storeProductMode"]);
        // A day pass bought for no card: digital, and "Continue shopping" goes to every product.
        expect([snapshot.context.mode, selectShoppingPath(snapshot)]).toEqual(["digital", "/products"]);
      },
    },
    {
      name: "leaving the products page with an empty cart remembers digital (spec section 4)",
      before: resetEffects,
      events: [{ type: "cart.leftProducts" }],
      expected: { drawer: "closed", flow: "idle", sync: "idle" },
      ends: (snapshot) => {
        expect(cartEffects).toEqual(["storeProductMode"]);
        expect(snapshot.context.mode).toBe("digital");
      },
    },
    {
      name: "a physical card in the cart makes the mode physical; Continue shopping goes back to the cards",
      before: resetEffects,
      events: [events["cart.add"][3], { type: "cart.leftProducts" }],
      expected: { drawer: "open", flow: "idle", sync: "idle" },
      ends: (snapshot) => {
        expect(cartEffects).toContain("storeProductMode");
        expect([snapshot.context.mode, selectShoppingPath(snapshot)]).toEqual(["physical", "/physical"]);
      },
    },
    {
      name: "a pass for a fare card makes the mode digital; Continue shopping goes back to that card's passes",
      events: [events["cart.add"][2], events["cart.subscribe"][1], { type: "cart.leftProducts" }],
      expected: { drawer: "open", flow: "idle", sync: "idle" },
      ends: (snapshot) =>
        expect([snapshot.context.mode, selectShoppingPath(snapshot)]).toEqual([
          "digital",
          "/products/null/digital",
        ]),
    },
    {
      name: "clearing the cart forgets its mode with it",
      events: [events["cart.add"][3], { type: "cart.leftProducts" }, { type: "cart.clear" }],
      expected: { drawer: "open", flow: "idle", sync: "idle" },
      ends: (snapshot) => expect(snapshot.context.mode).toBeNull(),
    },
    {
      name: "a failed refresh keeps the cart",
      input: 1,
      events: [{ type: "cart.refresh" }, events["xstate.error.actor.refreshProducts"][0]],
      expected: { drawer: "closed", flow: "idle", sync: "idle" },
    },
  ],
});
