import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerAccounts } from "../domain/ledger-accounts.ts";
import { balanceOf } from "../repositories/card-activity.ts";
import { createTestApp, type TestApp } from "../test/helpers.ts";
import { cardActivity, fareCapRules, orders, taps, transitRoutes } from "./schema.ts";
import { seedDemoData } from "./seed.ts";
import { demoWalletBalance, seedDemoFareSystem } from "./seed-fare-system.ts";

const riderId = "7c9e2d41-6a3b-4f58-8e21-5d4c3b2a1f10";
const kidsCard = "f1000000-0000-4000-8000-000000000004";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (table: typeof taps | typeof transitRoutes | typeof fareCapRules) =>
  (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

describe("the fare system's demo data", () => {
  it("has routes, caps, a wallet and a month of rides that leave the Kid's card as it started", async () => {
    expect(await count(transitRoutes)).toBeGreaterThanOrEqual(3);
    expect(await count(fareCapRules)).toBeGreaterThanOrEqual(3);
    const wallet = await t.app.ledger.balance(t.app.db, ledgerAccounts.wallet(riderId), "USD");
    expect(wallet.amount).toBe(demoWalletBalance);
    expect(await balanceOf(t.app.db, kidsCard, "USD")).toEqual({ general: 500, commuter: 0, pending: 0 });
    const kinds = await t.app.db
      .select({ kind: cardActivity.kind, n: sql<number>`count(*)::int` })
      .from(cardActivity)
      .where(eq(cardActivity.fareMediumId, kidsCard))
      .groupBy(cardActivity.kind);
    expect(Object.fromEntries(kinds.map((row) => [row.kind, row.n]))).toEqual({
      load: 1,
      tap: 15,
      tap_capped: 5,
    });
    const bank = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(taps)
      .where(and(eq(taps.userId, riderId), sql`${taps.transactionNumber} is not null`));
    expect(bank[0]?.n).toBe(5);
    const loads = await t.app.db.select().from(orders).where(eq(orders.kind, "load"));
    expect(loads).toHaveLength(1);
  });

  it("is applied once and quickly", async () => {
    const before = await count(taps);
    await seedDemoData(t.app.db, t.config);
    await seedDemoFareSystem(t.app.db, t.config);
    expect(await count(taps)).toBe(before);
  });
});
