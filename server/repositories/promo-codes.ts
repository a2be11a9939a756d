import { randomUUID } from "node:crypto";
import { and, count, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Money } from "../../src/domain/money.ts";
import { promoCodeProducts, promoCodes, promoRedemptions, users } from "../db/schema.ts";
import { type Executor, normalizeEmail } from "./accounts.ts";

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type PromoRedemptionRow = typeof promoRedemptions.$inferSelect;

/** A code with the products it is limited to (empty: no product limit). */
export interface PromoCode {
  row: PromoCodeRow;
  productIds: string[];
}

export type NewPromoCode = Omit<typeof promoCodes.$inferInsert, "id" | "createdAt"> & {
  productIds?: readonly string[];
};

/**
 * Who redeems: a signed-in rider (and their email), or a guest by the receipt email. A rider's
 * redemptions and those made as a guest with the rider's email are the same person's.
 */
export interface Redeemer {
  userId: string | null;
  email: string | null;
}

/** Promotional codes, their product scope and their redemptions (issue 12). */
export function createPromoCodeRepository(db: Executor) {
  return {
    with(tx: Executor) {
      return createPromoCodeRepository(tx);
    },

    /** The code stored as `code` (already normalised: trimmed, upper-case), active or not. */
    async findByCode(code: string): Promise<PromoCode | null> {
      const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
      if (!row) return null;
      const products = await db
        .select({ productId: promoCodeProducts.productId })
        .from(promoCodeProducts)
        .where(eq(promoCodeProducts.promoCodeId, row.id));
      return { row, productIds: products.map((product) => product.productId) };
    },

    /** Locks the code's row until the transaction ends: an order checks its limits, then redeems. */
    async lock(id: string): Promise<PromoCodeRow | null> {
      const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id)).for("no key update");
      return row ?? null;
    },

    async insert(fields: NewPromoCode): Promise<PromoCodeRow> {
      const { productIds = [], ...columns } = fields;
      const [row] = await db
        .insert(promoCodes)
        .values({ id: randomUUID(), ...columns })
        .returning();
      if (!row) throw new Error("promo code insert returned nothing");
      if (productIds.length > 0) {
        await db
          .insert(promoCodeProducts)
          .values(productIds.map((productId) => ({ promoCodeId: row.id, productId })));
      }
      return row;
    },

    /** Every redemption of the code (its `max_redemptions`). */
    async countRedemptions(promoCodeId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(promoRedemptions)
        .where(eq(promoRedemptions.promoCodeId, promoCodeId));
      return row?.n ?? 0;
    },

    /** The redemptions of one rider or guest email (its `max_redemptions_per_rider`). */
    async countRedemptionsBy(promoCodeId: string, redeemer: Redeemer): Promise<number> {
      const email = redeemer.email ? normalizeEmail(redeemer.email) : null;
      const whose: SQL[] = [];
      if (redeemer.userId) whose.push(eq(promoRedemptions.userId, redeemer.userId));
      if (email) {
        whose.push(sql`lower(${promoRedemptions.guestEmail}) = ${email}`);
        whose.push(
          inArray(
            promoRedemptions.userId,
            db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`),
          ),
        );
      }
      if (whose.length === 0) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(promoRedemptions)
        .where(and(eq(promoRedemptions.promoCodeId, promoCodeId), or(...whose)));
      return row?.n ?? 0;
    },

    /** Records that `orderReference` used the code for `discount` (one redemption per order). */
    async redeem(fields: {
      promoCodeId: string;
      redeemer: Redeemer;
      orderReference: string;
      discount: Money;
    }): Promise<PromoRedemptionRow> {
      const { redeemer } = fields;
      const [row] = await db
        .insert(promoRedemptions)
        .values({
          id: randomUUID(),
          promoCodeId: fields.promoCodeId,
          userId: redeemer.userId,
          guestEmail: redeemer.userId || !redeemer.email ? null : normalizeEmail(redeemer.email),
          orderReference: fields.orderReference,
          amount: fields.discount.amount,
          currency: fields.discount.currency,
        })
        .returning();
      if (!row) throw new Error("promo redemption insert returned nothing");
      return row;
    },
  };
}
