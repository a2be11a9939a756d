import { ErrorCode, errorCodeOf } from "../domain/envelope.ts";

/*
 * What the transfer, add value and autoload machines share with checkout's payment (issue 13): which
 * failures are a lost connection that is retried with the same Idempotency-Key, and which a decline.
 * How a refusal is read is src/domain/payments/refusal.ts.
 */

/**
 * No answer (the network, a 503) or the server still working on the same key (409 in flight): the
 * request may have been done, so it is asked again with the same key and never with a new one.
 */
export const isInterrupted = (error: unknown): boolean => {
  const code = errorCodeOf(error);
  return (
    code === ErrorCode.unavailable ||
    code === ErrorCode.idempotencyInFlight ||
    (typeof error === "object" && error !== null && "status" in error && error.status === 0)
  );
};

export const isDeclined = (error: unknown): boolean => {
  const code = errorCodeOf(error);
  return code === ErrorCode.paymentMethodDeclined || code === ErrorCode.paymentRefused;
};

export const hasCode =
  (code: number) =>
  (error: unknown): boolean =>
    errorCodeOf(error) === code;

export const eventError = ({ event }: { event: { error: unknown } }) => event.error;
