import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, isNull, ne } from "drizzle-orm";
import type { SavedPaymentMethod } from "../../src/domain/payments/saved.ts";
import { paymentMethods } from "../db/schema.ts";
import type { Executor } from "./accounts.ts";

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type NewPaymentMethodRow = Omit<typeof paymentMethods.$inferInsert, "id" | "createdAt" | "removedAt">;

/** The row as the API shows it (src/domain/payments/saved.ts): no gateway references, no token hash. */
export function savedPaymentMethodOf(row: PaymentMethodRow): SavedPaymentMethod {
  const billing =
    row.kind === "card" &&
    row.billingLastName !== null &&
    row.billingAddress1 !== null &&
    row.billingZip !== null
      ? { last_name: row.billingLastName, address_1: row.billingAddress1, zip_code: row.billingZip }
      : null;
  return {
    id: row.id,
    kind: row.kind,
    commuter_benefits: row.commuterBenefits,
    nickname: row.nickname,
    is_default: row.isDefault,
    brand: row.brand,
    last4: row.last4,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    billing,
    bank_name: row.bankName,
    account_type: row.accountType,
    holder_name: row.holderName,
    paypal_email: row.paypalEmail,
    created_at: row.createdAt.toISOString(),
  };
}

const live = (userId: string) => and(eq(paymentMethods.userId, userId), isNull(paymentMethods.removedAt));

/**
 * A rider's saved payment methods. Removed ones keep their row (removed_at) for the gateway's records
 * and the orders that name them, but no query here but `findByToken` sees them.
 */
export function createPaymentMethodRepository(db: Executor) {
  return {
    with(tx: Executor) {
      return createPaymentMethodRepository(tx);
    },

    /** Default first, then oldest first. */
    async listLive(userId: string): Promise<PaymentMethodRow[]> {
      return db
        .select()
        .from(paymentMethods)
        .where(live(userId))
        .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.createdAt), asc(paymentMethods.id));
    },

    async countLive(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(paymentMethods).where(live(userId));
      return row?.n ?? 0;
    },

    /** One of the rider's own methods, not removed; null for anyone else's, a removed or unknown one. */
    async findLive(userId: string, id: string): Promise<PaymentMethodRow | null> {
      const [row] = await db
        .select()
        .from(paymentMethods)
        .where(and(live(userId), eq(paymentMethods.id, id)));
      return row ?? null;
    },

    /** A method by id, not removed, whoever holds it (bank-card taps at readers). */
    async findLiveById(id: string): Promise<PaymentMethodRow | null> {
      const [row] = await db
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.id, id), isNull(paymentMethods.removedAt)));
      return row ?? null;
    },

    /** The method this rider made from the token (removed or not). */
    async findByToken(userId: string, tokenHash: string): Promise<PaymentMethodRow | null> {
      const [row] = await db
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.tokenHash, tokenHash)));
      return row ?? null;
    },

    /** Whether another rider saved a method from this token. */
    async tokenUsedByOther(userId: string, tokenHash: string): Promise<boolean> {
      const rows = await db
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(and(eq(paymentMethods.tokenHash, tokenHash), ne(paymentMethods.userId, userId)))
        .limit(1);
      return rows.length > 0;
    },

    /** Writes a new saved method; the row as written. */
    async add(fields: NewPaymentMethodRow): Promise<PaymentMethodRow> {
      const [row] = await db
        .insert(paymentMethods)
        .values({ id: randomUUID(), ...fields })
        .returning();
      if (!row) throw new Error("payment method insert returned nothing");
      return row;
    },

    async rename(userId: string, id: string, nickname: string | null): Promise<PaymentMethodRow | null> {
      const [row] = await db
        .update(paymentMethods)
        .set({ nickname })
        .where(and(live(userId), eq(paymentMethods.id, id)))
        .returning();
      return row ?? null;
    },

    /** Clears the rider's default; run before `setDefault` (one live default per rider, by index). */
    async clearDefault(userId: string): Promise<void> {
      await db
        .update(paymentMethods)
        .set({ isDefault: false })
        .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)));
    },

    async setDefault(userId: string, id: string): Promise<void> {
      await db
        .update(paymentMethods)
        .set({ isDefault: true })
        .where(and(live(userId), eq(paymentMethods.id, id)));
    },

    /** Soft removal: the method leaves every list and stops being the default. */
    async remove(userId: string, id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(paymentMethods)
        .set({ removedAt: now, isDefault: false })
        .where(and(live(userId), eq(paymentMethods.id, id)))
        .returning({ id: paymentMethods.id });
      return rows.length > 0;
    },
  };
}
