import { iso31661 } from "iso-3166";
import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";
import { containsCardNumber } from "./free-text.ts";
import { controlCharacter, countryName, emailMaxLength, emailProblem } from "./names.ts";
import { type Subdivision, subdivisions } from "./subdivisions.ts";

export { countryName, emailProblem };

/**
 * Shipping and billing addresses (spec sections 3 and 5): every field required but address_2 and
 * email. Countries are ISO 3166-1 alpha-2 codes (the assigned ones, from the iso-3166 package) named in
 * the rider's language by Intl.DisplayNames; states come from ISO 3166-2 for the countries whose
 * addresses carry one (./subdivisions.ts) and are free text elsewhere; postal codes follow the
 * country's pattern from postcode-validator, or a loose one for the few countries it does not know.
 *
 * Problems are codes; the views word them with the spec's texts:
 * - `required`: "<label> can not be empty."
 * - `tooLong`: "<label> must not exceed <addressMaxLengths[field]> characters"
 * - `textInvalid`, `countryInvalid`, `stateInvalid`, `zipInvalid`: "<label> is not valid."
 * - `emailInvalid`: "Invalid Email Address"
 */
export type AddressProblem =
  | "required"
  | "tooLong"
  | "textInvalid"
  | "countryInvalid"
  | "stateInvalid"
  | "zipInvalid"
  | "emailInvalid";

export interface AddressInput {
  firstName: string;
  lastName: string;
  address_1: string;
  address_2?: string | null;
  country: string;
  state: string;
  city: string;
  zipCode: string;
  email?: string | null;
  isDefault?: boolean;
}

export interface Address {
  firstName: string;
  lastName: string;
  address_1: string;
  address_2: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** The ISO 3166-2 code without the country where the country has a list ("CA"), else as written. */
  state: string;
  city: string;
  zipCode: string;
  email: string | null;
  isDefault: boolean;
}

export type AddressField = Exclude<keyof AddressInput, "isDefault">;
export type AddressProblems = Partial<Record<AddressField, AddressProblem>>;

/** The spec shows no bounds; these hold any real address and keep the database rows small. */
export const addressMaxLengths: Readonly<Record<AddressField, number>> = {
  firstName: 50,
  lastName: 50,
  address_1: 100,
  address_2: 100,
  country: 2,
  state: 60,
  city: 60,
  zipCode: 12,
  email: emailMaxLength,
};

/** Every assigned ISO 3166-1 alpha-2 code ("AD" ... "ZW"). */
export const countryCodes: readonly string[] = iso31661
  .filter((entry) => entry.state === "assigned")
  .map((entry) => entry.alpha2);

const countrySet = new Set(countryCodes);

/** Postal codes of countries postcode-validator does not know: letters, digits, inner spaces and dashes. */
const loosePostalCode = /^[A-Z0-9](?:[A-Z0-9 -]{0,10}[A-Z0-9])?$/;

export function isCountryCode(value: string): boolean {
  return countrySet.has(value.trim().toUpperCase());
}

/** Every country as a choice, sorted by its name in the rider's language. */
export function countryOptions(
  locale: string,
  codes: readonly string[] = countryCodes,
): { code: string; name: string }[] {
  let collator: Intl.Collator;
  try {
    collator = new Intl.Collator([locale]);
  } catch {
    collator = new Intl.Collator(["en"]);
  }
  return codes
    .map((code) => ({ code, name: countryName(code, locale) }))
    .sort((left, right) => collator.compare(left.name, right.name));
}

/** The country's states or provinces when its addresses take one from a list, else null (free text). */
export function subdivisionsOf(country: string): readonly Subdivision[] | null {
  const code = country.trim().toUpperCase();
  return Object.hasOwn(subdivisions, code) ? subdivisions[code as keyof typeof subdivisions] : null;
}

/**
 * The country's subdivisions as a rider picks one: sorted by name in the rider's language (Alabama,
 * Alaska, American Samoa…; México before Michoacán), not by code. Empty where the country has no list.
 */
export function subdivisionChoices(country: string, locale: string): Subdivision[] {
  const collator = new Intl.Collator(locale, { sensitivity: "base" });
  return [...(subdivisionsOf(country) ?? [])].sort((a, b) => collator.compare(a.name, b.name));
}

