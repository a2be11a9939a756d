import type { Address, AddressInput } from "../payments/address.ts";
import type { PassDestination, QuoteLineRequest, ShippingMethodOption } from "./quote.ts";

/**
 * What the order API says (issue 12), shared by the server (server/routes/transit/orders.ts) and the
 * portal (the checkout, order summary and order history screens). Prices, promo and shipping are the
 * server's, computed from the catalogue exactly as the quote computes them (services/pricing.ts); the
 * client's `expected_total` is only compared.
 *
 * Placing (an `Idempotency-Key` header is required: 1..255 printable ASCII, the client makes a UUID per
 * checkout attempt and keeps it across retries):
 * - `POST /transit/orders`  PlaceOrderRequest → 201 `PlacedOrder` (a confirmed rider).
 * - `POST /transit/anonymous/orders`  GuestOrderRequest → 201 `PlacedOrder` (guests; `email` is where
 *    the receipt goes; payment is one one-time card; `guest_link` is in the reply and the email).
 *   - The same key and the same body answer the first reply again (same status, same order).
 *   - The same key with another body: 422 `idempotencyMismatch`.
 *   - The same key while the first request is still being worked on: 409 `idempotencyInFlight`.
 *   - The same key after its attempt stopped before the order was written (the server died between
 *     the gateway and the commit): once the recovery run has given back what the gateway held, 422
 *     `orderNotPlaced`; the checkout places it again with a new key.
 *   - A missing or malformed key: 400 validation with `field: "Idempotency-Key"`.
 * - A refused order writes nothing (no order, no ledger entries, no pass): 422 with one of
 *   - the quote's codes (productUnavailable, cartConflict, orderLimit, promoCodeInvalid on `promo_code`,
 *     shippingMethodUnavailable on `shipping_method`): an order never silently drops a promo or shipping
 *     choice the rider made, it is refused and the rider chooses again;
 *   - `priceChanged` (the server's total is not `expected_total`; `field: "expected_total"`): the
 *     checkout quotes again and shows the new price to be accepted;
 *   - `paymentRefused` on `payments/<n>`: the legs do not sum to the total, a method is not the rider's,
 *     removed or blocked, a wallet or stored value pays for an auto-renewed pass ("A wallet cannot pay
 *     for auto-renewed passes"), a purse holds less than its leg, more legs than allowed;
 *   - `paymentMethodDeclined` on `payments/<n>` with the gateway's DeclineReason in `reason`
 *     ("card_declined", "insufficient_funds", ...): the gateway said no to that leg (n counts from 0);
 *     every leg already authorized was voided;
 *   - `paymentTokenInvalid` on `payments/<n>`: a one-time card's token is forged, expired or used;
 *   - `fareCardUnavailable` on `fare_medium`: not the rider's, blocked, or not of the order's kind.
 *
 * Reading (riders: their own orders; another rider's id and an unknown id are the same 404):
 * - `GET /transit/orders?limit=12&after=<cursor>` → `OrderPage` (newest first, keyset pages).
 * - `GET /transit/orders/:id` → `OrderDetail`.
 * - `GET /transit/anonymous/orders/:id?link=<guest_link>` → `OrderDetail` (a guest's order, only with
 *   its unguessable link; a wrong link and an unknown id are the same 404).
 */

/** Most payment legs of one order: spec section 5, "Split payment: exactly 2 payment methods". */
export const maxPaymentLegs = 2;
/** A split is exactly two legs. */
export const splitLegCount = 2;
/** Order history's page size is the deployment's `ideal_row_count` (12); the server takes at most this. */
export const maxOrderPageSize = 50;

/** Spec section 5 texts the order API and the checkout use. */
export const selectPaymentMethodMessage = "Please select a payment method.";
export const walletAutoRenewMessage = "A wallet cannot pay for auto-renewed passes";
/** An auto-renewed pass renews on the method that bought it: one saved method for the whole order. */
export const autoRenewSavedMethodMessage =
  "Auto-renewed passes need a saved payment method that pays the whole order.";

/**
 * How one leg pays:
 * - `saved`: one of the rider's live payment methods (`payment_method`: its id).
 * - `card`: a one-time card for this order only (`token`: the gateway's token from its tokenization
 *   endpoint); it is not saved. The only kind a guest may use.
 * - `stored_value`: the general funds of the order's fare card (digital orders with a fare card).
 * - `wallet`: the rider's stored-value wallet (`wallet:<user id>`).
 * Neither purse may pay for an auto-renewed pass.
 */
export type PaymentLegRequest =
  | { kind: "saved"; payment_method: string; amount: number }
  | { kind: "card"; token: string; amount: number }
  | { kind: "stored_value"; amount: number }
  | { kind: "wallet"; amount: number };

type PaymentLegKind = PaymentLegRequest["kind"];

/** What a leg pays with: a saved method, a card's token, or a purse. */
const legMethodOf = (leg: PaymentLegRequest): string =>
  leg.kind === "saved"
    ? `saved:${leg.payment_method.toLowerCase()}`
    : leg.kind === "card"
      ? `card:${leg.token}`
      : leg.kind;

