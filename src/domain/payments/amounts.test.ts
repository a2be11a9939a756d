import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMoney } from "../money.ts";
import { amountText, parseAmount, splitLegs } from "./amounts.ts";

describe("a typed amount", () => {
  it("is read as the page shows money too: a currency sign or code, grouping (issue 34: '$20.00' was refused)", () => {
    expect(parseAmount("20", "USD")).toBe(2000);
    expect(parseAmount("20.5", "USD")).toBe(2050);
    expect(parseAmount("12,50", "USD")).toBe(1250);
    expect(parseAmount("$20.00", "USD")).toBe(2000);
    expect(parseAmount(" $ 20 ", "USD")).toBe(2000);
    expect(parseAmount("US$20.00", "USD")).toBe(2000);
    expect(parseAmount("20,00 US$", "USD")).toBe(2000);
    expect(parseAmount("20.00 USD", "USD")).toBe(2000);
    expect(parseAmount("$1,000.50", "USD")).toBe(100050);
    expect(parseAmount("1.000,50 €", "EUR")).toBe(100050);
    expect(parseAmount("1 000,50 €", "EUR")).toBe(100050);
    expect(parseAmount("1,000", "USD")).toBe(100000);
    expect(parseAmount("¥1,000", "JPY")).toBe(1000);
    expect(parseAmount("２０", "USD")).toBe(2000);
  });

  it("refuses what is not one amount", () => {
    for (const text of [
      "",
      "abc",
      "20.0001",
      "2,0,0",
      "-5",
      "$-5",
      "1,00,0",
      "20 $ 5",
      "$$20",
      "1.000.5",
      "20.",
      "Pay 20 now",
      "1e3",
    ]) {
      expect(parseAmount(text, "USD"), text).toBeNull();
    }
    expect(parseAmount("10.5", "JPY")).toBeNull();
    expect(parseAmount("1234567890", "USD")).toBeNull();
  });

  it("reads back whatever the portal itself displays, in every language it speaks", () => {
    const locales = ["en", "es", "vi", "de", "fr", "fil", "zh-TW", "pt"];
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), fc.constantFrom(...locales), (amount, locale) => {
        const shown = formatMoney(amount, { currency: "USD", locale });
        expect(parseAmount(shown, "USD"), shown).toBe(amount);
        expect(parseAmount(amountText(amount, "USD"), "USD")).toBe(amount);
      }),
    );
  });

  it("splits a total into two positive legs", () => {
    expect(splitLegs(1000, 400)).toEqual([400, 600]);
    expect(splitLegs(1000, 1000)).toBeNull();
    expect(splitLegs(1000, null)).toBeNull();
  });
});
