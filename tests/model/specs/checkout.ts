import { expect } from "vitest";
import { assign } from "xstate";
import {
  asksDestination,
  type CheckoutChoices,
  cartSignature,
  choicesOf,
  orderBody,
  problemOf,
  purseShortfall,
  quoteBody,
} from "../../../src/domain/checkout/draft.ts";
import type { PlacedOrder } from "../../../src/domain/checkout/order.ts";
import type { QuoteLine, QuoteReply, ShippingMethodOption } from "../../../src/domain/checkout/quote.ts";
import type { AddressInput } from "../../../src/domain/payments/address.ts";
import {
  type CheckoutContext,
  type CheckoutInput,
  checkoutMachine,
  type Quote,
  selectLegAmounts,
} from "../../../src/machines/checkout.machine.ts";
import { cartItem } from "../../support/fixtures.ts";
import { languageNeverChanges } from "../../support/language.ts";
import { defineModel, type EventSamples } from "../harness.ts";
import { home, park } from "./addresses.ts";
import { bank, now, strangerId, visa } from "./paymentMethods.ts";

type ActorEvents =
  | "xstate.done.actor.prepareCheckout"
  | "xstate.error.actor.prepareCheckout"
  | "xstate.done.actor.quote"
  | "xstate.error.actor.quote"
  | "xstate.done.actor.cardEntry"
  | "xstate.done.actor.placeOrder"
  | "xstate.error.actor.placeOrder"
  | "xstate.done.actor.waitBeforeRetry"
  | "xstate.done.actor.findCard"
  | "xstate.error.actor.findCard"
  | "xstate.done.actor.loadAddressBook";

const fareCardId = "f1000000-0000-4000-8000-000000000001";
/** Two day passes for the rider's fare card. */
export const dayPasses = cartItem({ quantity: 2, faremediaId: fareCardId });
/** A pass that renews itself: no purse may pay for it. */
const renewing = cartItem({
  uuid: "a2000000-0000-4000-8000-000000000002",
  name: "7-Day Pass",
  list_price: 2_500,
  quantity: 1,
  subscription_allowed: true,
  isSubscribed: true,
  faremediaId: fareCardId,
});
/** Day passes from /products, for no card yet: checkout asks where they go (issue 34). */
const loosePasses = cartItem({ quantity: 2, faremediaId: null });
const commuteCardId = "f1000000-0000-4000-8000-000000000002";
const seniorCardId = "f1000000-0000-4000-8000-000000000003";
/** A physical card a guest has shipped. */
export const plasticCard = cartItem({
  uuid: "a1000000-0000-4000-8000-000000000001",
  name: "Metro Fare Card",
  type: "PHYSICAL_PASS",
  list_price: 500,
  quantity: 1,
  shipping_enabled: true,
});

const line = (item: typeof dayPasses, fields: Partial<QuoteLine> = {}): QuoteLine => ({
  product: item.uuid,
  name: item.name,
  sub_type: item.type,
  shipping_enabled: item.shipping_enabled,
  organization: item.orgUuidProduct,
  quantity: item.quantity,
  unit_price: item.list_price,
  line_total: item.list_price * item.quantity,
  price_changed: false,
  promo_eligible: false,
  discount: 0,
  ...fields,
});
const reply = (lines: QuoteLine[], fields: Partial<QuoteReply> = {}): QuoteReply => {
  const subtotal = lines.reduce((sum, entry) => sum + entry.line_total, 0);
  return {
    currency: "USD",
    lines,
    subtotal,
    shipping: 0,
    discount: 0,
    total: subtotal,
    prices_changed: false,
    promo: null,
    shipping_required: false,
    shipping_method: null,
    shipping_methods: [],
    // The fare card holds $25.00 of general funds and the wallet $15.00.
    purses: { stored_value: 2500, wallet: 1500 },
    destinations: null,
    ...fields,
  };
};

/** The rider's loose passes: their adult card takes them, their senior card does not, or the account. */
const destinationQuote: Quote = {
  reply: reply([line(loosePasses)], {
    destinations: {
      account: true,
      cards: [
        { id: commuteCardId, nickname: "Commute", card_number: "•••• 0002", eligible: true },
        { id: seniorCardId, nickname: "Gran's", card_number: "•••• 0003", eligible: false },
      ],
    },
  }),
  problems: [],
};
/** A guest's loose passes before they name a card, and once they have. */
const guestPassQuote: Quote = {
  reply: reply([line(loosePasses)], { purses: null, destinations: { account: false, cards: [] } }),
  problems: [],
};
const guestCardQuote: Quote = {
  reply: reply([line(loosePasses)], {
    purses: null,
    destinations: {
      account: false,
      cards: [{ id: commuteCardId, nickname: "Card", card_number: "•••• 0002", eligible: true }],
    },
  }),
  problems: [],
};

const standard: ShippingMethodOption = {
  code: "standard",
  name: "Standard mail",
  price: 0,
  currency: "USD",
};
export const priority: ShippingMethodOption = {
  code: "priority",
  name: "Priority mail",
  price: 750,
  currency: "USD",
};

/** The rider's two day passes: $10.00. */
export const riderQuote: Quote = { reply: reply([line(dayPasses)]), problems: [] };
/** WELCOME10 takes $1.00 off. */
export const promoQuote: Quote = {
  reply: reply([line(dayPasses, { promo_eligible: true, discount: 100 })], {
    discount: 100,
    total: 900,
    promo: { code: "WELCOME10", discount: 100 },
  }),
  problems: [],
};
const promoRefusedQuote: Quote = {
  reply: riderQuote.reply,
  problems: [{ code: 42206, message: "The promotional code you entered is not valid.", field: "promo_code" }],
};
/** The day pass went from $5.00 to $5.50. */
const changedQuote: Quote = {
  reply: reply([line(dayPasses, { unit_price: 550, line_total: 1100, price_changed: true })], {
    prices_changed: true,
  }),
  problems: [],
};
const renewingQuote: Quote = { reply: reply([line(renewing)]), problems: [] };
/** The rider's day passes while the fare card and the wallet hold nothing. */
const emptyPursesQuote: Quote = {
  reply: reply([line(dayPasses)], { purses: { stored_value: 0, wallet: 0 } }),
  problems: [],
};
/** A guest's card: shipping is needed, priced once a method is chosen. */
export const guestQuote: Quote = {
  reply: reply([line(plasticCard)], { shipping_required: true, shipping_methods: [standard, priority] }),
  problems: [],
};
export const shippedQuote: Quote = {
  reply: reply([line(plasticCard)], {
    shipping_required: true,
    shipping_methods: [standard, priority],
    shipping_method: priority,
    shipping: 750,
    total: 1250,
  }),
  problems: [],
};
const shippingRefusedQuote: Quote = {
  reply: guestQuote.reply,
  problems: [{ code: 42207, message: "Shipping method not available", field: "shipping_method" }],
};

export const guestAddress: AddressInput = {
  firstName: "Gia",
  lastName: "Guest",
  address_1: "1 Market St",
  address_2: null,
  country: "US",
  state: "CA",
  city: "San Francisco",
  zipCode: "94105",
  email: null,
};

const placed = (guest: boolean): PlacedOrder => ({
  id: "0d000000-0000-4000-8000-000000000001",
  number: "TP-00000001",
  created_at: "2026-11-23T12:00:00.000Z",
  status: "paid",
  kind: guest ? "physical" : "digital",
  currency: "USD",
  total: 1000,
  item_count: 2,
  lines: [{ name: "Day Pass", quantity: 2 }],
  card_number: null,
  items: [],
  payments: [],
  entries: [],
  subtotal: 1000,
  shipping: 0,
  discount: 0,
  promo_code: null,
  shipping_method: null,
  shipping_address: null,
  email: "rider@example.com",
  fare_medium: null,
  guest_link: guest ? "link-token" : null,
});

const restoredChoices: CheckoutChoices = {
  cart: cartSignature([dayPasses]),
  promo: "WELCOME10",
  addressId: null,
  country: null,
  shippingMethod: null,
  split: true,
  legs: [
    { kind: "saved", id: visa.id },
    { kind: "saved", id: bank.id },
  ],
  firstAmount: "4.00",
  idempotencyKey: "key-before-sign-in",
};

