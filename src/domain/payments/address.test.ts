import fc from "fast-check";
import { iso31661, iso31662 } from "iso-3166";
import { describe, expect, it } from "vitest";
import {
  type AddressInput,
  addressMaxLengths,
  addressProblems,
  countryCodes,
  countryName,
  countryOptions,
  emailProblem,
  isCountryCode,
  normalisePostalCode,
  parseAddress,
  postalCodeProblem,
  stateProblem,
  subdivisionChoices,
  subdivisionsOf,
} from "./address.ts";
import { excludedSubdivisions, subdivisionCountries, subdivisions } from "./subdivisions.ts";

const home: AddressInput = {
  firstName: " Ana ",
  lastName: "Núñez",
  address_1: "1 Main Street",
  address_2: "",
  country: "us",
  state: "ca",
  city: "Los Angeles",
  zipCode: "90012-3456",
  email: "",
  isDefault: true,
};

describe("countries", () => {
  it("are the assigned ISO 3166-1 alpha-2 codes", () => {
    expect(countryCodes).toHaveLength(iso31661.filter((entry) => entry.state === "assigned").length);
    expect(countryCodes.length).toBeGreaterThanOrEqual(249);
    expect(new Set(countryCodes).size).toBe(countryCodes.length);
    for (const code of countryCodes) expect(code).toMatch(/^[A-Z]{2}$/);
    for (const code of ["US", "CA", "MX", "GB", "DE", "FR", "AU", "VN", "PH", "TW", "PT", "ES"]) {
      expect(isCountryCode(code), code).toBe(true);
    }
    expect(isCountryCode(" vn ")).toBe(true);
    expect(isCountryCode("UK")).toBe(false); // the United Kingdom is GB
    expect(isCountryCode("ZZ")).toBe(false);
  });

  it("are named in the rider's language", () => {
    expect(countryName("DE", "en")).toBe("Germany");
    expect(countryName("DE", "es")).toBe("Alemania");
    expect(countryName("DE", "vi")).toBe("Đức");
    expect(countryName("us", "fr")).toBe("États-Unis");
    expect(countryName("DE", "not a locale!")).toBe("Germany");
  });

  it("are offered sorted by that name", () => {
    const options = countryOptions("es");
    expect(options.map((option) => option.code).sort()).toEqual([...countryCodes].sort());
    const collator = new Intl.Collator("es");
    for (let index = 1; index < options.length; index++) {
      const [before, after] = [options[index - 1], options[index]];
      expect(collator.compare(before?.name ?? "", after?.name ?? "")).toBeLessThanOrEqual(0);
    }
    expect(countryOptions("en", ["US", "CA", "MX"])).toEqual([
      { code: "CA", name: "Canada" },
      { code: "MX", name: "Mexico" },
      { code: "US", name: "United States" },
    ]);
  });
});

describe("states and provinces", () => {
  it("are ISO 3166-2's, as the iso-3166 package has them, less the excluded", () => {
    for (const country of subdivisionCountries) {
      const fromPackage = iso31662
        .filter((entry) => entry.parent === country && !excludedSubdivisions.includes(entry.code))
        .map((entry) => ({ code: entry.code.slice(country.length + 1), name: entry.name }));
      expect(subdivisions[country], country).toEqual(fromPackage);
    }
  });

  it("cover the US states, DC and the inhabited territories, and Canada, Mexico and Australia", () => {
    const codes = (country: string) => (subdivisionsOf(country) ?? []).map((entry) => entry.code);
    expect(codes("US")).toHaveLength(50 + 1 + 5);
    expect(codes("US")).toEqual(expect.arrayContaining(["CA", "NY", "DC", "PR", "GU", "VI", "AS", "MP"]));
    expect(codes("US")).not.toContain("UM");
    expect(codes("CA")).toHaveLength(13);
    expect(codes("MX")).toHaveLength(32);
    expect(codes("MX")).toContain("CMX");
    expect(codes("AU")).toEqual(["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"]);
    expect(subdivisionsOf("gb")).toBeNull();
  });

  it("are offered sorted by name in the rider's language, not by code (issue 34)", () => {
    const names = (country: string, locale: string) =>
      subdivisionChoices(country, locale).map((entry) => entry.name);
    expect(names("US", "en").slice(0, 5)).toEqual([
      "Alabama",
      "Alaska",
      "American Samoa",
      "Arizona",
      "Arkansas",
    ]);
    const mexico = names("MX", "es");
    expect(mexico.indexOf("México")).toBeLessThan(mexico.indexOf("Michoacán de Ocampo"));
    expect(names("US", "vi")).toHaveLength(56);
    expect(subdivisionChoices("GB", "en")).toEqual([]);
  });

  it("must be a listed code where the country has a list, and any text elsewhere", () => {
    expect(stateProblem("CA", "US")).toBeNull();
    expect(stateProblem(" qc ", "CA")).toBeNull();
    expect(stateProblem("XX", "US")).toBe("stateInvalid");
    expect(stateProblem("California", "US")).toBe("stateInvalid");
    expect(stateProblem("", "US")).toBe("required");
    expect(stateProblem("Greater London", "GB")).toBeNull();
    expect(stateProblem("", "GB")).toBe("required");
    expect(stateProblem("x".repeat(addressMaxLengths.state + 1), "GB")).toBe("tooLong");
  });
});

