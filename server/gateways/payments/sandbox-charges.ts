import { createHash, randomBytes } from "node:crypto";
import {
  type CurrencyCode,
  currencyCode,
  type Money,
  MoneyError,
  money,
  subtract,
} from "../../../src/domain/money.ts";
import type { Database } from "../../db/client.ts";
import { type Clock, systemClock } from "../../domain/clock.ts";
import {
  createGatewayRequestRepository,
  type GatewayOperation,
  requestHash,
} from "../../repositories/gateway-requests.ts";
import {
  createSandboxChargeRepository,
  type SandboxChargeRepository,
} from "../../repositories/sandbox-charges.ts";
import {
  type Amount,
  type AuthorizeRequest,
  type AuthorizeResult,
  assertIdempotencyKey,
  type CaptureRequest,
  type CaptureResult,
  type DeclineReason,
  declineReasons,
  GatewayUsageError,
  type PaymentCharges,
  type RefundRequest,
  type RefundResult,
  type Rejected,
  type RejectionReason,
  type VoidRequest,
  type VoidResult,
} from "./gateway.ts";

/**
 * When a capture settles: the sandbox batches captures nightly, as processors do, at the first midnight
 * UTC after the capture. Until then `void` takes the whole capture back (no refund shows on the rider's
 * statement); after it, only `refund` does.
 */
export function settlesAt(capturedAt: Date): Date {
  const next = new Date(capturedAt);
  next.setUTCHours(24, 0, 0, 0);
  return next;
}

/**
 * The sandbox's charges: authorize, capture, void and refund against its own books (`sandbox_charges`,
 * what a real processor keeps on its side), each call recorded under its idempotency key in
 * `payment_gateway_requests`.
 *
 * One transaction per call claims the key, does the work and stores the answer, so a crash anywhere
 * before the commit leaves neither the money moved nor the key used, and a crash after it leaves both:
 * the retry is answered from the stored row and never charges twice. A second caller with the same key
 * waits on the claim's primary key until the first commits, then reads its answer (PGlite runs one
 * transaction at a time, so there it simply comes second).
 *
 * What is recorded: every answer given after the books were consulted (approved, declined and the
 * rejections that depend on the books: unknown_reference, already_settled, an amount beyond what is
 * left, a currency other than the authorization's), so a key's answer never changes. A request malformed
 * on its face (an amount that is not a positive safe integer, a currency that is not ISO 4217) is
 * rejected before the key is touched, as Stripe does with invalid parameters: the key stays free for the
 * corrected request. `idempotency_conflict` (the key holds another request) and
 * `idempotency_in_progress` are answers about the key itself and are never stored.
 *
 * The method id from `attach` carries the test behaviour (`pm_sandbox_<behaviour>_<nonce>`,
 * `ba_sandbox_...`, `pp_sandbox_approve_...`, each ending with `_<the customer's gateway id>`): a
 * decline behaviour (insufficient funds from 4000 0000 0000 9995 or bank account 000111111113)
 * declines every authorization, and a method is an unknown reference to every customer but the one it
 * was attached for.
 */

const sandboxGatewayName = "sandbox";

const behaviourPattern = ["approve", ...declineReasons].join("|");
const methodPattern = new RegExp(
  `^(?:(?:pm|ba)_sandbox_(${behaviourPattern})|pp_sandbox_(approve))_[A-Za-z0-9_-]{16}_([0-9a-f]{24})$`,
);
const chargePrefix = "ch_sandbox_";
const capturePrefix = "cp_sandbox_";
const refundPrefix = "re_sandbox_";
const suffixPattern = /^[A-Za-z0-9_-]{16}$/;

/** The gateway's id of one of our customers: the same derivation as `attach` answers. */
export function sandboxCustomerId(customerId: string): string {
  return `cus_sandbox_${createHash("sha256").update(customerId).digest("hex").slice(0, 24)}`;
}

/** The gateway id of the customer a method was attached for; null for a malformed method id. */
export function methodOwner(methodId: string): string | null {
  const owner = methodPattern.exec(methodId)?.[3];
  return owner === undefined ? null : `cus_sandbox_${owner}`;
}

