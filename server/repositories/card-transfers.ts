import { and, eq } from "drizzle-orm";
import { cardTransfers } from "../db/schema.ts";
import type { Executor } from "./accounts.ts";

export type CardTransferRow = typeof cardTransfers.$inferSelect;

/** Transfers between a rider's cards, each under the rider's Idempotency-Key (kept as its SHA-256). */
export function createCardTransferRepository(db: Executor) {
  return {
    /** The rider's transfer made with this key, if one was. */
    async byKey(userId: string, keyHash: string): Promise<CardTransferRow | null> {
      const [row] = await db
        .select()
        .from(cardTransfers)
        .where(and(eq(cardTransfers.userId, userId), eq(cardTransfers.keyHash, keyHash)));
      return row ?? null;
    },

    /** Writes a transfer; a second one under the same rider and key is a unique violation. */
    async add(row: CardTransferRow): Promise<CardTransferRow> {
      const [written] = await db.insert(cardTransfers).values(row).returning();
      if (!written) throw new Error("The transfer row was not written");
      return written;
    },
  };
}
