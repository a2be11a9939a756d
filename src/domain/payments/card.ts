import cardValidator from "card-validator";
import creditCardType from "credit-card-type";
import { type CardBrand, cardBrandName, defaultSupportedBrands } from "./names.ts";

export { type CardBrand, cardBrandName, defaultSupportedBrands };

/**
 * Payment cards (spec sections 3 and 5): brand, number, expiry MM/YY and CVV, checked alike by the
 * portal while the rider types and by the server before anything reaches a gateway. Brands, prefixes,
 * lengths, gaps and Luhn come from Braintree's card-validator and credit-card-type rather than rules of
 * our own; only the expiry is ours, because card-validator reads the machine's clock and we inject it.
 *
 * Problems are codes; the views word them with the spec's texts:
 * - `required`: "<label> can not be empty."
 * - `numberInvalid`: "<label> is not valid."
 * - `unsupportedType`: "Unsupported Card Type"
 * - `expiryInvalid`: "<label> is not valid." (not MM/YY, a past month, or more than 20 years ahead)
 * - `cvvInvalid`: "Invalid CVV"
 */
export type CardProblem = "required" | "numberInvalid" | "unsupportedType" | "expiryInvalid" | "cvvInvalid";

/** The longest card number of any brand (19 digits). */
const cardNumberMaxDigits = 19;

/** An expiry further ahead than this is a typo, not a card (months). */
const expiryMaxMonthsAhead = 20 * 12;

export interface CardExpiry {
  /** 1 to 12. */
  month: number;
  /** Four digits: 2031. */
  year: number;
}

export interface CardInput {
  number: string;
  expiry: string;
  cvv: string;
}

export interface Card {
  brand: CardBrand;
  /** Digits only. */
  number: string;
  last4: string;
  expiry: CardExpiry;
  cvv: string;
}

export type CardProblems = Partial<Record<keyof CardInput, CardProblem>>;

export interface CardRules {
  /** The moment to judge the expiry against: the browser's or the server's clock, a fixed one in tests. */
  now: Date;
  supported?: readonly CardBrand[];
}

const defaultGaps = [4, 8, 12];

/** Digits only, as typed or pasted: "4242 4242-4242 4242" -> "4242424242424242". */
export function cardNumberDigits(input: string): string {
  return input.replace(/[^0-9]/g, "");
}

/**
 * The brand of a partial or complete number, once its first digits decide it ("34" -> American
 * Express), else null: nothing typed, no brand starts so, or still ambiguous ("4" may be Visa, Elo,
 * Maestro or Naranja; "42" is Visa).
 */
export function cardBrand(input: string): CardBrand | null {
  const digits = cardNumberDigits(input);
  if (digits === "") return null;
  const matches = creditCardType(digits);
  return matches.length === 1 ? ((matches[0]?.type as CardBrand | undefined) ?? null) : null;
}

function isSupportedBrand(
  brand: CardBrand | null,
  supported: readonly CardBrand[] = defaultSupportedBrands,
): boolean {
  return brand !== null && supported.includes(brand);
}

/**
 * True when the digits typed so far can only be a brand the deployment does not take ("35" is JCB), so
 * the rider hears "Unsupported Card Type" before typing all of it.
 */
export function isUnsupportedNumber(
  input: string,
  supported: readonly CardBrand[] = defaultSupportedBrands,
): boolean {
  const digits = cardNumberDigits(input);
  if (digits === "") return false;
  const matches = creditCardType(digits);
  return matches.length > 0 && matches.every((match) => !supported.includes(match.type as CardBrand));
}

/** How many digits the number may hold: the brand's longest length, 19 while the brand is unknown. */
export function cardNumberMaxLength(input: string): number {
  const brand = cardBrand(input);
  return brand ? Math.max(...creditCardType.getTypeInfo(brand).lengths) : cardNumberMaxDigits;
}

/** Security code length of the brand: 4 for American Express, 3 for the others; null while unknown. */
export function cvvLength(brand: CardBrand | null): number | null {
  return brand ? creditCardType.getTypeInfo(brand).code.size : null;
}

/**
 * The number as shown in the field, grouped at the brand's gaps: "4242 4242 4242 4242",
 * "3782 822463 10005" (4-6-5 for American Express); groups of four while the brand is unknown.
 * Keeps every digit of what was typed or pasted and drops everything else; formatting twice changes
 * nothing.
 */
export function formatCardNumber(input: string): string {
  const digits = cardNumberDigits(input);
  const brand = cardBrand(digits);
  const gaps = brand ? creditCardType.getTypeInfo(brand).gaps : defaultGaps;
  let shown = "";
  for (const [index, digit] of [...digits].entries()) {
    if (gaps.includes(index)) shown += " ";
    shown += digit;
  }
  return shown;
}

/** "4242" from any spelling of the number. */
export function cardLast4(input: string): string {
  return cardNumberDigits(input).slice(-4);
}

/**
 * What is wrong with a card number, or null: empty, characters other than digits, spaces and dashes,
 * a brand the deployment does not take, or a number that fails the brand's lengths or Luhn.
 */
