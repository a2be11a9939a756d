/**
 * Money is an integer count of a currency's minor units (cents, fils, yen) with its ISO 4217 code.
 * Amounts never become decimals except when formatted, and amounts in different currencies never
 * meet: adding, subtracting or comparing them throws.
 */

declare const minorUnitsBrand: unique symbol;
declare const currencyCodeBrand: unique symbol;

/** A safe integer count of minor units; only `minorUnits()` makes one. */
export type MinorUnits = number & { readonly [minorUnitsBrand]: true };
/** An ISO 4217 code the runtime knows (USD, JPY, KWD); only `currencyCode()` makes one. */
export type CurrencyCode = string & { readonly [currencyCodeBrand]: true };

export interface Money {
  readonly amount: MinorUnits;
  readonly currency: CurrencyCode;
}

export class MoneyError extends Error {
  override name = "MoneyError";
}

/** Thrown when two amounts of different currencies would be added, subtracted or compared. */
export class CurrencyMismatchError extends MoneyError {
  override name = "CurrencyMismatchError";
  readonly left: CurrencyCode;
  readonly right: CurrencyCode;
  constructor(left: CurrencyCode, right: CurrencyCode) {
    super(`Cannot combine ${left} with ${right}`);
    this.left = left;
    this.right = right;
  }
}

/** The amount as minor units; throws for fractions, NaN, infinities and integers past 2^53 - 1. */
export function minorUnits(amount: number): MinorUnits {
  if (!Number.isSafeInteger(amount)) throw new MoneyError(`Not a safe integer of minor units: ${amount}`);
  // -0 and 0 are the same amount; keep one so equality and formatting never see a negative zero.
  return (amount === 0 ? 0 : amount) as MinorUnits;
}

const known = (): ReadonlySet<string> | null =>
  typeof Intl.supportedValuesOf === "function" ? new Set(Intl.supportedValuesOf("currency")) : null;
let knownCurrencies: ReadonlySet<string> | null | undefined;

/** The code as a currency; throws unless it is three capital letters the runtime can format. */
export function currencyCode(code: string): CurrencyCode {
  knownCurrencies ??= known();
  if (!/^[A-Z]{3}$/.test(code) || (knownCurrencies && !knownCurrencies.has(code))) {
    throw new MoneyError(`Not an ISO 4217 currency code: ${JSON.stringify(code)}`);
  }
  return code as CurrencyCode;
}

export function money(amount: number, currency: string): Money {
  return { amount: minorUnits(amount), currency: currencyCode(currency) };
}

export function zero(currency: string): Money {
  return money(0, currency);
}

const digitsCache = new Map<string, number>();

/**
 * How many decimals a currency's minor unit has (JPY 0, USD 2, KWD 3), as the runtime's Intl data
 * says: the same for every language.
 */
export function minorUnitDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
      .maximumFractionDigits as number;
    digitsCache.set(currency, digits);
  }
  return digits;
}

function sameCurrency(a: Money, b: Money): CurrencyCode {
  if (a.currency !== b.currency) throw new CurrencyMismatchError(a.currency, b.currency);
  return a.currency;
}

export function add(a: Money, b: Money): Money {
  const currency = sameCurrency(a, b);
  return { amount: minorUnits(a.amount + b.amount), currency };
}

export function subtract(a: Money, b: Money): Money {
  const currency = sameCurrency(a, b);
  return { amount: minorUnits(a.amount - b.amount), currency };
}

export function negate(a: Money): Money {
  return { amount: minorUnits(-a.amount), currency: a.currency };
}

/** The total of `amounts`, all in `currency` (which is also the currency of an empty total). */
export function sum(currency: string, amounts: Iterable<Money>): Money {
  let total = zero(currency);
  for (const amount of amounts) total = add(total, amount);
  return total;
}

/** Same amount in the same currency; throws for different currencies rather than answer false. */
export function equals(a: Money, b: Money): boolean {
  sameCurrency(a, b);
  return a.amount === b.amount;
}

export const isZero = (a: Money): boolean => a.amount === 0;

/** The exact decimal of `minor` minor units with `digits` decimals, as a string Intl formats exactly. */
function decimal(minor: number, digits: number): `${number}` {
  const sign = minor < 0 ? "-" : "";
  const units = String(Math.abs(minor)).padStart(digits + 1, "0");
  if (digits === 0) return `${sign}${units}` as `${number}`;
  return `${sign}${units.slice(0, -digits)}.${units.slice(-digits)}` as `${number}`;
}

/**
 * Money in a language's format, with as many decimals as the currency's minor unit has (2 for USD, 0
 * for JPY, 3 for KWD); `hideZeroDecimals` drops them for a whole amount ("$20"). Formatting is the only
 * place an amount becomes a decimal. Takes Money, or a count of minor units with the currency.
 */
export function formatMoney(
  value: Money | number,
  {
    currency = typeof value === "number" ? undefined : value.currency,
    locale,
    hideZeroDecimals = false,
  }: { currency?: string | undefined; locale: string; hideZeroDecimals?: boolean },
): string {
  if (currency === undefined) throw new MoneyError("formatMoney needs a currency for a bare amount");
  const amount = minorUnits(typeof value === "number" ? value : value.amount);
  if (typeof value !== "number" && value.currency !== currency) {
    throw new CurrencyMismatchError(value.currency, currencyCode(currency));
  }
  const digits = minorUnitDigits(currency);
  const shown = hideZeroDecimals && amount % 10 ** digits === 0 ? 0 : digits;
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: shown,
    maximumFractionDigits: shown,
  }).format(decimal(amount, digits));
}
