import { assign, fromPromise, setup } from "xstate";
import type { CartItem } from "../domain/cart.ts";
import type {
  GuestOrderRequest,
  PaymentLegRequest,
  PlacedOrder,
  PlaceOrderRequest,
} from "../domain/checkout/order.ts";
import { normalizePromoCode, type QuoteReply, type QuoteRequest } from "../domain/checkout/quote.ts";
import {
  type ApiError,
  type CardLookupRefusal,
  cardLookupRefusal,
  ErrorCode,
  errorCodeOf,
  retryAfterOf,
} from "../domain/envelope.ts";
import type { AddressInput } from "../domain/payments/address.ts";
import { type Leg, parseAmount, splitLegs } from "../domain/payments/amounts.ts";
import { emailProblem } from "../domain/payments/names.ts";
import type { SavedAddress, SavedPaymentMethod } from "../domain/payments/saved.ts";
import type { LoadedCardRules } from "./cardChecks.ts";
import { type CardDraft, type CardProblems, emptyCard } from "./cardDraft.ts";
import { unprovided } from "./unprovided.ts";

/** How one leg pays, as the rider chose it (a one-time card by its gateway token, never its number). */
export type PaymentChoice =
  | { kind: "saved"; id: string }
  | { kind: "card"; token: string; brand: string; last4: string }
  | { kind: "stored_value" }
  | { kind: "wallet" };

/**
 * Where the cart's digital passes and stored value go when no cart item names a fare card (issue 34):
 * one of the rider's cards, the rider's account (passes only, where the deployment allows), or a
 * guest's card found by its number and security code (its card token; the code itself is never kept).
 */
export type Destination =
  | { kind: "card"; id: string }
  | { kind: "account" }
  | { kind: "guestCard"; token: string; cardNumber: string };

/** Why "Review order" was refused, worded by the view. */
export type CheckoutProblem =
  /** The cart's passes go nowhere yet: a fare card (or the account) must be chosen. */
  | "destination"
  /** The chosen card's rider type cannot hold the cart's passes. */
  | "destinationIneligible"
  | "shippingAddress"
  | "shippingMethod"
  | "selectPayment"
  | "sameMethod"
  | "amountInvalid"
  /** A wallet or stored value leg asks more than the purse holds (purseShortfall says which). */
  | "purseShort"
  | "walletAutoRenew"
  /** Auto-renewed passes, paid otherwise than by one saved method (a one-time card, a split). */
  | "autoRenewSavedMethod"
  | "email"
  | "emailMismatch";

/** A refused request: its code, the server's words and, for a payment, the leg it names. */
export interface CheckoutFailure {
  code: number;
  message: string;
  leg: number | null;
  reason: string | null;
  /** A declined leg's method, as the rider chose it (the leg itself is cleared to be chosen again). */
  declined: PaymentChoice | null;
}

/** What the checkout keeps in sessionStorage so that signing in again restores it (no card data). */
export interface CheckoutChoices {
  /** The cart they were made for: product and quantity of each line. */
  cart: string;
  promo: string | null;
  /** A rider's card or account; never a guest's card token. Absent in choices from before it existed. */
  destination?: Exclude<Destination, { kind: "guestCard" }> | null;
  addressId: string | null;
  country: string | null;
  shippingMethod: string | null;
  split: boolean;
  legs: Array<Exclude<PaymentChoice, { kind: "card" }> | null>;
  firstAmount: string;
  idempotencyKey: string | null;
  /** A guest's receipt email, typed twice, and shipping address (kept for a reload, in this tab only). */
  email?: string;
  emailConfirm?: string;
  guestAddress?: AddressInput | null;
}

export interface CheckoutInput {
  guest: boolean;
  items: CartItem[];
  /** The deployment's enableSplitPayments.purchasePasses. */
  splitAllowed: boolean;
  /** The deployment's promoCodeRequired: the promo field is shown. */
  promoAllowed: boolean;
  /** The moment card expiries are judged against (ms since the epoch). */
  now: number;
  restored: CheckoutChoices | null;
}

export interface Prepared {
  quote: Quote;
  addresses: SavedAddress[];
  methods: SavedPaymentMethod[];
}

export interface Quote {
  reply: QuoteReply;
  problems: ApiError[];
}

export interface QuoteInput {
  guest: boolean;
  body: QuoteRequest & { email?: string | null; card_token?: string };
}

/** A guest's card, found by its number and security code: its token and masked number. */
export interface FoundCard {
  token: string;
  cardNumber: string;
}

/**
 * What placing needs beside the body: the cart it is for (cartSignature) and when this checkout began
 * (ms), so an order another tab placed for the same cart since then is found before a second is paid.
 */
interface PlaceSource {
  idempotencyKey: string;
  cart: string;
  since: number;
}
export type PlaceInput =
  | ({ guest: false; body: PlaceOrderRequest } & PlaceSource)
  | ({ guest: true; body: GuestOrderRequest } & PlaceSource);

/** Another tab of this browser placed an order for this very cart since this checkout began (issue 34). */
export interface PlacedElsewhere {
  number: string;
  /** Its summary's path (orderSummaryPath). */
  path: string;
}

/** What the placeOrder actor throws instead of placing a second order for the same cart. */
export function placedElsewhereOf(error: unknown): PlacedElsewhere | null {
  const found = (error as { placedElsewhere?: Partial<PlacedElsewhere> } | null)?.placedElsewhere;
  return typeof found?.number === "string" && typeof found.path === "string"
    ? { number: found.number, path: found.path }
    : null;
}

