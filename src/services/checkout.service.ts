import type { CheckoutChoices } from "../domain/checkout/draft.ts";
import type { GuestOrderRequest, PlacedOrder, PlaceOrderRequest } from "../domain/checkout/order.ts";
import type {
  AnonymousQuoteRequest,
  QuoteReply,
  QuoteRequest,
  ShippingMethodOption,
} from "../domain/checkout/quote.ts";
import type { ApiError } from "../domain/envelope.ts";
import type { CardTokenReply } from "../domain/transit/guest-card.ts";
import { type HttpClient, required } from "./http.ts";

/** A priced cart and what the server could not use in it (a promo code, a shipping method). */
export interface Quote {
  reply: QuoteReply;
  /** `{ code, message, field }` on `promo_code` or `shipping_method`; empty when every choice held. */
  problems: ApiError[];
}

/**
 * The checkout's API (src/domain/checkout/quote.ts and order.ts) under the transit service: quotes
 * for riders and guests, shipping methods by country, and placing an order with the caller's
 * Idempotency-Key (the same key again answers the first reply). Failures are the client's
 * ApiRequestError: its errors keep `field` (`payments/1`) and `reason` (a declined leg's cause).
 */
export function createCheckoutService(http: HttpClient, base: () => string) {
  async function priced(path: string, body: QuoteRequest | AnonymousQuoteRequest): Promise<Quote> {
    let problems: ApiError[] = [];
    const reply = await http.request<QuoteReply>(`${base()}${path}`, {
      method: "POST",
      body: { ...body },
      warnings: (errors) => {
        problems = errors;
      },
    });
    return { reply: required(reply, `POST ${path}`), problems };
  }

  return {
    quote: (body: QuoteRequest) => priced("/checkout/quote", body),
    guestQuote: (body: AnonymousQuoteRequest) => priced("/anonymous/checkout/quote", body),
    async shippingMethods(country: string): Promise<ShippingMethodOption[]> {
      const reply = await http.request<{ shipping_methods: ShippingMethodOption[] }>(
        `${base()}/shipping_methods`,
        { query: { country } },
      );
      return required(reply, "GET /shipping_methods").shipping_methods;
    },
    /**
     * The card a guest's passes go on, by its number and security code: a card token for this checkout
     * only (kept in the machine, not in storage as /manage-card keeps its own), and its masked number.
     */
    async findCard(cardNumber: string, securityCode: string): Promise<{ token: string; cardNumber: string }> {
      const reply = await http.request<CardTokenReply>(`${base()}/anonymous/card_tokens`, {
        method: "POST",
        body: { card_number: cardNumber, security_code: securityCode },
      });
      const { card_token, fare_medium } = required(reply, "POST /anonymous/card_tokens");
      const digits = fare_medium.printed_card_number.replace(/\D/g, "");
      return { token: card_token, cardNumber: `•••• ${digits.slice(-4)}` };
    },
    async placeOrder(body: PlaceOrderRequest, idempotencyKey: string): Promise<PlacedOrder> {
      const reply = await http.request<PlacedOrder>(`${base()}/orders`, {
        method: "POST",
        body: { ...body },
        headers: { "Idempotency-Key": idempotencyKey },
      });
      return required(reply, "POST /orders");
    },
    async placeGuestOrder(body: GuestOrderRequest, idempotencyKey: string): Promise<PlacedOrder> {
      const reply = await http.request<PlacedOrder>(`${base()}/anonymous/orders`, {
        method: "POST",
        body: { ...body },
        headers: { "Idempotency-Key": idempotencyKey },
      });
      return required(reply, "POST /anonymous/orders");
    },
  };
}

/**
 * sessionStorage key of the checkout's choices, for a reload, Back and Forward, or while the rider signs
 * in again (never card data).
 */
const checkoutChoicesKey = "checkoutChoices";

const isChoices = (value: unknown): value is CheckoutChoices =>
  typeof value === "object" &&
  value !== null &&
  "cart" in value &&
  typeof value.cart === "string" &&
  "legs" in value &&
  Array.isArray(value.legs) &&
  value.legs.length === 2 &&
  value.legs.every(
    (leg: unknown) =>
      leg === null ||
      (typeof leg === "object" &&
        leg !== null &&
        "kind" in leg &&
        (leg.kind === "wallet" ||
          leg.kind === "stored_value" ||
          (leg.kind === "saved" && "id" in leg && typeof leg.id === "string"))),
  ) &&
  "firstAmount" in value &&
  typeof value.firstAmount === "string" &&
  (!("email" in value) || typeof value.email === "string") &&
  (!("emailConfirm" in value) || typeof value.emailConfirm === "string") &&
  (!("guestAddress" in value) ||
    value.guestAddress === null ||
    (typeof value.guestAddress === "object" && "address_1" in value.guestAddress));

