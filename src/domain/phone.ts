import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * Phone numbers for two-factor (spec section 5): a country calling code and a number, checked with
 * libphonenumber-js by the portal and the server alike.
 */
export type PhoneProblem = "countryRequired" | "countryInvalid" | "invalid";

const callingCodes = new Set(getCountries().map((country) => getCountryCallingCode(country)));

const digitsOf = (value: string) => value.replace(/[^0-9]/g, "");

/** What is wrong with a country code and number, or null when they make a valid number. */
export function phoneProblem(countryCode: string, number: string): PhoneProblem | null {
  const code = digitsOf(countryCode);
  if (code === "") return "countryRequired";
  if (!callingCodes.has(code)) return "countryInvalid";
  const parsed = parsePhoneNumberFromString(`+${code}${digitsOf(number)}`);
  return parsed?.isValid() ? null : "invalid";
}

/** The number in E.164 (+15551234567), or null when it is not valid. */
export function toE164(countryCode: string, number: string): string | null {
  if (phoneProblem(countryCode, number) !== null) return null;
  return parsePhoneNumberFromString(`+${digitsOf(countryCode)}${digitsOf(number)}`)?.number ?? null;
}

/** A valid E.164 number as the server receives it. */
function isValidE164(value: string): boolean {
  if (!/^\+[1-9][0-9]{6,14}$/.test(value)) return false;
  return parsePhoneNumberFromString(value)?.isValid() ?? false;
}

/** What is wrong with a number as the server receives it ("+" and digits), or null when it is valid. */
export function e164Problem(value: string): PhoneProblem | null {
  if (!value.startsWith("+")) return "countryRequired";
  const digits = value.slice(1);
  if (![1, 2, 3].some((length) => callingCodes.has(digits.slice(0, length)))) return "countryInvalid";
  return isValidE164(value) ? null : "invalid";
}

/** The portal's words for each phone problem (spec section 5), which the server answers too. */
export const phoneProblemMessages: Record<PhoneProblem, string> = {
  countryRequired: "Country code required.",
  countryInvalid: "Country code is not valid.",
  invalid: "Enter valid phone number.",
};

/** Only the last digits, for showing where a code went: "•••• 4567". */
export function maskPhone(e164: string): string {
  return `•••• ${e164.slice(-4)}`;
}