export interface CheckoutContext {
  guest: boolean;
  items: CartItem[];
  splitAllowed: boolean;
  promoAllowed: boolean;
  now: number;
  quote: QuoteReply | null;
  /**
   * The last re-quote failed: `quote` is priced for earlier choices than the rider's (a promo applied
   * or removed, a shipping method chosen while the connection was lost). Review quotes again first.
   */
  stale: boolean;
  /** Lines whose price the server changed, with the price the rider saw. */
  changed: Array<{ product: string; name: string; from: number; to: number }>;
  addresses: SavedAddress[];
  methods: SavedPaymentMethod[];
  /** What the promo field holds, and the code the quote applied. */
  promoText: string;
  promo: string | null;
  promoRefused: boolean;
  destination: Destination | null;
  /** A guest's card lookup that failed (as /manage-card says it), beside the card fields. */
  destinationFailure: CardLookupRefusal | null;
  addressId: string | null;
  guestAddress: AddressInput | null;
  country: string | null;
  shippingMethod: string | null;
  shippingRefused: boolean;
  split: boolean;
  legs: [PaymentChoice | null, PaymentChoice | null];
  /** The first leg's amount as typed (major units); the second leg is the rest. */
  firstAmount: string;
  email: string;
  emailConfirm: string;
  /** The one-time card form, open only in `details.card`. */
  card: CardDraft;
  cardProblems: CardProblems;
  /** The card form's checks, downloaded the first time it opens (`details.card.loading`). */
  cardRules: LoadedCardRules | null;
  cardLeg: Leg;
  problem: CheckoutProblem | null;
  failure: CheckoutFailure | null;
  /** Made on entering review, kept across retries, forgotten when the rider changes anything. */
  idempotencyKey: string | null;
  /** How many keys were made (test fakes number theirs). */
  keys: number;
  order: PlacedOrder | null;
  /** The order another tab placed for this cart, when Place order found one. */
  elsewhere: PlacedElsewhere | null;
}

export type CheckoutEvent =
  | { type: "checkout.retry" }
  | { type: "checkout.acceptPrices" }
  | { type: "destination.choose"; destination: Exclude<Destination, { kind: "guestCard" }> }
  /** A guest names the card by its number and security code: the server gives a card token. */
  | { type: "destination.findCard"; cardNumber: string; securityCode: string }
  /** A guest puts the pass on another card: the found one is forgotten. */
  | { type: "destination.clear" }
  | { type: "shipping.chooseAddress"; id: string }
  /** The rider saved a new address from the checkout (through the addresses machine): it is the one. */
  | { type: "shipping.addressAdded"; address: SavedAddress }
  | { type: "shipping.guestAddress"; address: AddressInput }
  | { type: "shipping.chooseMethod"; code: string }
  | { type: "promo.change"; value: string }
  | { type: "promo.apply" }
  | { type: "promo.remove" }
  | { type: "payment.split"; on: boolean }
  | { type: "payment.choose"; leg: Leg; choice: PaymentChoice }
  | { type: "payment.amount"; value: string }
  | { type: "payment.newCard"; leg: Leg }
  | { type: "card.change"; values: Partial<CardDraft> }
  | { type: "card.use" }
  | { type: "card.cancel" }
  | { type: "receipt.email"; value: string }
  | { type: "receipt.confirm"; value: string }
  | { type: "checkout.review" }
  | { type: "checkout.edit" }
  | { type: "checkout.place" }
  /**
   * The rider switched language: the names the server gives (products, shipping methods) come again
   * in it. Details and Review quote the same choices again; elsewhere the quote is marked stale, so
   * Review quotes it again first.
   */
  | { type: "checkout.relabel" };

/** The card a one-time leg pays with, once the gateway tokenized it. */
export interface CardToken {
  token: string;
  brand: string;
  last4: string;
}

/** A cart's identity for restoring choices: its products and quantities. */
export const cartSignature = (items: readonly CartItem[]): string =>
  items
    .map((item) => `${item.uuid}:${item.quantity}`)
    .sort()
    .join(",");

const sameChoice = (left: PaymentChoice | null, right: PaymentChoice | null): boolean =>
  left !== null && right !== null && JSON.stringify(left) === JSON.stringify(right);

const isPurse = (choice: PaymentChoice | null) =>
  choice?.kind === "wallet" || choice?.kind === "stored_value";

/**
 * The first leg paid from a purse (the wallet, the fare card's stored value) that asks more than the
 * purse holds, as the quote says: which leg, which purse, what it holds and what it would pay. Checked
 * as the amount is typed, so the rider hears it there and not at Place order (issue 34).
 */
export function purseShortfall(
  context: CheckoutContext,
): { leg: Leg; kind: "wallet" | "stored_value"; holds: number; part: number } | null {
  const quote = context.quote;
  if (!quote?.purses) return null;
  const [first, second] = context.legs;
  const amounts = context.split
    ? splitLegs(quote.total, parseAmount(context.firstAmount, quote.currency))
    : [quote.total, 0];
  if (!amounts) return null;
  const legs: Array<[Leg, PaymentChoice | null]> = context.split
    ? [
        [0, first],
        [1, second],
      ]
    : [[0, first]];
  for (const [leg, choice] of legs) {
    if (choice?.kind !== "wallet" && choice?.kind !== "stored_value") continue;
    const holds = (choice.kind === "wallet" ? quote.purses.wallet : quote.purses.stored_value) ?? 0;
    const part = amounts[leg] ?? 0;
    if (part > holds) return { leg, kind: choice.kind, holds, part };
  }
  return null;
}

/** The fare card a cart item names (the spec's /digital flow), else null. */
const itemCard = (context: Pick<CheckoutContext, "items">): string | null =>
  context.items.find((item) => item.faremediaId)?.faremediaId ?? null;

/** The rider's fare card the order is for: the cart's own, else the one chosen at checkout. */
export function orderCard(context: Pick<CheckoutContext, "items" | "destination">): string | null {
  return itemCard(context) ?? (context.destination?.kind === "card" ? context.destination.id : null);
}

/** The checkout asks where passes go: the cart holds some (the quote says) and names no card. */
export const asksDestination = (context: Pick<CheckoutContext, "items" | "quote">): boolean =>
  (context.quote?.destinations ?? null) !== null && itemCard(context) === null;

/** "Keep it in my account" may be chosen: the quote allows it and no pass in the cart auto-renews. */
export const accountAllowed = (context: Pick<CheckoutContext, "items" | "quote">): boolean =>
  (context.quote?.destinations?.account ?? false) && !context.items.some((item) => item.isSubscribed);

/** Whether the destination holds for the quote: a listed eligible card, or the account where allowed. */
function destinationProblem(context: CheckoutContext): "destination" | "destinationIneligible" | null {
  if (!asksDestination(context)) return null;
  const destination = context.destination;
  const cards = context.quote?.destinations?.cards ?? [];
  if (destination === null) return "destination";
  if (destination.kind === "account") return accountAllowed(context) ? null : "destination";
  const card = destination.kind === "card" ? cards.find((one) => one.id === destination.id) : cards[0];
  if (!card) return "destination";
  return card.eligible ? null : "destinationIneligible";
}

