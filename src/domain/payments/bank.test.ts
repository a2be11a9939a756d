import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  accountLast4,
  accountNumberMaxDigits,
  accountNumberMinDigits,
  accountNumberProblem,
  bankAccountProblems,
  holderNameMaxLength,
  holderNameProblem,
  isRoutingNumber,
  parseBankAccount,
  routingChecksum,
  routingNumberProblem,
} from "./bank.ts";

const digit = fc.integer({ min: 0, max: 9 });

/** The Federal Reserve's prefixes for banks, thrifts, electronic transactions and traveler's cheques. */
const bankPrefix = fc
  .oneof(
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 21, max: 32 }),
    fc.integer({ min: 61, max: 72 }),
    fc.constant(80),
  )
  .map((prefix) => String(prefix).padStart(2, "0"));

/** A routing number: a bank's prefix, six digits, and the check digit that makes the checksum 0 mod 10. */
const routingNumber = fc
  .tuple(bankPrefix, fc.array(digit, { minLength: 6, maxLength: 6 }))
  .map(([prefix, middle]) => {
    const body = `${prefix}${middle.join("")}`;
    return `${body}${(10 - (routingChecksum(body) % 10)) % 10}`;
  });

describe("routing number", () => {
  it("accepts real banks' numbers", () => {
    for (const number of ["011000015", "021000021", "026009593", "121000358", "322271627", "110000000"]) {
      expect(isRoutingNumber(number), number).toBe(true);
      expect(routingNumberProblem(number)).toBeNull();
    }
    expect(isRoutingNumber("0210-0002 1")).toBe(true);
  });

  it("refuses a wrong length, letters, a wrong check digit and prefixes banks do not have", () => {
    expect(routingNumberProblem("")).toBe("required");
    for (const wrong of [
      "02100002",
      "0210000210",
      "02100002a",
      "021000022",
      "000000000",
      "130000006",
      "990000000",
    ]) {
      expect(routingNumberProblem(wrong), wrong).toBe("routingInvalid");
    }
    expect(routingChecksum("130000006") % 10).toBe(0); // the checksum holds; the prefix is no bank's
  });

  it("keeps a valid number valid, however it is spaced", () => {
    fc.assert(
      fc.property(routingNumber, (number) => {
        expect(isRoutingNumber(number)).toBe(true);
        expect(isRoutingNumber(`${number.slice(0, 4)}-${number.slice(4, 8)} ${number.slice(8)}`)).toBe(true);
        expect(routingChecksum(number) % 10).toBe(0);
      }),
    );
  });

  it("catches every single mistyped digit", () => {
    fc.assert(
      fc.property(
        routingNumber,
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (number, index, shift) => {
          const changed = `${number.slice(0, index)}${(Number(number[index]) + shift) % 10}${number.slice(index + 1)}`;
          expect(changed).not.toBe(number);
          expect(routingChecksum(changed) % 10).not.toBe(0);
          expect(isRoutingNumber(changed)).toBe(false);
        },
      ),
    );
  });
});

describe("account number", () => {
  it("has 4 to 17 digits", () => {
    expect(accountNumberProblem("")).toBe("required");
    expect(accountNumberProblem("000123456789")).toBeNull();
    expect(accountNumberProblem("1234 5678-9")).toBeNull();
    expect(accountNumberProblem("12a45678")).toBe("accountInvalid");
    fc.assert(
      fc.property(fc.array(digit, { minLength: 1, maxLength: 25 }), (digits) => {
        const valid = digits.length >= accountNumberMinDigits && digits.length <= accountNumberMaxDigits;
        expect(accountNumberProblem(digits.join(""))).toBe(valid ? null : "accountInvalid");
      }),
    );
  });

  it("shows its last four digits", () => {
    expect(accountLast4("0001 2345 6789")).toBe("6789");
  });
});

describe("holder name", () => {
  it("is required, trimmed, and at most 100 characters", () => {
    expect(holderNameProblem("   ")).toBe("required");
    expect(holderNameProblem(" Ana Núñez ")).toBeNull();
    expect(holderNameProblem("a".repeat(holderNameMaxLength))).toBeNull();
    expect(holderNameProblem(` ${"a".repeat(holderNameMaxLength)} `)).toBeNull();
    expect(holderNameProblem("a".repeat(holderNameMaxLength + 1))).toBe("tooLong");
    expect(holderNameProblem("😀".repeat(holderNameMaxLength))).toBeNull(); // characters, not UTF-16 units
    expect(holderNameProblem("Ana\u0000Núñez")).toBe("holderInvalid");
  });
});

describe("bank account form", () => {
  const valid = {
    routingNumber: "021000021",
    accountNumber: "000123456789",
    accountType: "checking",
    holderName: " Ana Núñez ",
  };

  it("reports every field's problem at once", () => {
    expect(
      bankAccountProblems({ routingNumber: "", accountNumber: "", accountType: "", holderName: "" }),
    ).toEqual({
      routingNumber: "required",
      accountNumber: "required",
      accountType: "required",
      holderName: "required",
    });
    expect(bankAccountProblems({ ...valid, accountType: "brokerage" })).toEqual({
      accountType: "typeInvalid",
    });
    expect(bankAccountProblems({ ...valid, accountType: "savings" })).toEqual({});
  });

  it("gives the server digits, last four, type and the trimmed name", () => {
    expect(parseBankAccount({ ...valid, routingNumber: "0210-0002 1" })).toEqual({
      ok: true,
      account: {
        routingNumber: "021000021",
        accountNumber: "000123456789",
        last4: "6789",
        accountType: "checking",
        holderName: "Ana Núñez",
      },
    });
    expect(parseBankAccount({ ...valid, routingNumber: "021000022" })).toEqual({
      ok: false,
      problems: { routingNumber: "routingInvalid" },
    });
  });
});
