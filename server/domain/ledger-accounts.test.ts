import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fareCardPurses,
  isLedgerAccount,
  ledgerAccounts,
  parseLedgerAccount,
  systemAccounts,
} from "./ledger-accounts.ts";

describe("ledger account keys", () => {
  it("read back what made them", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.constantFrom(...fareCardPurses), (id, purse) => {
        expect(parseLedgerAccount(ledgerAccounts.fareCard(id, purse))).toEqual({
          kind: "fareCard",
          cardId: id,
          purse,
        });
        expect(parseLedgerAccount(ledgerAccounts.wallet(id))).toEqual({ kind: "wallet", userId: id });
        expect(ledgerAccounts.fareCard(id, purse).startsWith(ledgerAccounts.fareCardPurses(id))).toBe(true);
      }),
    );
    for (const name of systemAccounts) expect(parseLedgerAccount(name)).toEqual({ kind: "system", name });
  });

  it("take only lower-case UUIDs, so no id reaches into another account or prefix", () => {
    for (const bad of [
      "",
      "abc",
      "F1000000-0000-4000-8000-000000000001",
      "x:general",
      "%",
      "f1000000-0000-4000-8000-00000000000_",
    ]) {
      expect(() => ledgerAccounts.fareCard(bad, "general")).toThrow();
      expect(() => ledgerAccounts.wallet(bad)).toThrow();
    }
    for (const key of [
      "farecard:abc:general",
      "farecard:f1000000-0000-4000-8000-000000000001:savings",
      "wallet:",
      "bank",
      "Revenue",
    ]) {
      expect(isLedgerAccount(key)).toBe(false);
    }
  });
});
