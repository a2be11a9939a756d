import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadPortalConfig } from "../config/portal-config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { attemptBudgets } from "../db/schema.ts";
import { createAttemptBudgetRepository } from "../repositories/attempt-budgets.ts";
import { deploymentFile, freshDatabase } from "../test/helpers.ts";
import { clearSignInBudgets, createSignInThrottle } from "./sign-in-throttle.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase(await loadPortalConfig(deploymentFile));
});
afterAll(() => database?.close());

const budget = { perAddress: 3, perEmail: 7, windowMs: 60_000 };
const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

/** How many of `tries` attempts from each address the throttle lets through. */
async function allowed(email: string, addresses: string[], tries: number, now: Date) {
  const throttle = createSignInThrottle(database.db, budget);
  let passed = 0;
  for (const address of addresses) {
    for (let i = 0; i < tries; i++) if (await throttle.take(email, address, now)) passed++;
  }
  return passed;
}

describe("the sign-in throttle", () => {
  it("spends an address's budget, then the email's budget from everywhere, for any email", async () => {
    for (const email of ["somebody@example.org", "nobody-knows-this@example.org"]) {
      expect(await allowed(email, ["10.0.0.1"], 10, at(0))).toBe(budget.perAddress);
      // Many addresses: each gets its own budget until the email's budget is spent.
      expect(await allowed(email, ["10.0.0.2", "10.0.0.3", "10.0.0.4"], 10, at(1))).toBe(
        budget.perEmail - budget.perAddress,
      );
      expect(await allowed(email, ["10.0.0.5"], 1, at(2))).toBe(0);
    }
  });

  it("counts an email however it is typed", async () => {
    expect(await allowed("Case@Example.org ", ["10.0.1.1"], 2, at(0))).toBe(2);
    expect(await allowed("case@example.org", ["10.0.1.1"], 5, at(0))).toBe(budget.perAddress - 2);
  });

  it("refusals from a spent address do not use up the email's budget", async () => {
    const email = "owner@example.org";
    expect(await allowed(email, ["10.0.2.1"], 100, at(0))).toBe(budget.perAddress);
    expect(await allowed(email, ["10.0.2.2"], 1, at(1))).toBe(1);
  });

  it("starts a new window after windowMs", async () => {
    const email = "later@example.org";
    expect(await allowed(email, ["10.0.3.1"], 10, at(0))).toBe(budget.perAddress);
    expect(await allowed(email, ["10.0.3.1"], 1, at(budget.windowMs - 1))).toBe(0);
    expect(await allowed(email, ["10.0.3.1"], 10, at(budget.windowMs))).toBe(budget.perAddress);
  });

  it("a right password frees its address; a reset frees every address of the email", async () => {
    const email = "freed@example.org";
    const throttle = createSignInThrottle(database.db, budget);
    expect(await allowed(email, ["10.0.4.1", "10.0.4.2"], 10, at(0))).toBe(2 * budget.perAddress);
    await throttle.succeeded(email, "10.0.4.1");
    expect(await allowed(email, ["10.0.4.1"], 1, at(1))).toBe(1);
    expect(await allowed(email, ["10.0.4.2"], 1, at(1))).toBe(0);
    await clearSignInBudgets(database.db, email);
    expect(await allowed(email, ["10.0.4.2"], 10, at(2))).toBe(budget.perAddress);
  });

  it("takes every one of many parallel attempts exactly once", async () => {
    const throttle = createSignInThrottle(database.db, budget);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => throttle.take("parallel@example.org", "10.0.5.1", at(0))),
    );
    expect(results.filter(Boolean)).toHaveLength(budget.perAddress);
  });

  it("prunes only ended windows of its own kind of key", async () => {
    const budgets = createAttemptBudgetRepository(database.db);
    await budgets.take("login/prune-old", at(0), budget.windowMs);
    await budgets.take("login/prune-new", at(budget.windowMs), budget.windowMs);
    await budgets.take("reset/prune-old", at(0), budget.windowMs);
    await budgets.prune("login/", at(1));
    const keys = (await database.db.select().from(attemptBudgets)).map((row) => row.key);
    expect(keys).not.toContain("login/prune-old");
    expect(keys).toEqual(expect.arrayContaining(["login/prune-new", "reset/prune-old"]));
  });
});
