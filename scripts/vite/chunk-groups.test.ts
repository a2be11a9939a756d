import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chunkGroups, isOneOf, portalGroups } from "./chunk-groups.ts";

const root = join(import.meta.dirname, "..", "..");

describe("chunk groups", () => {
  it("names only files that exist, so a renamed module cannot fall out of its group unnoticed", () => {
    for (const [group, files] of Object.entries(portalGroups)) {
      for (const file of files) expect(existsSync(join(root, file)), `${group}: ${file}`).toBe(true);
    }
  });

  it("matches a group's files by their whole path, and nothing beside them", () => {
    const inPurchase = isOneOf(portalGroups.purchase);
    expect(inPurchase(join(root, "src/views/checkout/Purchase.tsx"))).toBe(true);
    expect(inPurchase(join(root, "src/machines/checkout.machine.ts"))).toBe(true);
    // A file whose name ends the same, another folder's, or one with a suffix is not in the group.
    expect(inPurchase(join(root, "src/views/checkout/OldPurchase.tsx"))).toBe(false);
    expect(inPurchase(join(root, "src/views/wallet/Purchase.tsx"))).toBe(false);
    expect(inPurchase(join(root, "src/machines/checkout.machine.ts?worker"))).toBe(false);
    expect(inPurchase(join(root, "src/machines/checkoutXmachine.ts"))).toBe(false);
  });

  it("gives no module to two of the portal's groups", () => {
    const all = Object.values(portalGroups).flat();
    expect(new Set(all).size).toBe(all.length);
  });

  it("keeps the entry's static imports first, and zag's runtime after Ark's field", () => {
    const priority = (name: string) => chunkGroups.find((group) => group.name === name)?.priority ?? -1;
    expect(Math.max(...chunkGroups.map((group) => group.priority))).toBe(priority("first"));
    expect(priority("arkField")).toBeGreaterThan(priority("arkMachine"));
  });
});