/** The test behaviour a method id carries; null for anything not made by the sandbox's attach. */
export function methodBehaviour(methodId: string): "approve" | DeclineReason | null {
  const match = methodPattern.exec(methodId);
  const behaviour = match?.[1] ?? match?.[2];
  if (behaviour === undefined) return null;
  return behaviour === "approve"
    ? "approve"
    : (declineReasons.find((reason) => reason === behaviour) ?? null);
}

const randomSuffix = () => randomBytes(12).toString("base64url");

/** The charge a capture id names (`cp_sandbox_<s>` captures `ch_sandbox_<s>`); null when malformed. */
function chargeOfCapture(captureId: string): string | null {
  if (!captureId.startsWith(capturePrefix)) return null;
  const suffix = captureId.slice(capturePrefix.length);
  return suffixPattern.test(suffix) ? `${chargePrefix}${suffix}` : null;
}

const isChargeId = (id: string) =>
  id.startsWith(chargePrefix) && suffixPattern.test(id.slice(chargePrefix.length));

const rejected = (reason: RejectionReason): Rejected => ({ outcome: "rejected", reason });

/** The amount as Money, or the rejection a malformed one earns (never recorded). */
function asMoney(amount: Amount): Money | Rejected {
  if (!Number.isSafeInteger(amount.amount) || amount.amount <= 0) return rejected("amount_invalid");
  let currency: CurrencyCode;
  try {
    currency = currencyCode(amount.currency);
  } catch (error) {
    if (error instanceof MoneyError) return rejected("currency_mismatch");
    throw error;
  }
  return money(amount.amount, currency);
}

const isRejected = (value: Money | Rejected): value is Rejected => "outcome" in value;
const plain = (amount: Money): Amount => ({ amount: amount.amount, currency: amount.currency });

function checkText(value: unknown, what: string): void {
  if (typeof value !== "string" || value.length === 0 || value.length > 255) {
    throw new GatewayUsageError(`${what} is 1 to 255 characters`);
  }
}

type AnyResult = AuthorizeResult | CaptureResult | VoidResult | RefundResult;
const outcomes: readonly string[] = ["approved", "declined", "rejected"];

/** A stored answer read back: the JSON the same operation wrote, checked for its outcome. */
function storedResult<Result extends AnyResult>(value: unknown): Result {
  if (
    typeof value !== "object" ||
    value === null ||
    !("outcome" in value) ||
    !outcomes.includes(`${value.outcome}`)
  ) {
    throw new Error("A stored gateway result has no outcome");
  }
  return value as Result;
}

export interface SandboxChargesOptions {
  database: Database;
  /** Times of the records (created, completed); the system clock when absent. */
  clock?: Clock;
}

