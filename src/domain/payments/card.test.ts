import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CardBrand,
  cardBrand,
  cardBrandName,
  cardLast4,
  cardMonthAt,
  cardNumberDigits,
  cardNumberMaxLength,
  cardNumberProblem,
  cardProblems,
  cvvLength,
  cvvProblem,
  defaultSupportedBrands,
  expiryProblem,
  formatCardNumber,
  isUnsupportedNumber,
  normaliseExpiryInput,
  parseCard,
  parseExpiry,
} from "./card.ts";

const now = new Date("2026-11-23T10:00:00Z");

/** The Luhn check digit that completes `body`. */
function luhnDigit(body: string): string {
  let sum = 0;
  for (const [offset, char] of [...body].reverse().entries()) {
    const digit = Number(char);
    const doubled = offset % 2 === 0 ? digit * 2 : digit;
    sum += doubled > 9 ? doubled - 9 : doubled;
  }
  return String((10 - (sum % 10)) % 10);
}

const digitString = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(""));

/**
 * Bank identification numbers that only one brand has (a shorter prefix may be shared: 4 is also Elo's
 * 401178, 65 also Elo's 650031), and the brand's length.
 */
const brandPrefixes: { brand: CardBrand; prefixes: string[]; length: number }[] = [
  { brand: "visa", prefixes: ["424242", "400000", "411111", "476173"], length: 16 },
  { brand: "mastercard", prefixes: ["510510", "555555", "222100", "272099"], length: 16 },
  { brand: "american-express", prefixes: ["340000", "378282", "371449"], length: 15 },
  { brand: "discover", prefixes: ["601111", "601100", "644000", "659999"], length: 16 },
];

/** A valid number of a supported brand: a brand's prefix, random digits, the Luhn digit. */
const validNumber = fc.oneof(
  ...brandPrefixes.map(({ brand, prefixes, length }) =>
    fc
      .constantFrom(...prefixes)
      .chain((start) => digitString(length - start.length - 1).map((middle) => `${start}${middle}`))
      .map((body) => ({ brand, number: `${body}${luhnDigit(body)}` })),
  ),
);

const expiryText = ({ month, year }: { month: number; year: number }) =>
  `${String(month).padStart(2, "0")}/${String(year % 100).padStart(2, "0")}`;

const monthsAfter = ({ month, year }: { month: number; year: number }, months: number) => {
  const index = year * 12 + (month - 1) + months;
  return { month: (index % 12) + 1, year: Math.floor(index / 12) };
};

describe("the gateway's sandbox numbers", () => {
  const sandbox = {
    success: "4242424242424242",
    decline: "4000000000000002",
    insufficientFunds: "4000000000009995",
    expired: "4000000000000069",
    cvvFailure: "4000000000000127",
  };

  it.each(Object.entries(sandbox))("%s (%s) passes the browser's checks as a Visa", (_, number) => {
    expect(cardBrand(number)).toBe("visa");
    expect(cardNumberProblem(number)).toBeNull();
    expect(parseCard({ number, expiry: "12/30", cvv: "123" }, { now })).toEqual({
      ok: true,
      card: { brand: "visa", number, last4: number.slice(-4), expiry: { month: 12, year: 2030 }, cvv: "123" },
    });
  });
});

describe("card brand", () => {
  it("shows once the first digits decide it", () => {
    expect(cardBrand("")).toBeNull();
    expect(cardBrand("4")).toBeNull(); // Visa, Elo, Maestro or Naranja
    expect(cardBrand("42")).toBe("visa");
    expect(cardBrand("34")).toBe("american-express");
    expect(cardBrand("37")).toBe("american-express");
    expect(cardBrand("51")).toBe("mastercard");
    expect(cardBrand("2221")).toBe("mastercard");
    expect(cardBrand("6011")).toBe("discover");
    expect(cardBrand("3530 1113")).toBe("jcb");
    expect(cardBrand("7")).toBeNull(); // no brand starts so
    expect(cardBrand("9792")).toBe("troy");
    expect(cardBrandName("american-express")).toBe("American Express");
  });

  it("knows when the digits so far can only be a brand the deployment does not take", () => {
    expect(isUnsupportedNumber("35")).toBe(true); // JCB
    expect(isUnsupportedNumber("36")).toBe(true); // Diners Club
    expect(isUnsupportedNumber("4")).toBe(false);
    expect(isUnsupportedNumber("3")).toBe(false); // may still be American Express
    expect(isUnsupportedNumber("")).toBe(false);
    expect(isUnsupportedNumber("35", [...defaultSupportedBrands, "jcb"])).toBe(false);
  });
});

