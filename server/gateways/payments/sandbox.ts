import { randomBytes } from "node:crypto";
import { isExpiryCurrent } from "../../../src/domain/payments/card.ts";
import type { Database } from "../../db/client.ts";
import {
  type AccountType,
  accountTypes,
  type BankInput,
  type BankProblem,
  type Behaviour,
  type CardInput,
  type CardProblem,
  type Checked,
  checkBankAccount,
  checkCard,
} from "./checks.ts";
import {
  type AttachedMethod,
  type AttachRequest,
  type AttachResult,
  type AuthorizeRequest,
  type AuthorizeResult,
  assertIdempotencyKey,
  type CaptureRequest,
  type CaptureResult,
  type DeclineReason,
  declineReasons,
  GatewayUsageError,
  type PaymentCharges,
  type PaymentGateway,
  type RefundRequest,
  type RefundResult,
  type VoidRequest,
  type VoidResult,
} from "./gateway.ts";
import { createSandboxCharges, sandboxCustomerId } from "./sandbox-charges.ts";
import { createTokenSigner, type TokenSigner, tokenPrefixes } from "./tokens.ts";

/**
 * The sandbox payment gateway, used by default and in tests. Its tokenization endpoint
 * (server/routes/sandbox-gateway.ts) checks a card or bank account and signs a token holding what may
 * be shown and how the test number behaves; `attach` verifies such a token and answers the saved
 * method. Nothing is stored: tokens are self-contained, and attaching the same token twice answers
 * the same method (the idempotency key adds nothing a stateless attach could break). A token is good
 * for `tokenLifetimeMs` after it is made; a real gateway's tokens are single use, which the portal's
 * saved-method table (the next part) enforces by the method reference.
 *
 * Charges (`PaymentCharges`: authorize, capture, void, refund) are sandbox-charges.ts, composed in
 * here: they keep the sandbox's books in the database given as `database`.
 */

export interface SandboxOptions {
  /** HMAC key of the tokens (SANDBOX_GATEWAY_SECRET); random per process when null or absent. */
  secret?: string | null;
  /** The sandbox's clock: token lifetimes and card expiry. */
  now?: () => Date;
  tokenLifetimeMs?: number;
  /**
   * Where the charges keep their books and idempotency keys. Without it the sandbox only tokenizes and
   * attaches (its own unit tests); a charge then throws.
   */
  database?: Database | null;
  /**
   * Called after the sandbox recorded each authorization or capture, before the caller hears it, with
   * how many of that step it has answered: the kill -9 test's server kills itself there
   * (SANDBOX_GATEWAY_KILL_AFTER, server/main.ts).
   */
  onAnswered?: (step: "authorize" | "capture", answered: number) => void;
}

export const defaultTokenLifetimeMs = 30 * 60 * 1000;
export const sandboxBankName = "Sandbox Bank";

