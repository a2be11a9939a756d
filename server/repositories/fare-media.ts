import { and, asc, eq } from "drizzle-orm";
import type { FareMedium } from "../../src/domain/fare-media.ts";
import type { Database } from "../db/client.ts";
import { fareMedia } from "../db/schema.ts";

type Row = typeof fareMedia.$inferSelect;

/** The fields of spec section 3 for one card; the security code never leaves the database. */
export function fareMediumOf(row: Row): FareMedium {
  return {
    faremedia_id: row.id,
    nickname: row.nickname,
    printed_card_number: row.printedCardNumber,
    expiration_date: row.expiresOn,
    category: row.category,
    type: row.type,
    status: row.status,
    rider_type: row.riderType,
    stored_value: row.storedValue + row.commuterBenefits,
    balance: { general_funds: row.storedValue, commuter_benefits: row.commuterBenefits },
    blocked: row.status === "BLOCKED",
    invalid: row.status === "INVALID",
    suspended: row.status === "SUSPENDED",
  };
}

export function createFareMediaRepository(db: Database) {
  return {
    async listForUser(userId: string): Promise<FareMedium[]> {
      const rows = await db
        .select()
        .from(fareMedia)
        .where(eq(fareMedia.userId, userId))
        .orderBy(asc(fareMedia.nickname), asc(fareMedia.id));
      return rows.map(fareMediumOf);
    },
    /** One of the rider's own cards; null for anyone else's (or none). */
    async findForUser(userId: string, id: string): Promise<FareMedium | null> {
      const rows = await db
        .select()
        .from(fareMedia)
        .where(and(eq(fareMedia.userId, userId), eq(fareMedia.id, id)));
      return rows[0] ? fareMediumOf(rows[0]) : null;
    },
  };
}

export type FareMediaRepository = ReturnType<typeof createFareMediaRepository>;