/** The first thing keeping the rider from reviewing the order, or null. */
export function problemOf(context: CheckoutContext): CheckoutProblem | null {
  const quote = context.quote;
  if (!quote) return "selectPayment";
  const destination = destinationProblem(context);
  if (destination !== null) return destination;
  if (quote.shipping_required) {
    if (context.guest ? context.guestAddress === null : context.addressId === null) return "shippingAddress";
    if (context.shippingMethod === null || quote.shipping_method === null) return "shippingMethod";
  }
  if (context.guest) {
    if (emailProblem(context.email) !== null || context.email.trim() === "") return "email";
    if (context.email.trim().toLowerCase() !== context.emailConfirm.trim().toLowerCase())
      return "emailMismatch";
  }
  const [first, second] = context.legs;
  if (first === null) return "selectPayment";
  if (context.split) {
    if (second === null) return "selectPayment";
    if (sameChoice(first, second)) return "sameMethod";
    if (splitLegs(quote.total, parseAmount(context.firstAmount, quote.currency)) === null)
      return "amountInvalid";
  }
  const paying = context.split ? [first, second] : [first];
  if (context.items.some((item) => item.isSubscribed)) {
    if (paying.some(isPurse)) return "walletAutoRenew";
    // The renewal charges the method that bought the pass: one saved method for the whole order.
    if (context.split || first.kind !== "saved") return "autoRenewSavedMethod";
  }
  if (purseShortfall(context) !== null) return "purseShort";
  return null;
}

function legRequest(choice: PaymentChoice, amount: number): PaymentLegRequest {
  switch (choice.kind) {
    case "saved":
      return { kind: "saved", payment_method: choice.id, amount };
    case "card":
      return { kind: "card", token: choice.token, amount };
    case "stored_value":
      return { kind: "stored_value", amount };
    case "wallet":
      return { kind: "wallet", amount };
  }
}

/** The legs as the order API takes them: one for the total, or the split's two. */
export function paymentLegs(context: CheckoutContext): PaymentLegRequest[] {
  const total = context.quote?.total ?? 0;
  const [first, second] = context.legs;
  if (!first) return [];
  if (!context.split || !second) return [legRequest(first, total)];
  const amounts = splitLegs(total, parseAmount(context.firstAmount, context.quote?.currency ?? "USD"));
  if (!amounts) return [];
  return [legRequest(first, amounts[0]), legRequest(second, amounts[1])];
}

export function quoteBody(context: CheckoutContext): QuoteInput {
  const body: QuoteInput["body"] = {
    lines: context.items.map((item) => ({
      product: item.uuid,
      quantity: item.quantity,
      list_price: item.list_price,
    })),
    promo_code: context.promo,
    shipping_method: context.shippingMethod,
    country: context.country,
  };
  // A rider's quote also says what the fare card's and the wallet's purses hold.
  const fareMedium = orderCard(context);
  if (!context.guest && fareMedium !== null) body.fare_medium = fareMedium;
  if (context.guest && context.destination?.kind === "guestCard") body.card_token = context.destination.token;
  if (context.guest && emailProblem(context.email) === null && context.email.trim() !== "") {
    body.email = context.email.trim();
  }
  return { guest: context.guest, body };
}

export function orderBody(context: CheckoutContext, idempotencyKey: string): PlaceInput {
  const source = { idempotencyKey, cart: cartSignature(context.items), since: context.now };
  const lines = context.items.map((item) => ({
    product: item.uuid,
    quantity: item.quantity,
    list_price: item.list_price,
    ...(item.isSubscribed ? { auto_renew: true } : {}),
  }));
  const common = {
    lines,
    promo_code: context.promo,
    shipping_method: context.quote?.shipping_required ? context.shippingMethod : null,
    expected_total: context.quote?.total ?? 0,
  };
  if (context.guest) {
    const payments = paymentLegs(context).filter(
      (leg): leg is Extract<PaymentLegRequest, { kind: "card" }> => leg.kind === "card",
    );
    return {
      guest: true,
      ...source,
      body: {
        ...common,
        email: context.email.trim(),
        shipping_address: context.quote?.shipping_required ? context.guestAddress : null,
        ...(context.destination?.kind === "guestCard" ? { card_token: context.destination.token } : {}),
        payments,
      },
    };
  }
  return {
    guest: false,
    ...source,
    body: {
      ...common,
      fare_medium: orderCard(context),
      ...(asksDestination(context) && context.destination?.kind === "account"
        ? { pass_destination: "account" as const }
        : {}),
      shipping_address: context.quote?.shipping_required ? context.addressId : null,
      payments: paymentLegs(context),
    },
  };
}

/** What the checkout keeps for a sign-in mid-checkout (never a one-time card). */
export function choicesOf(context: CheckoutContext): CheckoutChoices {
  const keep = (choice: PaymentChoice | null) => (choice && choice.kind !== "card" ? choice : null);
  return {
    cart: cartSignature(context.items),
    promo: context.promo,
    destination: context.destination?.kind === "guestCard" ? null : context.destination,
    addressId: context.addressId,
    country: context.country,
    shippingMethod: context.shippingMethod,
    split: context.split,
    legs: [keep(context.legs[0]), keep(context.legs[1])],
    firstAmount: context.firstAmount,
    idempotencyKey: context.guest ? null : context.idempotencyKey,
    ...(context.guest
      ? { email: context.email, emailConfirm: context.emailConfirm, guestAddress: context.guestAddress }
      : {}),
  };
}

/** A one-time card may pay the first leg, or a rider's second leg of a split. */
const cardLegAllowed = (context: CheckoutContext, leg: Leg) => leg === 0 || (context.split && !context.guest);

function failureOf(error: unknown): CheckoutFailure {
  const errors: unknown[] =
    typeof error === "object" && error !== null && "errors" in error && Array.isArray(error.errors)
      ? error.errors
      : [error];
  const first = errors[0];
  const detail = typeof first === "object" && first !== null ? (first as Partial<ApiError>) : {};
  const leg = /^payments\/(\d+)$/.exec(detail.field ?? "")?.[1];
  return {
    code: errorCodeOf(error),
    message: typeof detail.message === "string" ? detail.message : "",
    leg: leg === undefined ? null : Number(leg),
    reason: typeof detail.reason === "string" ? detail.reason : null,
    declined: null,
  };
}

const refusedCart: readonly number[] = [
  ErrorCode.productUnavailable,
  ErrorCode.cartConflict,
  ErrorCode.orderLimit,
];
const isSessionEnd = (error: unknown) =>
  errorCodeOf(error) === ErrorCode.sessionInvalid || errorCodeOf(error) === ErrorCode.unauthorized;