/** The guest's own copy of the plastic card, for the reloaded guest checkout. */
const reloadedPlastic = { ...plasticCard };
/** A guest's choices before a reload: promo, shipping, receipt email and address, never a card. */
const guestRestored: CheckoutChoices = {
  cart: cartSignature([reloadedPlastic]),
  promo: null,
  addressId: null,
  country: null,
  shippingMethod: "standard",
  split: false,
  legs: [null, null],
  firstAmount: "",
  idempotencyKey: null,
  email: "gia@example.com",
  emailConfirm: "gia@example.com",
  guestAddress,
};

/** The restored walk's own copy of the cart line, so the walk can tell it apart. */
const restoredItem = { ...dayPasses };
/** The guest's own copy of the loose passes. */
const guestPasses = { ...loosePasses };
const base = { splitAllowed: true, promoAllowed: true, now, restored: null };
export const inputs: CheckoutInput[] = [
  { ...base, guest: false, items: [dayPasses] },
  { ...base, guest: true, items: [plasticCard] },
  { ...base, guest: false, items: [restoredItem], restored: restoredChoices },
  { ...base, guest: false, items: [renewing] },
  { ...base, guest: false, items: [plasticCard] },
  { ...base, guest: false, items: [loosePasses] },
  { ...base, guest: true, items: [guestPasses] },
  { ...base, guest: true, items: [reloadedPlastic], restored: guestRestored },
];

const declined = {
  code: 42203,
  message: "Your card has insufficient funds.",
  errors: [
    {
      code: 42203,
      message: "Your card has insufficient funds.",
      field: "payments/1",
      reason: "insufficient_funds",
    },
  ],
};

const events = {
  "destination.choose": [
    { type: "destination.choose", destination: { kind: "card", id: commuteCardId } },
    // Listed, but its rider type cannot hold the passes.
    { type: "destination.choose", destination: { kind: "card", id: seniorCardId } },
    { type: "destination.choose", destination: { kind: "account" } },
    // Not a card the quote lists: nothing happens.
    { type: "destination.choose", destination: { kind: "card", id: strangerId } },
  ],
  "destination.findCard": [
    { type: "destination.findCard", cardNumber: "6000 0000 0000 0002", securityCode: "123" },
  ],
  "destination.clear": [{ type: "destination.clear" }],
  "xstate.done.actor.findCard": [
    { type: "xstate.done.actor.findCard", output: { token: "card-token-1", cardNumber: "•••• 0002" } },
  ],
  "xstate.error.actor.findCard": [
    {
      type: "xstate.error.actor.findCard",
      error: {
        code: 42214,
        message: "The card number and security code do not match a card. Check them and try again.",
      },
    },
  ],
  "checkout.retry": [{ type: "checkout.retry" }],
  "checkout.acceptPrices": [{ type: "checkout.acceptPrices" }],
  "shipping.chooseAddress": [
    { type: "shipping.chooseAddress", id: home.id },
    { type: "shipping.chooseAddress", id: strangerId },
  ],
  // What the address book tells: a rider's new address saved to the account, a guest's kept.
  "shipping.addressSaved": [
    { type: "shipping.addressSaved", address: park },
    {
      type: "shipping.addressSaved",
      address: {
        ...guestAddress,
        id: "guest-address",
        isDefault: false,
        created_at: "2026-11-23T12:00:00.000Z",
      },
    },
  ],
  "shipping.chooseMethod": [
    { type: "shipping.chooseMethod", code: "priority" },
    // Not one the quote offers: nothing is asked.
    { type: "shipping.chooseMethod", code: "teleport" },
  ],
  "promo.change": [{ type: "promo.change", value: "welcome10" }],
  "promo.apply": [{ type: "promo.apply" }],
  "promo.remove": [{ type: "promo.remove" }],
  "payment.split": [
    { type: "payment.split", on: true },
    { type: "payment.split", on: false },
  ],
  "payment.choose": [
    { type: "payment.choose", leg: 0, choice: { kind: "saved", id: visa.id } },
    { type: "payment.choose", leg: 1, choice: { kind: "saved", id: bank.id } },
    { type: "payment.choose", leg: 1, choice: { kind: "saved", id: visa.id } },
    { type: "payment.choose", leg: 0, choice: { kind: "wallet" } },
    { type: "payment.choose", leg: 0, choice: { kind: "saved", id: strangerId } },
  ],
  "payment.amount": [
    { type: "payment.amount", value: "4.00" },
    { type: "payment.amount", value: "10.00" },
  ],
  "payment.newCard": [
    { type: "payment.newCard", leg: 0 },
    { type: "payment.newCard", leg: 1 },
  ],
  "card.cancel": [{ type: "card.cancel" }],
  "receipt.email": [{ type: "receipt.email", value: "gia@example.com" }],
  "receipt.confirm": [
    { type: "receipt.confirm", value: "gia@example.com" },
    { type: "receipt.confirm", value: "gia@example.org" },
  ],
  "checkout.review": [{ type: "checkout.review" }],
  "checkout.relabel": [{ type: "checkout.relabel" }],
  "checkout.edit": [{ type: "checkout.edit" }],
  "checkout.place": [{ type: "checkout.place" }],
  "xstate.done.actor.prepareCheckout": [
    {
      type: "xstate.done.actor.prepareCheckout",
      output: { quote: riderQuote, addresses: [home], methods: [visa, bank] },
    },
    {
      type: "xstate.done.actor.prepareCheckout",
      output: { quote: changedQuote, addresses: [home], methods: [visa, bank] },
    },
    { type: "xstate.done.actor.prepareCheckout", output: { quote: guestQuote, addresses: [], methods: [] } },
    {
      type: "xstate.done.actor.prepareCheckout",
      output: { quote: promoQuote, addresses: [home], methods: [visa, bank] },
    },
    {
      type: "xstate.done.actor.prepareCheckout",
      output: { quote: renewingQuote, addresses: [], methods: [visa] },
    },
    {
      type: "xstate.done.actor.prepareCheckout",
      output: { quote: guestQuote, addresses: [home], methods: [visa] },
    },
    // A rider whose saved address is not the default: nothing is chosen for them.
    {
      type: "xstate.done.actor.prepareCheckout",
      output: { quote: guestQuote, addresses: [{ ...home, isDefault: false }], methods: [visa] },
    },
    {
      type: "xstate.done.actor.prepareCheckout",
      output: { quote: destinationQuote, addresses: [], methods: [visa] },
    },
    {
      type: "xstate.done.actor.prepareCheckout",
      output: { quote: guestPassQuote, addresses: [], methods: [] },
    },
  ],
  "xstate.error.actor.prepareCheckout": [
    { type: "xstate.error.actor.prepareCheckout", error: { code: 50301, message: "Network Error" } },
    {
      type: "xstate.error.actor.prepareCheckout",
      error: { code: 42208, message: "This product is no longer available." },
    },
    {
      type: "xstate.error.actor.prepareCheckout",
      error: { code: 50020, message: "Session is no longer valid" },
    },
  ],
  "xstate.done.actor.quote": [
    { type: "xstate.done.actor.quote", output: promoQuote },
    { type: "xstate.done.actor.quote", output: promoRefusedQuote },
    { type: "xstate.done.actor.quote", output: riderQuote },
    { type: "xstate.done.actor.quote", output: changedQuote },
    { type: "xstate.done.actor.quote", output: shippedQuote },
    { type: "xstate.done.actor.quote", output: shippingRefusedQuote },
    { type: "xstate.done.actor.quote", output: destinationQuote },
    { type: "xstate.done.actor.quote", output: guestPassQuote },
    { type: "xstate.done.actor.quote", output: guestCardQuote },
  ],
  "xstate.error.actor.quote": [
    { type: "xstate.error.actor.quote", error: { code: 50301, message: "Network Error" } },
    { type: "xstate.error.actor.quote", error: { code: 50020, message: "Session is no longer valid" } },
  ],
  // The card form's own machine (its model: specs/cardEntry.ts) ends with the gateway's token, or
  // without one when its checks could not be downloaded.
  "xstate.done.actor.cardEntry": [
    { type: "xstate.done.actor.cardEntry", output: { token: "tok_4242", brand: "visa", last4: "4242" } },
    { type: "xstate.done.actor.cardEntry", output: null },
  ],
  "xstate.done.actor.placeOrder": [
    { type: "xstate.done.actor.placeOrder", output: placed(false) },
    { type: "xstate.done.actor.placeOrder", output: placed(true) },
  ],
  "xstate.error.actor.placeOrder": [
    { type: "xstate.error.actor.placeOrder", error: declined },
    { type: "xstate.error.actor.placeOrder", error: { code: 50301, message: "Network Error" } },
    {
      type: "xstate.error.actor.placeOrder",
      error: { code: 40902, message: "This order is still being placed.", retryAfter: 2 },
    },
    {
      type: "xstate.error.actor.placeOrder",
      error: {
        code: 42212,
        message: "The price changed.",
        errors: [{ code: 42212, message: "The price changed.", field: "expected_total" }],
      },
    },
    { type: "xstate.error.actor.placeOrder", error: { code: 50020, message: "Session is no longer valid" } },
    {
      type: "xstate.error.actor.placeOrder",
      error: {
        code: 42213,
        message: "This payment method is blocked.",
        errors: [{ code: 42213, message: "This payment method is blocked.", field: "payments/0" }],
      },
    },
    // Another tab placed this cart's order first (the actor found it before sending anything).
    {
      type: "xstate.error.actor.placeOrder",
      error: {
        placedElsewhere: {
          number: "TP-00000009",
          path: "/ordersummary/0d000000-0000-4000-8000-000000000009",
        },
      },
    },
  ],
  "xstate.done.actor.waitBeforeRetry": [{ type: "xstate.done.actor.waitBeforeRetry", output: undefined }],
  // The address book downloaded: none for a cart that ships nothing (a shipping one's book is the
  // environment here: what it saves comes as shipping.addressSaved).
  "xstate.done.actor.loadAddressBook": [{ type: "xstate.done.actor.loadAddressBook", output: null }],
} satisfies EventSamples<typeof checkoutMachine, ActorEvents>;

