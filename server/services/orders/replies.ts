import type { PlacedOrder } from "../../../src/domain/checkout/order.ts";
import { type ApiError, type Envelope, ErrorCode } from "../../../src/domain/envelope.ts";

/*
 * What placing an order answers, as sent: the status and the exact JSON text, kept with the claim so a
 * repeated key answers the same bytes.
 */

/** A reply as sent: its status and the exact JSON text, so a repeated key answers it byte for byte. */
export interface OrderReply {
  status: number;
  body: string;
}

export const envelope = (status: number, data: unknown, errors: ApiError[]): OrderReply => ({
  status,
  body: JSON.stringify({ data, errors } satisfies Envelope<unknown>),
});
export const refused = (status: number, errors: ApiError[]): OrderReply => envelope(status, null, errors);
export const refusal = (code: number, message: string, field?: string, reason?: string): OrderReply =>
  refused(422, [{ code, message, ...(field ? { field } : {}), ...(reason ? { reason } : {}) }]);

/** A refusal found inside the order's transaction: it rolls back, then the captured legs go back. */
export class OrderRefusal extends Error {
  readonly reply: OrderReply;
  constructor(reply: OrderReply) {
    super("order refused");
    this.reply = reply;
  }
}

export const inFlightReply = refused(409, [
  {
    code: ErrorCode.idempotencyInFlight,
    message: "This order is still being placed. Try again in a moment.",
    field: "Idempotency-Key",
  },
]);

/**
 * The key's reply when its attempt stopped before the order was written (the server died between
 * the gateway and the commit) and the recovery run gave back what the gateway held: the rider places
 * the order again, with a new key.
 */
export const orderNotPlacedMessage =
  "Your order was not placed, and any payment taken for it has been returned. Please place it again.";
export const notPlacedReply = refusal(ErrorCode.orderNotPlaced, orderNotPlacedMessage);

/** A placed order's reply read back (tests, the seed): the order, or why it was refused. */
export function parseOrderReply(reply: OrderReply): Envelope<PlacedOrder> {
  return JSON.parse(reply.body) as Envelope<PlacedOrder>;
}
