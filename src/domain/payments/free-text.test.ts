import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cardNumberSpellings } from "../../../tests/support/card-number-spellings.ts";
import { textProblem } from "../../machines/cardChecks.ts";
import { emptyLinkDraft, linkProblems } from "../../machines/cardLink.machine.ts";
import { nicknameProblem as deviceNicknameProblem } from "../../machines/devices.machine.ts";
import { nicknameProblem as cardNicknameProblem } from "../../machines/fareCards.machine.ts";
import { containsCardNumber } from "./free-text.ts";

describe("a card number in free text", () => {
  it.each([
    "4242424242424242",
    "4242 4242 4242 4242",
    "4242-4242-4242-4242",
    "my card 4000 0566 5566 5556 (debit)",
    "Amex 3782 822463 10005",
    "6011111111111117",
  ])("is found in %j", (text) => {
    expect(containsCardNumber(text)).toBe(true);
  });

  it("is found however its groups are cut and whatever non-digits stand between them", () => {
    const luhnValid = ["4242424242424242", "4000056655665556", "378282246310005", "6011111111111117"];
    const separator = fc.string({
      minLength: 1,
      maxLength: 3,
      unit: fc.constantFrom(" ", ".", "/", "x", "\u00a0", "\u200b", "–", "#"),
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...luhnValid),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 19 }),
        separator,
        (number, cuts, between) => {
          const groups: string[] = [];
          let at = 0;
          for (const size of cuts) {
            if (at >= number.length) break;
            groups.push(number.slice(at, at + size));
            at += size;
          }
          if (at < number.length) groups.push(number.slice(at));
          expect(containsCardNumber(`card ${groups.join(between)} end`)).toBe(true);
        },
      ),
    );
  });

  it.each(cardNumberSpellings)("is found in %j, whatever stands between the groups", (text) => {
    expect(containsCardNumber(text)).toBe(true);
  });

  it.each([
    "Work card",
    "4242",
    "Card 4242",
    "4242424242424241",
    "Route 12, stop 345 6789",
    "1234 5678 9012",
    "Bus 38, stop 4242",
    "Apt 12, 345 Main St, 94103",
    "",
  ])("is not found in %j", (text) => {
    expect(containsCardNumber(text)).toBe(false);
  });

  it("is refused before sending by every nickname the portal sends (the server refuses it too)", () => {
    const number = "Visa 4242 4242 4242 4242";
    expect(cardNicknameProblem(number)).toBe("invalid");
    expect(deviceNicknameProblem(number)).toBe("invalid");
    expect(
      linkProblems({ ...emptyLinkDraft, number: "6000 0000 0000", code: "123", nickname: number }),
    ).toEqual(expect.objectContaining({ nickname: "invalid" }));
    expect(textProblem(number, 40, false)).toBe("invalid");
    // What was fine stays fine.
    expect(cardNicknameProblem("Work card")).toBeNull();
    expect(deviceNicknameProblem("Riley's phone")).toBeNull();
    expect(textProblem("Card 4242", 40, false)).toBeNull();
  });
});
