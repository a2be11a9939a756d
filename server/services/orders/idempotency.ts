import { createHash } from "node:crypto";
import { tokenHashOf } from "../payment-methods.ts";

/*
 * An order's and a refund's Idempotency-Key (issue 33, issue 48): what a claim keeps of the key and of
 * the request (their SHA-256), whose keys a key is among, and how long a claim may wait for its reply.
 */

/**
 * How long a claim may wait for its reply before a retry or the recovery run takes it over (its server
 * stopped): a minute, so with the 30-second run a crash's charges are repaired within 90 s (issue 33:
 * within 2 minutes). An attempt still running past it is safe: the takeover owns its legs, and the
 * late attempt writes nothing (`ClaimLost`).
 */
export const staleClaimMs = 60 * 1000;
/**
 * How a stored replay (order_requests.replay) names a one-time card: its token's SHA-256 in place of the
 * token, which the recovery run never needs (the leg's attach is recorded in order_attempt_legs).
 */
export const recordedTokenPrefix = "recorded:";

/** The request with each one-time card token replaced by its digest, as the claim stores it. */
export function withoutTokens<T extends { payments: ReadonlyArray<{ kind: string }> }>(request: T): T {
  return {
    ...request,
    payments: request.payments.map((leg) =>
      leg.kind === "card" && "token" in leg && typeof leg.token === "string"
        ? { ...leg, token: `${recordedTokenPrefix}${tokenHashOf(leg.token)}` }
        : leg,
    ),
  };
}

/** A card leg's token digest: read from a recovered request's marker, else computed. */
export const cardTokenHash = (token: string, recovered: boolean) =>
  recovered && token.startsWith(recordedTokenPrefix)
    ? token.slice(recordedTokenPrefix.length)
    : tokenHashOf(token);

/**
 * The claim scope of a guest's keys: their receipt email's SHA-256 (riders' are their ids), so two
 * guests who happen to send the same key each get their own order (issue 33, item 10).
 */
export const guestScopeOf = (email: string) =>
  `guest:${createHash("sha256").update(email.trim().toLowerCase()).digest("hex")}`;

/** A JSON value with its object keys sorted, so equal bodies hash alike whatever their key order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, inner]) => [key, canonical(inner)]),
    );
  }
  return value;
}

/** SHA-256 of the request body as placed (key order aside): what one Idempotency-Key must keep. */
export function orderRequestHash(request: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(canonical(request)) ?? "null")
    .digest("hex");
}

/** What `order_requests` keeps of an Idempotency-Key: its SHA-256. */
export const idempotencyKeyHash = (key: string) => createHash("sha256").update(key).digest("hex");

/**
 * A refund's id from the operator's Idempotency-Key (issue 48): the same key on the same order is the
 * same refund (a double click, a retry after a lost answer), on any instance; the same key on another
 * order is that order's own. A UUID (version 8) of SHA-256 over the order and the key.
 */
export function refundIdOf(orderId: string, idempotencyKey: string): string {
  const hex = createHash("sha256").update(`refund\u0000${orderId}\u0000${idempotencyKey}`).digest("hex");
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** What one refund's key must keep asking: SHA-256 of the amount asked (null: all that is left) and the reason. */
export const refundRequestHash = (amount: number | null, reason: string) =>
  orderRequestHash({ amount, reason });

/** The claim an attempt holds: the key, the order id and number it uses, and when it claimed it. */
export interface Claimed {
  scope: string;
  key: string;
  orderId: string;
  orderNumber: string;
  claimedAt: Date;
}

/** The claim is no longer the attempt's (taken over after staleClaimMs): it writes nothing. */
export class ClaimLost extends Error {
  constructor() {
    super("the order's claim was taken over");
  }
}