/** The address book's two saves: a rider's ([0]) and a guest's ([1]). */
const saved = events["shipping.addressSaved"];

/** The effects a walk records: what was stored, where the rider was sent, what the cart was told. */
const checkoutEffects: string[] = [];

export const recording = checkoutMachine.provide({
  // Its language switches are walked as `checkout.relabel` events (language-changes.wiring.test.ts).
  actors: { languageChanges: languageNeverChanges },
  actions: {
    rememberChoices: () => void checkoutEffects.push("rememberChoices"),
    forgetChoices: () => void checkoutEffects.push("forgetChoices"),
    repriceCart: (_, prices) => void checkoutEffects.push(`repriceCart ${JSON.stringify(prices)}`),
    clearCart: () => void checkoutEffects.push("clearCart"),
    goToOrder: (_, order) => void checkoutEffects.push(`goToOrder ${order.id} ${order.guest_link ?? ""}`),
    announcePlaced: (_, placed) =>
      void checkoutEffects.push(`announcePlaced ${placed.cart} ${placed.order.number}`),
    settleKey: (_, { key, answered }) => void checkoutEffects.push(`settleKey ${key} ${answered}`),
    assignKey: assign(({ context }: { context: CheckoutContext }) =>
      context.idempotencyKey !== null
        ? {}
        : { idempotencyKey: `key-${context.keys + 1}`, keys: context.keys + 1 },
    ),
  },
});

const reset = () => void checkoutEffects.splice(0);
const relabel = events["checkout.relabel"][0];
/** The rider's quote again, its names in Spanish. */
const relabelled = {
  type: "xstate.done.actor.quote",
  output: {
    ...riderQuote,
    reply: {
      ...riderQuote.reply,
      lines: riderQuote.reply.lines.map((one) => ({ ...one, name: "Pase de un día" })),
    },
  },
};
/** The changed price again, its names in Spanish. */
const changedInSpanish = {
  type: "xstate.done.actor.quote",
  output: {
    ...changedQuote,
    reply: {
      ...changedQuote.reply,
      lines: changedQuote.reply.lines.map((one) => ({ ...one, name: "Pase de un día" })),
    },
  },
};
const done = events["xstate.done.actor.prepareCheckout"];
const quoted = events["xstate.done.actor.quote"];
const failed = events["xstate.error.actor.placeOrder"];
const choose = events["payment.choose"];
const review = events["checkout.review"][0];
const [tokenized, entryLost] = events["xstate.done.actor.cardEntry"];
const place = events["checkout.place"][0];

/** Which prepared answer fits each input. */
function fitsInput(context: CheckoutContext, output: unknown): boolean {
  const prepared = output as { quote: Quote; addresses: unknown[] };
  if (context.items[0] === guestPasses) return prepared.quote === guestPassQuote;
  if (context.items[0] === loosePasses) return prepared.quote === destinationQuote;
  if (context.guest) return prepared.quote === guestQuote && prepared.addresses.length === 0;
  if (context.items[0]?.shipping_enabled)
    return prepared.quote === guestQuote && prepared.addresses.length > 0;
  if (context.items.some((item) => item.isSubscribed)) return prepared.quote === renewingQuote;
  if (context.promo !== null) return prepared.quote === promoQuote;
  return prepared.quote === riderQuote || prepared.quote === changedQuote;
}

/** Which quote answers each kind of change (the rider's promo, the guest's shipping). */
function fitsQuote(context: CheckoutContext, output: unknown): boolean {
  if (context.items[0] === guestPasses)
    return output === (context.destination === null ? guestPassQuote : guestCardQuote);
  if (context.items[0] === loosePasses) return output === destinationQuote;
  if (context.guest || context.items[0]?.shipping_enabled) {
    return [shippedQuote, shippingRefusedQuote, guestQuote].includes(output as Quote);
  }
  if (context.promo !== null) return output === promoQuote || output === promoRefusedQuote;
  return output === riderQuote || output === changedQuote;
}

/** What each input's walk is about: a fresh rider, the guest, a split restored after sign-in, a renewing pass. */
function roleOf(
  context: CheckoutContext,
): "fresh" | "guest" | "split" | "renewing" | "shipping" | "destination" | "guestPass" {
  if (context.items[0] === guestPasses) return "guestPass";
  if (context.items[0] === loosePasses) return "destination";
  if (context.guest) return "guest";
  if (context.items[0]?.shipping_enabled) return "shipping";
  if (context.items.some((item) => item.isSubscribed)) return "renewing";
  return context.items[0] === restoredItem ? "split" : "fresh";
}