describe("card number", () => {
  it("is required", () => {
    expect(cardNumberProblem("")).toBe("required");
    expect(cardNumberProblem("   ")).toBe("required");
  });

  it("accepts the brands' test numbers with or without spaces and dashes", () => {
    for (const number of [
      "5555555555554444",
      "2223003122003222",
      "378282246310005",
      "3714 496353 98431",
      "6011-1111-1111-1117",
      "6011000990139424",
    ]) {
      expect(cardNumberProblem(number), number).toBeNull();
    }
  });

  it("refuses brands the deployment does not take, unless it takes them", () => {
    expect(cardNumberProblem("3530111333300000")).toBe("unsupportedType"); // JCB
    expect(cardNumberProblem("36227206271667")).toBe("unsupportedType"); // Diners Club
    expect(cardNumberProblem("3530111333300000", [...defaultSupportedBrands, "jcb"])).toBeNull();
    expect(cardNumberProblem("4242424242424242", ["mastercard"])).toBe("unsupportedType");
  });

  it("refuses a wrong check digit, a wrong length, letters and unknown prefixes", () => {
    expect(cardNumberProblem("4242424242424241")).toBe("numberInvalid");
    expect(cardNumberProblem("424242424242")).toBe("numberInvalid");
    expect(cardNumberProblem("42424242424242424242")).toBe("numberInvalid");
    expect(cardNumberProblem("4242 4242 4242 424x")).toBe("numberInvalid");
    expect(cardNumberProblem("9999999999999995")).toBe("numberInvalid");
  });

  it("knows the test's prefixes as one brand's", () => {
    for (const { brand, prefixes } of brandPrefixes) {
      for (const prefix of prefixes) expect(cardBrand(prefix), prefix).toBe(brand);
    }
  });

  it("accepts every number made of a brand's prefix, digits and the Luhn digit", () => {
    fc.assert(
      fc.property(validNumber, ({ brand, number }) => {
        expect(cardBrand(number)).toBe(brand);
        expect(cardNumberProblem(number)).toBeNull();
        expect(cardNumberProblem(formatCardNumber(number))).toBeNull();
      }),
    );
  });

  it("refuses every such number with any one digit changed (Luhn catches every single-digit error)", () => {
    fc.assert(
      fc.property(
        validNumber,
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        ({ brand, number }, position, shift) => {
          const index = position % number.length;
          const changed = `${number.slice(0, index)}${(Number(number[index]) + shift) % 10}${number.slice(index + 1)}`;
          const problem = cardNumberProblem(changed);
          expect(problem).not.toBeNull();
          if (cardBrand(changed) === brand) expect(problem).toBe("numberInvalid");
        },
      ),
    );
  });
});

describe("typing and pasting a number", () => {
  it("keeps the digits and groups them at the brand's gaps", () => {
    expect(cardNumberDigits(" 4242-4242 4242\t4242 ")).toBe("4242424242424242");
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
    expect(formatCardNumber("37828")).toBe("3782 8");
    expect(formatCardNumber("4242")).toBe("4242");
    expect(formatCardNumber("42424")).toBe("4242 4");
    expect(formatCardNumber("")).toBe("");
    expect(cardLast4("4242 4242 4242 4242")).toBe("4242");
  });

  it("knows how many digits the brand takes", () => {
    expect(cardNumberMaxLength("37")).toBe(15);
    expect(cardNumberMaxLength("51")).toBe(16);
    expect(cardNumberMaxLength("")).toBe(19);
  });

  it("keeps every digit of input pasted with spaces and dashes", () => {
    const separator = fc.constantFrom("", " ", "-", "  ", " - ");
    fc.assert(
      fc.property(fc.array(fc.tuple(digitString(1), separator), { maxLength: 24 }), (parts) => {
        const digits = parts.map(([digit]) => digit).join("");
        const pasted = parts.map(([digit, between]) => `${digit}${between}`).join("");
        expect(cardNumberDigits(pasted)).toBe(digits);
        expect(cardNumberDigits(formatCardNumber(pasted))).toBe(digits);
      }),
    );
  });

  it("formats idempotently whatever is typed", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (typed) => {
        const once = formatCardNumber(typed);
        expect(formatCardNumber(once)).toBe(once);
        expect(cardNumberDigits(once)).toBe(cardNumberDigits(typed));
      }),
    );
  });
});