/**
 * The first leg that pays with what an earlier leg pays with, or -1: a split is two different
 * methods ("Please choose two different payment methods.", as the portal says it), on the server too.
 */
export function repeatedLegMethod(legs: readonly PaymentLegRequest[]): number {
  const seen = new Set<string>();
  for (const [index, leg] of legs.entries()) {
    const method = legMethodOf(leg);
    if (seen.has(method)) return index;
    seen.add(method);
  }
  return -1;
}

interface OrderLineRequest extends QuoteLineRequest {
  /** Auto-renew this pass (a subscription); only for products with `subscription_allowed` and a fare card. */
  auto_renew?: boolean;
}

export interface PlaceOrderRequest {
  lines: OrderLineRequest[];
  /** The fare card digital items are bought for (the cart's `faremediaId`); null for physical orders. */
  fare_medium?: string | null;
  /**
   * Without a fare card, digital passes must be sent to the rider's account ("account"), where the
   * deployment's `passesInAccount` allows it; otherwise the order is refused (fareCardUnavailable on
   * `pass_destination`).
   */
  pass_destination?: PassDestination | null;
  promo_code?: string | null;
  /** Needed when the quote says `shipping_required`. */
  shipping_method?: string | null;
  /** One of the rider's saved addresses (riders), when shipping is required. */
  shipping_address?: string | null;
  /** What the client showed as the total (minor units); the order is refused when it differs. */
  expected_total: number;
  /** 1 or 2 legs (2 only when `enableSplitPayments.purchasePasses`), summing to the total. */
  payments: PaymentLegRequest[];
}

export interface GuestOrderRequest
  extends Omit<PlaceOrderRequest, "fare_medium" | "shipping_address" | "pass_destination"> {
  /** Where the receipt goes. */
  email: string;
  /**
   * The fare card digital passes and stored value go on: a card token from its number and security
   * code (AnonymousQuoteRequest's). A digital pass needs one; an expired token is refused
   * (fareCardUnavailable on `card_token`).
   */
  card_token?: string | null;
  /** The address itself (guests keep none), when shipping is required. */
  shipping_address?: AddressInput | null;
  /** Guests pay with one-time cards only. */
  payments: Array<Extract<PaymentLegRequest, { kind: "card" }>>;
}

/** Spec section 3 (Order): entry types. */
export type OrderEntryType = "sale" | "refund" | "unpaid" | "cash";
export type OrderStatus = "paid" | "partially_refunded" | "refunded";

export interface OrderItem {
  line: number;
  product: string;
  name: string;
  sub_type: string;
  quantity: number;
  unit_price: number;
  line_total: number;
  discount: number;
  auto_renew: boolean;
  /** What the item became: passes issued, value credited, a card to be shipped, a subscription. */
  fulfilment: "pass" | "stored_value" | "shipment" | "subscription";
  /**
   * The offer it was sold under, in the spec's shape (section 3): the product's short description in the
   * order's language as it read then; null where there was none.
   */
  offer_serve: { offer_code: { text: string } } | null;
}

export interface OrderPayment {
  leg: number;
  kind: PaymentLegKind;
  amount: number;
  /** Shown as the rider knows it: "Visa •••• 4242", "PayPal", "Wallet", "Stored value". */
  brand: string | null;
  last4: string | null;
  /** Saved methods: the nickname at the time of the order. */
  nickname: string | null;
  /** The saved method it came from (null for one-time cards and purses; may be removed since). */
  payment_method: string | null;
  /**
   * A card leg's purchase number: the payment gateway's reference of the charge, as the rider's bank
   * knows it (null for wallet and stored-value legs, which no gateway saw).
   */
  purchase_number: string | null;
}

export interface OrderEntry {
  type: OrderEntryType;
  amount: number;
  created_at: string;
}

export interface OrderSummary {
  id: string;
  /** What the rider quotes to customer service: "TP-" and 8 digits. */
  number: string;
  created_at: string;
  status: OrderStatus;
  /** "load": stored value added to a fare card or the wallet (issue 13). */
  kind: "digital" | "physical" | "load";
  currency: string;
  total: number;
  item_count: number;
  /** What was bought, line by line, as named when it was bought: order history shows it in each row. */
  lines: Array<{ name: string; quantity: number }>;
  /** The fare card's printed number, masked but its last 4 ("•••• 1234"), when there is one. */
  card_number: string | null;
}

export interface OrderDetail extends OrderSummary {
  items: OrderItem[];
  payments: OrderPayment[];
  entries: OrderEntry[];
  subtotal: number;
  shipping: number;
  discount: number;
  promo_code: string | null;
  shipping_method: ShippingMethodOption | null;
  shipping_address: Address | null;
  /** The receipt's address. */
  email: string;
  fare_medium: { id: string; nickname: string; card_number: string } | null;
}

export interface PlacedOrder extends OrderDetail {
  /** Guests only: the unguessable token of `/anonymous/ordersummary/<id>?link=<token>`; null for riders. */
  guest_link: string | null;
}

export interface OrderPage {
  orders: OrderSummary[];
  /** Pass as `after` for the next (older) page; null on the last page. */
  next: string | null;
}