const isNetwork = (error: unknown) =>
  errorCodeOf(error) === ErrorCode.unavailable ||
  (typeof error === "object" && error !== null && "status" in error && error.status === 0);

/** The context a quote's reply leaves: its prices, and the promo and shipping it could not use. */
function withQuote(context: CheckoutContext, quote: Quote): Partial<CheckoutContext> {
  const promoRefused = quote.problems.some((problem) => problem.field === "promo_code");
  const shippingRefused = quote.problems.some((problem) => problem.field === "shipping_method");
  const changed = quote.reply.lines
    .filter((line) => line.price_changed)
    .map((line) => ({
      product: line.product,
      name: line.name,
      from: context.items.find((item) => item.uuid === line.product)?.list_price ?? line.unit_price,
      to: line.unit_price,
    }));
  return {
    quote: quote.reply,
    stale: false,
    changed,
    promoRefused,
    promo: promoRefused ? null : (quote.reply.promo?.code ?? null),
    shippingRefused,
    shippingMethod: shippingRefused ? null : context.shippingMethod,
  };
}

const eventError = ({ event }: { event: { error: unknown } }) => event.error;

/*
 * The whole purchase, for a rider (/checkout) or a guest (/anonymous/checkout). Nothing is charged on
 * the portal's word: `revalidating` prices the cart with the server first, and a changed price stops
 * in `priceChanged` until the rider accepts it (the cart takes the new prices too); a cart the server
 * refuses ends in `refused`. `details` is where every choice is made (shipping, promo, payment, the
 * guest's receipt email); each choice that changes the price re-quotes in `details.quoting`, so the
 * total on screen is always the server's, and the one-time card's number lives only in `details.card`
 * until the gateway turns it into a token. `review` shows what will be charged and holds the
 * Idempotency-Key: made on entering, kept for "Retry" after a network loss or an in-flight answer,
 * forgotten when the rider changes anything, so a retried order is never charged twice and a changed
 * one is never mistaken for the first. `placing` cannot be entered twice; its failures say where to go
 * back to (a declined leg to `details`, a new price to `revalidating`, an ended session to
 * `sessionEnded` with the choices kept for after signing in).
 */
/** The id of the rider's default saved address, if one is. */
const defaultAddressOf = (addresses: readonly SavedAddress[]): string | null =>
  addresses.find((address) => address.isDefault)?.id ?? null;

