import type { CartItem } from "../cart.ts";
import { ErrorCode, errorCodeOf } from "../envelope.ts";
import type { AddressInput } from "../payments/address.ts";
import { type Leg, parseAmount, splitLegs } from "../payments/amounts.ts";
import { emailProblem } from "../payments/names.ts";
import type { GuestOrderRequest, PaymentLegRequest, PlaceOrderRequest } from "./order.ts";
import type { QuoteReply, QuoteRequest } from "./quote.ts";

/*
 * A checkout's choices and the rules and requests made from them, apart from the machine that
 * gathers them (src/machines/checkout.machine.ts): what keeps the rider from Review (problemOf), what
 * a purse cannot pay (purseShortfall), where the passes go (orderCard, asksDestination), and the quote
 * and order bodies the server is sent (quoteBody, orderBody). Pure functions of a CheckoutDraft.
 */

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

/** The choices a checkout has gathered: what its rules and requests are made from. */
export interface CheckoutDraft {
  guest: boolean;
  items: CartItem[];
  /** The moment the checkout began (ms since the epoch). */
  now: number;
  quote: QuoteReply | null;
  /** The code the quote applied. */
  promo: string | null;
  destination: Destination | null;
  addressId: string | null;
  guestAddress: AddressInput | null;
  country: string | null;
  shippingMethod: string | null;
  split: boolean;
  legs: [PaymentChoice | null, PaymentChoice | null];
  /** The first leg's amount as typed (major units); the second leg is the rest. */
  firstAmount: string;
  email: string;
  emailConfirm: string;
  /** Made on entering review, kept across retries, forgotten when the rider changes anything. */
  idempotencyKey: string | null;
}

export interface QuoteInput {
  guest: boolean;
  body: QuoteRequest & { email?: string | null; card_token?: string };
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
  context: CheckoutDraft,
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
const itemCard = (context: Pick<CheckoutDraft, "items">): string | null =>
  context.items.find((item) => item.faremediaId)?.faremediaId ?? null;

/** The rider's fare card the order is for: the cart's own, else the one chosen at checkout. */
export function orderCard(context: Pick<CheckoutDraft, "items" | "destination">): string | null {
  return itemCard(context) ?? (context.destination?.kind === "card" ? context.destination.id : null);
}

/** The checkout asks where passes go: the cart holds some (the quote says) and names no card. */
export const asksDestination = (context: Pick<CheckoutDraft, "items" | "quote">): boolean =>
  (context.quote?.destinations ?? null) !== null && itemCard(context) === null;

/** "Keep it in my account" may be chosen: the quote allows it and no pass in the cart auto-renews. */
export const accountAllowed = (context: Pick<CheckoutDraft, "items" | "quote">): boolean =>
  (context.quote?.destinations?.account ?? false) && !context.items.some((item) => item.isSubscribed);

/** Whether the destination holds for the quote: a listed eligible card, or the account where allowed. */
function destinationProblem(context: CheckoutDraft): "destination" | "destinationIneligible" | null {
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
export function problemOf(context: CheckoutDraft): CheckoutProblem | null {
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
export function paymentLegs(context: CheckoutDraft): PaymentLegRequest[] {
  const total = context.quote?.total ?? 0;
  const [first, second] = context.legs;
  if (!first) return [];
  if (!context.split || !second) return [legRequest(first, total)];
  const amounts = splitLegs(total, parseAmount(context.firstAmount, context.quote?.currency ?? "USD"));
  if (!amounts) return [];
  return [legRequest(first, amounts[0]), legRequest(second, amounts[1])];
}

export function quoteBody(context: CheckoutDraft): QuoteInput {
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

export function orderBody(context: CheckoutDraft, idempotencyKey: string): PlaceInput {
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
export function choicesOf(context: CheckoutDraft): CheckoutChoices {
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

/**
 * Whether the server has answered for an order's Idempotency-Key: it placed the order, or refused it
 * in a way it would refuse again. Not while the order is still being placed (409 in flight), nor when
 * no answer came (the connection, 503) or the server failed (500): the key is then kept for the retry
 * and offered to the browser's other tabs reviewing the same order.
 */
export function keyAnswered(error: unknown): boolean {
  const code = errorCodeOf(error);
  return (
    code !== ErrorCode.idempotencyInFlight && code !== ErrorCode.unavailable && code !== ErrorCode.internal
  );
}
