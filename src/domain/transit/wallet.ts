import type { PaymentLegRequest, PlacedOrder } from "../checkout/order.ts";
import type { FareMedium } from "../fare-media.ts";
import type { PortalConfig } from "../portal-config.ts";

/**
 * Adding value and autoload (issue 13; spec sections 3 "Autoload", 4, 5, 9), shared by the server
 * (server/routes/transit/wallet.ts) and the portal (src/services/wallet.service.ts).
 *
 * A load is an order (kind "load", one stored-value line) placed like checkout's: header
 * `Idempotency-Key` required, the same key and body answer the first reply, the same key with another
 * body 422 idempotencyMismatch, 409 idempotencyInFlight while the first is being worked on. Its legs
 * are saved methods or one-time cards (never a purse): 1 leg, or exactly 2 when the deployment's
 * `enableSplitPayments.loadValue` is on. The value lands in the card's general funds, pending until
 * the gateway settles it. The receipt goes by email and the order is in order history.
 *
 * Riders (confirmed email)
 * - `POST   /transit/faremedia/:id/loads` `LoadRequest`      → 201 `LoadReply`
 * - `GET    /transit/wallet`                                 → `{ wallet: Wallet }`
 * - `POST   /transit/wallet/loads` `LoadRequest`             → 201 `{ order, wallet }`
 * - `PUT    /transit/faremedia/:id/autoload` `AutoloadRequest` → `{ autoload: Autoload }` (creates, or
 *     replaces the live one; a paused autoload saved again is active again)
 * - `DELETE /transit/faremedia/:id/autoload`                 → 204
 * Refusals: amountInvalid on `amount` ("Amount is not valid.": not an integer, below `min` or above
 * `max` of LoadLimits), paymentRefused / paymentMethodDeclined on `payments/<n>` as in checkout,
 * fareCardUnavailable (a card not ACTIVE cannot be loaded), validation on the autoload's fields.
 *
 * A scheduler (server/services/autoload-scheduler.ts) runs due autoloads: time triggers at
 * `next_run_at`, threshold triggers when a tap or transfer leaves the stored value at or below the
 * threshold. Each (autoload, due time) runs once, even when two schedulers race. A failed run pauses
 * the autoload (`paused_reason`) and emails the rider.
 */

export interface LoadLimits {
  /** Minor units. */
  min: number;
  max: number;
  currency: string;
}

/** The bounds for a load and an autoload amount when the deployment names none (`loadLimits`). */
export const defaultLoadLimits = { min: 500, max: 25_000 } as const;

/** The deployment's bounds of a load and an autoload amount, in its currency. */
export function loadLimitsOf(config: Pick<PortalConfig, "loadLimits" | "currency_code">): LoadLimits {
  return { min: config.loadLimits.min, max: config.loadLimits.max, currency: config.currency_code };
}
/** The most a card's general funds may hold after a load. */
export const maxStoredValue = 50_000;

export interface LoadRequest {
  /** Minor units. */
  amount: number;
  /** Must equal `amount` (no fees today); the load is refused with priceChanged otherwise. */
  expected_total: number;
  payments: Array<Extract<PaymentLegRequest, { kind: "saved" } | { kind: "card" }>>;
}

export interface LoadReply {
  order: PlacedOrder;
  fare_medium: FareMedium;
}

/** Where a load or an autoload puts value: a fare card, or the rider's wallet. */
export type LoadTarget = { kind: "card"; id: string } | { kind: "wallet" };

export interface Wallet {
  balance: number;
  /** What of the balance is a load not settled yet: it pays at checkout once settled (10 minutes). */
  pending: number;
  currency: string;
  limits: LoadLimits;
  /** The wallet's own autoload (GET /transit/wallet; issue 47); absent from a load's reply. */
  autoload?: Autoload | null;
}

export const autoloadTriggers = ["threshold", "weekly", "monthly"] as const;
export type AutoloadTrigger = (typeof autoloadTriggers)[number];

export type AutoloadRequest = {
  amount: number;
  payment_method: string;
} & (
  | { trigger: "threshold"; threshold: number }
  | { trigger: "weekly"; weekday: number }
  | { trigger: "monthly"; month_day: number }
);

export interface Autoload {
  id: string;
  amount: number;
  currency: string;
  trigger: AutoloadTrigger;
  /** threshold: load when the stored value is at or below this (minor units). */
  threshold: number | null;
  /** weekly: 0 Sunday ... 6 Saturday. */
  weekday: number | null;
  /** monthly: 1-28. */
  month_day: number | null;
  payment_method: { id: string; label: string } | null;
  status: "active" | "paused";
  /** Why it paused (a declined card, a removed method), in the request's language. */
  paused_reason: string | null;
  next_run_at: string | null;
  last_run_at: string | null;
}

export const autoloadMessages = {
  removeFailed: "Failed to remove autoload. Please try again later.",
  amountInvalid: "Amount is not valid.",
  enterValidAmount: "Please enter a valid amount",
} as const;
