import { type ApiError, ErrorCode, errorCodeOf } from "../domain/envelope.ts";

/**
 * What the transfer, add value and autoload machines share with checkout's payment (issue 13): how a
 * refused request is read (its code, the server's words and the leg a declined payment names), and
 * which failures are a lost connection that is retried with the same Idempotency-Key.
 */
export interface MoneyFailure {
  code: number;
  message: string;
  /** The payment leg a decline names (`payments/<n>`), else null. */
  leg: number | null;
  /** A declined leg's cause, as the gateway said it. */
  reason: string | null;
}

export function failureOf(error: unknown): MoneyFailure {
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
  };
}

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