/**
 * Trimmed, upper case, inner runs of spaces made one (" sw1a  1aa " -> "SW1A 1AA"), and written as the
 * post writes it where a code has a fixed shape: "SW1A1AA" -> "SW1A 1AA", "M5V2T6" -> "M5V 2T6",
 * "900123456" or "90012 3456" -> "90012-3456".
 */
export function normalisePostalCode(input: string, country = ""): string {
  const zip = input.trim().replace(/\s+/g, " ").toUpperCase();
  switch (country.trim().toUpperCase()) {
    case "US":
      return zip.replace(/^([0-9]{5}) ?([0-9]{4})$/, "$1-$2");
    case "CA":
      return zip.replace(/^([A-Z0-9]{3})([A-Z0-9]{3})$/, "$1 $2");
    case "GB":
      return zip.replace(/^([A-Z0-9]{2,4})([0-9][A-Z]{2})$/, "$1 $2");
    default:
      return zip;
  }
}

function textProblem(value: string, max: number): AddressProblem | null {
  if (value === "") return "required";
  // A card number is refused here as on the server: an address line is no place for it.
  if (controlCharacter.test(value) || containsCardNumber(value)) return "textInvalid";
  return [...value].length > max ? "tooLong" : null;
}

function countryProblem(input: string): AddressProblem | null {
  if (input.trim() === "") return "required";
  return isCountryCode(input) ? null : "countryInvalid";
}

/** A listed code for countries with a list, any short text elsewhere. */
export function stateProblem(input: string, country: string): AddressProblem | null {
  const state = input.trim();
  const listed = subdivisionsOf(country);
  if (listed === null || state === "") return textProblem(state, addressMaxLengths.state);
  return listed.some((entry) => entry.code === state.toUpperCase()) ? null : "stateInvalid";
}

/** The country's postal-code pattern: US ZIP or ZIP+4, "K1A 0B1", "SW1A 1AA", "75008", "1000-001", ... */
export function postalCodeProblem(input: string, country: string): AddressProblem | null {
  const zip = normalisePostalCode(input, country);
  if (zip === "") return "required";
  if (zip.length > addressMaxLengths.zipCode) return "zipInvalid";
  const code = country.trim().toUpperCase();
  if (countrySet.has(code) && postcodeValidatorExistsForCountry(code)) {
    return postcodeValidator(zip, code) ? null : "zipInvalid";
  }
  return loosePostalCode.test(zip) ? null : "zipInvalid";
}

export function addressProblems(input: AddressInput): AddressProblems {
  const problems: AddressProblems = {};
  const note = (field: AddressField, problem: AddressProblem | null) => {
    if (problem) problems[field] = problem;
  };
  note("firstName", textProblem(input.firstName.trim(), addressMaxLengths.firstName));
  note("lastName", textProblem(input.lastName.trim(), addressMaxLengths.lastName));
  note("address_1", textProblem(input.address_1.trim(), addressMaxLengths.address_1));
  const address2 = (input.address_2 ?? "").trim();
  if (address2 !== "") note("address_2", textProblem(address2, addressMaxLengths.address_2));
  note("country", countryProblem(input.country));
  note("state", stateProblem(input.state, input.country));
  note("city", textProblem(input.city.trim(), addressMaxLengths.city));
  note("zipCode", postalCodeProblem(input.zipCode, input.country));
  note("email", emailProblem(input.email));
  return problems;
}

/** The address as stored: trimmed, codes in upper case, empty optional fields null; or every problem. */
export function parseAddress(
  input: AddressInput,
): { ok: true; address: Address } | { ok: false; problems: AddressProblems } {
  const problems = addressProblems(input);
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  const country = input.country.trim().toUpperCase();
  const state = input.state.trim();
  const address2 = (input.address_2 ?? "").trim();
  const email = (input.email ?? "").trim();
  return {
    ok: true,
    address: {
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      address_1: input.address_1.trim(),
      address_2: address2 === "" ? null : address2,
      country,
      state: subdivisionsOf(country) ? state.toUpperCase() : state,
      city: input.city.trim(),
      zipCode: normalisePostalCode(input.zipCode, country),
      email: email === "" ? null : email,
      isDefault: input.isDefault ?? false,
    },
  };
}
