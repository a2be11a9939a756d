import type { CreditCardTypeCardBrandId } from "credit-card-type/dist/types";

/*
 * What screens that only show saved addresses and cards need of ./address.ts and ./card.ts: a country's
 * and a brand's name, and the email check of a guest's checkout. Those modules bring the libraries that
 * check a typed address or card (iso-3166, postcode-validator, card-validator, credit-card-type), which
 * load with the forms; both re-export these, so either names the same functions.
 */

/** Every brand credit-card-type knows: "visa", "mastercard", "american-express", "discover", "jcb", ... */
export type CardBrand = CreditCardTypeCardBrandId;

/** The brands a deployment takes unless it says otherwise. */
export const defaultSupportedBrands: readonly CardBrand[] = [
  "visa",
  "mastercard",
  "american-express",
  "discover",
];

/**
 * Whether the portal takes a card of this brand (as the gateway names it, credit-card-type's id). The
 * card form says "Unsupported Card Type" for the others, and the server refuses them on every path
 * that takes a card (saving it, paying an order or a load with it).
 */
/** The server's words for a card of a brand it does not take, as the portal's card form says them. */
export const unsupportedCardTypeMessage = "Unsupported Card Type";

export const isTakenBrand = (brand: string | null): boolean =>
  brand !== null && (defaultSupportedBrands as readonly string[]).includes(brand);

/** credit-card-type's printed names (its `niceType`; ./names.test.ts holds them to the library's). */
const brandNames: Readonly<Record<CardBrand, string>> = {
  visa: "Visa",
  mastercard: "Mastercard",
  "american-express": "American Express",
  "diners-club": "Diners Club",
  troy: "Troy",
  discover: "Discover",
  jcb: "JCB",
  unionpay: "UnionPay",
  maestro: "Maestro",
  elo: "Elo",
  mir: "Mir",
  hiper: "Hiper",
  hipercard: "Hipercard",
  naranja: "Naranja",
  verve: "Verve",
};

/** The brand's printed name ("American Express"), for showing beside the number; throws for no brand. */
export function cardBrandName(brand: CardBrand): string {
  if (!Object.hasOwn(brandNames, brand)) throw new TypeError(`No card brand is called ${brand}`);
  return brandNames[brand];
}

const regionNames = new Map<string, Intl.DisplayNames>();

function regionNamesFor(locale: string): Intl.DisplayNames {
  let names = regionNames.get(locale);
  if (!names) {
    try {
      names = new Intl.DisplayNames([locale], { type: "region", fallback: "code" });
    } catch {
      names = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
    }
    regionNames.set(locale, names);
  }
  return names;
}

/** The country's name in the rider's language ("DE" -> "Germany", "Alemania", "Đức"). */
export function countryName(code: string, locale: string): string {
  return regionNamesFor(locale).of(code.toUpperCase()) ?? code;
}

/** The longest email an address takes (as ./address.ts's `addressMaxLengths.email`). */
export const emailMaxLength = 254;

/** The same pattern the server's forms use for email (server/forms/definitions.ts). */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const controlCharacter = /\p{Cc}/u;

/** Optional; when given, an address (pattern as the server's forms) of at most 254 characters. */
export function emailProblem(input: string | null | undefined): "emailInvalid" | null {
  const email = (input ?? "").trim();
  if (email === "") return null;
  const fits = email.length <= emailMaxLength && !controlCharacter.test(email);
  return fits && emailPattern.test(email) ? null : "emailInvalid";
}