export interface CardToken {
  token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface BankToken {
  token: string;
  bank_name: string;
  last4: string;
  account_type: AccountType;
}

export interface PayPalToken {
  token: string;
  email: string;
}

/** What the tokens carry (`v` is the payload format, for a change of it later). */
interface CardPayload {
  v: 1;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  behaviour: Behaviour;
  nonce: string;
  iat: number;
}
interface BankPayload {
  v: 1;
  last4: string;
  account_type: AccountType;
  behaviour: Behaviour;
  nonce: string;
  iat: number;
}
interface PayPalPayload {
  v: 1;
  email: string;
  nonce: string;
  iat: number;
}

const behaviours: readonly string[] = ["approve", ...declineReasons];

/**
 * Test cards whose behaviour fails at attach already, as Stripe's do when a card is saved; the
 * insufficient-funds card attaches and is declined only when charged.
 */
const declinedAtAttach: readonly DeclineReason[] = [
  "card_declined",
  "expired_card",
  "incorrect_cvc",
  "processing_error",
];
const nonce = () => randomBytes(12).toString("base64url");

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isText = (value: unknown, pattern: RegExp): value is string =>
  typeof value === "string" && pattern.test(value);
const isInt = (value: unknown, min: number, max: number): value is number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
const common = (value: Fields) =>
  value.v === 1 && isText(value.nonce, /^[A-Za-z0-9_-]{16}$/) && isInt(value.iat, 0, 2 ** 40);

function asCard(value: unknown): CardPayload | null {
  if (!isObject(value) || !common(value)) return null;
  const ok =
    isText(value.brand, /^[a-z-]{2,24}$/) &&
    isText(value.last4, /^[0-9]{4}$/) &&
    isInt(value.exp_month, 1, 12) &&
    isInt(value.exp_year, 2000, 2200) &&
    typeof value.behaviour === "string" &&
    behaviours.includes(value.behaviour);
  return ok ? (value as unknown as CardPayload) : null;
}

function asBank(value: unknown): BankPayload | null {
  if (!isObject(value) || !common(value)) return null;
  const ok =
    isText(value.last4, /^[0-9]{4}$/) &&
    typeof value.account_type === "string" &&
    (accountTypes as readonly string[]).includes(value.account_type) &&
    typeof value.behaviour === "string" &&
    behaviours.includes(value.behaviour);
  return ok ? (value as unknown as BankPayload) : null;
}

function asPayPal(value: unknown): PayPalPayload | null {
  if (!isObject(value) || !common(value)) return null;
  return isText(value.email, /^[a-z0-9.-]{1,64}@[a-z0-9.-]{1,64}$/)
    ? (value as unknown as PayPalPayload)
    : null;
}

type Verified =
  | { kind: "card"; payload: CardPayload }
  | { kind: "bank_account"; payload: BankPayload }
  | { kind: "paypal"; payload: PayPalPayload };

/** A token of any kind signed by `signer`, by its prefix, with a payload of the right shape; else null. */
function verifyToken(signer: TokenSigner, token: unknown): Verified | null {
  if (typeof token !== "string") return null;
  if (token.startsWith(tokenPrefixes.card)) {
    const payload = asCard(signer.verify("card", token));
    return payload && { kind: "card", payload };
  }
  if (token.startsWith(tokenPrefixes.bank_account)) {
    const payload = asBank(signer.verify("bank_account", token));
    return payload && { kind: "bank_account", payload };
  }
  if (token.startsWith(tokenPrefixes.paypal)) {
    const payload = asPayPal(signer.verify("paypal", token));
    return payload && { kind: "paypal", payload };
  }
  return null;
}

export class SandboxPaymentGateway implements PaymentGateway {
  readonly provider = "sandbox" as const;
  readonly #signer: TokenSigner;
  readonly #now: () => Date;
  readonly #lifetimeMs: number;
  readonly #charges: PaymentCharges | null;
  readonly #onAnswered: SandboxOptions["onAnswered"];
  readonly #answered = { authorize: 0, capture: 0 };

  constructor(options: SandboxOptions = {}) {
    this.#signer = createTokenSigner(options.secret ?? null);
    const now = options.now ?? (() => new Date());
    this.#now = now;
    this.#lifetimeMs = options.tokenLifetimeMs ?? defaultTokenLifetimeMs;
    this.#charges = options.database
      ? createSandboxCharges({ database: options.database, clock: { now } })
      : null;
    this.#onAnswered = options.onAnswered;
  }

  #answer<T>(step: "authorize" | "capture", result: T): T {
    this.#answered[step] += 1;
    this.#onAnswered?.(step, this.#answered[step]);
    return result;
  }

  #chargesOrThrow(): PaymentCharges {
    if (!this.#charges)
      throw new GatewayUsageError("The sandbox's charges need a database (SandboxOptions.database)");
    return this.#charges;
  }

  async authorize(request: AuthorizeRequest): Promise<AuthorizeResult> {
    return this.#answer("authorize", await this.#chargesOrThrow().authorize(request));
  }

  async capture(request: CaptureRequest): Promise<CaptureResult> {
    return this.#answer("capture", await this.#chargesOrThrow().capture(request));
  }

  async void(request: VoidRequest): Promise<VoidResult> {
    return this.#chargesOrThrow().void(request);
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    return this.#chargesOrThrow().refund(request);
  }

  #issuedAt(): number {
    return Math.floor(this.#now().getTime() / 1000);
  }

