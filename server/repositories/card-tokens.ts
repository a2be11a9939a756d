import { randomUUID } from "node:crypto";
import { and, eq, gt, lte } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { cardTokens } from "../db/schema.ts";

/**
 * Guests' card tokens (server/services/card-tokens.ts): rows keep a token's SHA-256 and its card, never
 * the token, and live until `expiresAt`.
 */
export function createCardTokenRepository(db: Database) {
  return {
    /** Keeps a new token's hash for a card; the expired tokens go in the same transaction. */
    async add(token: { fareMediumId: string; tokenHash: string; expiresAt: Date }, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(cardTokens).where(lte(cardTokens.expiresAt, now));
        await tx.insert(cardTokens).values({ id: randomUUID(), ...token, createdAt: now });
      });
    },

    /** The live token with this hash, its life extended to `until` in one statement; null when none is. */
    async extend(
      tokenHash: string,
      now: Date,
      until: Date,
    ): Promise<{ id: string; fareMediumId: string } | null> {
      const [row] = await db
        .update(cardTokens)
        .set({ expiresAt: until })
        .where(and(eq(cardTokens.tokenHash, tokenHash), gt(cardTokens.expiresAt, now)))
        .returning({ id: cardTokens.id, fareMediumId: cardTokens.fareMediumId });
      return row ?? null;
    },

    async remove(id: string): Promise<void> {
      await db.delete(cardTokens).where(eq(cardTokens.id, id));
    },
  };
}
