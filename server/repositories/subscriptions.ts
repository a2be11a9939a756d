import { and, asc, eq, lte } from "drizzle-orm";
import { fareMedia, passes, paymentMethods, products, subscriptions, users } from "../db/schema.ts";
import type { Executor } from "./accounts.ts";
import type { PaymentMethodRow } from "./payment-methods.ts";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

/** The subscription as a run read it: still active and still due at `due` (no other run moved it). */
const stillDue = (row: { id: string }, due: Date) =>
  and(eq(subscriptions.id, row.id), eq(subscriptions.status, "active"), eq(subscriptions.renewsAt, due));

/**
 * Auto-renewed passes' subscriptions and what a renewal reads around them: a rider turns them on and
 * off on a card (server/services/fare-media.ts), the renewal runs move them (server/services/renewals.ts).
 * A run's every change is one statement conditioned on the due date the run read, so two runs never
 * both move one subscription.
 */
export function createSubscriptionRepository(db: Executor) {
  return {
    /**
     * The rider's active subscriptions on a card with their product and payment method (each null when
     * its row is gone), oldest first.
     */
    async activeOnCard(
      fareMediumId: string,
      userId: string,
    ): Promise<
      Array<{ subscription: SubscriptionRow; product: ProductRow | null; method: PaymentMethodRow | null }>
    > {
      return db
        .select({ subscription: subscriptions, product: products, method: paymentMethods })
        .from(subscriptions)
        .leftJoin(products, eq(products.uuid, subscriptions.productId))
        .leftJoin(paymentMethods, eq(paymentMethods.id, subscriptions.paymentMethodId))
        .where(
          and(
            eq(subscriptions.fareMediumId, fareMediumId),
            eq(subscriptions.userId, userId),
            eq(subscriptions.status, "active"),
          ),
        )
        .orderBy(subscriptions.createdAt, subscriptions.id);
    },

    /** The card's active subscription to a product, locked until the caller's transaction ends. */
    async lockActiveForProduct(fareMediumId: string, productId: string): Promise<SubscriptionRow | null> {
      const [existing] = await db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.fareMediumId, fareMediumId),
            eq(subscriptions.productId, productId),
            eq(subscriptions.status, "active"),
          ),
        )
        .for("no key update");
      return existing ?? null;
    },

    /** Writes a subscription's payment method and renewal date; the row as written. */
    async changeRenewal(
      id: string,
      fields: Pick<SubscriptionRow, "paymentMethodId" | "renewsAt">,
    ): Promise<SubscriptionRow | null> {
      const [subscription] = await db
        .update(subscriptions)
        .set(fields)
        .where(eq(subscriptions.id, id))
        .returning();
      return subscription ?? null;
    },

    /** Writes a new subscription; the row as written. */
    async add(row: typeof subscriptions.$inferInsert): Promise<SubscriptionRow | null> {
      const [subscription] = await db.insert(subscriptions).values(row).returning();
      return subscription ?? null;
    },

    /** Cancels the rider's active subscription `id` on the card; false when there is none such. */
    async cancelOnCard(id: string, userId: string, fareMediumId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(subscriptions)
        .set({ status: "cancelled", cancelledAt: now, renewsAt: null })
        .where(
          and(
            eq(subscriptions.id, id),
            eq(subscriptions.userId, userId),
            eq(subscriptions.fareMediumId, fareMediumId),
            eq(subscriptions.status, "active"),
          ),
        )
        .returning({ id: subscriptions.id });
      return rows.length > 0;
    },

    /** Cancels every active subscription on the card (the card leaves its rider). */
    async cancelAllOnCard(fareMediumId: string, at: Date): Promise<void> {
      await db
        .update(subscriptions)
        .set({ status: "cancelled", cancelledAt: at, renewsAt: null })
        .where(and(eq(subscriptions.fareMediumId, fareMediumId), eq(subscriptions.status, "active")));
    },

    /** A product by id, whatever it is sold as now (null when there is no such product). */
    async product(productId: string): Promise<ProductRow | null> {
      const [product] = await db.select().from(products).where(eq(products.uuid, productId));
      return product ?? null;
    },

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
