import creditCardType from "credit-card-type";
import {
  type AccountType,
  accountNumberProblem,
  bankDigits,
  holderNameProblem,
  isAccountType,
  isRoutingNumber,
} from "../../../src/domain/payments/bank.ts";
import {
  type CardBrand,
  cardBrand,
  cardMonthAt,
  cardNumberDigits,
  cardNumberProblem,
  cvvProblem,
  isExpiryCurrent,
} from "../../../src/domain/payments/card.ts";
import type { DeclineReason } from "./gateway.ts";

/**
 * What the sandbox checks before it makes a token, as a real gateway would, with the portal's own
 * rules (src/domain/payments: brand, length and Luhn from Braintree's card-validator, the expiry good
 * through its month, a security code of the brand's length; the ABA routing checksum and 4 to 17
 * account digits). A gateway takes every brand it knows; which of them a deployment offers is the
 * portal's business. A failure names Stripe's reason and the field at fault.
 */

export type CardProblem =
  | "invalid_number"
  | "invalid_expiry_month"
  | "invalid_expiry_year"
  | "invalid_cvc"
  | "incorrect_zip";
export type BankProblem =
  | "invalid_routing_number"
  | "invalid_account_number"
  | "invalid_account_type"
  | "invalid_account_holder_name";

export type Checked<Value, Problem extends string> =
  | { ok: true; value: Value }
  | { ok: false; problem: Problem; field: string };

/** What a test card does when charged: `approve`, or the decline it always gets. */
export type Behaviour = "approve" | DeclineReason;

/** Stripe's test numbers; any other valid number approves. */
const testCards: Readonly<Record<string, DeclineReason>> = {
  "4000000000000002": "card_declined",
  "4000000000009995": "insufficient_funds",
  "4000000000000069": "expired_card",
  "4000000000000127": "incorrect_cvc",
  "4000000000000119": "processing_error",
};

/** Stripe's ACH test account that bounces for want of funds; any other valid account approves. */
const testBankAccounts: Readonly<Record<string, DeclineReason>> = {
  "000111111113": "insufficient_funds",
};

/** Every brand card-validator knows. */
const everyBrand = Object.values(creditCardType.types) as CardBrand[];

export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  postal_code: string;
  name?: string;
}

export interface CheckedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: Behaviour;
}

const postalCodePattern = /^[A-Za-z0-9](?:[A-Za-z0-9 -]{1,8})[A-Za-z0-9]$/;

export function checkCard(input: CardInput, now: Date): Checked<CheckedCard, CardProblem> {
  const brand = cardBrand(input.number);
  if (cardNumberProblem(input.number, everyBrand) !== null || brand === null) {
    return { ok: false, problem: "invalid_number", field: "number" };
  }
  const { exp_month: month, exp_year: year } = input;
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    return { ok: false, problem: "invalid_expiry_month", field: "exp_month" };
  }
  if (!Number.isInteger(year) || !isExpiryCurrent({ month, year }, now)) {
    // Stripe blames the month when the year is this one (a month already past), else the year.
    return year === cardMonthAt(now).year
      ? { ok: false, problem: "invalid_expiry_month", field: "exp_month" }
      : { ok: false, problem: "invalid_expiry_year", field: "exp_year" };
  }
  if (cvvProblem(input.cvc, brand) !== null) return { ok: false, problem: "invalid_cvc", field: "cvc" };
  if (!postalCodePattern.test(input.postal_code.trim())) {
    return { ok: false, problem: "incorrect_zip", field: "postal_code" };
  }
  const digits = cardNumberDigits(input.number);
  return {
    ok: true,
    value: {
      brand,
      last4: digits.slice(-4),
      expMonth: month,
      expYear: year,
      behaviour: testCards[digits] ?? "approve",
    },
  };
}

export { type AccountType, accountTypes } from "../../../src/domain/payments/bank.ts";

export interface BankInput {
  routing_number: string;
  account_number: string;
  account_type: AccountType;
  account_holder_name: string;
}

export interface CheckedBankAccount {
  last4: string;
  accountType: AccountType;
  behaviour: Behaviour;
}

export function checkBankAccount(input: BankInput): Checked<CheckedBankAccount, BankProblem> {
  if (!isRoutingNumber(input.routing_number)) {
    return { ok: false, problem: "invalid_routing_number", field: "routing_number" };
  }
  if (accountNumberProblem(input.account_number) !== null) {
    return { ok: false, problem: "invalid_account_number", field: "account_number" };
  }
  if (!isAccountType(input.account_type)) {
    return { ok: false, problem: "invalid_account_type", field: "account_type" };
  }
  if (holderNameProblem(input.account_holder_name) !== null) {
    return { ok: false, problem: "invalid_account_holder_name", field: "account_holder_name" };
  }
  const account = bankDigits(input.account_number);
  return {
    ok: true,
    value: {
      last4: account.slice(-4),
      accountType: input.account_type,
      behaviour: testBankAccounts[account] ?? "approve",
    },
  };
}
