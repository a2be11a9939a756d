import { and, asc, eq, lte } from "drizzle-orm";
import { fareMedia, passes, products, subscriptions, users } from "../db/schema.ts";
import type { Executor } from "./accounts.ts";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The subscription as a run read it: still active and still due at `due` (no other run moved it). */
const stillDue = (row: { id: string }, due: Date) =>
  and(eq(subscriptions.id, row.id), eq(subscriptions.status, "active"), eq(subscriptions.renewsAt, due));

/**
 * Auto-renewed passes' subscriptions (server/services/renewals.ts) and what a renewal reads around
 * them. Every change is one statement conditioned on the due date the run read, so two runs never
 * both move one subscription.
 */
export function createSubscriptionRepository(db: Executor) {
  return {
    /** Active subscriptions whose renewal date has come, oldest first. */
    async due(now: Date): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.status, "active"), lte(subscriptions.renewsAt, now)))
        .orderBy(asc(subscriptions.renewsAt), asc(subscriptions.id));
    },

    /** Cancels `row` if it is still due at `due`; false when another run moved it first. */
    async cancelIfDue(row: SubscriptionRow, due: Date, now: Date): Promise<boolean> {
      const cancelled = await db
        .update(subscriptions)
        .set({ status: "cancelled", cancelledAt: now, renewsAt: null })
        .where(stillDue(row, due))
        .returning({ id: subscriptions.id });
      return cancelled.length > 0;
    },

    /** Moves `row`'s renewal date to `renewsAt` if it is still due at `due`; false when another run did. */
    async moveIfDue(row: SubscriptionRow, due: Date, renewsAt: Date): Promise<boolean> {
      const moved = await db
        .update(subscriptions)
        .set({ renewsAt })
        .where(stillDue(row, due))
        .returning({ id: subscriptions.id });
      return moved.length > 0;
    },

    /** The rider, the card (removed or not) and the pass name a renewal of `row` is about. */
    async partiesOf(row: SubscriptionRow) {
      const [user] = await db.select().from(users).where(eq(users.id, row.userId));
      const [card] = await db.select().from(fareMedia).where(eq(fareMedia.id, row.fareMediumId));
      const [pass] = await db
        .select({ name: passes.name })
        .from(passes)
        .where(eq(passes.orderId, row.orderId))
        .limit(1);
      return { user: user ?? null, card: card ?? null, passName: pass?.name ?? null };
    },

    /** How many days the subscription's product is valid for (null when it is not sold any more). */
    async productValidDays(productId: string): Promise<number | null> {
      const [product] = await db
        .select({ validDays: products.validDays })
        .from(products)
        .where(eq(products.uuid, productId));
      return product?.validDays ?? null;
    },

    /** The end of the pass an order issued, as renewing it needs. */
    async issuedPass(orderId: string): Promise<{ expiresAt: Date | null; validDays: number | null } | null> {
      const [issued] = await db
        .select({ expiresAt: passes.expiresAt, validDays: passes.validDays })
        .from(passes)
        .where(eq(passes.orderId, orderId))
        .limit(1);
      return issued ?? null;
    },
  };
}
