/** Every API reply: `{ data, errors: [{ code, message }] }`. */
export interface ApiError {
  code: number;
  message: string;
  field?: string;
  /** A machine-readable cause beside the words, e.g. a declined leg's DeclineReason. */
  reason?: string;
}

export interface Envelope<Data> {
  data: Data | null;
  errors: ApiError[];
}

/**
 * Error codes shared by the server and the portal. 50020 is the spec's "session no longer valid";
 * the others follow the same five-digit shape (HTTP status + detail).
 */
export const ErrorCode = {
  validation: 40001,
  malformedJson: 40002,
  tokenInvalid: 40003,
  passwordRejected: 40004,
  codeInvalid: 40005,
  captchaFailed: 40006,
  unauthorized: 40101,
  loginMismatch: 40102,
  appleSignInFailed: 40103,
  accountDeactivated: 40104,
  /** Google or Facebook sign-in (src/domain/identity.ts): the code or token did not verify. */
  socialSignInFailed: 40105,
  forbidden: 40301,
  emailNotVerified: 40302,
  reauthenticationRequired: 40303,
  codeRequired: 40304,
  deactivationRefused: 40305,
  notFound: 40401,
  inviteInvalid: 40403,
  conflict: 40901,
  transferFailed: 42201,
  fareCardUnavailable: 42202,
  /** The gateway declined a payment method; the error's `field` holds its DeclineReason. */
  paymentMethodDeclined: 42203,
  /** A forged, expired or used payment token: the rider starts the form again. */
  paymentTokenInvalid: 42204,
  /** The rider already keeps as many payment methods or addresses as allowed. */
  limitReached: 42205,
  /** Checkout (src/domain/checkout/quote.ts): a promo code refused, whatever the rule. */
  promoCodeInvalid: 42206,
  shippingMethodUnavailable: 42207,
  productUnavailable: 42208,
  /** Physical with digital, or two organisations, in one order. */
  cartConflict: 42209,
  orderLimit: 42210,
  /** Orders (src/domain/checkout/order.ts): an Idempotency-Key reused with another body. */
  idempotencyMismatch: 42211,
  /** The server's total is not the one the rider was shown: quote again and show the new price. */
  priceChanged: 42212,
  /** A payment leg that cannot pay (not the rider's, blocked, too little, wallet for auto-renew...). */
  paymentRefused: 42213,
  /** Fare cards (src/domain/transit/cards.ts): a number and security code that match no card. */
  cardNoMatch: 42214,
  cardMultipleMatches: 42215,
  /** Linked to this account or another. */
  cardAlreadyLinked: 42216,
  cardBlocked: 42217,
  /** Passes (src/domain/transit/passes.ts): not for the card's rider type. */
  passNotEligible: 42218,
  /** An active, expired or spoiled pass cannot move or be attached. */
  passNotMovable: 42219,
  /** A transfer above the source card's general funds. */
  transferAmountExceeded: 42220,
  /** A transfer needs a second card. */
  onlyOneCard: 42221,
  /** An amount that is not a positive integer within the deployment's bounds. */
  amountInvalid: 42222,
  /** A card still holding value or usable passes cannot be removed. */
  cardNotEmpty: 42223,
  /** Connected accounts (src/domain/identity.ts): "Invalid credentials". */
  connectedAccountInvalid: 42224,
  /** Unlinking would leave no way to sign in (no password set, no other identity). */
  lastSignInMethod: 42225,
  /** That identity is connected to another rider. */
  identityTaken: 42226,
  /** Another identity of this provider is already connected: unlink it first. */
  providerAlreadyConnected: 42227,
  /** Password reset: the answers to the security questions do not match. */
  securityAnswersWrong: 42228,
  /**
   * The order's attempt stopped before the order was written (the server stopped) and what the
   * gateway held for it was given back: place it again with a new Idempotency-Key.
   */
  orderNotPlaced: 42229,
  /** A card of a brand the portal does not take ("Unsupported Card Type", as its card form says). */
  cardTypeUnsupported: 42230,
  /** A card with a load still settling cannot be replaced yet: its value is not the card's to move. */
  loadPending: 42231,
  /** The first request with this Idempotency-Key is still being worked on: retry with the same key. */
  idempotencyInFlight: 40902,
  formNotFound: 40402,
  payloadTooLarge: 41301,
  rateLimited: 42901,
  internal: 50001,
  sessionInvalid: 50020,
  unavailable: 50301,
  /** The server is busy (its password-hashing line is full): nothing was done; Retry-After says when. */
  busy: 50302,
} as const;

/** The error code a failed request carries (ApiRequestError, or an envelope error), else internal. */
export const errorCodeOf = (error: unknown): number =>
  typeof error === "object" && error !== null && "code" in error && typeof error.code === "number"
    ? error.code
    : ErrorCode.internal;

/** The seconds a refusal's Retry-After asked for (ApiRequestError's `retryAfter`), else null. */
export const retryAfterOf = (error: unknown): number | null =>
  typeof error === "object" &&
  error !== null &&
  "retryAfter" in error &&
  typeof error.retryAfter === "number" &&
  Number.isFinite(error.retryAfter)
    ? error.retryAfter
    : null;

/** Minutes to wait, from a throttled reply's Retry-After (seconds), rounded up; null when unknown. */
export function minutesToWait(error: unknown): number | null {
  const seconds = retryAfterOf(error);
  return seconds !== null && seconds > 0 ? Math.ceil(seconds / 60) : null;
}

/**
 * A fare card looked up by its number and security code (POST /anonymous/card_tokens), refused: one
 * `noMatch` for any wrong pair (which of the two was wrong is never said), `throttled` with the
 * minutes to wait when the server said, `failed` for anything else.
 */
export type CardLookupRefusal =
  | { kind: "noMatch" }
  | { kind: "throttled"; minutes: number | null }
  | { kind: "failed"; code: number };

export function cardLookupRefusal(error: unknown): CardLookupRefusal {
  const code = errorCodeOf(error);
  if (code === ErrorCode.cardNoMatch) return { kind: "noMatch" };
  if (code === ErrorCode.rateLimited) return { kind: "throttled", minutes: minutesToWait(error) };
  return { kind: "failed", code };
}
