import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv } from "../../tests/support/csv-reader.ts";
import { csvAmount, toCsv } from "./csv.ts";

describe("CSV for spreadsheets (issue 35)", () => {
  it("reads back every row of text as it was written, formulas defused", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: "binary" }), { minLength: 1, maxLength: 5 }), { maxLength: 6 }),
        (rows) => {
          const expected = rows.map((row) =>
            row.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell)),
          );
          expect(parseCsv(toCsv(rows))).toEqual(expected);
        },
      ),
    );
  });

  it("quotes what needs it, writes numbers bare and defuses formulas", () => {
    expect(toCsv([["Trip", 'Say "hi"', "a,b", "two\nlines", 2.5, null]])).toBe(
      'Trip,"Say ""hi""","a,b","two\nlines",2.5,\r\n',
    );
    expect(toCsv([['=HYPERLINK("http://x")', "+1", "-2", "@SUM(A1)", " padded"]])).toBe(
      `"'=HYPERLINK(""http://x"")",'+1,'-2,'@SUM(A1)," padded"\r\n`,
    );
  });

  it("writes minor units as plain decimals", () => {
    expect([0, 5, 250, -1_999, 123_456].map((minor) => csvAmount(minor).decimal)).toEqual([
      "0.00",
      "0.05",
      "2.50",
      "-19.99",
      "1234.56",
    ]);
    expect(csvAmount(1_500, 0).decimal).toBe("1500");
    expect(toCsv([["Refund", csvAmount(-250)]])).toBe("Refund,-2.50\r\n");
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (minor) => {
        expect(Math.round(Number(csvAmount(minor).decimal) * 100)).toBe(minor);
      }),
    );
  });
});
