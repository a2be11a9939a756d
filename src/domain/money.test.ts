import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  add,
  CurrencyMismatchError,
  currencyCode,
  equals,
  formatMoney,
  isZero,
  type Money,
  MoneyError,
  minorUnitDigits,
  minorUnits,
  money,
  negate,
  subtract,
  sum,
} from "./money.ts";

describe("formatMoney", () => {
  it("shows minor units with two decimals in the configured currency", () => {
    expect(formatMoney(1050, { currency: "USD", locale: "en" })).toBe("$10.50");
    expect(formatMoney(0, { currency: "USD", locale: "en" })).toBe("$0.00");
  });

  it("can hide zero decimals", () => {
    expect(formatMoney(2000, { currency: "USD", locale: "en", hideZeroDecimals: true })).toBe("$20");
    expect(formatMoney(2050, { currency: "USD", locale: "en", hideZeroDecimals: true })).toBe("$20.50");
  });

  it("follows the language's number format", () => {
    expect(formatMoney(123456, { currency: "USD", locale: "es" })).toMatch(/1234,56|1\.234,56/);
  });

  it("uses the currency's own minor unit: none for yen, three for dinars", () => {
    // Intl puts a no-break space between a code and the number.
    const shown = (value: Money | number, options: Parameters<typeof formatMoney>[1]) =>
      formatMoney(value, options).replace(/\u00a0/g, " ");
    expect(shown(1050, { currency: "JPY", locale: "en" })).toBe("¥1,050");
    expect(shown(1050, { currency: "KWD", locale: "en" })).toBe("KWD 1.050");
    expect(shown(1, { currency: "BHD", locale: "en" })).toBe("BHD 0.001");
    expect(shown(money(-1050, "USD"), { locale: "en" })).toBe("-$10.50");
    expect(shown(3000, { currency: "KWD", locale: "en", hideZeroDecimals: true })).toBe("KWD 3");
    expect(shown(3001, { currency: "KWD", locale: "en", hideZeroDecimals: true })).toBe("KWD 3.001");
  });

  it("is exact for the largest amounts (no floating-point division)", () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, { currency: "USD", locale: "en" })).toBe(
      "$90,071,992,547,409.91",
    );
  });

  it("refuses fractions of a minor unit and Money of another currency", () => {
    expect(() => formatMoney(10.5, { currency: "USD", locale: "en" })).toThrow(MoneyError);
    expect(() => formatMoney(money(1, "EUR"), { currency: "USD", locale: "en" })).toThrow(
      CurrencyMismatchError,
    );
  });

  it("shows exactly the currency's digits, and they read back as the amount", () => {
    const currencies = ["USD", "JPY", "KWD", "BHD", "EUR", "ISK", "CLF"] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies),
        fc.integer({ min: -1e12, max: 1e12 }),
        (currency, amount) => {
          const digits = minorUnitDigits(currency);
          const formatted = formatMoney(amount, { currency, locale: "en" });
          const number = formatted.replace(/[^0-9.]/g, "");
          const [, fraction = ""] = number.split(".");
          expect(fraction).toHaveLength(digits);
          expect(Number(number.replace(".", "")) * (amount < 0 ? -1 : 1)).toBe(amount);
        },
      ),
    );
  });
});

describe("minor unit digits", () => {
  it("come from Intl, not a fixed 100", () => {
    expect(minorUnitDigits("JPY")).toBe(0);
    expect(minorUnitDigits("USD")).toBe(2);
    expect(minorUnitDigits("KWD")).toBe(3);
    expect(minorUnitDigits("BHD")).toBe(3);
  });
});

describe("constructors", () => {
  it("take only safe integers", () => {
    for (const bad of [0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1, 2 ** 60]) {
      expect(() => minorUnits(bad)).toThrow(MoneyError);
    }
    expect(minorUnits(-12)).toBe(-12);
    expect(Object.is(minorUnits(-0), 0)).toBe(true);
  });

  it("take only ISO 4217 codes", () => {
    for (const bad of ["usd", "US", "USDX", "", "ZZZ"]) expect(() => currencyCode(bad)).toThrow(MoneyError);
    expect(currencyCode("KWD")).toBe("KWD");
  });

  it("refuse a sum past the safe integers", () => {
    expect(() => add(money(Number.MAX_SAFE_INTEGER, "USD"), money(1, "USD"))).toThrow(MoneyError);
  });
});

const currencies = fc.constantFrom("USD", "JPY", "KWD");
const amount = fc.integer({ min: -1e13, max: 1e13 });
const moneyIn = (currency: string) => amount.map((value) => money(value, currency));

describe("arithmetic", () => {
  it("refuses to mix currencies", () => {
    const usd = money(100, "USD");
    const eur = money(100, "EUR");
    expect(() => add(usd, eur)).toThrow(CurrencyMismatchError);
    expect(() => subtract(usd, eur)).toThrow(CurrencyMismatchError);
    expect(() => equals(usd, eur)).toThrow(CurrencyMismatchError);
    expect(() => sum("USD", [usd, eur])).toThrow(CurrencyMismatchError);
    expect(() => sum("EUR", [usd])).toThrow(CurrencyMismatchError);
  });

  it("sums to the total of the amounts, zero when empty", () => {
    fc.assert(
      fc.property(currencies, fc.array(amount, { maxLength: 30 }), (currency, amounts) => {
        const total = sum(
          currency,
          amounts.map((value) => money(value, currency)),
        );
        expect(total).toEqual(
          money(
            amounts.reduce((a, b) => a + b, 0),
            currency,
          ),
        );
      }),
    );
    expect(sum("JPY", [])).toEqual(money(0, "JPY"));
  });

  it("undoes an addition by subtracting, and an amount plus its negation is zero", () => {
    fc.assert(
      fc.property(
        currencies.chain((currency) => fc.tuple(moneyIn(currency), moneyIn(currency))),
        ([a, b]) => {
          expect(equals(subtract(add(a, b), b), a)).toBe(true);
          expect(equals(add(a, b), add(b, a))).toBe(true);
          expect(isZero(add(a, negate(a)))).toBe(true);
          expect(equals(negate(negate(a)), a)).toBe(true);
        },
      ),
    );
  });

  it("a balanced group (every amount and its counter-entries) sums to zero", () => {
    fc.assert(
      fc.property(currencies, fc.array(amount, { minLength: 1, maxLength: 10 }), (currency, amounts) => {
        const debits: Money[] = amounts.map((value) => money(value, currency));
        const credit = negate(sum(currency, debits));
        expect(isZero(sum(currency, [...debits, credit]))).toBe(true);
      }),
    );
  });
});
