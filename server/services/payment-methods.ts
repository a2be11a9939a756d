import { createHash } from "node:crypto";
import { holderNameProblem } from "../../src/domain/payments/bank.ts";
import { containsCardNumber } from "../../src/domain/payments/free-text.ts";
import { controlCharacter, isTakenBrand } from "../../src/domain/payments/names.ts";
import {
  type BillingDetails,
  maxPaymentMethods,
  type NewPaymentMethod,
  nicknameMaxLength,
  type SavedPaymentMethod,
} from "../../src/domain/payments/saved.ts";
import type { Database } from "../db/client.ts";
import type { Clock } from "../domain/clock.ts";
import type { AttachedMethod, DeclineReason, PaymentProcessor } from "../gateways/payments/gateway.ts";
import { createAccountRepository } from "../repositories/accounts.ts";
import {
  createPaymentMethodRepository,
  type NewPaymentMethodRow,
  type PaymentMethodRow,
  savedPaymentMethodOf,
} from "../repositories/payment-methods.ts";
import { inTransaction, isUniqueViolation } from "./transaction.ts";

/** A field the rider must correct; `message` is English, the portal words its own from `field`. */
export interface FieldProblem {
  field: string;
  message: string;
}

type SaveFailure =
  | { problem: "invalid"; errors: FieldProblem[] }
  /** The gateway declined the method (a test card that always declines, an expired card). */
  | { problem: "declined"; reason: DeclineReason }
  /** Forged, expired, or already used (by another rider, or by a method this rider removed). */
  | { problem: "tokenInvalid" }
  /** A card of a brand the portal does not take. */
  | { problem: "unsupportedType" }
  | { problem: "limitReached" };

export type SaveResult =
  | { ok: true; created: boolean; method: SavedPaymentMethod }
  | ({ ok: false } & SaveFailure);

export type RenameResult =
  | { ok: true; method: SavedPaymentMethod }
  | { ok: false; problem: "notFound" }
  | { ok: false; problem: "invalid"; errors: FieldProblem[] };

export type DefaultResult =
  | { ok: true; methods: SavedPaymentMethod[] }
  | { ok: false; problem: "notFound" | "forbidden" };

/** Bounds of the card's billing details (the spec shows none; these hold any real address). */
const billingMaxLengths: Readonly<Record<keyof BillingDetails, number>> = {
  last_name: 50,
  address_1: 100,
  zip_code: 10,
};
const billingLabels: Readonly<Record<keyof BillingDetails, string>> = {
  last_name: "Last Name",
  address_1: "Billing Street Address",
  zip_code: "Zip Code",
};
const zipPattern = /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/;
const length = (text: string) => [...text].length;

/** The nickname as stored: trimmed, null when empty; or what is wrong with it. */
function parseNickname(
  input: string | null | undefined,
): { ok: true; nickname: string | null } | { ok: false; error: FieldProblem } {
  const nickname = (input ?? "").trim();
  if (controlCharacter.test(nickname) || containsCardNumber(nickname)) {
    return { ok: false, error: { field: "nickname", message: "Nickname is not valid." } };
  }
  if (length(nickname) > nicknameMaxLength) {
    return {
      ok: false,
      error: { field: "nickname", message: `Nickname must not exceed ${nicknameMaxLength} characters` },
    };
  }
  return { ok: true, nickname: nickname === "" ? null : nickname };
}

