import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { FareMedium } from "../../src/domain/fare-media.ts";
import { fareMedia, type paymentMethods } from "../db/schema.ts";
import type { Executor } from "./accounts.ts";

export type FareMediumRow = typeof fareMedia.$inferSelect;
export type NewFareMediumRow = typeof fareMedia.$inferInsert;
type PaymentMethodRow = typeof paymentMethods.$inferSelect;

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
    replaced_by: row.replacedBy,
  };
}

const brandNames: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  "american-express": "American Express",
  amex: "American Express",
  discover: "Discover",
  jcb: "JCB",
  "diners-club": "Diners Club",
  unionpay: "UnionPay",
};

/** How a saved payment method is named to its rider ("Visa •••• 4242"). */
export function paymentMethodLabel(
  method: Pick<PaymentMethodRow, "kind" | "brand" | "last4" | "bankName" | "paypalEmail" | "nickname">,
): string {
  if (method.kind === "card") {
    const brand = method.brand ? (brandNames[method.brand.toLowerCase()] ?? method.brand) : "Card";
    return `${brand} •••• ${method.last4 ?? ""}`.trim();
  }
  if (method.kind === "bank_account") {
    return method.last4
      ? `${method.bankName ?? "Bank account"} •••• ${method.last4}`
      : (method.bankName ?? "Bank account");
  }
  return method.paypalEmail ? `PayPal ${method.paypalEmail}` : "PayPal";
}

/** A card number as typed or printed, digits only. */
const digitsOf = sql`regexp_replace(${fareMedia.printedCardNumber}, '[^0-9]', '', 'g')`;

/**
 * Fare card rows. Their balances are not here: they are ledger accounts (services/fare-media.ts).
 * A removed card (`removed_at`) is nobody's any more: no read here returns it.
 */
export function createFareMediaRepository(db: Executor) {
  const live = isNull(fareMedia.removedAt);
  return {
    with(tx: Executor) {
      return createFareMediaRepository(tx);
    },

    async listForUser(userId: string): Promise<FareMediumRow[]> {
      return db
        .select()
        .from(fareMedia)
        .where(and(eq(fareMedia.userId, userId), live))
        .orderBy(asc(fareMedia.nickname), asc(fareMedia.id));
    },

    /** One of the rider's own live cards; null for anyone else's (or none, or removed). */
    async findForUser(userId: string, id: string): Promise<FareMediumRow | null> {
      const rows = await db
        .select()
        .from(fareMedia)
        .where(and(eq(fareMedia.userId, userId), eq(fareMedia.id, id), live));
      return rows[0] ?? null;
    },

    /** The same, locked until the caller's transaction ends. */
    async lockForUser(userId: string, id: string): Promise<FareMediumRow | null> {
      const rows = await db
        .select()
        .from(fareMedia)
        .where(and(eq(fareMedia.userId, userId), eq(fareMedia.id, id), live))
        .for("no key update");
      return rows[0] ?? null;
    },

    /** The ids of the rider's live cards. */
    async liveIdsForUser(userId: string): Promise<Set<string>> {
      const rows = await db
        .select({ id: fareMedia.id })
        .from(fareMedia)
        .where(and(eq(fareMedia.userId, userId), live));
      return new Set(rows.map((row) => row.id));
    },

    /**
     * These cards, removed ones included, locked until the caller's transaction ends, in id order: two
     * transactions locking the same cards wait on each other, never deadlock.
     */
    async lockInIdOrder(ids: readonly string[]): Promise<FareMediumRow[]> {
      return db
        .select()
        .from(fareMedia)
        .where(inArray(fareMedia.id, [...ids]))
        .orderBy(asc(fareMedia.id))
        .for("no key update");
    },

    /** This card, removed or not, locked until the caller's transaction ends. */
    async lock(id: string): Promise<FareMediumRow | null> {
      const [row] = await db.select().from(fareMedia).where(eq(fareMedia.id, id)).for("no key update");
      return row ?? null;
    },

    /** Locks this card's row, removed or not, until the caller's transaction ends; reads nothing of it. */
    async lockRow(id: string): Promise<void> {
      await db.select({ id: fareMedia.id }).from(fareMedia).where(eq(fareMedia.id, id)).for("no key update");
    },

    /** This card by id, removed or not, whoever holds it; null when there is none. */
    async byId(id: string): Promise<FareMediumRow | null> {
      const [row] = await db.select().from(fareMedia).where(eq(fareMedia.id, id));
      return row ?? null;
    },

    /** These cards by id, removed ones included (a record names them as they were). */
    async byIds(ids: readonly string[]): Promise<FareMediumRow[]> {
      return db
        .select()
        .from(fareMedia)
        .where(inArray(fareMedia.id, [...ids]));
    },

    /** A live card by id, whoever holds it (guest tokens). */
    async find(id: string): Promise<FareMediumRow | null> {
      const rows = await db
        .select()
        .from(fareMedia)
        .where(and(eq(fareMedia.id, id), live));
      return rows[0] ?? null;
    },

    /** Live cards whose printed number has these digits (spaces and dashes never count). */
    async findByDigits(digits: string, lock = false): Promise<FareMediumRow[]> {
      const query = db
        .select()
        .from(fareMedia)
        .where(and(sql`${digitsOf} = ${digits}`, live))
        .orderBy(asc(fareMedia.id));
      return lock ? query.for("no key update") : query;
    },

    /** A live card whose printed number has these digits, the first the database finds (readers' taps). */
    async firstByDigits(digits: string): Promise<FareMediumRow | null> {
      const [row] = await db
        .select()
        .from(fareMedia)
        .where(and(sql`${digitsOf} = ${digits}`, live));
      return row ?? null;
    },

    /** Whether any card, removed or not, has these digits. */
    async numberTaken(digits: string): Promise<boolean> {
      const rows = await db.select({ id: fareMedia.id }).from(fareMedia).where(sql`${digitsOf} = ${digits}`);
      return rows.length > 0;
    },

    /** Writes a new card. */
    async add(row: NewFareMediumRow): Promise<void> {
      await db.insert(fareMedia).values(row);
    },

    /** Writes these fields on the card; the row as written (null when there is no such card). */
    async change(
      id: string,
      fields: Partial<
        Pick<FareMediumRow, "nickname" | "status" | "blockedAt" | "userId" | "linkedAt" | "removedAt">
      >,
    ): Promise<FareMediumRow | null> {
      const [row] = await db.update(fareMedia).set(fields).where(eq(fareMedia.id, id)).returning();
      return row ?? null;
    },

    /**
     * The rider's digital cards, locked until the caller's transaction ends: nothing moves their
     * value between reading the balance and posting against it.
     */
    async lockDigitalForUser(userId: string): Promise<FareMediumRow[]> {
      return db
        .select()
        .from(fareMedia)
        .where(and(eq(fareMedia.userId, userId), eq(fareMedia.type, "VIRTUAL"), live))
        .orderBy(asc(fareMedia.id))
        .for("no key update");
    },
  };
}