describe("expiry", () => {
  it("reads MM/YY, and M/YY or MM/YYYY as well", () => {
    expect(parseExpiry("04/27")).toEqual({ month: 4, year: 2027 });
    expect(parseExpiry(" 4 / 27 ")).toEqual({ month: 4, year: 2027 });
    expect(parseExpiry("12/2031")).toEqual({ month: 12, year: 2031 });
    for (const wrong of ["13/27", "00/27", "0427", "04/7", "04-27", "04/027", "ab/cd", ""]) {
      expect(parseExpiry(wrong), wrong).toBeNull();
    }
  });

  it("is required and must be MM/YY", () => {
    expect(expiryProblem("", now)).toBe("required");
    expect(expiryProblem("13/27", now)).toBe("expiryInvalid");
    expect(expiryProblem("1127", now)).toBe("expiryInvalid");
  });

  it("lasts through the end of its month, wherever the rider is", () => {
    expect(expiryProblem("05/26", new Date("2026-05-31T23:59:59Z"))).toBeNull();
    expect(expiryProblem("05/26", new Date("2026-06-01T11:59:59Z"))).toBeNull(); // still 31 May at UTC-12
    expect(expiryProblem("05/26", new Date("2026-06-01T12:00:00Z"))).toBe("expiryInvalid");
    expect(expiryProblem("12/26", new Date("2027-01-01T11:00:00Z"))).toBeNull();
    expect(expiryProblem("12/26", new Date("2027-01-01T12:00:00Z"))).toBe("expiryInvalid");
  });

  it("accepts up to 20 years ahead and no further", () => {
    expect(expiryProblem("11/46", now)).toBeNull();
    expect(expiryProblem("12/46", now)).toBe("expiryInvalid");
    expect(expiryProblem("11/99", now)).toBe("expiryInvalid");
  });

  it("refuses rather than accepts when the clock it is given is no date", () => {
    expect(expiryProblem("12/30", new Date(Number.NaN))).toBe("expiryInvalid");
  });

  const instant = fc.date({
    min: new Date("2001-01-01T00:00:00Z"),
    max: new Date("2075-12-31T23:59:59Z"),
    noInvalidDate: true,
  });

  it("accepts the current month, as UTC, UTC-12 and the local clock see it", () => {
    fc.assert(
      fc.property(instant, (moment) => {
        expect(expiryProblem(expiryText(cardMonthAt(moment)), moment)).toBeNull();
        const utc = { month: moment.getUTCMonth() + 1, year: moment.getUTCFullYear() };
        expect(expiryProblem(expiryText(utc), moment)).toBeNull();
        const local = { month: moment.getMonth() + 1, year: moment.getFullYear() };
        expect(expiryProblem(expiryText(local), moment)).toBeNull();
      }),
    );
  });

  it("refuses every past month", () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 600 }), (moment, monthsBack) => {
        const past = monthsAfter(cardMonthAt(moment), -monthsBack);
        expect(expiryProblem(`${String(past.month).padStart(2, "0")}/${past.year}`, moment)).toBe(
          "expiryInvalid",
        );
        if (past.year >= 2000) expect(expiryProblem(expiryText(past), moment)).toBe("expiryInvalid");
      }),
    );
  });

  it("accepts every month of the next 20 years and refuses those after", () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 300 }), (moment, monthsAhead) => {
        const ahead = monthsAfter(cardMonthAt(moment), monthsAhead);
        const expected = monthsAhead <= 240 ? null : "expiryInvalid";
        expect(expiryProblem(`${String(ahead.month).padStart(2, "0")}/${ahead.year}`, moment)).toBe(expected);
      }),
    );
  });
});

