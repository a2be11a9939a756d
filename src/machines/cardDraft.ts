import {
  type CardProblem,
  cardBrand,
  cardNumberDigits,
  cardNumberMaxLength,
  cardNumberProblem,
  cvvLength,
  cvvProblem,
  expiryProblem,
  formatCardNumber,
  normaliseExpiryInput,
  parseExpiry,
} from "../domain/payments/card.ts";
import { nicknameMaxLength } from "../domain/payments/saved.ts";
import type { CardSubmission } from "../services/payment-methods.service.ts";

/*
 * A card as typed into a form, its checks and what is sent of it: shared by the Payment Methods screen,
 * the checkout and the loads of a fare card, without the Payment Methods screen's machine.
 */

/** The card form as typed. The number and code live here only while the form is open. */
export interface CardDraft {
  nickname: string;
  lastName: string;
  number: string;
  expiry: string;
  cvv: string;
  address: string;
  zip: string;
  makeDefault: boolean;
}

/**
 * A field's problem, worded by the view: `required` "<label> can not be empty.", `invalid` "<label> is
 * not valid.", `tooLong` "<label> must not exceed <n> characters", `unsupportedType` "Unsupported Card
 * Type", `cvvInvalid` "Invalid CVV".
 */
export type FieldProblem = "required" | "invalid" | "tooLong" | "unsupportedType" | "cvvInvalid";
export type CardProblems = Partial<Record<keyof CardDraft, FieldProblem>>;

export const emptyCard: CardDraft = {
  nickname: "",
  lastName: "",
  number: "",
  expiry: "",
  cvv: "",
  address: "",
  zip: "",
  makeDefault: false,
};

/** The sandbox's rule for a billing postal code (3 to 10 letters, digits, spaces or dashes). */
const postalCodePattern = /^[A-Za-z0-9](?:[A-Za-z0-9 -]{1,8})[A-Za-z0-9]$/;
const billingMaxLength = 100;

const cardProblemOf: Record<CardProblem, FieldProblem> = {
  required: "required",
  numberInvalid: "invalid",
  expiryInvalid: "invalid",
  unsupportedType: "unsupportedType",
  cvvInvalid: "cvvInvalid",
};
export function textProblem(value: string, max: number, required: boolean): FieldProblem | null {
  const text = value.trim();
  if (text === "") return required ? "required" : null;
  return [...text].length > max ? "tooLong" : null;
}

/** Every problem of the card form, with the portal's own card rules (src/domain/payments/card.ts). */
export function cardFormProblems(card: CardDraft, now: Date): CardProblems {
  const problems: CardProblems = {};
  const nickname = textProblem(card.nickname, nicknameMaxLength, false);
  if (nickname) problems.nickname = nickname;
  const lastName = textProblem(card.lastName, billingMaxLength, true);
  if (lastName) problems.lastName = lastName;
  const number = cardNumberProblem(card.number);
  if (number) problems.number = cardProblemOf[number];
  const expiry = expiryProblem(card.expiry, now);
  if (expiry) problems.expiry = cardProblemOf[expiry];
  const cvv = cvvProblem(card.cvv, cardBrand(card.number));
  if (cvv) problems.cvv = cardProblemOf[cvv];
  const address = textProblem(card.address, billingMaxLength, true);
  if (address) problems.address = address;
  if (card.zip.trim() === "") problems.zip = "required";
  else if (!postalCodePattern.test(card.zip.trim())) problems.zip = "invalid";
  return problems;
}

/** The card field as shown: the number grouped at the brand's gaps and cut at its longest length. */
export function cleanCard(values: Partial<CardDraft>, current: CardDraft): Partial<CardDraft> {
  const next = { ...values };
  if (values.number !== undefined) {
    const digits = cardNumberDigits(values.number);
    next.number = formatCardNumber(digits.slice(0, cardNumberMaxLength(digits)));
  }
  if (values.expiry !== undefined) next.expiry = normaliseExpiryInput(values.expiry).slice(0, 5);
  if (values.cvv !== undefined) {
    const brand = cardBrand(next.number ?? current.number);
    next.cvv = values.cvv.replace(/[^0-9]/g, "").slice(0, cvvLength(brand) ?? 4);
  }
  return next;
}

/** What the service needs from a checked card form. */
export function cardSubmission(
  card: CardDraft,
  commuterBenefits: boolean,
  supportsDefault: boolean,
): CardSubmission {
  const expiry = parseExpiry(card.expiry) ?? { month: 0, year: 0 };
  const nickname = card.nickname.trim();
  return {
    number: cardNumberDigits(card.number),
    expMonth: expiry.month,
    expYear: expiry.year,
    cvc: card.cvv.trim(),
    postalCode: card.zip.trim(),
    lastName: card.lastName.trim(),
    address: card.address.trim(),
    nickname: nickname === "" ? null : nickname,
    commuterBenefits,
    makeDefault: supportsDefault && card.makeDefault,
  };
}
