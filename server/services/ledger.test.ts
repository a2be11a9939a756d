import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Money, MoneyError, money } from "../../src/domain/money.ts";
import { loadPortalConfig } from "../config/portal-config.ts";
import type { Database, DatabaseHandle } from "../db/client.ts";
import { ledgerEntries } from "../db/schema.ts";
import { manualClock } from "../domain/clock.ts";
import { type LedgerAccount, ledgerAccounts } from "../domain/ledger-accounts.ts";
import { deploymentFile, freshDatabase } from "../test/helpers.ts";
import { createLedgerService, LedgerPostingError } from "./ledger.ts";
import { inTransaction } from "./transaction.ts";

let database: DatabaseHandle;
let db: Database;
const clock = manualClock(new Date("2026-03-01T12:00:00Z"));
const ledger = createLedgerService({ clock });

beforeAll(async () => {
  database = await freshDatabase(await loadPortalConfig(deploymentFile));
  db = database.db;
});
afterAll(() => database?.close());

const usd = (amount: number) => money(amount, "USD");
const card = () => randomUUID();
const general = (id: string) => ledgerAccounts.fareCard(id, "general");
const entriesOf = (reference: string) =>
  db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, reference));

/** PostgreSQL's SQLSTATE of an error from either driver, wrapped or not. */
function sqlState(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === "object" && "code" in current && typeof current.code === "string")
      return current.code;
    current = typeof current === "object" && "cause" in current ? current.cause : null;
  }
  return null;
}

/** Rows written straight to the table, as a writer that skips the service would. */
const rawRows = (group: string, reference: string, rows: Array<[LedgerAccount, number, string]>) =>
  rows.map(([account, amount, currency]) => ({ account, amount, currency, entryGroup: group, reference }));

async function commitFails(body: (tx: Database) => Promise<void>): Promise<string | null> {
  try {
    await db.transaction(body);
  } catch (error) {
    return sqlState(error);
  }
  return null;
}

describe("posting", () => {
  it("writes a balanced group with one group id and the clock's time, and balances sum it", async () => {
    const id = card();
    const group = await inTransaction(db, ({ tx }) =>
      ledger.post(tx, {
        reference: "top-up-1",
        entries: [
          { account: general(id), amount: usd(2_000) },
          { account: ledgerAccounts.fareCard(id, "commuter"), amount: usd(500) },
          { account: ledgerAccounts.gatewayClearing, amount: usd(-2_500) },
        ],
      }),
    );
    const rows = await entriesOf("top-up-1");
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.entryGroup === group)).toBe(true);
    expect(rows.every((row) => row.createdAt.getTime() === clock.now().getTime())).toBe(true);
    expect(await ledger.balance(db, general(id), "USD")).toEqual(usd(2_000));
    expect(await ledger.balance(db, general(id), "EUR")).toEqual(money(0, "EUR"));
    const both = await ledger.balances(db, [general(id), ledgerAccounts.fareCard(id, "commuter")], "USD");
    expect([...both.values()]).toEqual([usd(2_000), usd(500)]);
    expect(await ledger.balancesByPrefix(db, ledgerAccounts.fareCardPurses(id))).toEqual([
      { account: ledgerAccounts.fareCard(id, "commuter"), balance: usd(500) },
      { account: general(id), balance: usd(2_000) },
    ]);
  });

  it("balances in each currency of a group separately", async () => {
    const wallet = ledgerAccounts.wallet(randomUUID());
    await inTransaction(db, ({ tx }) =>
      ledger.post(tx, {
        reference: "two-currencies",
        entries: [
          { account: wallet, amount: usd(100) },
          { account: ledgerAccounts.promo, amount: usd(-100) },
          { account: wallet, amount: money(700, "JPY") },
          { account: ledgerAccounts.promo, amount: money(-700, "JPY") },
        ],
      }),
    );
    expect(await ledger.balance(db, wallet, "JPY")).toEqual(money(700, "JPY"));
    expect(await ledger.balance(db, wallet, "USD")).toEqual(usd(100));
  });

  it("refuses, before the database, a group that does not balance, mixes currencies, or is not a posting", async () => {
    const id = card();
    const refused: Array<[string, Array<{ account: LedgerAccount; amount: Money }>]> = [
      [
        "off by one",
        [
          { account: general(id), amount: usd(100) },
          { account: ledgerAccounts.promo, amount: usd(-99) },
        ],
      ],
      [
        "balanced in total, not per currency",
        [
          { account: general(id), amount: usd(100) },
          { account: ledgerAccounts.promo, amount: money(-100, "EUR") },
        ],
      ],
      ["no entries", []],
      ["one entry", [{ account: general(id), amount: usd(5) }]],
      [
        "a zero entry",
        [
          { account: general(id), amount: usd(0) },
          { account: ledgerAccounts.promo, amount: usd(0) },
        ],
      ],
      [
        "an unknown account",
        [
          { account: "farecard:not-a-card:general" as LedgerAccount, amount: usd(5) },
          { account: ledgerAccounts.promo, amount: usd(-5) },
        ],
      ],
    ];
    for (const [reference, entries] of refused) {
      await expect(inTransaction(db, ({ tx }) => ledger.post(tx, { reference, entries }))).rejects.toThrow(
        LedgerPostingError,
      );
      expect(await entriesOf(reference)).toHaveLength(0);
    }
    const forged = { amount: 0.5, currency: "USD" } as unknown as Money;
    await expect(
      ledger.post(db, {
        reference: "forged",
        entries: [
          { account: general(id), amount: forged },
          { account: ledgerAccounts.promo, amount: forged },
        ],
      }),
    ).rejects.toThrow(MoneyError);
    await expect(
      ledger.post(db, { reference: " ", entries: [{ account: general(id), amount: usd(1) }] }),
    ).rejects.toThrow(LedgerPostingError);
    expect(() => ledgerAccounts.fareCard("1234:general", "general")).toThrow();
  });
});

