import { eq } from "drizzle-orm";
import { money, negate, sum } from "../../src/domain/money.ts";
import type { PortalConfig } from "../../src/domain/portal-config.ts";
import { ledgerAccounts } from "../domain/ledger-accounts.ts";
import { hashSecret } from "../domain/password.ts";
import { createLedgerService } from "../services/ledger.ts";
import type { Database } from "./client.ts";
import { appMeta, fareMedia, organizations, users } from "./schema.ts";
import { childOrganizationId, seedDemoCatalog } from "./seed-catalog.ts";

/** The demo rider of the README. Seeded only outside production. */
export const demoRider = { email: "rider@example.com", password: "transit-demo-2026" } as const;
/** A card nobody has linked yet, for managing a card as a guest. */
export const demoGuestCard = { printedCardNumber: "6000 0000 0000 0031", securityCode: "731" } as const;

const riderId = "7c9e2d41-6a3b-4f58-8e21-5d4c3b2a1f10";

/** Bumped when the demo catalogue changes, so an existing demo database gets the new one. */
const catalogVersion = "2";

/**
 * Applies the demo data once per database; later starts see the marker and do nothing. The catalogue
 * has its own marker and is rewritten when its version changes.
 */
export async function seedDemoData(db: Database, config: PortalConfig): Promise<boolean> {
  const parentId = config.organization.parentUuid;
  const seeded = await seedAgencyAndRider(db, config);
  const marker = await db.select().from(appMeta).where(eq(appMeta.key, "demo_catalog_version"));
  if (marker[0]?.value !== catalogVersion) {
    await seedDemoCatalog(db, parentId);
    await db
      .insert(appMeta)
      .values({ key: "demo_catalog_version", value: catalogVersion })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: catalogVersion } });
  }
  return seeded;
}

/** General funds and commuter benefits (minor units) the demo cards start with. */
const openingBalances: ReadonlyArray<[cardId: string, general: number, commuter: number]> = [
  ["f1000000-0000-4000-8000-000000000001", 1_250, 4_000],
  ["f1000000-0000-4000-8000-000000000002", 300, 0],
  ["f1000000-0000-4000-8000-000000000003", 800, 0],
  ["f1000000-0000-4000-8000-000000000004", 500, 0],
];

async function seedAgencyAndRider(db: Database, config: PortalConfig): Promise<boolean> {
  const parentId = config.organization.parentUuid;
  const currency = config.currency_code;
  return db.transaction(async (tx) => {
    const marker = await tx.select().from(appMeta).where(eq(appMeta.key, "demo_seeded_at"));
    if (marker.length > 0) return false;

    await tx.insert(organizations).values([
      { id: parentId, parentId: null, legacyUuid: "MTA-0001", name: config.display_name },
      { id: childOrganizationId, parentId, legacyUuid: "MTA-FERRY-0002", name: "Metro Ferry Services" },
    ]);
    await tx.insert(users).values({
      id: riderId,
      email: demoRider.email,
      passwordHash: await hashSecret(demoRider.password),
      firstName: "Riley",
      lastName: "Rider",
      mobile: null,
      locale: "en",
      emailConfirmed: true,
    });
    await tx.insert(fareMedia).values([
      {
        id: "f1000000-0000-4000-8000-000000000001",
        userId: riderId,
        organizationId: parentId,
        nickname: "Commute card",
        printedCardNumber: "6000 0000 0000 0015",
        securityCodeHash: await hashSecret("415"),
        expiresOn: "2030-12-31",
        category: "Adult",
        type: "PHYSICAL",
        status: "ACTIVE",
        riderType: "ADULT",
      },
      {
        id: "f1000000-0000-4000-8000-000000000002",
        userId: riderId,
        organizationId: parentId,
        nickname: "Phone card",
        printedCardNumber: "6000 0000 0000 0023",
        securityCodeHash: await hashSecret("523"),
        expiresOn: "2031-06-30",
        category: "Adult",
        type: "VIRTUAL",
        status: "ACTIVE",
        riderType: "ADULT",
      },
      {
        id: "f1000000-0000-4000-8000-000000000003",
        userId: null,
        organizationId: parentId,
        nickname: "Guest card",
        printedCardNumber: demoGuestCard.printedCardNumber,
        securityCodeHash: await hashSecret(demoGuestCard.securityCode),
        expiresOn: "2030-12-31",
        category: "Adult",
        type: "PHYSICAL",
        status: "ACTIVE",
        riderType: "ADULT",
      },
      {
        id: "f1000000-0000-4000-8000-000000000004",
        userId: riderId,
        organizationId: parentId,
        nickname: "Kid's card",
        printedCardNumber: "6000 0000 0000 0049",
        securityCodeHash: await hashSecret("649"),
        expiresOn: "2029-08-31",
        category: "Youth",
        type: "PHYSICAL",
        status: "ACTIVE",
        riderType: "YOUTH",
      },
      {
        id: "f1000000-0000-4000-8000-000000000005",
        userId: riderId,
        organizationId: parentId,
        nickname: "Lost card",
        printedCardNumber: "6000 0000 0000 0056",
        securityCodeHash: await hashSecret("756"),
        expiresOn: "2030-03-31",
        category: "Adult",
        type: "PHYSICAL",
        status: "BLOCKED",
        riderType: "ADULT",
      },
      {
        id: "f1000000-0000-4000-8000-000000000006",
        userId: riderId,
        organizationId: parentId,
        nickname: "Paper ticket",
        printedCardNumber: "6000 0000 0000 0064",
        securityCodeHash: await hashSecret("864"),
        expiresOn: "2027-01-31",
        category: "Adult",
        type: "LIMITED_USE",
        status: "ACTIVE",
        riderType: "ADULT",
      },
    ]);
    // Balances are ledger accounts: each card's opening balance is one posting against `opening`.
    const ledger = createLedgerService();
    for (const [cardId, general, commuter] of openingBalances) {
      const held = [
        { account: ledgerAccounts.fareCard(cardId, "general"), amount: money(general, currency) },
        { account: ledgerAccounts.fareCard(cardId, "commuter"), amount: money(commuter, currency) },
      ].filter((entry) => entry.amount.amount !== 0);
      const opening = negate(
        sum(
          currency,
          held.map((entry) => entry.amount),
        ),
      );
      await ledger.post(tx, {
        reference: `opening:${cardId}`,
        entries: [...held, { account: ledgerAccounts.opening, amount: opening }],
      });
    }
    await tx.insert(appMeta).values({ key: "demo_seeded_at", value: new Date().toISOString() });
    return true;
  });
}
