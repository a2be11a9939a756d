import { describe, expect, it } from "vitest";
import { acceptSetupInput } from "./twoFactorSetup.machine.ts";

describe("two-factor phone input", () => {
  it("keeps every digit of a pasted, formatted number", () => {
    expect(acceptSetupInput("number", "+1 (202) 555-0142").replace(/[^0-9]/g, "")).toBe("12025550142");
    expect(acceptSetupInput("number", "(202)   555   -   0142").replace(/[^0-9]/g, "")).toBe("2025550142");
  });

  it("caps digits, not characters, at the 15 of E.164", () => {
    const kept = acceptSetupInput("number", "1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7");
    expect(kept.replace(/[^0-9]/g, "")).toBe("123456789012345");
  });
});