export const checkoutMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    children: {} as {
      prepareCheckout: "prepareCheckout";
      quote: "quote";
      tokenizeCard: "tokenizeCard";
      findCard: "findCard";
      loadCardRules: "loadCardRules";
      placeOrder: "placeOrder";
      waitBeforeRetry: "waitBeforeRetry";
    },
  },
  actors: {
    prepareCheckout: fromPromise<Prepared, QuoteInput>(unprovided("prepareCheckout")),
    quote: fromPromise<Quote, QuoteInput>(unprovided("quote")),
    tokenizeCard: fromPromise<CardToken, CardDraft>(unprovided("tokenizeCard")),
    /** A guest's card token for a card number and security code (POST /anonymous/card_tokens). */
    findCard: fromPromise<FoundCard, { cardNumber: string; securityCode: string }>(unprovided("findCard")),
    /** The card form's checks (card-validator and credit-card-type are a chunk of their own). */
    loadCardRules: fromPromise<LoadedCardRules>(unprovided("loadCardRules")),
    placeOrder: fromPromise<PlacedOrder, PlaceInput>(unprovided("placeOrder")),
    /**
     * Answers once the server's work on the same key has had time to finish (409 in flight):
     * `retryAfter` is the seconds its Retry-After asked for, null when it named none.
     */
    waitBeforeRetry: fromPromise<void, { retryAfter: number | null }>(unprovided("waitBeforeRetry")),
  },
  actions: {
    /** Writes the choices (choicesOf) where a sign-in mid-checkout finds them. */
    rememberChoices: unprovided("rememberChoices"),
    forgetChoices: unprovided("forgetChoices"),
    /** The cart takes the server's prices the rider accepted. */
    repriceCart: (_, _prices: Record<string, number>) => unprovided("repriceCart")(),
    clearCart: unprovided("clearCart"),
    goToOrder: (_, _order: PlacedOrder) => unprovided("goToOrder")(),
    /** Tells the browser's other tabs this cart was ordered (their Place order then finds it). */
    announcePlaced: (_, _placed: { cart: string; order: PlacedOrder }) => unprovided("announcePlaced")(),
    /** A fresh Idempotency-Key (crypto.randomUUID() in the portal). */
    assignKey: unprovided("assignKey"),
    assignPrepared: assign(({ context }, prepared: Prepared) => {
      const restoredMethods = (choice: PaymentChoice | null) =>
        choice?.kind === "saved" && !prepared.methods.some((method) => method.id === choice.id)
          ? null
          : choice;
      const fallback = prepared.methods.find((method) => method.is_default) ?? null;
      const first = restoredMethods(context.legs[0]);
      return {
        ...withQuote(context, prepared.quote),
        addresses: prepared.addresses,
        methods: prepared.methods,
        addressId: prepared.addresses.some((address) => address.id === context.addressId)
          ? context.addressId
          : null,
        legs: [
          first ?? (fallback && !context.guest ? { kind: "saved" as const, id: fallback.id } : null),
          restoredMethods(context.legs[1]),
        ] as [PaymentChoice | null, PaymentChoice | null],
        failure: null,
      };
    }),
    assignQuote: assign(({ context }, quote: Quote) => withQuote(context, quote)),
    assignFailure: assign((_, error: unknown) => ({ failure: failureOf(error) })),
    /** A re-quote failed: the quote on screen is for earlier choices. */
    markStale: assign({ stale: true }),
    acceptPrices: assign(({ context }) => ({
      items: context.items.map((item) => {
        const line = context.quote?.lines.find((candidate) => candidate.product === item.uuid);
        return line ? { ...item, list_price: line.unit_price } : item;
      }),
      changed: [],
      idempotencyKey: null,
    })),
    changed: assign({ idempotencyKey: null, problem: null, failure: null }),
    chooseDestination: assign((_, destination: Destination) => ({
      destination,
      destinationFailure: null,
    })),
    clearDestination: assign({ destination: null, destinationFailure: null }),
    destinationFailed: assign((_, error: unknown) => ({ destinationFailure: cardLookupRefusal(error) })),
    chooseAddress: assign(({ context }, id: string) => ({
      addressId: id,
      country: context.addresses.find((address) => address.id === id)?.country ?? null,
      shippingRefused: false,
    })),
    addAddress: assign(({ context }, address: SavedAddress) => ({
      addresses: [...context.addresses.filter((known) => known.id !== address.id), address],
      addressId: address.id,
      country: address.country,
      shippingRefused: false,
    })),
    // Only the address itself: the form's saved copy also carries an id and a date.
    guestAddress: assign((_, address: AddressInput) => ({
      guestAddress: {
        firstName: address.firstName,
        lastName: address.lastName,
        address_1: address.address_1,
        address_2: address.address_2 ?? null,
        country: address.country,
        state: address.state,
        city: address.city,
        zipCode: address.zipCode,
        email: address.email ?? null,
      },
      country: address.country,
      shippingRefused: false,
    })),
    chooseMethod: assign((_, code: string) => ({ shippingMethod: code, shippingRefused: false })),
    typePromo: assign((_, value: string) => ({ promoText: value, promoRefused: false })),
    applyPromo: assign(({ context }) => ({ promo: normalizePromoCode(context.promoText) })),
    removePromo: assign({ promo: null, promoText: "", promoRefused: false }),
    split: assign(({ context }, on: boolean) => ({
      split: on,
      legs: [context.legs[0], on ? context.legs[1] : null] as [PaymentChoice | null, PaymentChoice | null],
    })),
    choose: assign(({ context }, change: { leg: Leg; choice: PaymentChoice }) => {
      const legs: [PaymentChoice | null, PaymentChoice | null] = [...context.legs];
      legs[change.leg] = change.choice;
      return { legs };
    }),
    typeAmount: assign((_, value: string) => ({ firstAmount: value })),
    /** A purse asked more than it holds is said at once, where the amount or the method was chosen. */
    checkPurses: assign(({ context }) => {
      const first = problemOf(context);
      // An auto-renewed pass refuses purses altogether: that is what the rider hears at Review.
      const renewing = first === "walletAutoRenew" || first === "autoRenewSavedMethod";
      return { problem: purseShortfall(context) !== null && !renewing ? "purseShort" : context.problem };
    }),
    typeEmail: assign((_, value: string) => ({ email: value })),
    typeConfirm: assign((_, value: string) => ({ emailConfirm: value })),
    openCard: assign((_, leg: Leg) => ({ card: emptyCard, cardProblems: {}, cardLeg: leg })),
    /** Typed while the checks download: kept, and checked once they are here. */
    assignCardRules: assign(({ context }, loaded: LoadedCardRules) => ({
      cardRules: loaded,
      card: { ...context.card, ...loaded.clean(context.card, context.card) },
    })),
    typeCard: assign(({ context }, values: Partial<CardDraft>) => ({ card: { ...context.card, ...values } })),
    /** The checks could not be downloaded: the form closes, saying the connection was lost. */
    cardRulesLost: assign({
      card: emptyCard,
      cardProblems: {},
      failure: { code: ErrorCode.unavailable, message: "", leg: null, reason: null, declined: null },
    }),
    /** Shown as the rules write it ("1229" typed on a keypad reads 12/29), then checked again. */
    changeCard: assign(({ context }, values: Partial<CardDraft>) => {
      const card = { ...context.card, ...(context.cardRules?.clean(values, context.card) ?? values) };
      const found = context.cardRules?.check(card, new Date(context.now)) ?? {};
      const cardProblems: CardProblems = {};
      for (const key of Object.keys(context.cardProblems) as Array<keyof CardDraft>) {
        if (found[key]) cardProblems[key] = found[key];
      }
      return { card, cardProblems };
    }),
    checkCard: assign(({ context }) => ({
      cardProblems: context.cardRules?.check(context.card, new Date(context.now)) ?? {},
    })),
    useCard: assign(({ context }, token: CardToken) => {
      const legs: [PaymentChoice | null, PaymentChoice | null] = [...context.legs];
      legs[context.cardLeg] = { kind: "card", ...token };
      return { legs, card: emptyCard, cardProblems: {} };
    }),
    closeCard: assign({ card: emptyCard, cardProblems: {} }),
    showProblem: assign(({ context }) => ({ problem: problemOf(context) })),
    /** A declined leg is chosen again; the other leg was not charged. */
    assignDeclined: assign(({ context }, error: unknown) => {
      const failure = failureOf(error);
      const legs: [PaymentChoice | null, PaymentChoice | null] = [...context.legs];
      if (failure.leg !== 0 && failure.leg !== 1) return { failure, idempotencyKey: null };
      const declined = legs[failure.leg] ?? null;
      legs[failure.leg] = null;
      return { failure: { ...failure, declined }, legs, idempotencyKey: null };
    }),
    /** A refused order: its words; a guest's card that can no longer be used is asked for again. */
    assignRefusal: assign(({ context }, error: unknown) => {
      const failure = failureOf(error);
      const cardGone =
        failure.code === ErrorCode.fareCardUnavailable && context.destination?.kind === "guestCard";
      return { failure, idempotencyKey: null, ...(cardGone ? { destination: null } : {}) };
    }),
    assignOrder: assign((_, order: PlacedOrder) => ({ order, failure: null })),
    assignElsewhere: assign((_, error: unknown) => ({ elsewhere: placedElsewhereOf(error), failure: null })),
    forgetFailure: assign({ failure: null }),
  },
  guards: {
    pricesChanged: ({ context }) => context.changed.length > 0,
    ready: ({ context }) => problemOf(context) === null,
    /** A quote for the same choices that Review could not stand on: a problem, or another total. */
    quoteChangesOrder: ({ context }, quote: Quote) =>
      quote.reply.total !== context.quote?.total ||
      problemOf({ ...context, ...withQuote(context, quote) }) !== null,
    stale: ({ context }) => context.stale,
    /** An eligible card the quote lists for this rider, or the account where allowed; only when checkout asks. */
    offersDestination: ({ context }, destination: Destination) => {
      if (context.guest || !asksDestination(context)) return false;
      if (destination.kind === "account") return accountAllowed(context);
      // A card whose rider type cannot hold the passes is shown, not offered.
      return (
        destination.kind === "card" &&
        (context.quote?.destinations?.cards.some((card) => card.id === destination.id && card.eligible) ??
          false)
      );
    },
    isOwnAddress: ({ context }, id: string) => context.addresses.some((address) => address.id === id),
    offersMethod: ({ context }, code: string) =>
      context.quote?.shipping_methods.some((method) => method.code === code) ?? false,
    promoTyped: ({ context }) => context.promoAllowed && context.promoText.trim() !== "",
    hasPromo: ({ context }) => context.promo !== null || context.promoText !== "",
    splitAllowed: ({ context }) => context.splitAllowed && !context.guest,
    /** Guests pay with one-time cards only; a saved method must be the rider's own. */
    allowedChoice: ({ context }, change: { leg: Leg; choice: PaymentChoice }) => {
      if (change.leg === 1 && !context.split) return false;
      if (context.guest) return false;
      const { choice } = change;
      if (choice.kind === "saved") return context.methods.some((method) => method.id === choice.id);
      // A purse is offered only when it holds something (the quote says what, for riders).
      const purses = context.quote?.purses ?? null;
      if (choice.kind === "stored_value")
        return orderCard(context) !== null && (purses?.stored_value ?? 0) > 0;
      return choice.kind === "wallet" && (purses?.wallet ?? 0) > 0;
    },
    cardLegAllowed: ({ context }, leg: Leg) => cardLegAllowed(context, leg),
    /** The leg may take a card, and the card checks are already here: the form opens ready. */
    cardFormReady: ({ context }, leg: Leg) => cardLegAllowed(context, leg) && context.cardRules !== null,
    cardValid: ({ context }) =>
      context.cardRules !== null &&
      Object.keys(context.cardRules.check(context.card, new Date(context.now))).length === 0,
    refusedCart: (_, error: unknown) => refusedCart.includes(errorCodeOf(error)),
    sessionEnded: (_, error: unknown) => isSessionEnd(error),
    networkLost: (_, error: unknown) => isNetwork(error),
    inFlight: (_, error: unknown) => errorCodeOf(error) === ErrorCode.idempotencyInFlight,
    priceChanged: (_, error: unknown) => errorCodeOf(error) === ErrorCode.priceChanged,
    declined: (_, error: unknown) => errorCodeOf(error) === ErrorCode.paymentMethodDeclined,
    placedElsewhere: (_, error: unknown) => placedElsewhereOf(error) !== null,
  },
}).createMachine({
  id: "checkout",
  context: ({ input }) => {
    const restored = input.restored?.cart === cartSignature(input.items) ? input.restored : null;
    return {
      guest: input.guest,
      items: input.items,
      splitAllowed: input.splitAllowed,
      promoAllowed: input.promoAllowed,
      now: input.now,
      quote: null,
      changed: [],
      addresses: [],
      methods: [],
      promoText: restored?.promo ?? "",
      promo: restored?.promo ?? null,
      promoRefused: false,
      destination: input.guest ? null : (restored?.destination ?? null),
      destinationFailure: null,
      addressId: input.guest ? null : (restored?.addressId ?? null),
      guestAddress: input.guest ? (restored?.guestAddress ?? null) : null,
      country: input.guest ? (restored?.guestAddress?.country ?? null) : (restored?.country ?? null),
      shippingMethod: restored?.shippingMethod ?? null,
      shippingRefused: false,
      split: !input.guest && input.splitAllowed && (restored?.split ?? false),
      legs: input.guest ? [null, null] : [restored?.legs[0] ?? null, restored?.legs[1] ?? null],
      firstAmount: restored?.firstAmount ?? "",
      email: input.guest ? (restored?.email ?? "") : "",
      emailConfirm: input.guest ? (restored?.emailConfirm ?? "") : "",
      card: emptyCard,
      cardProblems: {},
      cardRules: null,
      cardLeg: 0,
      problem: null,
      failure: null,
      stale: false,
      idempotencyKey: input.guest ? null : (restored?.idempotencyKey ?? null),
      keys: 0,
      order: null,
      elsewhere: null,
    };
  },
  initial: "revalidating",
  states: {
    revalidating: {
      tags: ["busy"],
      invoke: {
        id: "prepareCheckout",
        src: "prepareCheckout",
        input: ({ context }) => quoteBody(context),
        onDone: [
          {
            guard: ({ event }) => event.output.quote.reply.prices_changed,
            target: "priceChanged",
            actions: { type: "assignPrepared", params: ({ event }) => event.output },
          },
          {
            // Something to ship and no address chosen yet: the rider's default address is the one,
            // and the quote asks for its country's shipping methods.
            guard: ({ context, event }) =>
              !context.guest &&
              event.output.quote.reply.shipping_required &&
              context.addressId === null &&
              defaultAddressOf(event.output.addresses) !== null,
            target: "details.quoting",
            actions: [
              { type: "assignPrepared", params: ({ event }) => event.output },
              {
                type: "chooseAddress",
                params: ({ event }) => defaultAddressOf(event.output.addresses) ?? "",
              },
            ],
          },
          { target: "details", actions: { type: "assignPrepared", params: ({ event }) => event.output } },
        ],
        onError: [
          {
            guard: { type: "sessionEnded", params: eventError },
            target: "sessionEnded",
            actions: "rememberChoices",
          },
          {
            guard: { type: "refusedCart", params: eventError },
            target: "refused",
            actions: { type: "assignFailure", params: eventError },
          },
          { target: "unavailable", actions: { type: "assignFailure", params: eventError } },
        ],
      },
    },
    /** The quote could not be had (no connection, a server error): nothing is shown as a price. */
    unavailable: {
      on: { "checkout.retry": { target: "revalidating", actions: "forgetFailure" } },
    },
    /** The server refused the cart itself (an unavailable product, a mix, too many tickets). */
    refused: {},
    priceChanged: {
      initial: "shown",
      on: {
        "checkout.acceptPrices": {
          target: "details",
          actions: [
            "acceptPrices",
            {
              type: "repriceCart",
              params: ({ context }) =>
                Object.fromEntries(context.items.map((item) => [item.uuid, item.list_price])),
            },
            "rememberChoices",
          ],
        },
      },
      states: {
        shown: {
          on: { "checkout.relabel": "relabelling" },
        },
        /**
         * The changed prices quoted again for the new language's names, while the question stays up
         * (accepting still works). Prices back to the cart's go on to Details; a failed quote keeps
         * the names shown.
         */
        relabelling: {
          on: { "checkout.relabel": { target: "relabelling", reenter: true } },
          invoke: {
            id: "quote",
            src: "quote",
            input: ({ context }) => quoteBody(context),
            onDone: [
              {
                guard: ({ event }) => event.output.reply.prices_changed,
                target: "shown",
                actions: { type: "assignQuote", params: ({ event }) => event.output },
              },
              {
                target: "#checkout.details",
                actions: { type: "assignQuote", params: ({ event }) => event.output },
              },
            ],
            onError: [
              {
                guard: { type: "sessionEnded", params: eventError },
                target: "#checkout.sessionEnded",
                actions: "rememberChoices",
              },
              { target: "shown" },
            ],
          },
        },
      },
    },
    details: {
      initial: "idle",
      // What is typed is kept in every part of Details, also while the total is re-quoted or a card
      // is looked up: a keystroke is never lost to a request in flight (issue 34).
      on: {
        "checkout.relabel": { actions: "markStale" },
        "promo.change": { actions: { type: "typePromo", params: ({ event }) => event.value } },
        "payment.amount": {
          guard: ({ context }) => context.split,
          actions: [
            "changed",
            { type: "typeAmount", params: ({ event }) => event.value },
            "checkPurses",
            "rememberChoices",
          ],
        },
        "receipt.email": {
          guard: ({ context }) => context.guest,
          actions: ["changed", { type: "typeEmail", params: ({ event }) => event.value }, "rememberChoices"],
        },
        "receipt.confirm": {
          guard: ({ context }) => context.guest,
          actions: [
            "changed",
            { type: "typeConfirm", params: ({ event }) => event.value },
            "rememberChoices",
          ],
        },
      },
      states: {
        idle: {
          on: {
            "checkout.relabel": { target: "quoting" },
            "destination.choose": {
              guard: { type: "offersDestination", params: ({ event }) => event.destination },
              target: "quoting",
              actions: [
                "changed",
                { type: "chooseDestination", params: ({ event }) => event.destination },
                "rememberChoices",
              ],
            },
            "destination.findCard": {
              guard: ({ context }) => context.guest && asksDestination(context),
              target: "findingCard",
              actions: ["changed", "clearDestination"],
            },
            "destination.clear": {
              guard: ({ context }) => context.guest && context.destination !== null,
              target: "quoting",
              actions: ["changed", "clearDestination"],
            },
            "shipping.chooseAddress": {
              guard: { type: "isOwnAddress", params: ({ event }) => event.id },
              target: "quoting",
              actions: [
                "changed",
                { type: "chooseAddress", params: ({ event }) => event.id },
                "rememberChoices",
              ],
            },
            "shipping.addressAdded": {
              guard: ({ context }) => !context.guest,
              target: "quoting",
              actions: [
                "changed",
                { type: "addAddress", params: ({ event }) => event.address },
                "rememberChoices",
              ],
            },
            "shipping.guestAddress": {
              guard: ({ context }) => context.guest,
              target: "quoting",
              actions: [
                "changed",
                { type: "guestAddress", params: ({ event }) => event.address },
                "rememberChoices",
              ],
            },
            "shipping.chooseMethod": {
              guard: { type: "offersMethod", params: ({ event }) => event.code },
              target: "quoting",
              actions: [
                "changed",
                { type: "chooseMethod", params: ({ event }) => event.code },
                "rememberChoices",
              ],
            },
            "promo.apply": {
              guard: "promoTyped",
              target: "quoting",
              actions: ["changed", "applyPromo", "rememberChoices"],
            },
            "promo.remove": {
              guard: "hasPromo",
              target: "quoting",
              actions: ["changed", "removePromo", "rememberChoices"],
            },
            "payment.split": {
              guard: "splitAllowed",
              actions: [
                "changed",
                { type: "split", params: ({ event }) => event.on },
                "checkPurses",
                "rememberChoices",
              ],
            },
            "payment.choose": {
              guard: { type: "allowedChoice", params: ({ event }) => event },
              actions: [
                "changed",
                { type: "choose", params: ({ event }) => event },
                "checkPurses",
                "rememberChoices",
              ],
            },
            "payment.newCard": [
              {
                guard: { type: "cardFormReady", params: ({ event }) => event.leg },
                target: "card.ready",
                actions: ["changed", { type: "openCard", params: ({ event }) => event.leg }],
              },
              {
                guard: { type: "cardLegAllowed", params: ({ event }) => event.leg },
                target: "card.loading",
                actions: ["changed", { type: "openCard", params: ({ event }) => event.leg }],
              },
            ],
            "checkout.review": [
              // Never review a total priced for other choices: quote the rider's choices again first.
              { guard: "stale", target: "quoting" },
              { guard: "ready", target: "#checkout.review", actions: "showProblem" },
              { actions: "showProblem" },
            ],
          },
        },
        quoting: {
          tags: ["busy"],
          // A quote asked for in the old language is asked for again in the new one.
          on: { "checkout.relabel": { target: "quoting", reenter: true } },
          invoke: {
            id: "quote",
            src: "quote",
            input: ({ context }) => quoteBody(context),
            onDone: [
              {
                guard: ({ event }) => event.output.reply.prices_changed,
                target: "#checkout.priceChanged",
                actions: { type: "assignQuote", params: ({ event }) => event.output },
              },
              { target: "idle", actions: { type: "assignQuote", params: ({ event }) => event.output } },
            ],
            onError: [
              {
                guard: { type: "sessionEnded", params: eventError },
                target: "#checkout.sessionEnded",
                actions: "rememberChoices",
              },
              {
                target: "idle",
                actions: [{ type: "assignFailure", params: eventError }, "markStale"],
              },
            ],
          },
        },
        /** A guest's card number and security code become a card token; the quote then says if it fits. */
        findingCard: {
          tags: ["busy"],
          invoke: {
            id: "findCard",
            src: "findCard",
            input: ({ event }) =>
              event.type === "destination.findCard"
                ? { cardNumber: event.cardNumber, securityCode: event.securityCode }
                : { cardNumber: "", securityCode: "" },
            onDone: {
              target: "quoting",
              actions: {
                type: "chooseDestination",
                params: ({ event }) => ({ kind: "guestCard" as const, ...event.output }),
              },
            },
            onError: { target: "idle", actions: { type: "destinationFailed", params: eventError } },
          },
        },
        card: {
          // Entered at `loading`, or at `ready` once the checks are here (payment.newCard's guard).
          initial: "loading",
          on: { "card.cancel": { target: "idle", actions: "closeCard" } },
          states: {
            /**
             * The first card form of this checkout: its checks download, and "Use this card" waits for
             * them. Anything typed meanwhile is kept (in the portal the fields come in the same download).
             */
            loading: {
              invoke: {
                id: "loadCardRules",
                src: "loadCardRules",
                onDone: {
                  target: "ready",
                  actions: { type: "assignCardRules", params: ({ event }) => event.output },
                },
                onError: { target: "#checkout.details.idle", actions: "cardRulesLost" },
              },
              on: { "card.change": { actions: { type: "typeCard", params: ({ event }) => event.values } } },
            },
            ready: {
              on: {
                "card.change": { actions: { type: "changeCard", params: ({ event }) => event.values } },
                "card.use": [
                  { guard: "cardValid", target: "#checkout.details.tokenizing" },
                  { actions: "checkCard" },
                ],
              },
            },
          },
        },
        tokenizing: {
          tags: ["busy"],
          invoke: {
            id: "tokenizeCard",
            src: "tokenizeCard",
            input: ({ context }) => context.card,
            onDone: { target: "idle", actions: { type: "useCard", params: ({ event }) => event.output } },
            onError: { target: "card.ready", actions: { type: "assignFailure", params: eventError } },
          },
        },
      },
    },
    review: {
      entry: [{ type: "assignKey" }, "rememberChoices"],
      on: {
        "checkout.edit": { target: "details", actions: "forgetFailure" },
        "checkout.place": { target: "placing", actions: "forgetFailure" },
      },
      initial: "shown",
      states: {
        shown: {
          on: { "checkout.relabel": "relabelling" },
        },
        /**
         * The same choices quoted again for the new language's names, while Review stays up (Place
         * order still works, on the total shown). A new price goes to priceChanged as anywhere; a
         * quote that leaves a problem (a shipping method or promo no longer offered) or another total
         * goes back to Details, saying which, with the key forgotten; a failed quote keeps the names.
         */
        relabelling: {
          on: { "checkout.relabel": { target: "relabelling", reenter: true } },
          invoke: {
            id: "quote",
            src: "quote",
            input: ({ context }) => quoteBody(context),
            onDone: [
              {
                guard: ({ event }) => event.output.reply.prices_changed,
                target: "#checkout.priceChanged",
                actions: { type: "assignQuote", params: ({ event }) => event.output },
              },
              {
                guard: { type: "quoteChangesOrder", params: ({ event }) => event.output },
                target: "#checkout.details",
                actions: [
                  { type: "assignQuote", params: ({ event }) => event.output },
                  "changed",
                  "showProblem",
                ],
              },
              { target: "shown", actions: { type: "assignQuote", params: ({ event }) => event.output } },
            ],
            onError: [
              {
                guard: { type: "sessionEnded", params: eventError },
                target: "#checkout.sessionEnded",
                actions: "rememberChoices",
              },
              { target: "shown" },
            ],
          },
        },
      },
    },
    placing: {
      tags: ["busy"],
      invoke: {
        id: "placeOrder",
        src: "placeOrder",
        input: ({ context }) => orderBody(context, context.idempotencyKey ?? ""),
        onDone: {
          target: "placed",
          actions: [
            { type: "assignOrder", params: ({ event }) => event.output },
            {
              type: "announcePlaced",
              params: ({ context, event }) => ({ cart: cartSignature(context.items), order: event.output }),
            },
            "forgetChoices",
            "clearCart",
            { type: "goToOrder", params: ({ event }) => event.output },
          ],
        },
        onError: [
          {
            // Nothing was sent: the other tab's order is this cart's (the cart is already empty there).
            guard: { type: "placedElsewhere", params: eventError },
            target: "placedElsewhere",
            actions: [{ type: "assignElsewhere", params: eventError }, "forgetChoices", "clearCart"],
          },
          {
            guard: { type: "sessionEnded", params: eventError },
            target: "sessionEnded",
            actions: "rememberChoices",
          },
          {
            guard: { type: "networkLost", params: eventError },
            target: "retrying",
            actions: { type: "assignFailure", params: eventError },
          },
          { guard: { type: "inFlight", params: eventError }, target: "inFlight" },
          {
            guard: { type: "priceChanged", params: eventError },
            target: "revalidating",
            actions: { type: "assignRefusal", params: eventError },
          },
          {
            guard: { type: "declined", params: eventError },
            target: "details",
            actions: [{ type: "assignDeclined", params: eventError }, "rememberChoices"],
          },
          { target: "details", actions: [{ type: "assignRefusal", params: eventError }, "rememberChoices"] },
        ],
      },
    },
    /**
     * No reply: the order may or may not exist. "Retry" sends the same key, so the server answers the
     * first try if it landed; editing makes a new one only once something changes.
     */
    retrying: {
      on: {
        "checkout.retry": { target: "placing", actions: "forgetFailure" },
        "checkout.edit": { target: "details", actions: "forgetFailure" },
      },
    },
    /** The server is still working on this key: ask again, with the same key, after a pause. */
    inFlight: {
      tags: ["busy"],
      invoke: {
        id: "waitBeforeRetry",
        src: "waitBeforeRetry",
        input: ({ event }) => ({ retryAfter: retryAfterOf("error" in event ? event.error : null) }),
        onDone: "placing",
      },
    },
    placed: { type: "final" },
    /** Another tab of this browser placed this cart's order first: nothing was charged here. */
    placedElsewhere: { type: "final" },
    /** Signed out mid-checkout: the session goes to /login; the choices wait in sessionStorage. */
    sessionEnded: { type: "final" },
  },
});

type Snapshot = { context: CheckoutContext; hasTag(tag: "busy"): boolean };

export const selectBusy = (snapshot: Snapshot) => snapshot.hasTag("busy");
/** The legs' amounts the review shows (minor units), in leg order. */
export const selectLegAmounts = (snapshot: Snapshot): number[] =>
  paymentLegs(snapshot.context).map((leg) => leg.amount);
/** The second leg's amount while the rider types the first: the total less what they typed. */
export const selectBalance = (snapshot: Snapshot): number | null => {
  const { quote, firstAmount } = snapshot.context;
  if (!quote) return null;
  return splitLegs(quote.total, parseAmount(firstAmount, quote.currency))?.[1] ?? null;
};
/** The money lines the checkout shows: always the server's quote, never a sum of the cart's own. */
export const selectTotals = (
  snapshot: Snapshot,
): { subtotal: number; shipping: number; discount: number; total: number; currency: string } | null => {
  const quote = snapshot.context.quote;
  if (!quote) return null;
  return {
    subtotal: quote.subtotal,
    shipping: quote.shipping,
    discount: quote.discount,
    total: quote.total,
    currency: quote.currency,
  };
};