describe("postal codes", () => {
  const valid: Record<string, string[]> = {
    US: ["90012", "90012-3456", "900123456", "90012 3456"],
    CA: ["K1A 0B1", "k1a0b1"],
    MX: ["06600"],
    GB: ["SW1A 1AA", "sw1a1aa", "M1 1AE", "EC1A 1BB"],
    DE: ["10115"],
    FR: ["75008", "75 008"],
    AU: ["2000"],
    VN: ["100000", "70000"],
    PH: ["1000"],
    TW: ["100", "10048", "100048"],
    PT: ["1000-001"],
    ES: ["28013"],
  };
  const invalid: Record<string, string[]> = {
    US: ["9001", "900123", "90012-34", "90012--3456", "ABCDE"],
    CA: ["D1A 0B1", "K1A 0B", "12345"],
    MX: ["0660", "066000"],
    GB: ["12345", "SW1A"],
    DE: ["1011", "101155"],
    FR: ["7500", "750088"],
    AU: ["200", "20000"],
    VN: ["1000"],
    PH: ["100"],
    TW: ["10", "1004"],
    PT: ["100-001", "1000-01"],
    ES: ["53000", "2801"],
  };

  it.each(Object.keys(valid))("follow %s's pattern", (country) => {
    for (const zip of valid[country] ?? []) expect(postalCodeProblem(zip, country), zip).toBeNull();
    for (const zip of invalid[country] ?? []) expect(postalCodeProblem(zip, country), zip).toBe("zipInvalid");
  });

  it("are required, and loosely checked where no pattern is known", () => {
    expect(postalCodeProblem("  ", "US")).toBe("required");
    expect(postalCodeProblem("AB-12 C", "AQ")).toBeNull();
    expect(postalCodeProblem("AB--", "AQ")).toBe("zipInvalid");
    expect(postalCodeProblem("1234567890123", "AQ")).toBe("zipInvalid");
  });

  it("are stored trimmed, in capitals, with single spaces, as the post writes them", () => {
    expect(normalisePostalCode("  sw1a   1aa ")).toBe("SW1A 1AA");
    expect(normalisePostalCode("sw1a1aa", "GB")).toBe("SW1A 1AA");
    expect(normalisePostalCode("m11ae", "GB")).toBe("M1 1AE");
    expect(normalisePostalCode("m5v2t6", "CA")).toBe("M5V 2T6");
    expect(normalisePostalCode("900123456", "US")).toBe("90012-3456");
    expect(normalisePostalCode("90012 3456", "us")).toBe("90012-3456");
    expect(normalisePostalCode("75 008", "FR")).toBe("75 008");
  });

  it("are normalised idempotently", () => {
    const country = fc.constantFrom("US", "CA", "GB", "FR", "");
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), country, (typed, code) => {
        const once = normalisePostalCode(typed, code);
        expect(normalisePostalCode(once, code)).toBe(once);
      }),
    );
  });

  it("accept every ZIP and ZIP+4", () => {
    const digits = (length: number) =>
      fc
        .array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length })
        .map((d) => d.join(""));
    fc.assert(
      fc.property(digits(5), fc.option(digits(4)), (zip, plus4) => {
        expect(postalCodeProblem(plus4 === null ? zip : `${zip}-${plus4}`, "US")).toBeNull();
      }),
    );
  });
});

