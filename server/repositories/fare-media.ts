import { and, asc, eq } from "drizzle-orm";
import type { FareMedium } from "../../src/domain/fare-media.ts";
import { fareMedia } from "../db/schema.ts";
import type { Executor } from "./accounts.ts";

export type FareMediumRow = typeof fareMedia.$inferSelect;

/** A card's two purses in minor units, as the ledger sums them. */
export interface FareMediumBalances {
  general: number;
  commuter: number;
}

/** The fields of spec section 3 for one card; the security code never leaves the database. */
export function fareMediumOf(row: FareMediumRow, balances: FareMediumBalances): FareMedium {
  return {
    faremedia_id: row.id,
    nickname: row.nickname,
    printed_card_number: row.printedCardNumber,
    expiration_date: row.expiresOn,
    category: row.category,
    type: row.type,
    status: row.status,
    rider_type: row.riderType,
    stored_value: balances.general + balances.commuter,
    balance: { general_funds: balances.general, commuter_benefits: balances.commuter },
    blocked: row.status === "BLOCKED",
    invalid: row.status === "INVALID",
    suspended: row.status === "SUSPENDED",
  };
}

/** Fare card rows. Their balances are not here: they are ledger accounts (services/fare-media.ts). */
export function createFareMediaRepository(db: Executor) {
  return {
    with(tx: Executor) {
      return createFareMediaRepository(tx);
    },

    async listForUser(userId: string): Promise<FareMediumRow[]> {
      return db
        .select()
        .from(fareMedia)
        .where(eq(fareMedia.userId, userId))
        .orderBy(asc(fareMedia.nickname), asc(fareMedia.id));
    },

    /** One of the rider's own cards; null for anyone else's (or none). */
    async findForUser(userId: string, id: string): Promise<FareMediumRow | null> {
      const rows = await db
        .select()
        .from(fareMedia)
        .where(and(eq(fareMedia.userId, userId), eq(fareMedia.id, id)));
      return rows[0] ?? null;
    },

    /**
     * The rider's digital cards, locked until the caller's transaction ends: nothing moves their
     * value between reading the balance and posting against it.
     */
    async lockDigitalForUser(userId: string): Promise<FareMediumRow[]> {
      return db
        .select()
        .from(fareMedia)
        .where(and(eq(fareMedia.userId, userId), eq(fareMedia.type, "VIRTUAL")))
        .orderBy(asc(fareMedia.id))
        .for("update");
    },
  };
}

export type FareMediaRepository = ReturnType<typeof createFareMediaRepository>;
