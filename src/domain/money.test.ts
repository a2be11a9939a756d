import { describe, expect, it } from "vitest";
import { formatMoney } from "./money.ts";

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
});
