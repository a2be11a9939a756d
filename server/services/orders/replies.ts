import type { PlacedOrder } from "../../../src/domain/checkout/order.ts";
import { type ApiError, type Envelope, ErrorCode } from "../../../src/domain/envelope.ts";

/*
 * What placing an order answers (issue 37): the service says it as a typed result (the order, or a
 * refusal), and `replyOf` words it as sent, the status and the exact JSON text. The route sends that;
 * the service keeps the same text with the key's claim, so a repeated key answers the same bytes.
 */

/** A reply as sent: its status and the exact JSON text, so a repeated key answers it byte for byte. */
export interface OrderReply {
  status: number;
  body: string;
}

/** Why an order (or a load) is not placed. */
export type PlaceRefusal =
  /** The request does not hold (400): a typed address, a line that cannot renew, no address. */
  | { kind: "invalid"; errors: ApiError[] }
  /** What the request names is not there (404): the saved address, the card to load. */
  | { kind: "notFound"; errors: ApiError[] }
  /** The order cannot be placed as asked (422): a check, a decline, a stopped attempt given back. */
  | { kind: "refused"; errors: ApiError[] }
  /** The Idempotency-Key was used for another order (422). */
  | { kind: "keyReused" }
  /** The key's attempt is still running (409, Retry-After): the same key again in a moment. */
  | { kind: "inFlight" }
  /** The key's earlier refusal, as it was sent then (kept with the claim). */
  | { kind: "answered"; reply: OrderReply };

/** What placing answers: the order placed (now, or by the key's earlier attempt), or why not. */
export type PlaceResult = { ok: true; order: PlacedOrder } | { ok: false; refusal: PlaceRefusal };

/** A refusal of one error (422): `code`, `message`, on `field`, with a decline's `reason`. */
export const refusal = (code: number, message: string, field?: string, reason?: string): PlaceRefusal => ({
  kind: "refused",
  errors: [{ code, message, ...(field ? { field } : {}), ...(reason ? { reason } : {}) }],
});

/** The pricing service's refusal of a cart as an order's: a request that does not hold, or a refusal. */
export const pricingRefusal = (refused: "invalid" | "unsellable", errors: ApiError[]): PlaceRefusal =>
  refused === "invalid" ? { kind: "invalid", errors } : { kind: "refused", errors };

/** A refusal found inside the order's transaction: it rolls back, then the captured legs go back. */
export class OrderRefusal extends Error {
  readonly refusal: PlaceRefusal;
  constructor(refusal: PlaceRefusal) {
    super("order refused");
    this.refusal = refusal;
  }
}

/**
 * The key's reply when its attempt stopped before the order was written (the server died between
 * the gateway and the commit) and the recovery run gave back what the gateway held: the rider places
 * the order again, with a new key.
 */
export const orderNotPlacedMessage =
  "Your order was not placed, and any payment taken for it has been returned. Please place it again.";
export const notPlaced: PlaceRefusal = refusal(ErrorCode.orderNotPlaced, orderNotPlacedMessage);

const inFlightErrors: ApiError[] = [
  {
    code: ErrorCode.idempotencyInFlight,
    message: "This order is still being placed. Try again in a moment.",
    field: "Idempotency-Key",
  },
];
const keyReusedErrors: ApiError[] = [
  {
    code: ErrorCode.idempotencyMismatch,
    message: "This Idempotency-Key was used for another order.",
    field: "Idempotency-Key",
  },
];

const envelope = (status: number, data: unknown, errors: ApiError[]): OrderReply => ({
  status,
  body: JSON.stringify({ data, errors } satisfies Envelope<unknown>),
});

/** The reply a result is sent as: 201 and the order, or the refusal's status and errors. */
export function replyOf(result: PlaceResult): OrderReply {
  if (result.ok) return envelope(201, result.order, []);
  const { refusal } = result;
  switch (refusal.kind) {
    case "invalid":
      return envelope(400, null, refusal.errors);
    case "notFound":
      return envelope(404, null, refusal.errors);
    case "refused":
      return envelope(422, null, refusal.errors);
    case "keyReused":
      return envelope(422, null, keyReusedErrors);
    case "inFlight":
      return envelope(409, null, inFlightErrors);
    case "answered":
      return refusal.reply;
  }
}

/** A reply kept with the key's claim, as a result: the order it placed, or the refusal it sent. */
export function storedResult(reply: OrderReply): PlaceResult {
  if (reply.status === 201) {
    // The text `replyOf` wrote, so the order read back is sent as the same text again.
    const order = (JSON.parse(reply.body) as Envelope<PlacedOrder>).data;
    if (order) return { ok: true, order };
  }
  return { ok: false, refusal: { kind: "answered", reply } };
}

/** The errors a refusal is sent with (a stored one's read back from its text). */
export function refusalErrors(refusal: PlaceRefusal): ApiError[] {
  switch (refusal.kind) {
    case "invalid":
    case "notFound":
    case "refused":
      return refusal.errors;
    case "keyReused":
      return keyReusedErrors;
    case "inFlight":
      return inFlightErrors;
    case "answered":
      return (JSON.parse(refusal.reply.body) as { errors?: ApiError[] }).errors ?? [];
  }
}