describe("the database", () => {
  it("refuses an unbalanced group at commit, not at insert: the whole transaction rolls back", async () => {
    const group = randomUUID();
    let inserted = false;
    const code = await commitFails(async (tx) => {
      await tx
        .insert(ledgerEntries)
        .values(rawRows(group, "raw-unbalanced", [[general(card()), 100, "USD"]]));
      // Deferred: the statement went through; the check waits for the commit.
      inserted = true;
    });
    expect(inserted).toBe(true);
    expect(code).toBe("23514");
    expect(await entriesOf("raw-unbalanced")).toHaveLength(0);
  });

  it("accepts a group balanced by its last statement: the check is deferred to the commit", async () => {
    const group = randomUUID();
    const id = card();
    await db.transaction(async (tx) => {
      await tx.insert(ledgerEntries).values(rawRows(group, "raw-later", [[general(id), 100, "USD"]]));
      await tx
        .insert(ledgerEntries)
        .values(rawRows(group, "raw-later", [[ledgerAccounts.promo, -100, "USD"]]));
    });
    expect(await entriesOf("raw-later")).toHaveLength(2);
  });

  it("refuses a group balanced in total but not in each currency", async () => {
    const code = await commitFails(async (tx) => {
      await tx.insert(ledgerEntries).values(
        rawRows(randomUUID(), "raw-currencies", [
          [general(card()), 100, "USD"],
          [ledgerAccounts.promo, -100, "EUR"],
        ]),
      );
    });
    expect(code).toBe("23514");
  });

  it("refuses a group that leaves a rider's account below zero", async () => {
    const id = card();
    await inTransaction(db, ({ tx }) =>
      ledger.post(tx, {
        reference: "overdraw-opening",
        entries: [
          { account: general(id), amount: usd(300) },
          { account: ledgerAccounts.opening, amount: usd(-300) },
        ],
      }),
    );
    const spend = (amount: number) =>
      inTransaction(db, ({ tx }) =>
        ledger.post(tx, {
          reference: `overdraw-${amount}`,
          entries: [
            { account: general(id), amount: usd(-amount) },
            { account: ledgerAccounts.revenue, amount: usd(amount) },
          ],
        }),
      );
    await expect(spend(301)).rejects.toSatisfy((error) => sqlState(error) === "23514");
    await spend(300);
    expect(await ledger.balance(db, general(id), "USD")).toEqual(usd(0));
  });

  it("never changes or removes an entry", async () => {
    const [row] = await entriesOf("top-up-1");
    if (!row) throw new Error("no entry to change");
    const refused = async (statement: Promise<unknown>) => {
      try {
        await statement;
      } catch (error) {
        return sqlState(error);
      }
      return null;
    };
    expect(
      await refused(db.update(ledgerEntries).set({ amount: 1 }).where(eq(ledgerEntries.id, row.id))),
    ).toBe("23001");
    expect(await refused(db.delete(ledgerEntries).where(eq(ledgerEntries.id, row.id)))).toBe("23001");
    expect(await refused(db.execute(sql`truncate ${ledgerEntries}`))).toBe("23001");
    expect(await entriesOf("top-up-1")).toHaveLength(3);
  });

  it("refuses zero amounts and codes that are not three capital letters", async () => {
    for (const [amount, currency] of [
      [0, "USD"],
      [5, "usd"],
    ] as const) {
      const code = await commitFails(async (tx) => {
        await tx
          .insert(ledgerEntries)
          .values(rawRows(randomUUID(), "raw-check", [[general(card()), amount, currency]]));
      });
      expect(code).toBe("23514");
    }
  });
});