/** The billing details trimmed, or one problem per field (`billing.last_name`, ...). */
function parseBilling(
  input: BillingDetails,
): { ok: true; billing: BillingDetails } | { ok: false; errors: FieldProblem[] } {
  const billing: BillingDetails = {
    last_name: input.last_name.trim(),
    address_1: input.address_1.trim(),
    zip_code: input.zip_code.trim().toUpperCase(),
  };
  const errors: FieldProblem[] = [];
  for (const key of ["last_name", "address_1", "zip_code"] as const) {
    const value = billing[key];
    const label = billingLabels[key];
    const field = `billing.${key}`;
    if (value === "") errors.push({ field, message: `${label} can not be empty.` });
    else if (controlCharacter.test(value) || containsCardNumber(value)) {
      errors.push({ field, message: `${label} is not valid.` });
    } else if (length(value) > billingMaxLengths[key]) {
      errors.push({ field, message: `${label} must not exceed ${billingMaxLengths[key]} characters` });
    } else if (key === "zip_code" && !zipPattern.test(value)) {
      errors.push({ field, message: `${label} is not valid.` });
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, billing };
}

function holderNameError(input: string): FieldProblem | null {
  const problem = containsCardNumber(input) ? "holderInvalid" : holderNameProblem(input);
  const label = "Account Holder Name";
  switch (problem) {
    case null:
      return null;
    case "required":
      return { field: "holder_name", message: `${label} can not be empty.` };
    case "tooLong":
      return { field: "holder_name", message: `${label} must not exceed 100 characters` };
    default:
      return { field: "holder_name", message: `${label} is not valid.` };
  }
}

/** What the row keeps of a token: its SHA-256, never the token. */
export const tokenHashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** The gateway's idempotency key of attaching a token for a rider: the same post is the same attach. */
export const attachKeyOf = (userId: string, tokenHash: string) => `pm:${userId}:${tokenHash}`;

/** What the row keeps of an attached method and the rider's details. */
export function paymentMethodRowOf(
  userId: string,
  method: AttachedMethod,
  gateway: string,
  tokenHash: string,
  details: {
    nickname: string | null;
    commuterBenefits: boolean;
    billing: BillingDetails | null;
    holderName: string | null;
  },
): NewPaymentMethodRow {
  const common = {
    userId,
    kind: method.kind,
    gateway,
    gatewayMethodId: method.methodId,
    gatewayCustomerId: method.customerId,
    tokenHash,
    nickname: details.nickname,
    commuterBenefits: details.commuterBenefits,
  };
  switch (method.kind) {
    case "card":
      return {
        ...common,
        brand: method.brand,
        last4: method.last4,
        expMonth: method.expMonth,
        expYear: method.expYear,
        billingLastName: details.billing?.last_name ?? null,
        billingAddress1: details.billing?.address_1 ?? null,
        billingZip: details.billing?.zip_code ?? null,
      };
    case "bank_account":
      return {
        ...common,
        bankName: method.bankName,
        last4: method.last4,
        accountType: method.accountType,
        holderName: details.holderName,
      };
    case "paypal":
      return { ...common, paypalEmail: method.email };
  }
}

/**
 * Riders' saved payment methods (issue 11): a token from the gateway's tokenization becomes a method
 * attached at the gateway and a row here with what may be shown (brand, last four, expiry, billing,
 * bank name, holder, PayPal login), never a number. The rules:
 * - the same token posted again by the same rider is the same method (the gateway's idempotency key is
 *   the rider and the token's SHA-256; the row keeps that hash, unique per rider); a token another
 *   rider saved is refused;
 * - a card needs its billing details, a bank account its holder's name, and only a card can be a
 *   commuter benefits card;
 * - at most `maxPaymentMethods` live methods: counted with the rider's row locked, so parallel saves
 *   cannot pass it;
 * - the first method saved is the default when the deployment supports a default; removing the default
 *   leaves none.
 */
export function createPaymentMethodService(options: {
  db: Database;
  gateway: PaymentProcessor;
  clock: Clock;
  supportDefaultPayment: () => boolean;
}) {
  const { db, gateway, clock } = options;
  const methods = createPaymentMethodRepository(db);

  /** Everything about the request that needs no gateway: nickname, billing and holder when given. */
  function checkDetails(input: NewPaymentMethod) {
    const errors: FieldProblem[] = [];
    const nickname = parseNickname(input.nickname);
    if (!nickname.ok) errors.push(nickname.error);
    let billing: BillingDetails | null = null;
    if (input.billing !== undefined) {
      const parsed = parseBilling(input.billing);
      if (parsed.ok) billing = parsed.billing;
      else errors.push(...parsed.errors);
    }
    let holderName: string | null = null;
    if (input.holder_name !== undefined) {
      const error = holderNameError(input.holder_name);
      if (error) errors.push(error);
      else holderName = input.holder_name.trim();
    }
    return {
      errors,
      details: {
        nickname: nickname.ok ? nickname.nickname : null,
        commuterBenefits: input.commuter_benefits ?? false,
        billing,
        holderName,
      },
    };
  }

  /** What the attached method's kind asks of the request. */
  function checkKind(method: AttachedMethod, input: NewPaymentMethod): FieldProblem[] {
    const errors: FieldProblem[] = [];
    if (method.kind === "card") {
      if (input.billing === undefined) {
        errors.push({
          field: "billing",
          message: "A card needs its billing last name, street and zip code.",
        });
      }
    } else {
      if (input.billing !== undefined) {
        errors.push({ field: "billing", message: "Only a card has billing details." });
      }
      if (input.commuter_benefits) {
        errors.push({ field: "commuter_benefits", message: "Only a card can be a commuter benefits card." });
      }
    }
    if (method.kind === "bank_account") {
      if (input.holder_name === undefined) {
        errors.push({ field: "holder_name", message: "Account Holder Name can not be empty." });
      }
    } else if (input.holder_name !== undefined) {
      errors.push({ field: "holder_name", message: "Only a bank account has a holder name." });
    }
    return errors;
  }

  const answer = (row: PaymentMethodRow, created: boolean): SaveResult =>
    row.removedAt === null
      ? { ok: true, created, method: savedPaymentMethodOf(row) }
      : { ok: false, problem: "tokenInvalid" };

  return {
    async list(userId: string): Promise<SavedPaymentMethod[]> {
      return (await methods.listLive(userId)).map(savedPaymentMethodOf);
    },

    async save(userId: string, input: NewPaymentMethod): Promise<SaveResult> {
      const checked = checkDetails(input);
      if (checked.errors.length > 0) return { ok: false, problem: "invalid", errors: checked.errors };
      const tokenHash = tokenHashOf(input.token);

      // A retry (double click, timeout) answers what the first post made, before any other rule.
      const existing = await methods.findByToken(userId, tokenHash);
      if (existing) return answer(existing, false);
      if (await methods.tokenUsedByOther(userId, tokenHash)) return { ok: false, problem: "tokenInvalid" };
      if ((await methods.countLive(userId)) >= maxPaymentMethods)
        return { ok: false, problem: "limitReached" };

      const attached = await gateway.attach({
        idempotencyKey: attachKeyOf(userId, tokenHash),
        customer: { id: userId },
        token: input.token,
      });
      if (attached.outcome === "declined") return { ok: false, problem: "declined", reason: attached.reason };
      if (attached.outcome === "rejected") return { ok: false, problem: "tokenInvalid" };
      if (attached.method.kind === "card" && !isTakenBrand(attached.method.brand))
        return { ok: false, problem: "unsupportedType" };
      const kindErrors = checkKind(attached.method, input);
      if (kindErrors.length > 0) return { ok: false, problem: "invalid", errors: kindErrors };

      const row = paymentMethodRowOf(userId, attached.method, gateway.provider, tokenHash, checked.details);
      try {
        return await inTransaction(db, async ({ tx }) => {
          await createAccountRepository(tx).lock(userId);
          const repository = methods.with(tx);
          // Parallel posts of this token wait on the lock above; the first one's row answers the rest.
          const made = await repository.findByToken(userId, tokenHash);
          if (made) return answer(made, false);
          const saved = await repository.countLive(userId);
          if (saved >= maxPaymentMethods) return { ok: false, problem: "limitReached" } as const;
          const isDefault = saved === 0 && options.supportDefaultPayment();
          return answer(await repository.add({ ...row, isDefault }), true);
        });
      } catch (error) {
        // Another rider saved the same gateway method at this moment.
        if (isUniqueViolation(error)) {
          const made = await methods.findByToken(userId, tokenHash);
          return made ? answer(made, false) : { ok: false, problem: "tokenInvalid" };
        }
        throw error;
      }
    },

    async rename(userId: string, id: string, input: string | null): Promise<RenameResult> {
      const nickname = parseNickname(input);
      if (!nickname.ok) return { ok: false, problem: "invalid", errors: [nickname.error] };
      const row = await methods.rename(userId, id, nickname.nickname);
      return row ? { ok: true, method: savedPaymentMethodOf(row) } : { ok: false, problem: "notFound" };
    },

    /** Makes one of the rider's live methods the default, in one transaction with clearing the old one. */
    async setDefault(userId: string, id: string): Promise<DefaultResult> {
      if (!options.supportDefaultPayment()) return { ok: false, problem: "forbidden" };
      return inTransaction(db, async ({ tx }) => {
        await createAccountRepository(tx).lock(userId);
        const repository = methods.with(tx);
        if (!(await repository.findLive(userId, id))) return { ok: false, problem: "notFound" } as const;
        await repository.clearDefault(userId);
        await repository.setDefault(userId, id);
        return { ok: true, methods: (await repository.listLive(userId)).map(savedPaymentMethodOf) } as const;
      });
    },

    /** Soft removal; a removed default leaves the rider with no default. False when not theirs. */
    async remove(userId: string, id: string): Promise<boolean> {
      return inTransaction(db, async ({ tx }) => {
        await createAccountRepository(tx).lock(userId);
        return methods.with(tx).remove(userId, id, clock.now());
      });
    },
  };
}

export type PaymentMethodService = ReturnType<typeof createPaymentMethodService>;