export function cardNumberProblem(
  input: string,
  supported: readonly CardBrand[] = defaultSupportedBrands,
): CardProblem | null {
  if (input.trim() === "") return "required";
  if (/[^0-9\s-]/.test(input)) return "numberInvalid";
  const digits = cardNumberDigits(input);
  if (isUnsupportedNumber(digits, supported)) return "unsupportedType";
  const verdict = cardValidator.number(digits);
  if (!verdict.isValid || verdict.card === null) return "numberInvalid";
  return isSupportedBrand(verdict.card.type as CardBrand, supported) ? null : "unsupportedType";
}

/**
 * The calendar month a card is still good in at `now`: the month it is at UTC-12, the last place on
 * earth where a month ends. A card is valid through the last day of its month, wherever the rider is,
 * and the browser and the server, whatever their time zones, agree on the answer.
 */
export function cardMonthAt(now: Date): CardExpiry {
  const lastPlace = new Date(now.getTime() - 12 * 60 * 60 * 1000);
  return { month: lastPlace.getUTCMonth() + 1, year: lastPlace.getUTCFullYear() };
}

/**
 * An expiry as the rider wrote it: MM/YY (also M/YY, MM/YYYY, spaces around the slash), or null when it
 * is no month of a year. Whether the month is still good is `expiryProblem`'s business.
 */
export function parseExpiry(input: string): CardExpiry | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(input.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const written = match[2] ?? "";
  const year = written.length === 2 ? 2000 + Number(written) : Number(written);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/**
 * The expiry field as the rider types or pastes into it: digits, with the slash once the year begins
 * ("1227" -> "12/27"), a month of one digit 2-9 written with its zero ("4" -> "04"), a pasted four-digit
 * year shortened ("12/2027" or "122027" -> "12/27"). A slash the rider typed after the month stays
 * ("1/" -> "01/"), a deleted one is not put back. Normalising twice changes nothing.
 */
export function normaliseExpiryInput(raw: string): string {
  const groups = raw.match(/[0-9]+/g) ?? [];
  const [first = "", ...rest] = groups;
  if (first === "") return "";
  const slashTyped = rest.length > 0 || /[0-9][^0-9]+$/.test(raw.trim());
  if (slashTyped && first.length <= 2) {
    const month = first.length === 1 ? `0${first}` : first;
    const year = rest.join("");
    return `${month}/${year.length >= 4 ? year.slice(2, 4) : year.slice(0, 2)}`;
  }
  const digits = /^[2-9]/.test(first) ? `0${groups.join("")}` : groups.join("");
  if (digits.length <= 2) return digits;
  const year = digits.length === 6 ? digits.slice(4, 6) : digits.slice(2, 4);
  return `${digits.slice(0, 2)}/${year}`;
}

/** Whether the expiry is this month or later (through its last day) and at most 20 years ahead. */
export function isExpiryCurrent(expiry: CardExpiry, now: Date): boolean {
  const current = cardMonthAt(now);
  const ahead = expiry.year * 12 + expiry.month - (current.year * 12 + current.month);
  return ahead >= 0 && ahead <= expiryMaxMonthsAhead;
}

export function expiryProblem(input: string, now: Date): CardProblem | null {
  if (input.trim() === "") return "required";
  const expiry = parseExpiry(input);
  return expiry && isExpiryCurrent(expiry, now) ? null : "expiryInvalid";
}

/**
 * What is wrong with a security code, or null: digits only, as many as the brand's code has (4 for
 * American Express, 3 for the others), 3 or 4 while the brand is not known.
 */
export function cvvProblem(input: string, brand: CardBrand | null): CardProblem | null {
  const cvv = input.trim();
  if (cvv === "") return "required";
  const length = cvvLength(brand);
  return cardValidator.cvv(cvv, length ?? [3, 4]).isValid ? null : "cvvInvalid";
}

export function cardProblems(input: CardInput, rules: CardRules): CardProblems {
  const supported = rules.supported ?? defaultSupportedBrands;
  const problems: CardProblems = {};
  const number = cardNumberProblem(input.number, supported);
  if (number) problems.number = number;
  const expiry = expiryProblem(input.expiry, rules.now);
  if (expiry) problems.expiry = expiry;
  const cvv = cvvProblem(input.cvv, cardBrand(input.number));
  if (cvv) problems.cvv = cvv;
  return problems;
}

/** The card as the server keeps working with it, or every problem the rider has to fix. */
export function parseCard(
  input: CardInput,
  rules: CardRules,
): { ok: true; card: Card } | { ok: false; problems: CardProblems } {
  const problems = cardProblems(input, rules);
  const brand = cardBrand(input.number);
  const expiry = parseExpiry(input.expiry);
  if (Object.keys(problems).length > 0 || brand === null || expiry === null) return { ok: false, problems };
  const number = cardNumberDigits(input.number);
  return { ok: true, card: { brand, number, last4: number.slice(-4), expiry, cvv: input.cvv.trim() } };
}

/** A card as the form hands it over: the number and code go to the gateway only. */
export interface CardSubmission {
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
  postalCode: string;
  firstName: string;
  lastName: string;
  address: string;
  nickname: string | null;
  commuterBenefits: boolean;
  makeDefault: boolean;
}
