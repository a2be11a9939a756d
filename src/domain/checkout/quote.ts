import { maxPerProduct } from "../cart.ts";

/**
 * What the checkout's pricing API says (issue 12), shared by the server
 * (server/routes/transit/checkout.ts) and the portal. Prices, promo and shipping are the server's,
 * from its catalogue; what the client believes a line costs is only compared (`price_changed`).
 *
 * - `GET  /transit/shipping_methods?country=US` → `{ shipping_methods: ShippingMethodOption[] }`:
 *     the active methods serving that country (every active one without `country`), names in the
 *     `Accept-Language` language, in list order. Open to everyone.
 * - `POST /transit/checkout/quote`  QuoteRequest → `QuoteReply` (a signed-in rider with a confirmed
 *     email: requireVerifiedRider).
 * - `POST /transit/anonymous/checkout/quote`  QuoteRequest & { email? } → `QuoteReply` (guests; the
 *     receipt email, when given, is whom a code's per-rider limit counts).
 *
 * A cart the server refuses answers 400 (validation: the body's shape, a product listed twice) or 422
 * with `field` naming the line (`lines/0`): `productUnavailable` for an unknown, inactive or foreign
 * product, `cartConflict` for physical with digital or two organisations, `orderLimit` past
 * `max_cart_quantity`. A promo or shipping choice that does not hold does not refuse the quote: it is
 * priced without it, and `errors` holds `{ code, message, field }` on `promo_code` or
 * `shipping_method` (status 200, `data` present).
 */

/** Most lines one quote takes (a cart holds at most max_cart_quantity tickets, each at least one). */
export const maxQuoteLines = 50;
export { maxPerProduct };

/** A code as stored: upper-case letters, digits and dashes. */
export const promoCodePattern = /^[A-Z0-9-]{3,32}$/;

/** What a rider typed, as codes are stored: trimmed and upper-case (codes are case-insensitive). */
export const normalizePromoCode = (typed: string): string => typed.trim().toUpperCase();

/** Spec section 5: the one answer for any code that cannot be used, whatever the reason. */
export const promoCodeInvalidMessage = "The promotional code you entered is not valid.";
/** Spec section 8. */
export const shippingUnavailableMessage = "Shipping method not available";
export const orderLimitMessage = (limit: number) =>
  `Sorry! We're unable to process more than ${limit} tickets in a single order.`;

/** Error codes of the checkout routes; they live with the others in src/domain/envelope.ts. */
export interface QuoteLineRequest {
  /** The product's uuid. */
  product: string;
  /** 1..maxPerProduct. */
  quantity: number;
  /** The price the client showed (minor units); only compared, never charged. */
  list_price?: number;
}

export interface QuoteRequest {
  lines: QuoteLineRequest[];
  promo_code?: string | null;
  /** A ShippingMethodOption's `code`; needs `country`. */
  shipping_method?: string | null;
  /** ISO 3166-1 alpha-2 of the shipping address. */
  country?: string | null;
  /** The fare card digital items are bought for: a rider's quote then says what its purse holds. */
  fare_medium?: string | null;
}

export interface AnonymousQuoteRequest extends Omit<QuoteRequest, "fare_medium"> {
  email?: string | null;
  /**
   * The card a guest's digital items go on: the token `POST /transit/anonymous/card_tokens` gave for
   * its number and security code. The quote's `destinations` then says whether it can take them.
   */
  card_token?: string | null;
}

/** A fare card checkout offers as the place of the cart's passes or stored value. */
export interface DestinationCard {
  id: string;
  nickname: string;
  /** Masked but its last 4: "•••• 1234". */
  card_number: string;
  /** Every line may go on it (the products' rider types include the card's); else it is shown, not chosen. */
  eligible: boolean;
}

/**
 * Where the cart's digital passes and stored value go (issue 34), when it holds any: on a fare card,
 * or (passes only, never stored value or an auto-renewed pass, and only where the deployment's
 * `passesInAccount` allows) in the rider's account, to be moved to a card or a phone later. A rider's
 * quote lists their cards that can be bought for; a guest's, the card of its `card_token`.
 */
export interface Destinations {
  cards: DestinationCard[];
  /** "Keep it in my account" may be chosen. */
  account: boolean;
}

/** The order field naming where passes go when no fare card takes them. */
export type PassDestination = "account";

/** Spec-style texts of the destination choice (server refusals and the checkout alike). */
export const passDestinationRequiredMessage = "Choose where your pass goes.";
const _destinationNotEligibleMessage = "This fare card cannot hold the passes in your cart.";

export interface ShippingMethodOption {
  code: string;
  name: string;
  /** Minor units of `currency`. */
  price: number;
  currency: string;
}

export interface QuoteLine {
  product: string;
  name: string;
  sub_type: string;
  shipping_enabled: boolean;
  organization: string;
  quantity: number;
  /** The catalogue's price now, minor units. */
  unit_price: number;
  line_total: number;
  /** True when the client sent a `list_price` other than `unit_price`. */
  price_changed: boolean;
  /** Whether the applied promo covers this line (false without a promo). */
  promo_eligible: boolean;
  /** The line's share of the discount (minor units); the lines' shares sum to `discount`. */
  discount: number;
}

/**
 * What a rider's purses hold (minor units), for checkout to show beside "Fare card stored value" and
 * "Wallet": `stored_value` is the general funds of the quote's `fare_medium` (null without one, or when
 * it is not the rider's or cannot be bought for), `wallet` the rider's wallet.
 */
export interface Purses {
  stored_value: number | null;
  wallet: number;
}

export interface QuoteReply {
  currency: string;
  lines: QuoteLine[];
  /** Minor units: total = subtotal + shipping − discount. */
  subtotal: number;
  shipping: number;
  discount: number;
  total: number;
  /** Some client price differed from the catalogue's. */
  prices_changed: boolean;
  /** The code applied and what it takes off; null without one or when it was refused. */
  promo: { code: string; discount: number } | null;
  /** An item ships (`shipping_enabled`): the order needs a shipping method. */
  shipping_required: boolean;
  /** The method priced in; null when none was chosen, none is needed, or it was refused. */
  shipping_method: ShippingMethodOption | null;
  /** Methods available for `country` (all active ones without it); empty when nothing ships. */
  shipping_methods: ShippingMethodOption[];
  /** Riders only (null for guests): what their purses hold. */
  purses: Purses | null;
  /** Where digital passes and stored value can go; null when the cart holds none (or ships). */
  destinations: Destinations | null;
}
