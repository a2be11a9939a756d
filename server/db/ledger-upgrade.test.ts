import { rmSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { money } from "../../src/domain/money.ts";
import { loadPortalConfig } from "../config/portal-config.ts";
import { ledgerAccounts } from "../domain/ledger-accounts.ts";
import { createFareMediaService } from "../services/fare-media.ts";
import { createLedgerService } from "../services/ledger.ts";
import { deploymentFile, emptyDatabase, migrationsUpTo } from "../test/helpers.ts";
import type { DatabaseHandle } from "./client.ts";
import { appMeta, ledgerEntries } from "./schema.ts";
import { seedDemoData } from "./seed.ts";

/**
 * An older DATA_DIR (migrated up to 0007, balances in fare_media columns) upgrades: migration 0008
 * turns each card's stored balances into an opening posting and drops the columns, and the cards
 * show the same balances as before.
 */
const beforeLedger = "0007_attempt_budgets";
const riderId = "7c9e2d41-6a3b-4f58-8e21-5d4c3b2a1f10";
const orgId = "0b5d2c3a-1111-4c2d-9e8f-000000000001";
const cards = {
  both: "f1000000-0000-4000-8000-000000000001",
  general: "f1000000-0000-4000-8000-000000000002",
  empty: "f1000000-0000-4000-8000-000000000005",
};

let database: DatabaseHandle;
let oldMigrations: string;

beforeAll(async () => {
  database = await emptyDatabase();
  oldMigrations = migrationsUpTo(beforeLedger);
  await database.migrate(oldMigrations);
  const { db } = database;
  await db.execute(sql`insert into organizations (id, parent_id, legacy_uuid, name)
    values (${orgId}, null, 'MTA-0001', 'Metro Transit')`);
  await db.execute(sql`insert into users (id, email, password_hash, first_name, last_name, email_confirmed)
    values (${riderId}, 'rider@example.com', 'x', 'Riley', 'Rider', true)`);
  const card = (id: string, nickname: string, number: string, general: number, commuter: number) => sql`
    insert into fare_media (id, user_id, organization_id, nickname, printed_card_number, security_code_hash,
      expires_on, category, type, status, rider_type, stored_value, commuter_benefits)
    values (${id}, ${riderId}, ${orgId}, ${nickname}, ${number}, 'x', '2030-12-31', 'Adult', 'PHYSICAL',
      'ACTIVE', 'ADULT', ${general}, ${commuter})`;
  await db.execute(card(cards.both, "Commute card", "6000 0000 0000 0015", 1_250, 4_000));
  await db.execute(card(cards.general, "Phone card", "6000 0000 0000 0023", 300, 0));
  await db.execute(card(cards.empty, "Lost card", "6000 0000 0000 0056", 0, 0));
  // The demo data was seeded long ago: the seed must not post the opening balances a second time.
  await db.insert(appMeta).values([
    { key: "demo_seeded_at", value: "2026-01-01T00:00:00.000Z" },
    { key: "demo_catalog_version", value: "2" },
  ]);
  await database.migrate();
});
afterAll(async () => {
  await database?.close();
  if (oldMigrations) rmSync(oldMigrations, { recursive: true, force: true });
});

describe("upgrading a database from before the ledger", () => {
  it("keeps every card's general funds and commuter benefits, now summed from the ledger", async () => {
    const fareMedia = createFareMediaService({
      db: database.db,
      ledger: createLedgerService(),
      currency: () => "USD",
    });
    const listed = await fareMedia.listForUser(riderId);
    expect(
      listed.map((card) => [
        card.nickname,
        card.stored_value,
        card.balance.general_funds,
        card.balance.commuter_benefits,
      ]),
    ).toEqual([
      ["Commute card", 5_250, 1_250, 4_000],
      ["Lost card", 0, 0, 0],
      ["Phone card", 300, 300, 0],
    ]);
  });

  it("posts one balanced opening group per card with a balance, against `opening`, and drops the columns", async () => {
    const { db } = database;
    const rows = await db.select().from(ledgerEntries).orderBy(ledgerEntries.id);
    expect(
      rows.map(({ account, amount, currency, reference }) => ({ account, amount, currency, reference })),
    ).toEqual(
      expect.arrayContaining([
        {
          account: ledgerAccounts.fareCard(cards.both, "general"),
          amount: 1_250,
          currency: "USD",
          reference: `opening:${cards.both}`,
        },
        {
          account: ledgerAccounts.fareCard(cards.both, "commuter"),
          amount: 4_000,
          currency: "USD",
          reference: `opening:${cards.both}`,
        },
        {
          account: ledgerAccounts.opening,
          amount: -5_250,
          currency: "USD",
          reference: `opening:${cards.both}`,
        },
        {
          account: ledgerAccounts.fareCard(cards.general, "general"),
          amount: 300,
          currency: "USD",
          reference: `opening:${cards.general}`,
        },
        {
          account: ledgerAccounts.opening,
          amount: -300,
          currency: "USD",
          reference: `opening:${cards.general}`,
        },
      ]),
    );
    expect(rows).toHaveLength(5);
    const groups = new Map<string, number>();
    for (const row of rows) groups.set(row.entryGroup, (groups.get(row.entryGroup) ?? 0) + row.amount);
    expect([...groups.values()]).toEqual([0, 0]);
    expect(
      new Set(rows.filter((row) => row.reference === `opening:${cards.both}`).map((row) => row.entryGroup))
        .size,
    ).toBe(1);
    expect(await createLedgerService().balance(db, ledgerAccounts.opening, "USD")).toEqual(
      money(-5_550, "USD"),
    );

    const columns = await db.execute<{ column_name: string }>(sql`
      select column_name from information_schema.columns where table_name = 'fare_media'`);
    const names = (columns as unknown as { rows: Array<{ column_name: string }> }).rows.map(
      (row) => row.column_name,
    );
    expect(names).not.toContain("stored_value");
    expect(names).not.toContain("commuter_benefits");
  });

  it("is not seeded again: the demo marker stays and no second opening is posted", async () => {
    expect(await seedDemoData(database.db, await loadPortalConfig(deploymentFile))).toBe(false);
    expect(await database.db.select().from(ledgerEntries)).toHaveLength(5);
    expect(await database.db.select().from(appMeta).where(eq(appMeta.key, "demo_seeded_at"))).toHaveLength(1);
  });
});
