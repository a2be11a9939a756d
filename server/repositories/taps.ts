import { and, asc, desc, eq, gt, gte, inArray, lt, or, sql } from "drizzle-orm";
import { paymentMethods, taps, transitRoutes } from "../db/schema.ts";
import type { Executor } from "./accounts.ts";
import type { KeysetCursor } from "./keyset-cursor.ts";

export type TapRow = typeof taps.$inferSelect;
export type NewTapRow = typeof taps.$inferInsert;
export type RouteRow = typeof transitRoutes.$inferSelect;

/** A bank-card tap as a rider's transactions list it: the tap, its route and its method (if kept). */
export interface TransactionRecord {
  tap: TapRow;
  route: RouteRow;
  method: typeof paymentMethods.$inferSelect | null;
}

/**
 * Taps at readers (server/services/taps.ts) and the agency's routes they are made on. A tap's key
 * (`tap_key`) and transaction number are unique: a second insert with either is a unique violation.
 */
export function createTapRepository(db: Executor) {
  return {
    /** Every route of the agency, by code. */
    async routes(): Promise<RouteRow[]> {
      return db.select().from(transitRoutes).orderBy(asc(transitRoutes.code));
    },

    /** The routes with these codes (a code no route has any more is left out). */
    async routesByCodes(codes: readonly string[]): Promise<RouteRow[]> {
      return db
        .select()
        .from(transitRoutes)
        .where(inArray(transitRoutes.code, [...codes]));
    },

    /** The route with this code, if there is one. */
    async route(code: string): Promise<RouteRow | null> {
      const [route] = await db.select().from(transitRoutes).where(eq(transitRoutes.code, code));
      return route ?? null;
    },

    /** The tap made with this key, if one was. */
    async byKey(tapKey: string): Promise<TapRow | null> {
      const [row] = await db.select().from(taps).where(eq(taps.tapKey, tapKey));
      return row ?? null;
    },

    /** Writes a tap and reads it back. */
    async add(values: NewTapRow): Promise<TapRow> {
      const [row] = await db.insert(taps).values(values).returning();
      if (!row) throw new Error("The tap was not written");
      return row;
    },

    /**
     * How many taps charged a payer (a fare card's id, or a saved bank card's payment method id) in
     * [starts, ends).
     */
    async chargedCount(
      payer: { fareMediumId: string } | { paymentMethodId: string },
      starts: Date,
      ends: Date,
    ): Promise<number> {
      const by =
        "fareMediumId" in payer
          ? eq(taps.fareMediumId, payer.fareMediumId)
          : eq(taps.paymentMethodId, payer.paymentMethodId);
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(taps)
        .where(and(by, gt(taps.charged, 0), gte(taps.tappedAt, starts), lt(taps.tappedAt, ends)));
      return Number(row?.count ?? 0);
    },

    /**
     * The rider's taps that have a transaction number (bank-card taps), newest first, after `after`'s
     * time and id; asks `limit + 1` to tell a next page.
     */
    async transactions(
      userId: string,
      limit: number,
      after: KeysetCursor | null,
    ): Promise<TransactionRecord[]> {
      const position = after
        ? or(lt(taps.tappedAt, after.at), and(eq(taps.tappedAt, after.at), lt(taps.id, after.id)))
        : undefined;
      return db
        .select({ tap: taps, method: paymentMethods, route: transitRoutes })
        .from(taps)
        .innerJoin(transitRoutes, eq(transitRoutes.code, taps.routeCode))
        .leftJoin(paymentMethods, eq(paymentMethods.id, taps.paymentMethodId))
        .where(and(eq(taps.userId, userId), sql`${taps.transactionNumber} is not null`, position))
        .orderBy(desc(taps.tappedAt), desc(taps.id))
        .limit(limit + 1);
    },
  };
}
