/**
 * The payment gateway as the portal's server sees it (issue 11). Card numbers, security codes and bank
 * account numbers never reach the portal: the rider's browser gives them to the gateway's own
 * tokenization endpoint, which answers a token, and the server only ever handles tokens and the
 * gateway's references. Every operation takes an idempotency key, so a retried request (a timeout, a
 * double click, a restarted job) is the same operation, never a second one.
 *
 * Two interfaces, because they differ in what they keep:
 * - `PaymentProcessor` turns a token into a saved payment method of a customer (`attach`). Nothing in it
 *   needs a table: the sandbox verifies its signed tokens, a real gateway keeps its own records.
 * - `PaymentCharges` moves money: authorize, capture, void, refund. The portal records every call and
 *   its result in the ledger's `payment_gateway_requests` table (one row per idempotency key: the
 *   operation, a SHA-256 of the request, the result), written in the same transaction as the ledger
 *   entries the result causes, so a repeated key answers the stored result and a key reused for a
 *   different request is `idempotency_conflict`. The sandbox's charges keep their authorizations,
 *   captures and refunds in that table too; it arrives with the ledger migration.
 *
 * Outcomes are values, not exceptions: `approved` with what the gateway made, `declined` when the
 * issuer (or the sandbox's test card) said no, `rejected` when the request itself cannot be acted on
 * (a forged or expired token, an unknown reference, an amount beyond what is left). A thrown error is a
 * gateway that could not be reached or a programming mistake, never a rider's card.
 */

/** Why an issuer said no; the portal words each one for the rider. */
export const declineReasons = [
  "card_declined",
  "insufficient_funds",
  "expired_card",
  "incorrect_cvc",
  "processing_error",
] as const;
export type DeclineReason = (typeof declineReasons)[number];

/** Why a request could not be acted on at all: the portal's or the token's fault, not the issuer's. */
export const rejectionReasons = [
  "token_invalid",
  "token_expired",
  "unknown_reference",
  "amount_invalid",
  "currency_mismatch",
  "already_settled",
  "idempotency_conflict",
] as const;
export type RejectionReason = (typeof rejectionReasons)[number];

export type Approved<Result> = { outcome: "approved" } & Result;
export interface Declined {
  outcome: "declined";
  reason: DeclineReason;
}
export interface Rejected {
  outcome: "rejected";
  reason: RejectionReason;
}

/**
 * An amount as a gateway takes it: an integer count of the currency's minor units (cents) and its
 * ISO 4217 code. The portal's `Money` (src/domain/money.ts) has this shape.
 */
export interface Amount {
  readonly amount: number;
  readonly currency: string;
}

/**
 * One key per logical operation, chosen by the caller and stable across retries (e.g.
 * `order:<uuid>:authorize`): 1 to 255 printable ASCII characters.
 */
export type IdempotencyKey = string;
export const idempotencyKeyPattern = /^[\x21-\x7E]{1,255}$/;

/** The rider as the gateway knows them: our account id; the gateway's id is derived from it. */
export interface GatewayCustomer {
  readonly id: string;
}

export type PaymentMethodKind = "card" | "bank_account" | "paypal";

/** Card brands as card-validator names them: "visa", "mastercard", "american-express", ... */
export type CardBrand = string;

export interface CardDetails {
  kind: "card";
  brand: CardBrand;
  last4: string;
  /** 1 to 12. */
  expMonth: number;
  /** Four digits. */
  expYear: number;
}

export interface BankAccountDetails {
  kind: "bank_account";
  bankName: string;
  last4: string;
  accountType: "checking" | "savings";
}

export interface PayPalDetails {
  kind: "paypal";
  /** The payer's PayPal login, shown so the rider knows which account pays. */
  email: string;
}

export type PaymentMethodDetails = CardDetails | BankAccountDetails | PayPalDetails;

/**
 * A payment method saved at the gateway for one customer. `methodId` is the gateway's reference: the
 * portal stores it with the rider's payment method and passes it to `PaymentCharges`; it never comes
 * from a browser.
 */
export type AttachedMethod = PaymentMethodDetails & {
  methodId: string;
  customerId: string;
};

export interface AttachRequest {
  idempotencyKey: IdempotencyKey;
  customer: GatewayCustomer;
  /** What the gateway's tokenization endpoint (or the PayPal approval) gave the rider's browser. */
  token: string;
}

export type AttachResult = Approved<{ method: AttachedMethod }> | Declined | Rejected;

/** Saving payment methods: tokens in, gateway references out. */
export interface PaymentProcessor {
  readonly provider: "sandbox";
  attach(request: AttachRequest): Promise<AttachResult>;
}

export interface AuthorizeRequest {
  idempotencyKey: IdempotencyKey;
  customer: GatewayCustomer;
  /** An `AttachedMethod.methodId` of this customer. */
  methodId: string;
  amount: Amount;
  /** Our order number, shown to the agency in the gateway's records. */
  reference: string;
}

export type AuthorizeResult = Approved<{ authorizationId: string; amount: Amount }> | Declined | Rejected;

export interface CaptureRequest {
  idempotencyKey: IdempotencyKey;
  authorizationId: string;
  /** At most the amount authorized, in its currency; the whole authorization when absent. */
  amount?: Amount;
}

export type CaptureResult = Approved<{ captureId: string; amount: Amount }> | Declined | Rejected;

export interface VoidRequest {
  idempotencyKey: IdempotencyKey;
  authorizationId: string;
}

export type VoidResult = Approved<{ authorizationId: string }> | Rejected;

export interface RefundRequest {
  idempotencyKey: IdempotencyKey;
  captureId: string;
  /** At most what is captured and not yet refunded, in its currency. */
  amount: Amount;
}

export type RefundResult = Approved<{ refundId: string; amount: Amount }> | Declined | Rejected;

/**
 * Moving money (the next part of issue 11, with the ledger): authorize holds an amount on a saved
 * method, capture takes some or all of it, void releases an authorization not captured, refund returns
 * some or all of a capture.
 */
export interface PaymentCharges {
  authorize(request: AuthorizeRequest): Promise<AuthorizeResult>;
  capture(request: CaptureRequest): Promise<CaptureResult>;
  void(request: VoidRequest): Promise<VoidResult>;
  refund(request: RefundRequest): Promise<RefundResult>;
}

/** A whole gateway: what checkout will be given once charges exist. */
export type PaymentGateway = PaymentProcessor & PaymentCharges;

/** A caller's mistake (a malformed idempotency key), thrown: it is a bug, not a rider's problem. */
export class GatewayUsageError extends Error {
  override name = "GatewayUsageError";
}

export function assertIdempotencyKey(key: string): void {
  if (!idempotencyKeyPattern.test(key)) {
    throw new GatewayUsageError("An idempotency key is 1 to 255 printable ASCII characters");
  }
}