describe("typing and pasting an expiry", () => {
  it("writes the slash once the year begins and shortens a pasted four-digit year", () => {
    const cases: [string, string][] = [
      ["", ""],
      ["1", "1"],
      ["12", "12"],
      ["123", "12/3"],
      ["1227", "12/27"],
      ["4", "04"],
      ["427", "04/27"],
      ["1/", "01/"],
      ["12/", "12/"],
      ["12/2027", "12/27"],
      ["122027", "12/27"],
      ["12 / 27", "12/27"],
      ["12-27", "12/27"],
      ["12/275", "12/27"],
    ];
    for (const [typed, shown] of cases) expect(normaliseExpiryInput(typed), typed).toBe(shown);
  });

  it("normalises idempotently whatever is typed", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (typed) => {
        const once = normaliseExpiryInput(typed);
        expect(normaliseExpiryInput(once)).toBe(once);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9 /.-]{0,10}$/), (typed) => {
        const once = normaliseExpiryInput(typed);
        expect(normaliseExpiryInput(once)).toBe(once);
      }),
    );
  });

  it("reads the same month from every usual spelling", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 99 }), (month, yy) => {
        const mm = String(month).padStart(2, "0");
        const year = String(yy).padStart(2, "0");
        for (const typed of [
          `${mm}/${year}`,
          `${mm}${year}`,
          `${month}/${year}`,
          `${mm}/20${year}`,
          `${mm} / ${year}`,
        ]) {
          expect(parseExpiry(normaliseExpiryInput(typed)), typed).toEqual({ month, year: 2000 + yy });
        }
      }),
    );
  });
});

describe("CVV", () => {
  it("has the brand's length: 4 for American Express, 3 for the others", () => {
    expect(cvvLength("american-express")).toBe(4);
    expect(cvvLength("visa")).toBe(3);
    expect(cvvLength(null)).toBeNull();
    expect(cvvProblem("", "visa")).toBe("required");
    expect(cvvProblem("123", "visa")).toBeNull();
    expect(cvvProblem("1234", "visa")).toBe("cvvInvalid");
    expect(cvvProblem("1234", "american-express")).toBeNull();
    expect(cvvProblem("123", "american-express")).toBe("cvvInvalid");
    expect(cvvProblem("12a", "visa")).toBe("cvvInvalid");
  });

  it("is valid exactly when it has as many digits as the brand's code", () => {
    const brand = fc.constantFrom<CardBrand | null>(...defaultSupportedBrands, null);
    fc.assert(
      fc.property(brand, fc.integer({ min: 1, max: 6 }).chain(digitString), (cardBrandOrNone, cvv) => {
        const valid =
          cardBrandOrNone === null ? [3, 4].includes(cvv.length) : cvv.length === cvvLength(cardBrandOrNone);
        expect(cvvProblem(cvv, cardBrandOrNone)).toBe(valid ? null : "cvvInvalid");
      }),
    );
  });
});

describe("the card form", () => {
  it("reports every field's problem at once", () => {
    expect(cardProblems({ number: "", expiry: "", cvv: "" }, { now })).toEqual({
      number: "required",
      expiry: "required",
      cvv: "required",
    });
    expect(cardProblems({ number: "378282246310005", expiry: "10/26", cvv: "123" }, { now })).toEqual({
      expiry: "expiryInvalid",
      cvv: "cvvInvalid",
    });
    expect(parseCard({ number: "3530111333300000", expiry: "12/30", cvv: "123" }, { now })).toEqual({
      ok: false,
      problems: { number: "unsupportedType" },
    });
  });

  it("gives the server digits, last four, brand and expiry", () => {
    expect(parseCard({ number: "3782 822463 10005", expiry: "1/30", cvv: " 1234 " }, { now })).toEqual({
      ok: true,
      card: {
        brand: "american-express",
        number: "378282246310005",
        last4: "0005",
        expiry: { month: 1, year: 2030 },
        cvv: "1234",
      },
    });
  });
});