/**
 * The checkout's choices across a sign-in (the session ended mid-checkout): one sessionStorage key, so
 * they stay in this tab and go with it. A value that is not what the checkout wrote is ignored.
 */
export function createCheckoutChoicesStore(storage: Storage) {
  return {
    remember: (choices: CheckoutChoices) => storage.setItem(checkoutChoicesKey, JSON.stringify(choices)),
    forget: () => storage.removeItem(checkoutChoicesKey),
    restore(): CheckoutChoices | null {
      try {
        const value: unknown = JSON.parse(storage.getItem(checkoutChoicesKey) ?? "null");
        return isChoices(value) ? value : null;
      } catch {
        return null;
      }
    },
  };
}

/** localStorage key of the last order this browser placed, for its other tabs (issue 34). */
const placedOrderKey = "transit-portal.placedOrder";

/**
 * The last order placed in this browser, by its cart (checkout's cartSignature) and when: a checkout in
 * another tab, about to place the same cart, finds it and shows that order instead of paying twice.
 * localStorage, so every tab of the browser sees it; only the order's number and summary path.
 */
export function createPlacedOrders(storage: Storage, now: () => number) {
  return {
    announce(cart: string, order: { number: string; path: string }): void {
      storage.setItem(placedOrderKey, JSON.stringify({ cart, at: now(), ...order }));
    },
    since(cart: string, since: number): { number: string; path: string } | null {
      try {
        const value: unknown = JSON.parse(storage.getItem(placedOrderKey) ?? "null");
        if (typeof value !== "object" || value === null) return null;
        const placed = value as Record<string, unknown>;
        return placed.cart === cart &&
          typeof placed.at === "number" &&
          placed.at >= since &&
          typeof placed.number === "string" &&
          typeof placed.path === "string"
          ? { number: placed.number, path: placed.path }
          : null;
      } catch {
        return null;
      }
    },
  };
}

/** localStorage key of the Idempotency-Key this browser's tabs share for the order last reviewed. */
export const sharedOrderKeyKey = "transit-portal.orderKey";
/** How long a reviewed order's key is offered to the other tabs. */
export const sharedOrderKeyMs = 15 * 60_000;

/**
 * The Idempotency-Key of an order as the browser's tabs review it (issue 34): a tab reviewing the same
 * order as another (the same body; card data is never in it) takes that tab's key, so two Place orders
 * pressed in the same instant are one order on the server (the second waits for the first and gets its
 * reply). The key is offered for 15 minutes and taken back once the server has answered for it, so a
 * later purchase of the same things, or another try after a decline, is a new order. Only a
 * fingerprint of the body is stored (FNV-1a and its length): two bodies that share one get the
 * server's "this key was used for another order", never a second charge.
 */
export function createSharedOrderKeys(storage: Storage, now: () => number, newKey: () => string) {
  const read = (): { print?: unknown; key?: unknown; at?: unknown } => {
    try {
      return JSON.parse(storage.getItem(sharedOrderKeyKey) ?? "{}") ?? {};
    } catch {
      return {};
    }
  };
  return {
    keyFor(body: string): string {
      let hash = 0x811c9dc5;
      for (let i = 0; i < body.length; i++) hash = Math.imul(hash ^ body.charCodeAt(i), 0x01000193);
      const print = `${(hash >>> 0).toString(36)}.${body.length.toString(36)}`;
      const shared = read();
      const age = now() - Number(shared.at);
      if (shared.print === print && typeof shared.key === "string" && age >= 0 && age < sharedOrderKeyMs)
        return shared.key;
      const key = newKey();
      storage.setItem(sharedOrderKeyKey, JSON.stringify({ print, key, at: now() }));
      return key;
    },
    /** The server has answered for this key (an order, a refusal): it is not offered again. */
    answered(key: string): void {
      if (read().key === key) storage.removeItem(sharedOrderKeyKey);
    },
  };
}

/** How long to wait before asking again about an order still being placed (409 with Retry-After). */
export function retryDelayMs(retryAfterSeconds: number | null): number {
  if (retryAfterSeconds === null) return 1500;
  return Math.min(10_000, Math.max(500, Math.round(retryAfterSeconds * 1000)));
}
