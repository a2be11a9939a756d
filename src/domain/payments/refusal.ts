import { type ApiError, errorCodeOf } from "../envelope.ts";

/**
 * A refused money request as read by the machines that move money (checkout, loads, autoload, the
 * one-time card): its code, the server's words and, for a declined payment, the leg it names.
 */
export interface MoneyFailure {
  code: number;
  message: string;
  /** The payment leg a decline names (`payments/<n>`), else null. */
  leg: number | null;
  /** A declined leg's cause, as the gateway said it. */
  reason: string | null;
}

/** Reads a refusal: the first of its listed errors, or the error itself. */
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
