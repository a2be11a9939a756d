import creditCardType from "credit-card-type";
import { describe, expect, it } from "vitest";
import { type CardBrand, cardBrandName, countryName, emailProblem } from "./names.ts";

describe("names without the checking libraries", () => {
  it("names every brand as credit-card-type prints it", () => {
    const brands = creditCardType("").map((info) => info.type as CardBrand);
    expect(brands.length).toBeGreaterThan(10);
    for (const brand of brands) {
      expect(cardBrandName(brand)).toBe(creditCardType.getTypeInfo(brand).niceType);
    }
  });

  it("throws for a brand the library does not know, as the library's name lookup did", () => {
    expect(() => cardBrandName("paypal" as CardBrand)).toThrow();
  });

  it("names a country in the rider's language", () => {
    expect(countryName("de", "en")).toBe("Germany");
    expect(countryName("DE", "es")).toBe("Alemania");
  });

  it("checks an optional email", () => {
    expect(emailProblem("")).toBeNull();
    expect(emailProblem(" rider@example.com ")).toBeNull();
    expect(emailProblem("rider@example")).toBe("emailInvalid");
    expect(emailProblem(`${"a".repeat(250)}@example.com`)).toBe("emailInvalid");
  });
});