describe("email", () => {
  it("is optional but must be an address when given", () => {
    expect(emailProblem(undefined)).toBeNull();
    expect(emailProblem(null)).toBeNull();
    expect(emailProblem("  ")).toBeNull();
    expect(emailProblem(" rider@example.com ")).toBeNull();
    for (const wrong of [
      "rider",
      "rider@",
      "rider@example",
      "ri der@example.com",
      "a@b.c",
      "a\u0000@example.com",
    ]) {
      expect(emailProblem(wrong), wrong).toBe("emailInvalid");
    }
    expect(emailProblem(`${"a".repeat(250)}@example.com`)).toBe("emailInvalid");
  });
});

describe("the address form", () => {
  it("requires every field but address_2 and email", () => {
    const empty = {
      firstName: "",
      lastName: "",
      address_1: "",
      address_2: "",
      country: "",
      state: "",
      city: "",
      zipCode: "",
      email: "",
    };
    expect(addressProblems(empty)).toEqual({
      firstName: "required",
      lastName: "required",
      address_1: "required",
      country: "required",
      state: "required",
      city: "required",
      zipCode: "required",
    });
  });

  it("refuses control characters and overlong text", () => {
    expect(
      addressProblems({
        ...home,
        firstName: "Ana\u0000",
        address_2: "x".repeat(addressMaxLengths.address_2 + 1),
        city: "Los\nAngeles",
      }),
    ).toEqual({ firstName: "textInvalid", address_2: "tooLong", city: "textInvalid" });
    expect(addressProblems({ ...home, country: "ZZ" })).toMatchObject({ country: "countryInvalid" });
  });

  it("refuses a card number in a line, as the server does", () => {
    expect(addressProblems({ ...home, address_2: "Apt 4242 4242 4242 4242" })).toEqual({
      address_2: "textInvalid",
    });
  });

  it("checks the state and postal code against the country chosen", () => {
    expect(addressProblems({ ...home, country: "CA" })).toEqual({
      state: "stateInvalid",
      zipCode: "zipInvalid",
    });
    expect(addressProblems({ ...home, country: "CA", state: "ON", zipCode: "M5V 2T6" })).toEqual({});
    expect(addressProblems({ ...home, country: "VN", state: "Hà Nội", zipCode: "100000" })).toEqual({});
  });

  it("gives the server trimmed values, codes in capitals and null for empty optional fields", () => {
    expect(parseAddress(home)).toEqual({
      ok: true,
      address: {
        firstName: "Ana",
        lastName: "Núñez",
        address_1: "1 Main Street",
        address_2: null,
        country: "US",
        state: "CA",
        city: "Los Angeles",
        zipCode: "90012-3456",
        email: null,
        isDefault: true,
      },
    });
    const abroad = parseAddress({
      ...home,
      country: "gb",
      state: " Greater London ",
      zipCode: "sw1a 1aa",
      address_2: " Flat 2 ",
      email: " ana@example.com ",
      isDefault: undefined,
    });
    expect(abroad).toMatchObject({
      ok: true,
      address: {
        country: "GB",
        state: "Greater London",
        zipCode: "SW1A 1AA",
        address_2: "Flat 2",
        email: "ana@example.com",
        isDefault: false,
      },
    });
    expect(parseAddress({ ...home, zipCode: "" })).toEqual({ ok: false, problems: { zipCode: "required" } });
  });

  it("accepts any US address with a listed state and a ZIP", () => {
    const states = (subdivisionsOf("US") ?? []).map((entry) => entry.code);
    const text = (max: number) =>
      fc
        .string({ minLength: 1, maxLength: max })
        .filter((value) => value.trim() !== "" && !/\p{Cc}/u.test(value));
    fc.assert(
      fc.property(
        fc.record({
          firstName: text(addressMaxLengths.firstName),
          lastName: text(addressMaxLengths.lastName),
          address_1: text(addressMaxLengths.address_1),
          city: text(addressMaxLengths.city),
          state: fc.constantFrom(...states),
        }),
        (fields) => {
          expect(addressProblems({ ...home, ...fields })).toEqual({});
        },
      ),
    );
  });
});
