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
 * - `PaymentCharges` moves money: authorize, capture, void, refund. Every call and its result is
 *   recorded in `payment_gateway_requests` (one row per gateway and idempotency key: the operation, a
 *   SHA-256 of the canonical request, the result), so a repeated key answers the stored result and never
 *   acts twice, and a key reused for a different request is `idempotency_conflict`. The sandbox
 *   (sandbox-charges.ts) claims the key, does the work in its own books (`sandbox_charges`) and stores
 *   the result in one transaction; a concurrent caller with the same key waits on the key's primary key
 *   and then reads that result.
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
const rejectionReasons = [
  "token_invalid",
  "token_expired",
  "unknown_reference",
  "amount_invalid",
  "currency_mismatch",
  "already_settled",
  "idempotency_conflict",
  /**
   * The key's first call has not answered yet (its row has no result). The sandbox never answers this
   * (a second caller waits for the first's transaction); an adapter whose processor call cannot sit
   * inside the transaction would: retry later with the same key.
   */
  "idempotency_in_progress",
] as const;
export type RejectionReason = (typeof rejectionReasons)[number];

type Approved<Result> = { outcome: "approved" } & Result;
interface Declined {
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
type IdempotencyKey = string;
export const idempotencyKeyPattern = /^[\x21-\x7E]{1,255}$/;

/** The rider as the gateway knows them: our account id; the gateway's id is derived from it. */
interface GatewayCustomer {
  readonly id: string;
}

/** Card brands as card-validator names them: "visa", "mastercard", "american-express", ... */
type CardBrand = string;

interface CardDetails {
  kind: "card";
  brand: CardBrand;
  last4: string;
  /** 1 to 12. */
  expMonth: number;
  /** Four digits. */
  expYear: number;
}

interface BankAccountDetails {
  kind: "bank_account";
  bankName: string;
  last4: string;
  accountType: "checking" | "savings";
}

interface PayPalDetails {
  kind: "paypal";
  /** The payer's PayPal login, shown so the rider knows which account pays. */
  email: string;
}

type PaymentMethodDetails = CardDetails | BankAccountDetails | PayPalDetails;

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
 * Moving money: authorize holds an amount on a saved method, capture takes some or all of it once,
 * void releases an authorization not captured, or takes back a whole capture that has not settled yet
 * (the processor's nightly batch; nothing of it refunded), refund returns some or all of a capture (partial refunds
 * add up to at most what was captured). Amounts are integer minor units (`Money`); an amount that is
 * not a positive safe integer is `amount_invalid`, a currency that is not ISO 4217 or not the
 * authorization's is `currency_mismatch`; capturing or voiding what is already captured or voided is
 * `already_settled`; an id this gateway did not give (or a method of another customer) is
 * `unknown_reference`.
 *
 * How checkout uses it (a split payment of two legs, spec section 5):
 * 1. Authorize each leg with a key naming the order, the leg and the step, stable across retries:
 *    `order:<order id>:leg:<n>:authorize`. A timeout or a crash is retried with the same key and answers
 *    the same authorization (or decline); it never holds the amount twice.
 * 2. When a leg is declined (or rejected), void every leg already approved
 *    (`order:<order id>:leg:<n>:void`) and tell the rider which method failed; nothing is captured.
 * 3. When every leg is approved, capture each (`order:<order id>:leg:<n>:capture`) and write the
 *    ledger posting of the sale in the same transaction that marks the order paid.
 * 4. A refund names the capture and its own key (`order:<order id>:leg:<n>:refund:<refund id>`), so two
 *    partial refunds of the same amount are two refunds, and a retried one is not a third. A refund of
 *    a whole leg first asks to void it (`order:<order id>:leg:<n>:void:<refund id>`): before the capture
 *    settles that is approved and no refund is made; `already_settled` means refund it.
 * Keys are per gateway; never reuse one for another request (`idempotency_conflict`).
 *
 * A real processor replaces the sandbox by implementing `PaymentGateway` (attach and these four calls
 * against its API, passing our key as the processor's idempotency key and recording each call and
 * result in `payment_gateway_requests` under its own `gateway` name) and being given to
 * `buildApp({ paymentGateway })`: main.ts builds the sandbox today and is where configuration
 * (e.g. a PAYMENT_GATEWAY variable and the processor's keys) would choose the adapter. The
 * `/sandbox-gateway` routes are served only while the sandbox is the gateway.
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
