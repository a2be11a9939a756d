import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { money } from "../../src/domain/money.ts";
import { ledgerAccounts } from "../domain/ledger-accounts.ts";
import { inTransaction } from "../services/transaction.ts";
import { createTestApp, type TestApp } from "../test/helpers.ts";
import { activityPage, balanceOf, createCardActivityRepository } from "./card-activity.ts";
import { decodeKeysetCursor } from "./keyset-cursor.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The demo guest card: no rider, so nothing else in this file's app writes to it.
const card = "f1000000-0000-4000-8000-000000000003";

describe("card activity repository", () => {
  it("records rows in the caller's transaction with the balance read after the posting", async () => {
    const before = await balanceOf(t.database.db, card, "USD");
    const at = new Date("2026-03-01T10:00:00.000Z");
    const id = await inTransaction(t.database.db, async ({ tx }) => {
      const entryGroup = await t.app.ledger.post(tx, {
        reference: "test:activity",
        entries: [
          { account: ledgerAccounts.opening, amount: money(-500, "USD") },
          { account: ledgerAccounts.fareCard(card, "general"), amount: money(500, "USD") },
        ],
      });
      return createCardActivityRepository(tx).record({
        fareMediumId: card,
        kind: "load",
        occurredAt: at,
        currency: "USD",
        amount: 500,
        entryGroup,
        pending: true,
        detail: { order: "TEST" },
      });
    });
    const after = await balanceOf(t.database.db, card, "USD");
    expect(after.general).toBe(before.general + 500);
    expect(after.pending).toBe(before.pending + 500);
    const page = await activityPage(t.database.db, card, 50, null);
    const row = page.activity.find((entry) => entry.id === id);
    expect(row).toMatchObject({
      kind: "load",
      amount: 500,
      balance_after: after.general + after.commuter,
      pending: true,
      detail: { order: "TEST" },
    });
    expect(await createCardActivityRepository(t.database.db).settle([id], at)).toBe(1);
    expect((await balanceOf(t.database.db, card, "USD")).pending).toBe(before.pending);
  });

  it("pages newest first with an opaque cursor, ties broken by id", async () => {
    const repository = createCardActivityRepository(t.database.db);
    const at = new Date("2020-01-01T00:00:00.000Z");
    for (let i = 0; i < 5; i++) {
      await repository.record({ fareMediumId: card, kind: "blocked", occurredAt: at, currency: "USD" });
    }
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const cursor = next ? decodeKeysetCursor(next) : null;
      const page = await activityPage(t.database.db, card, 2, cursor);
      seen.push(...page.activity.map((row) => row.id));
      next = page.next;
    } while (next);
    expect(new Set(seen).size).toBe(seen.length);
    const all = await activityPage(t.database.db, card, 50, null);
    expect(seen).toEqual(all.activity.map((row) => row.id));
    expect(all.activity.filter((row) => row.kind === "blocked")).toHaveLength(5);
    expect(all.activity.find((row) => row.kind === "blocked")?.amount).toBeNull();
  });
});