export function createSandboxCharges({
  database,
  clock = systemClock,
}: SandboxChargesOptions): PaymentCharges {
  const requests = createGatewayRequestRepository(database);

  /**
   * The operation's work, once per key: claim, work and answer in one transaction; a repeated key
   * answers the stored result, a key holding another request `idempotency_conflict`.
   */
  async function once<Result extends AnyResult>(
    operation: GatewayOperation,
    idempotencyKey: string,
    fields: readonly unknown[],
    work: (books: SandboxChargeRepository, at: Date) => Promise<Result>,
  ): Promise<Result | Rejected> {
    const hash = requestHash(operation, fields);
    return database.transaction(async (tx) => {
      const keys = requests.with(tx);
      const at = clock.now();
      const claim = await keys.claim({
        gateway: sandboxGatewayName,
        idempotencyKey,
        operation,
        requestHash: hash,
        at,
      });
      if (!claim.claimed) {
        const { stored } = claim;
        if (stored.operation !== operation || stored.requestHash !== hash)
          return rejected("idempotency_conflict");
        if (stored.result === null) return rejected("idempotency_in_progress");
        return storedResult<Result>(stored.result);
      }
      const result = await work(createSandboxChargeRepository(tx), at);
      await keys.complete({ gateway: sandboxGatewayName, idempotencyKey, result, at: clock.now() });
      return result;
    });
  }

  return {
    async authorize(request: AuthorizeRequest): Promise<AuthorizeResult> {
      assertIdempotencyKey(request.idempotencyKey);
      checkText(request.customer.id, "A customer id");
      checkText(request.reference, "A reference");
      checkText(request.methodId, "A method id");
      const amount = asMoney(request.amount);
      if (isRejected(amount)) return amount;
      const customerId = sandboxCustomerId(request.customer.id);
      const fields = [
        request.customer.id,
        request.methodId,
        amount.amount,
        amount.currency,
        request.reference,
      ];

      return once(
        "authorize",
        request.idempotencyKey,
        fields,
        async (books, at): Promise<AuthorizeResult> => {
          const behaviour = methodBehaviour(request.methodId);
          if (behaviour === null) return rejected("unknown_reference");
          if (methodOwner(request.methodId) !== customerId) return rejected("unknown_reference");
          if (behaviour !== "approve") return { outcome: "declined", reason: behaviour };
          const authorizationId = `${chargePrefix}${randomSuffix()}`;
          await books.add({
            id: authorizationId,
            customerId,
            methodId: request.methodId,
            amount: amount.amount,
            currency: amount.currency,
            reference: request.reference,
            createdAt: at,
          });
          return { outcome: "approved", authorizationId, amount: plain(amount) };
        },
      );
    },

    async capture(request: CaptureRequest): Promise<CaptureResult> {
      assertIdempotencyKey(request.idempotencyKey);
      checkText(request.authorizationId, "An authorization id");
      const asked = request.amount === undefined ? null : asMoney(request.amount);
      if (asked !== null && isRejected(asked)) return asked;
      const fields = [request.authorizationId, asked?.amount ?? null, asked?.currency ?? null];

      return once("capture", request.idempotencyKey, fields, async (books): Promise<CaptureResult> => {
        const charge = isChargeId(request.authorizationId) ? await books.lock(request.authorizationId) : null;
        if (!charge) return rejected("unknown_reference");
        if (charge.status !== "authorized") return rejected("already_settled");
        const authorized = money(charge.amount, charge.currency);
        const amount = asked ?? authorized;
        if (amount.currency !== authorized.currency) return rejected("currency_mismatch");
        if (subtract(authorized, amount).amount < 0) return rejected("amount_invalid");
        await books.capture(charge.id, amount.amount, clock.now());
        const captureId = `${capturePrefix}${charge.id.slice(chargePrefix.length)}`;
        return { outcome: "approved", captureId, amount: plain(amount) };
      });
    },

    async void(request: VoidRequest): Promise<VoidResult> {
      assertIdempotencyKey(request.idempotencyKey);
      checkText(request.authorizationId, "An authorization id");

      return once(
        "void",
        request.idempotencyKey,
        [request.authorizationId],
        async (books): Promise<VoidResult> => {
          const charge = isChargeId(request.authorizationId)
            ? await books.lock(request.authorizationId)
            : null;
          if (!charge) return rejected("unknown_reference");
          // A capture not yet settled, none of it refunded, is voided whole: it never reaches the
          // rider's statement. After the batch, or once partly refunded, only a refund returns it.
          const unsettledCapture =
            charge.status === "captured" &&
            charge.refunded === 0 &&
            charge.capturedAt !== null &&
            clock.now().getTime() < settlesAt(charge.capturedAt).getTime();
          if (charge.status !== "authorized" && !unsettledCapture) return rejected("already_settled");
          await books.void(charge.id);
          return { outcome: "approved", authorizationId: charge.id };
        },
      );
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      assertIdempotencyKey(request.idempotencyKey);
      checkText(request.captureId, "A capture id");
      const amount = asMoney(request.amount);
      if (isRejected(amount)) return amount;
      const fields = [request.captureId, amount.amount, amount.currency];

      return once("refund", request.idempotencyKey, fields, async (books): Promise<RefundResult> => {
        const chargeId = chargeOfCapture(request.captureId);
        const charge = chargeId ? await books.lock(chargeId) : null;
        // Only a captured charge has a capture id; one never captured has nothing to refund.
        if (charge?.status !== "captured") return rejected("unknown_reference");
        if (amount.currency !== charge.currency) return rejected("currency_mismatch");
        const left = subtract(
          money(charge.captured, charge.currency),
          money(charge.refunded, charge.currency),
        );
        if (subtract(left, amount).amount < 0) return rejected("amount_invalid");
        await books.setRefunded(charge.id, charge.refunded + amount.amount);
        return { outcome: "approved", refundId: `${refundPrefix}${randomSuffix()}`, amount: plain(amount) };
      });
    },
  };
}