export const checkoutModel = defineModel({
  name: "checkout",
  machine: recording,
  inputs,
  deferred: [
    "prepareCheckout",
    "quote",
    "cardEntry",
    "findCard",
    "placeOrder",
    "waitBeforeRetry",
    "loadAddressBook",
  ],
  events,
  pathKinds: ["shortest", "edge"],
  serialize: (snapshot) => {
    const { context } = snapshot;
    return JSON.stringify([
      snapshot.value,
      context.quote?.total ?? null,
      context.changed.length,
      context.promoText !== "",
      context.promo,
      context.promoRefused,
      context.addressId,
      context.guestAddress !== null,
      context.shippingMethod,
      context.shippingRefused,
      context.split,
      context.legs.map((leg) => (leg === null ? null : leg.kind === "saved" ? leg.id.slice(-1) : leg.kind)),
      context.firstAmount,
      context.email !== "",
      context.emailConfirm,
      context.cardLeg,
      context.problem,
      context.failure?.code ?? null,
      context.idempotencyKey !== null,
      context.order?.id ?? null,
      context.destination === null
        ? null
        : context.destination.kind === "card"
          ? context.destination.id.slice(-1)
          : context.destination.kind,
      context.destinationFailure,
    ]);
  },
  // One way through each form keeps the graph small: the rider applies the promo before paying, splits
  // before choosing the second leg and types its amount last; the guest gives the address, the method,
  // the email, then the card. Journeys try the other orders.
  filterEvents: (snapshot, event) => {
    // The book's answer changes nothing the walk sees (a journey takes it).
    if (event.type === "xstate.done.actor.loadAddressBook") return false;
    const { context } = snapshot;
    const type = event.type;
    const output = (event as { output?: unknown }).output;
    if (type === "xstate.done.actor.prepareCheckout") return fitsInput(context, output);
    if (type === "xstate.done.actor.quote") return fitsQuote(context, output);
    if (type === "xstate.done.actor.placeOrder")
      return ((output as PlacedOrder).guest_link !== null) === context.guest;
    const role = roleOf(context);
    if (type === "xstate.error.actor.placeOrder") {
      // A declined second leg needs a second leg; the split walk is about the split only.
      return role === "split" ? event === failed[0] && context.split : event !== failed[0];
    }
    // After a refusal the walk goes straight back to review (journeys choose again).
    if (context.failure !== null && snapshot.matches({ details: "idle" })) {
      return type === "checkout.review" || (role === "split" && event === choose[1]);
    }
    // Typing while a request is in flight is kept (journeys pin it); the graph types only in idle, as
    // the browser replay does (e2e/models/checkout-replay.ts holds one request at a time).
    const typing = ["promo.change", "payment.amount", "receipt.email", "receipt.confirm"];
    if (typing.includes(type) && !snapshot.matches({ details: "idle" })) return false;
    // A language switch is walked by journeys (the browser replay keeps one language).
    if (type === "checkout.relabel") return false;
    if (type === "checkout.review" || type === "checkout.edit" || type.startsWith("xstate.")) return true;
    if (type === "checkout.retry" || type === "checkout.acceptPrices") return true;
    if (type.startsWith("card.")) return true;
    const idle = context.legs[0]?.kind === "saved" && context.legs[0].id === visa.id;
    const chooseDestination = events["destination.choose"];
    switch (role) {
      case "destination":
        // Every choice from none (the senior card and a stranger's are not taken), then the account
        // from the adult card; then on to pay.
        if (type === "destination.choose")
          return (
            context.destination === null ||
            (context.destination.kind === "card" && event === chooseDestination[2])
          );
        return type === "checkout.place";
      case "guestPass":
        if (type === "destination.findCard") return context.destination === null;
        if (type === "destination.clear") return context.destination !== null && context.email === "";
        if (type === "receipt.email") return context.destination !== null && context.email === "";
        if (type === "receipt.confirm") return context.email !== "" && context.emailConfirm === "";
        if (type === "payment.newCard") return context.emailConfirm !== "" && context.legs[0] === null;
        return type === "checkout.place";
      case "guest":
        if (type === "shipping.addressSaved") return event === saved[1] && context.guestAddress === null;
        if (type === "shipping.chooseMethod")
          return context.guestAddress !== null && context.shippingMethod === null;
        if (type === "receipt.email") return context.shippingMethod !== null && context.email === "";
        if (type === "receipt.confirm") return context.email !== "" && context.emailConfirm === "";
        if (type === "payment.newCard") return context.emailConfirm !== "" && context.legs[0] === null;
        return type === "checkout.place";
      case "shipping":
        if (type === "shipping.chooseAddress" || (type === "shipping.addressSaved" && event === saved[0]))
          return context.addressId === null;
        if (type === "shipping.chooseMethod")
          return context.addressId !== null && context.shippingMethod === null;
        return type === "checkout.place";
      case "renewing":
        return type === "payment.choose" && (event === choose[0] || event === choose[3]);
      case "split":
        if (type === "payment.split")
          return (event as { on?: boolean }).on === false && context.firstAmount === "4.00";
        if (type === "payment.choose") {
          return (
            (event === choose[2] && context.legs[1]?.kind === "saved" && context.legs[1].id === bank.id) ||
            (event === choose[1] && context.legs[1] === null)
          );
        }
        if (type === "payment.amount")
          return (
            context.firstAmount === "4.00" &&
            context.legs[1] !== null &&
            event === events["payment.amount"][1]
          );
        return type === "checkout.place";
      default:
        if (type === "promo.change") return context.promoText === "" && idle;
        if (type === "promo.apply") return context.promo === null && !context.promoRefused;
        if (type === "promo.remove") return context.promo !== null;
        if (type === "payment.choose")
          return (
            context.promoText === "" && (event === choose[0] || event === choose[3] || event === choose[4])
          );
        if (type === "payment.newCard")
          return context.promoText === "" && idle && event === events["payment.newCard"][0];
        return type === "checkout.place";
    }
  },
  invariants: [
    {
      name: "a total priced for other choices than the rider's is never reviewed nor placed",
      holds: (s) => !(s.matches("review") || s.matches("placing")) || !s.context.stale,
    },
    {
      name: "an order is placed only with legs that are positive and sum to the total",
      holds: (s) => {
        if (!s.matches("placing")) return true;
        const amounts = selectLegAmounts(s);
        return (
          amounts.length > 0 &&
          amounts.every((amount) => Number.isSafeInteger(amount) && amount > 0) &&
          amounts.reduce((sum, amount) => sum + amount, 0) === s.context.quote?.total
        );
      },
    },
    {
      name: "nothing is reviewed or placed without a key, or with a problem the checkout can see",
      holds: (s) =>
        !(s.matches("review") || s.matches("placing")) ||
        (s.context.idempotencyKey !== null && problemOf(s.context) === null),
    },
    {
      name: "a guest pays with one-time cards only, in one leg",
      holds: (s) =>
        !s.context.guest ||
        (!s.context.split && s.context.legs.every((leg) => leg === null || leg.kind === "card")),
    },
    {
      name: "the card form (its cardEntry child) runs only while it is open, so a number lives no longer",
      holds: (s) => s.matches({ details: "card" }) === (s.children.cardEntry !== undefined),
    },
    {
      name: "passes the cart names no card for are reviewed and placed only with a place to go",
      holds: (s) => {
        if (!(s.matches("review") || s.matches("placing")) || !asksDestination(s.context)) return true;
        const body = orderBody(s.context, "key").body;
        return s.context.guest
          ? "card_token" in body && typeof body.card_token === "string"
          : ("fare_medium" in body && body.fare_medium !== null) ||
              ("pass_destination" in body && body.pass_destination === "account");
      },
    },
    {
      name: "a split never pays twice with the same method",
      holds: (s) =>
        !(s.matches("review") || s.matches("placing")) ||
        !s.context.split ||
        JSON.stringify(s.context.legs[0]) !== JSON.stringify(s.context.legs[1]),
    },
  ],
  states: {
    revalidating: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.prepareCheckout).toBeDefined();
    },
    unavailable: (snapshot) => {
      expect(snapshot.context.failure?.code).toBe(50301);
      expect(snapshot.can({ type: "checkout.retry" })).toBe(true);
    },
    refused: (snapshot) => {
      expect(snapshot.context.failure?.code).toBe(42208);
      expect(snapshot.can({ type: "checkout.retry" })).toBe(false);
    },
    priceChanged: (snapshot) => {
      expect(snapshot.context.changed.length).toBeGreaterThan(0);
      expect(snapshot.hasTag("busy")).toBe(false);
    },
    "priceChanged.shown": (snapshot) => {
      expect(snapshot.context.changed.length).toBeGreaterThan(0);
      expect(snapshot.can({ type: "checkout.acceptPrices" })).toBe(true);
      expect(snapshot.children.quote).toBeUndefined();
    },
    // The question stays up, with Accept, while the changed lines' names come again.
    "priceChanged.relabelling": (snapshot) => {
      expect(snapshot.context.changed.length).toBeGreaterThan(0);
      expect(snapshot.can({ type: "checkout.acceptPrices" })).toBe(true);
      expect(snapshot.children.quote).toBeDefined();
    },
    details: (snapshot) => {
      expect(snapshot.context.quote).not.toBeNull();
      expect(snapshot.context.order).toBeNull();
    },
    "details.idle": (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(snapshot.can({ type: "checkout.review" })).toBe(true);
      expect(snapshot.context.changed).toEqual([]);
    },
    "details.quoting": (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.quote).toBeDefined();
      expect(snapshot.context.idempotencyKey).toBeNull();
    },
    "details.card": (snapshot) => {
      expect(snapshot.can({ type: "card.cancel" })).toBe(true);
      expect(snapshot.hasTag("busy")).toBe(false);
      // A stand-in here (the form's own model walks the machine): what it was started with.
      const entry = snapshot.children.cardEntry?.getSnapshot() as { input?: unknown } | undefined;
      expect(entry?.input).toEqual({ now: snapshot.context.now });
    },
    "details.findingCard": (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.findCard).toBeDefined();
      expect(snapshot.context.destination).toBeNull();
    },
    review: (snapshot) => {
      expect(snapshot.context.idempotencyKey).not.toBeNull();
      expect(snapshot.can({ type: "checkout.place" })).toBe(true);
      expect(snapshot.context.problem).toBeNull();
    },
    "review.shown": (snapshot) => {
      expect(snapshot.children.quote).toBeUndefined();
      expect(snapshot.can({ type: "checkout.relabel" })).toBe(true);
    },
    // Review stays up while the names come again: Place order still works.
    "review.relabelling": (snapshot) => {
      expect(snapshot.children.quote).toBeDefined();
      expect(snapshot.hasTag("busy")).toBe(false);
    },
    placing: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.placeOrder).toBeDefined();
    },
    retrying: (snapshot) => {
      expect(snapshot.context.failure?.code).toBe(50301);
      expect(snapshot.context.idempotencyKey).not.toBeNull();
      expect(snapshot.can({ type: "checkout.retry" })).toBe(true);
    },
    inFlight: (snapshot) => {
      // The wait is the server's Retry-After, not a guess of the portal's.
      expect(snapshot.children.waitBeforeRetry?.getSnapshot().input).toEqual({ retryAfter: 2 });
      expect(snapshot.context.idempotencyKey).not.toBeNull();
    },
    placed: (snapshot) => {
      expect(snapshot.status).toBe("done");
      expect(snapshot.context.order).not.toBeNull();
    },
    sessionEnded: (snapshot) => {
      expect(snapshot.status).toBe("done");
      expect(snapshot.context.order).toBeNull();
    },
    placedElsewhere: (snapshot) => {
      expect(snapshot.status).toBe("done");
      expect(snapshot.context.order).toBeNull();
      expect(snapshot.context.elsewhere?.number).toBe("TP-00000009");
    },
  },
  happyPath: "a placed order tells the other tabs which cart it was for",
  journeys: [
    {
      name: "a language switch in Details quotes the same choices again, and the names come in the new language (issue 34)",
      events: [done[0], relabel, relabelled],
      expected: { details: "idle" },
      ends: (snapshot) => {
        expect(snapshot.context.quote?.lines.map((one) => one.name)).toEqual(["Pase de un día"]);
        expect(snapshot.context.quote?.total).toBe(riderQuote.reply.total);
        expect(snapshot.context.stale).toBe(false);
      },
    },
    {
      name: "a language switch while a quote is in flight asks for it again in the new language",
      events: [done[0], events["promo.change"][0], events["promo.apply"][0], relabel],
      expected: { details: "quoting" },
      ends: (snapshot) => {
        expect(snapshot.children.quote).toBeDefined();
        expect(snapshot.context.stale).toBe(false);
      },
    },
    {
      name: "a language switch while a card is typed leaves the card form; Review then quotes the names again first",
      events: [done[0], events["payment.newCard"][0], relabel, events["card.cancel"][0], review],
      expected: { details: "quoting" },
    },
    {
      name: "a language switch in Review keeps Review up, with Place order, while the names come again",
      events: [done[0], review, relabel],
      expected: { review: "relabelling" },
      ends: (snapshot) => {
        expect(snapshot.context.idempotencyKey).toBe("key-1");
        expect(snapshot.can({ type: "checkout.place" })).toBe(true);
      },
    },
    {
      name: "Review's names come in the new language; the order's key and total stay",
      events: [done[0], review, relabel, relabelled],
      expected: { review: "shown" },
      ends: (snapshot) => {
        expect(snapshot.context.quote?.lines.map((one) => one.name)).toEqual(["Pase de un día"]);
        expect(snapshot.context.idempotencyKey).toBe("key-1");
      },
    },
    {
      name: "a second switch in Review asks again, in the latest language",
      events: [done[0], review, relabel, relabel],
      expected: { review: "relabelling" },
      ends: (snapshot) => expect(snapshot.children.quote).toBeDefined(),
    },
    {
      name: "a new price found by a language switch in Review is asked for, as anywhere",
      events: [done[0], review, relabel, quoted[3]],
      expected: { priceChanged: "shown" },
      ends: (snapshot) => expect(snapshot.context.changed).toHaveLength(1),
    },
    {
      name: "a language switch in Review whose quote drops the promo goes back to Details, the key forgotten",
      events: [
        done[0],
        events["promo.change"][0],
        events["promo.apply"][0],
        quoted[0],
        review,
        relabel,
        quoted[1],
      ],
      expected: { details: "idle" },
      ends: (snapshot) => {
        expect(snapshot.context.promoRefused).toBe(true);
        expect(snapshot.context.idempotencyKey).toBeNull();
      },
    },
    {
      name: "a language switch in Review whose quote refuses the shipping goes back to Details, saying what is missing",
      events: [done[0], review, relabel, quoted[5]],
      expected: { details: "idle" },
      ends: (snapshot) => {
        expect(snapshot.context.problem).toBe("shippingAddress");
        expect(snapshot.context.idempotencyKey).toBeNull();
      },
    },
    {
      name: "a language switch while a new price is asked about names the changed lines again in the new language (issue 34)",
      events: [done[1], relabel, changedInSpanish],
      expected: { priceChanged: "shown" },
      ends: (snapshot) => {
        expect(snapshot.context.changed.map((one) => one.name)).toEqual(["Pase de un día"]);
        expect(snapshot.context.changed[0]?.to).toBe(550);
      },
    },
    {
      name: "the new price can be accepted while its names come again",
      events: [done[1], relabel, events["checkout.acceptPrices"][0]],
      expected: { details: "idle" },
      ends: (snapshot) => expect(snapshot.children.quote).toBeUndefined(),
    },
    {
      name: "a second switch while a new price is asked about asks again, in the latest language",
      events: [done[1], relabel, relabel],
      expected: { priceChanged: "relabelling" },
    },
    {
      name: "a price back to the cart's by the time the names come again goes on to Details",
      events: [done[1], relabel, quoted[2]],
      expected: { details: "idle" },
      ends: (snapshot) => expect(snapshot.context.changed).toEqual([]),
    },
    {
      name: "a failed quote for the new names keeps the new price asked about, named as it was",
      events: [done[1], relabel, events["xstate.error.actor.quote"][0]],
      expected: { priceChanged: "shown" },
      ends: (snapshot) => expect(snapshot.context.changed.map((one) => one.name)).toEqual(["Day Pass"]),
    },
    {
      name: "a session ended while the new price's names come again keeps the choices for sign-in",
      events: [done[1], relabel, events["xstate.error.actor.quote"][1]],
      expected: "sessionEnded",
    },
    {
      name: "a language switch in Review whose quote fails keeps the names shown",
      events: [done[0], review, relabel, events["xstate.error.actor.quote"][0]],
      expected: { review: "shown" },
      ends: (snapshot) => {
        expect(snapshot.context.quote?.lines.map((one) => one.name)).toEqual(["Day Pass"]);
        expect(snapshot.context.idempotencyKey).toBe("key-1");
      },
    },
    {
      name: "a language switch in Review after the session ended keeps the choices for sign-in",
      events: [done[0], review, relabel, events["xstate.error.actor.quote"][1]],
      expected: "sessionEnded",
    },
    {
      name: "passes for no card: Review asks where they go, and a card their rider type cannot use is not taken (issue 34)",
      input: 5,
      events: [done[7], review, events["destination.choose"][1]],
      expected: { details: "idle" },
      ends: (snapshot) => {
        expect(snapshot.context.problem).toBe("destination");
        expect(snapshot.context.destination).toBeNull();
      },
    },
    {
      name: "passes for no card go on the chosen card: the quote and the order name it (issue 34)",
      input: 5,
      events: [done[7], events["destination.choose"][0], events["xstate.done.actor.quote"][6], review],
      expected: { review: "shown" },
      ends: (snapshot) => {
        expect(quoteBody(snapshot.context).body.fare_medium).toBe(commuteCardId);
        const body = orderBody(snapshot.context, "key").body;
        expect(body).toMatchObject({ fare_medium: commuteCardId });
        expect("pass_destination" in body).toBe(false);
      },
    },
    {
      name: "passes kept in the account are ordered with pass_destination, and no card (issue 34)",
      input: 5,
      events: [done[7], events["destination.choose"][2], events["xstate.done.actor.quote"][6], review],
      expected: { review: "shown" },
      ends: (snapshot) =>
        expect(orderBody(snapshot.context, "key").body).toMatchObject({
          fare_medium: null,
          pass_destination: "account",
        }),
    },
    {
      name: "a card the quote does not list cannot be chosen",
      input: 5,
      events: [done[7], events["destination.choose"][3]],
      expected: { details: "idle" },
      ends: (snapshot) => expect(snapshot.context.destination).toBeNull(),
    },
    {
      name: "a guest's card number and security code that match no card are said, and nothing is kept",
      input: 6,
      events: [done[8], events["destination.findCard"][0], events["xstate.error.actor.findCard"][0]],
      expected: { details: "idle" },
      ends: (snapshot) => {
        expect(snapshot.context.destinationFailure).toEqual({ kind: "noMatch" });
        expect(snapshot.context.destination).toBeNull();
      },
    },
    {
      name: "a guest's found card is quoted and ordered by its card token, never by the code (issue 34)",
      input: 6,
      events: [done[8], events["destination.findCard"][0], events["xstate.done.actor.findCard"][0]],
      expected: { details: "quoting" },
      ends: (snapshot) => {
        expect(quoteBody(snapshot.context).body.card_token).toBe("card-token-1");
        expect(JSON.stringify(snapshot.context)).not.toContain('"123"');
      },
    },
    {
      name: "a second tab's Place order finds the order the first placed for this cart: nothing sent, the cart emptied (issue 34)",
      input: 0,
      before: reset,
      events: [done[0], review, place, failed[6]],
      expected: "placedElsewhere",
      ends: (snapshot) => {
        expect(snapshot.context.elsewhere).toEqual({
          number: "TP-00000009",
          path: "/ordersummary/0d000000-0000-4000-8000-000000000009",
        });
        // The server was not asked: the key is not settled as answered.
        expect(checkoutEffects).toEqual([
          "rememberChoices",
          "settleKey key-1 false",
          "forgetChoices",
          "clearCart",
        ]);
      },
    },
    {
      name: "a placed order tells the other tabs which cart it was for",
      input: 0,
      before: reset,
      events: [done[0], review, place, events["xstate.done.actor.placeOrder"][0]],
      expected: "placed",
      ends: () => {
        expect(checkoutEffects).toContain(`announcePlaced ${cartSignature([dayPasses])} TP-00000001`);
        expect(checkoutEffects).toContain("settleKey key-1 true");
      },
    },
    ...(
      [
        [1, "retrying", false, "no reply (the connection)"],
        [2, "inFlight", false, "still being placed (409)"],
        [5, { details: "idle" }, true, "a refusal (a blocked method)"],
        [3, "revalidating", true, "a new price"],
      ] as const
    ).map(([failure, expected, answered, what]) => ({
      name: `Place order's key is answered after ${what}: ${answered ? "no longer offered to other tabs" : "kept for the retry and the other tabs"} (issue 34)`,
      input: 0,
      before: reset,
      events: [done[0], review, place, failed[failure]],
      expected,
      ends: () => expect(checkoutEffects).toContain(`settleKey key-1 ${answered}`),
    })),
    {
      name: "what is typed while the total is re-quoted is kept (issue 34)",
      input: 5,
      events: [done[7], events["destination.choose"][0], events["promo.change"][0]],
      expected: { details: "quoting" },
      ends: (snapshot) => expect(snapshot.context.promoText).toBe("welcome10"),
    },
    {
      name: "the first amount typed while the total is re-quoted is kept",
      input: 2,
      events: [done[3], events["promo.remove"][0], events["payment.amount"][1]],
      expected: { details: "quoting" },
      ends: (snapshot) => expect(snapshot.context.firstAmount).toBe("10.00"),
    },
    {
      name: "a guest's email typed while their card is looked up is kept",
      input: 6,
      events: [
        done[8],
        events["destination.findCard"][0],
        events["receipt.email"][0],
        events["receipt.confirm"][0],
      ],
      expected: { details: "findingCard" },
      ends: (snapshot) => {
        expect(snapshot.context.email).toBe("gia@example.com");
        expect(snapshot.context.emailConfirm).toBe("gia@example.com");
      },
    },
    {
      name: "a guest puts the pass on another card: the found one is forgotten and the total priced without it",
      input: 6,
      events: [
        done[8],
        events["destination.findCard"][0],
        events["xstate.done.actor.findCard"][0],
        events["xstate.done.actor.quote"][8],
        events["destination.clear"][0],
      ],
      expected: { details: "quoting" },
      ends: (snapshot) => {
        expect(snapshot.context.destination).toBeNull();
        expect(quoteBody(snapshot.context).body.card_token).toBeUndefined();
      },
    },
    {
      name: "a guest's card that can no longer be used at Place order is asked for again",
      input: 6,
      events: [
        done[8],
        events["destination.findCard"][0],
        events["xstate.done.actor.findCard"][0],
        events["xstate.done.actor.quote"][8],
        events["receipt.email"][0],
        events["receipt.confirm"][0],
        events["payment.newCard"][0],
        tokenized,
        review,
        place,
        {
          type: "xstate.error.actor.placeOrder",
          error: {
            code: 42202,
            message: "Your card session has ended. Please enter the card number again.",
            errors: [{ code: 42202, message: "Your card session has ended.", field: "card_token" }],
          },
        },
      ],
      expected: { details: "idle" },
      ends: (snapshot) => {
        expect(snapshot.context.destination).toBeNull();
        expect(snapshot.context.failure?.code).toBe(42202);
      },
    },
    {
      name: "the quote cannot be had: the checkout says so and offers to try again",
      events: [events["xstate.error.actor.prepareCheckout"][0]],
      expected: "unavailable",
    },
    {
      name: "trying again quotes again",
      events: [events["xstate.error.actor.prepareCheckout"][0], events["checkout.retry"][0]],
      expected: "revalidating",
      ends: (snapshot) => expect(snapshot.context.failure).toBeNull(),
    },
    {
      name: "a cart the server refuses ends the checkout with its message",
      events: [events["xstate.error.actor.prepareCheckout"][1]],
      expected: "refused",
    },
    {
      name: "a session that ended before the quote keeps the choices",
      before: reset,
      events: [events["xstate.error.actor.prepareCheckout"][2]],
      expected: "sessionEnded",
      ends: () => expect(checkoutEffects).toEqual(["rememberChoices"]),
    },
    {
      name: "a session that ended during a re-quote keeps the choices",
      before: reset,
      events: [
        done[0],
        events["promo.change"][0],
        events["promo.apply"][0],
        events["xstate.error.actor.quote"][1],
      ],
      expected: "sessionEnded",
      ends: () => expect(checkoutEffects).toEqual(["rememberChoices", "rememberChoices"]),
    },
    {
      name: "a re-quote that fails keeps the rider on the details with the failure",
      events: [
        done[0],
        events["promo.change"][0],
        events["promo.apply"][0],
        events["xstate.error.actor.quote"][0],
      ],
      expected: { details: "idle" },
      ends: (snapshot) => expect(snapshot.context.failure?.code).toBe(50301),
    },
    {
      name: "a re-quote that finds a new price asks for it to be accepted",
      events: [
        done[0],
        events["promo.change"][0],
        events["promo.apply"][0],
        events["xstate.done.actor.quote"][3],
      ],
      expected: { priceChanged: "shown" },
    },
    {
      name: "removing the promo re-quotes without it",
      events: [
        done[0],
        events["promo.change"][0],
        events["promo.apply"][0],
        quoted[0],
        events["promo.remove"][0],
      ],
      expected: { details: "quoting" },
      ends: (snapshot) => {
        expect(snapshot.context.promo).toBeNull();
        expect(snapshot.context.promoText).toBe("");
      },
    },
    {
      name: "splitting stays on the details, with a second leg to choose",
      events: [done[0], events["payment.split"][0]],
      expected: { details: "idle" },
      ends: (snapshot) => {
        expect(snapshot.context.split).toBe(true);
        expect(snapshot.context.legs[1]).toBeNull();
      },
    },
    {
      name: "a new card opens the card form, its own machine told the moment expiries are judged against",
      events: [done[0], events["payment.newCard"][0]],
      expected: { details: "card" },
      ends: (snapshot) => expect(snapshot.children.cardEntry).toBeDefined(),
    },
    {
      name: "the card form's token pays the leg it was opened for, and the form closes",
      events: [done[0], events["payment.split"][0], events["payment.newCard"][1], tokenized],
      expected: { details: "idle" },
      ends: (snapshot) => {
        expect(snapshot.context.legs[1]).toEqual({
          kind: "card",
          token: "tok_4242",
          brand: "visa",
          last4: "4242",
        });
        expect(snapshot.children.cardEntry).toBeUndefined();
      },
    },
    {
      name: "checks that cannot be downloaded close the form, saying the connection was lost",
      events: [done[0], events["payment.newCard"][0], entryLost],
      expected: { details: "idle" },
      ends: (snapshot) => {
        expect(snapshot.context.failure?.code).toBe(50301);
        expect(snapshot.context.legs[0]).toMatchObject({ kind: "saved" });
      },
    },
    {
      name: "a cancelled card form stops its machine, and the leg keeps what it had",
      events: [done[0], events["payment.newCard"][0], events["card.cancel"][0]],
      expected: { details: "idle" },
      ends: (snapshot) => {
        expect(snapshot.children.cardEntry).toBeUndefined();
        expect(snapshot.context.legs[0]).toMatchObject({ kind: "saved" });
      },
    },
    {
      name: "a wallet asked more than it holds is said as the amount is typed, naming it (issue 34)",
      before: reset,
      events: [
        {
          type: "xstate.done.actor.prepareCheckout",
          output: {
            quote: {
              reply: reply([line(dayPasses)], { purses: { stored_value: 2500, wallet: 500 } }),
              problems: [],
            },
            addresses: [home],
            methods: [visa, bank],
          },
        },
        events["payment.split"][0],
        choose[3],
        choose[1],
        { type: "payment.amount", value: "$6.00" },
      ],
      expected: { details: "idle" },
      ends: (snapshot) => {
        expect(snapshot.context.problem).toBe("purseShort");
        expect(purseShortfall(snapshot.context)).toEqual({ leg: 0, kind: "wallet", holds: 500, part: 600 });
      },
    },
    {
      name: "an amount typed as the page shows money ('$4.00') is taken, and the order goes to Review",
      before: reset,
      events: [
        done[0],
        events["payment.split"][0],
        choose[3],
        choose[1],
        { type: "payment.amount", value: "$4.00" },
        review,
      ],
      expected: { review: "shown" },
      ends: (snapshot) => expect(snapshot.context.problem).toBeNull(),
    },
    {
      name: "a rider without a default address chooses one, and its shipping is priced",
      input: 4,
      events: [done[6], events["shipping.chooseAddress"][0]],
      expected: { details: "quoting" },
      ends: (snapshot) => {
        expect(snapshot.context.addressId).toBe(home.id);
        expect(snapshot.context.country).toBe(home.country);
      },
    },
    {
      name: "the rider's default address is chosen and priced at once (issue 34)",
      input: 4,
      events: [done[5]],
      expected: { details: "quoting" },
      ends: (snapshot) => {
        expect(snapshot.context.addressId).toBe(home.id);
        expect(snapshot.context.country).toBe(home.country);
      },
    },
    {
      name: "a cart that ships nothing gets no address book, and the choices stay as they were",
      input: 0,
      events: [done[0], events["xstate.done.actor.loadAddressBook"][0]],
      expected: { details: "idle" },
      ends: (snapshot) => expect(snapshot.context.addressBook).toBeNull(),
    },
    {
      name: "a new address saved from the checkout is chosen and priced",
      input: 4,
      events: [done[6], events["shipping.addressSaved"][0]],
      expected: { details: "quoting" },
      ends: (snapshot) => {
        expect(snapshot.context.addressId).toBe(park.id);
        expect(snapshot.context.addresses.map((address) => address.id)).toEqual([home.id, park.id]);
      },
    },
    {
      name: "Edit goes back to the details, keeping the key until something changes",
      events: [done[0], review, events["checkout.edit"][0]],
      expected: { details: "idle" },
      ends: (snapshot) => expect(snapshot.context.idempotencyKey).toBe("key-1"),
    },
    {
      name: "a payment the server refuses goes back to the details with its message",
      before: reset,
      events: [done[0], review, place, failed[5]],
      expected: { details: "idle" },
      ends: (snapshot) => {
        expect(snapshot.context.failure?.message).toBe("This payment method is blocked.");
        expect(snapshot.context.idempotencyKey).toBeNull();
      },
    },
    {
      name: "a changed price is shown old to new and, once accepted, becomes the cart's",
      before: reset,
      events: [done[1], events["checkout.acceptPrices"][0]],
      expected: { details: "idle" },
      ends: (snapshot) => {
        expect(snapshot.context.items[0]?.list_price).toBe(550);
        expect(checkoutEffects).toEqual([`repriceCart {"${dayPasses.uuid}":550}`, "rememberChoices"]);
      },
    },
    {
      name: "the price changed before the order: quoted again, and the new price is asked for",
      before: reset,
      events: [done[0], review, place, failed[3], done[1]],
      expected: { priceChanged: "shown" },
      ends: (snapshot) => {
        expect(snapshot.context.changed).toEqual([
          { product: dayPasses.uuid, name: "Day Pass", from: 500, to: 550 },
        ]);
        expect(snapshot.context.idempotencyKey).toBeNull();
      },
    },
    {
      name: "a promo code the server refuses says so and prices without it",
      before: reset,
      events: [done[0], events["promo.change"][0], events["promo.apply"][0], quoted[1]],
      expected: { details: "idle" },
      ends: (snapshot) => {
        expect(snapshot.context.promoRefused).toBe(true);
        expect(snapshot.context.promo).toBeNull();
        expect(snapshot.context.quote?.total).toBe(1000);
      },
    },
    {
      name: "an applied promo is sent upper-case and takes its discount off the total",
      before: reset,
      events: [done[0], events["promo.change"][0], events["promo.apply"][0], quoted[0]],
      expected: { details: "idle" },
      ends: (snapshot) => {
        expect(snapshot.context.promo).toBe("WELCOME10");
        expect(snapshot.context.quote?.total).toBe(900);
      },
    },
    {
      name: "a shipping method the server does not offer there is cleared and must be chosen again",
      input: 4,
      before: reset,
      events: [
        done[5],
        events["shipping.chooseAddress"][0],
        quoted[4],
        events["shipping.chooseMethod"][0],
        quoted[5],
        review,
      ],
      expected: { details: "idle" },
      ends: (snapshot) => {
        expect(snapshot.context.shippingRefused).toBe(true);
        expect(snapshot.context.shippingMethod).toBeNull();
        expect(snapshot.context.problem).toBe("shippingMethod");
      },
    },
    {
      name: "a declined second leg is named, its choice cleared and the key forgotten",
      input: 2,
      before: reset,
      events: [done[3], review, place, failed[0]],
      expected: { details: "idle" },
      ends: (snapshot) => {
        expect(snapshot.context.failure).toEqual({
          code: 42203,
          message: "Your card has insufficient funds.",
          leg: 1,
          reason: "insufficient_funds",
          declined: { kind: "saved", id: bank.id },
        });
        expect(snapshot.context.legs).toEqual([{ kind: "saved", id: visa.id }, null]);
        expect(snapshot.context.idempotencyKey).toBeNull();
      },
    },
    {
      name: "an ended session keeps the choices for after signing in",
      input: 2,
      before: reset,
      events: [done[3], review, place, failed[4]],
      expected: "sessionEnded",
      ends: () =>
        expect(checkoutEffects).toEqual([
          "rememberChoices",
          "settleKey key-before-sign-in true",
          "rememberChoices",
        ]),
    },
    {
      name: "signing in again restores the same cart and choices, and the same key while nothing changed",
      input: 2,
      before: reset,
      events: [done[3], review],
      expected: { review: "shown" },
      ends: (snapshot) => {
        expect(snapshot.context.promo).toBe("WELCOME10");
        expect(snapshot.context.split).toBe(true);
        expect(selectLegAmounts(snapshot)).toEqual([400, 500]);
        expect(snapshot.context.idempotencyKey).toBe("key-before-sign-in");
      },
    },
    {
      name: "choices made for another cart are not restored",
      input: 0,
      before: reset,
      events: [done[0]],
      expected: { details: "idle" },
      ends: (snapshot) => {
        expect(snapshot.context.split).toBe(false);
        expect(snapshot.context.legs).toEqual([{ kind: "saved", id: visa.id }, null]);
      },
    },
    {
      name: "after a network loss Retry sends the same key",
      before: reset,
      events: [done[0], review, place, failed[1], events["checkout.retry"][0]],
      expected: "placing",
      ends: (snapshot) => expect(snapshot.context.idempotencyKey).toBe("key-1"),
    },
    {
      name: "after a network loss a change makes a new key",
      before: reset,
      events: [done[0], review, place, failed[1], events["checkout.edit"][0], choose[3], review],
      expected: { review: "shown" },
      ends: (snapshot) => expect(snapshot.context.idempotencyKey).toBe("key-2"),
    },
    {
      name: "an order still in flight is asked again with the same key once the service says so",
      before: reset,
      events: [done[0], review, place, failed[2], events["xstate.done.actor.waitBeforeRetry"][0]],
      expected: "placing",
      ends: (snapshot) => expect(snapshot.context.idempotencyKey).toBe("key-1"),
    },
    {
      name: "a split is balanced: the second leg is the total less the first",
      input: 2,
      before: reset,
      events: [done[3], events["payment.amount"][0], review],
      expected: { review: "shown" },
      ends: (snapshot) => expect(selectLegAmounts(snapshot)).toEqual([400, 500]),
    },
    {
      name: "a split whose first leg is the whole total is refused: Amount is not valid",
      input: 2,
      before: reset,
      events: [done[3], events["payment.amount"][1], review],
      expected: { details: "idle" },
      ends: (snapshot) => expect(snapshot.context.problem).toBe("amountInvalid"),
    },
    {
      name: "an empty fare card purse or wallet cannot be chosen: the saved default stays",
      input: 0,
      before: reset,
      events: [
        {
          type: "xstate.done.actor.prepareCheckout",
          output: { quote: emptyPursesQuote, addresses: [home], methods: [visa, bank] },
        },
        { type: "payment.choose", leg: 0, choice: { kind: "wallet" } },
        { type: "payment.choose", leg: 0, choice: { kind: "stored_value" } },
      ],
      expected: { details: "idle" },
      ends: (snapshot) => expect(snapshot.context.legs[0]).toEqual({ kind: "saved", id: visa.id }),
    },
    {
      name: "a promo applied while the connection is lost: Review quotes the rider's choices again first",
      input: 0,
      before: reset,
      events: [
        done[0],
        events["promo.change"][0],
        events["promo.apply"][0],
        events["xstate.error.actor.quote"][0],
        review,
      ],
      expected: { details: "quoting" },
      ends: (snapshot) => {
        expect(snapshot.context.stale).toBe(true);
        expect(snapshot.context.promo).toBe("WELCOME10");
      },
    },
    {
      name: "a wallet cannot pay for auto-renewed passes",
      input: 3,
      before: reset,
      events: [done[4], choose[3], review],
      expected: { details: "idle" },
      ends: (snapshot) => expect(snapshot.context.problem).toBe("walletAutoRenew"),
    },
    {
      name: "a one-time card cannot pay for auto-renewed passes: the renewal would have no card to charge",
      input: 3,
      before: reset,
      events: [done[4], events["payment.newCard"][0], tokenized, review],
      expected: { details: "idle" },
      ends: (snapshot) => {
        expect(snapshot.context.legs[0]).toMatchObject({ kind: "card", last4: "4242" });
        expect(snapshot.context.problem).toBe("autoRenewSavedMethod");
      },
    },
    {
      name: "a split cannot pay for auto-renewed passes, even with a saved method in it",
      input: 3,
      before: reset,
      events: [
        done[4],
        events["payment.split"][0],
        events["payment.newCard"][1],
        tokenized,
        events["payment.amount"][0],
        review,
      ],
      expected: { details: "idle" },
      ends: (snapshot) => {
        expect(snapshot.context.legs[0]).toMatchObject({ kind: "saved" });
        expect(snapshot.context.problem).toBe("autoRenewSavedMethod");
      },
    },
    {
      name: "a guest buys a shipped card with a one-time card: placed, cart cleared, sent to the order",
      input: 1,
      before: reset,
      events: [
        done[2],
        events["shipping.addressSaved"][1],
        quoted[4],
        events["shipping.chooseMethod"][0],
        quoted[4],
        events["receipt.email"][0],
        events["receipt.confirm"][0],
        events["payment.newCard"][0],
        tokenized,
        review,
        place,
        events["xstate.done.actor.placeOrder"][1],
      ],
      expected: "placed",
      ends: (snapshot) => {
        expect(snapshot.context.legs[0]).toEqual({
          kind: "card",
          token: "tok_4242",
          brand: "visa",
          last4: "4242",
        });
        expect(checkoutEffects.slice(-3)).toEqual([
          "forgetChoices",
          "clearCart",
          `goToOrder ${placed(true).id} link-token`,
        ]);
      },
    },
    {
      name: "a guest's reload keeps the receipt email, the shipping address and method, and asks for the card again (issue 34)",
      input: 7,
      events: [done[2]],
      expected: { details: "idle" },
      ends: (snapshot) => {
        expect(snapshot.context.email).toBe("gia@example.com");
        expect(snapshot.context.emailConfirm).toBe("gia@example.com");
        expect(snapshot.context.guestAddress).toEqual(guestAddress);
        expect(snapshot.context.shippingMethod).toBe("standard");
        // The quote asks for the shipping methods of the address's country.
        expect(quoteBody(snapshot.context).body.country).toBe(guestAddress.country);
        expect(snapshot.context.legs).toEqual([null, null]);
      },
    },
    {
      name: "a guest's choices are remembered for a reload as they are made, never the card or the order's key",
      input: 1,
      before: reset,
      events: [
        done[2],
        events["shipping.addressSaved"][1],
        quoted[4],
        events["shipping.chooseMethod"][0],
        quoted[4],
        events["receipt.email"][0],
        events["receipt.confirm"][0],
        events["payment.newCard"][0],
        tokenized,
        review,
      ],
      expected: { review: "shown" },
      ends: (snapshot) => {
        expect(
          checkoutEffects.filter((effect) => effect === "rememberChoices").length,
        ).toBeGreaterThanOrEqual(3);
        const kept = choicesOf(snapshot.context);
        expect(kept).toMatchObject({ email: "gia@example.com", emailConfirm: "gia@example.com" });
        expect(kept.guestAddress).not.toBeNull();
        expect(kept.legs).toEqual([null, null]);
        expect(kept.idempotencyKey).toBeNull();
        expect(JSON.stringify(kept)).not.toContain("tok_4242");
      },
    },
    {
      name: "a guest's emails must match",
      input: 1,
      before: reset,
      events: [
        done[2],
        events["shipping.addressSaved"][1],
        quoted[4],
        events["shipping.chooseMethod"][0],
        quoted[4],
        events["receipt.email"][0],
        events["receipt.confirm"][1],
        review,
      ],
      expected: { details: "idle" },
      ends: (snapshot) => expect(snapshot.context.problem).toBe("emailMismatch"),
    },
    {
      name: "no payment method chosen: Please select a payment method.",
      input: 1,
      before: reset,
      events: [
        done[2],
        events["shipping.addressSaved"][1],
        quoted[4],
        events["shipping.chooseMethod"][0],
        quoted[4],
        events["receipt.email"][0],
        events["receipt.confirm"][0],
        review,
      ],
      expected: { details: "idle" },
      ends: (snapshot) => expect(snapshot.context.problem).toBe("selectPayment"),
    },
  ],
});