  /** A token for a card that passes the checks; the card's number and code go no further. */
  createCardToken(input: CardInput): Checked<CardToken, CardProblem> {
    const checked = checkCard(input, this.#now());
    if (!checked.ok) return checked;
    const { brand, last4, expMonth, expYear, behaviour } = checked.value;
    const payload: CardPayload = {
      v: 1,
      brand,
      last4,
      exp_month: expMonth,
      exp_year: expYear,
      behaviour,
      nonce: nonce(),
      iat: this.#issuedAt(),
    };
    const token = this.#signer.sign("card", payload);
    return { ok: true, value: { token, brand, last4, exp_month: expMonth, exp_year: expYear } };
  }

  createBankToken(input: BankInput): Checked<BankToken, BankProblem> {
    const checked = checkBankAccount(input);
    if (!checked.ok) return checked;
    const { last4, accountType, behaviour } = checked.value;
    const payload: BankPayload = {
      v: 1,
      last4,
      account_type: accountType,
      behaviour,
      nonce: nonce(),
      iat: this.#issuedAt(),
    };
    const token = this.#signer.sign("bank_account", payload);
    return { ok: true, value: { token, bank_name: sandboxBankName, last4, account_type: accountType } };
  }

  /** What the PayPal approval page hands back: a made-up payer in PayPal's sandbox style. */
  createPayPalToken(): PayPalToken {
    const email = `sb-${randomBytes(5).toString("hex")}@personal.example.com`;
    const payload: PayPalPayload = { v: 1, email, nonce: nonce(), iat: this.#issuedAt() };
    return { token: this.#signer.sign("paypal", payload), email };
  }

  async attach({ idempotencyKey, customer, token }: AttachRequest): Promise<AttachResult> {
    assertIdempotencyKey(idempotencyKey);
    if (typeof customer.id !== "string" || customer.id.length === 0 || customer.id.length > 255) {
      throw new GatewayUsageError("A customer id is 1 to 255 characters");
    }
    const verified = verifyToken(this.#signer, token);
    if (!verified) return { outcome: "rejected", reason: "token_invalid" };

    const now = this.#now();
    const issuedMs = verified.payload.iat * 1000;
    // A minute of clock skew between instances sharing the secret.
    if (issuedMs > now.getTime() + 60_000) return { outcome: "rejected", reason: "token_invalid" };
    if (now.getTime() - issuedMs > this.#lifetimeMs) return { outcome: "rejected", reason: "token_expired" };

    const customerId = sandboxCustomerId(customer.id);
    // The method id ends with its customer's gateway id, so a charge names whose method it is.
    const owner = customerId.slice("cus_sandbox_".length);
    const attached = (method: AttachedMethod): AttachResult => ({ outcome: "approved", method });
    switch (verified.kind) {
      case "card": {
        const card = verified.payload;
        if (!isExpiryCurrent({ month: card.exp_month, year: card.exp_year }, now)) {
          return { outcome: "declined", reason: "expired_card" };
        }
        // Like Stripe's test cards: these fail when attached; insufficient funds only when charged.
        if (card.behaviour !== "approve" && declinedAtAttach.includes(card.behaviour)) {
          return { outcome: "declined", reason: card.behaviour };
        }
        return attached({
          kind: "card",
          brand: card.brand,
          last4: card.last4,
          expMonth: card.exp_month,
          expYear: card.exp_year,
          methodId: `pm_sandbox_${card.behaviour}_${card.nonce}_${owner}`,
          customerId,
        });
      }
      case "bank_account": {
        const bank = verified.payload;
        return attached({
          kind: "bank_account",
          bankName: sandboxBankName,
          last4: bank.last4,
          accountType: bank.account_type,
          methodId: `ba_sandbox_${bank.behaviour}_${bank.nonce}_${owner}`,
          customerId,
        });
      }
      case "paypal":
        return attached({
          kind: "paypal",
          email: verified.payload.email,
          methodId: `pp_sandbox_approve_${verified.payload.nonce}_${owner}`,
          customerId,
        });
    }
  }
}

export function createSandboxGateway(options: SandboxOptions = {}): SandboxPaymentGateway {
  return new SandboxPaymentGateway(options);
}
