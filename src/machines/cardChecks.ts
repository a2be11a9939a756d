import type { CardSubmission } from "../domain/payments/card.ts";
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
import { containsCardNumber } from "../domain/payments/free-text.ts";
import { nicknameMaxLength } from "../domain/payments/saved.ts";
import type { CardDraft, CardProblems, FieldProblem } from "./cardDraft.ts";

/*
 * A card form's checks and what is sent of it, with the portal's card rules (src/domain/payments/card.ts,
 * on card-validator and credit-card-type). The Payment Methods screen imports them; the checkout and the
 * loads download them when a card form first opens (their machines' `loadCardRules`).
 */

/** Every problem of a card form at a moment (what `cardFormProblems` is, as a machine is given it). */
export type CardRules = (card: CardDraft, now: Date) => CardProblems;
/** The fields as shown once typed (`cleanCard`): the number grouped, the expiry with its slash. */
export type CardCleaner = (values: Partial<CardDraft>, current: CardDraft) => Partial<CardDraft>;
/** What a machine's `loadCardRules` answers (an object: an action's params cannot be a function). */
export interface LoadedCardRules {
  check: CardRules;
  clean: CardCleaner;
}

/**
 * A text field's problem: empty when required, a card number in it (the server refuses it too, and
 * nothing typed beside the card's own fields may hold its number), or longer than `max` characters.
 */
export function textProblem(value: string, max: number, required: boolean): FieldProblem | null {
  const text = value.trim();
  if (text === "") return required ? "required" : null;
  if (containsCardNumber(text)) return "invalid";
  return [...text].length > max ? "tooLong" : null;
}

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

/** Every problem of the card form, with the portal's own card rules (src/domain/payments/card.ts). */
export function cardFormProblems(card: CardDraft, now: Date): CardProblems {
  const problems: CardProblems = {};
  const nickname = textProblem(card.nickname, nicknameMaxLength, false);
  if (nickname) problems.nickname = nickname;
  const firstName = textProblem(card.firstName, billingMaxLength, true);
  if (firstName) problems.firstName = firstName;
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
    firstName: card.firstName.trim(),
    lastName: card.lastName.trim(),
    address: card.address.trim(),
    nickname: nickname === "" ? null : nickname,
    commuterBenefits,
    makeDefault: supportsDefault && card.makeDefault,
  };
}
