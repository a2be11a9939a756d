import type { Database } from "../db/client.ts";
import type { Clock } from "../domain/clock.ts";
import type { Outbox, StoredMessage } from "../gateways/outbox.ts";
import { composeRenewalFailed, type RenewalFailure } from "../mail/renewal.ts";
import { createPaymentMethodRepository } from "../repositories/payment-methods.ts";
import {
  type SubscriptionRow,
  createSubscriptionRepository as subscriptionsOf,
} from "../repositories/subscriptions.ts";
import { publicLink } from "./links.ts";
import { refusalErrors } from "./orders/replies.ts";
import type { OrderService } from "./orders.ts";
import type { PricingService } from "./pricing.ts";
import { renewalPeriodMs, renewsAtFor } from "./subscription-dates.ts";
import { inTransaction } from "./transaction.ts";

/** The claim scope of renewal orders' keys: never a rider's id nor a guest's. */
const renewalScope = "renewal";

/** The key of one renewal: the subscription and the date it renews on, so a renewal happens once. */
export const renewalKey = (subscription: { id: string }, renewsAt: Date) =>
  `renewal:${subscription.id}:${renewsAt.toISOString()}`;

export interface RenewalReport {
  renewed: number;
  cancelled: number;
}

/**
 * Auto-renewed passes (issue 13): `runDue(now)` renews every active subscription whose `renews_at` has
 * come. A renewal is an order placed through the orders service like a rider's (the catalogue's price
 * today, the subscription's saved method, a receipt, order history), under the key
 * `renewal:<id>:<renews_at>` in its own scope, so two schedulers or a retry renew once; the new pass's
 * end is the next `renews_at`. A subscription that cannot renew (no live method, its card blocked or
 * gone, the product no longer sold, a declined charge) is cancelled and the rider emailed why: the
 * card's page turns it on again.
 */
export function createRenewalService(options: {
  db: Database;
  clock: Clock;
  orders: OrderService;
  pricing: PricingService;
  outbox: Outbox;
  publicUrl: string | null;
}) {
  const { db, orders, pricing, outbox } = options;

  /** Cancels `row` if it is still due as read; emails the rider why. */
  async function cancel(
    row: SubscriptionRow,
    due: Date,
    reason: RenewalFailure,
    now: Date,
  ): Promise<boolean> {
    const { user, card, passName } = await subscriptionsOf(db).partiesOf(row);
    return inTransaction(db, async ({ tx, afterCommit }) => {
      const cancelled = await subscriptionsOf(tx).cancelIfDue(row, due, now);
      // Another run got there first: it emails, not this one.
      if (!cancelled || !user) return cancelled;
      const { subject, body } = composeRenewalFailed(
        user.locale,
        user.firstName,
        passName ?? "",
        card?.nickname ?? "",
        reason,
        publicLink(options.publicUrl, card ? `/faremedia/${card.id}` : "/faremedia"),
      );
      const stored: StoredMessage = await outbox.write(tx, {
        channel: "email",
        recipient: user.email,
        subject,
        body,
      });
      afterCommit(() => outbox.dispatch(stored));
      return true;
    });
  }

  /**
   * The start of the period a due renewal pays for: its due date, or, when whole periods have passed
   * since (the server was stopped, or the demo's orders were placed weeks ago), the start of the one
   * in progress now. Periods that are already over are never charged: the subscription is moved past
   * them first (when another run moved it meanwhile, null: that run renews it).
   */
  async function currentPeriodStart(row: SubscriptionRow, due: Date, now: Date): Promise<Date | null> {
    const period = renewalPeriodMs(await subscriptionsOf(db).productValidDays(row.productId));
    const skipped = Math.floor((now.getTime() - due.getTime()) / period);
    if (skipped <= 0) return due;
    const start = new Date(due.getTime() + skipped * period);
    return (await subscriptionsOf(db).moveIfDue(row, due, start)) ? start : null;
  }

  /** Renews one due subscription: "renewed", "cancelled", or null when another run holds it. */
  async function renew(row: SubscriptionRow, due: Date, now: Date): Promise<"renewed" | "cancelled" | null> {
    const outcome = (done: boolean, what: "cancelled") => (done ? what : null);
    const { user, card } = await subscriptionsOf(db).partiesOf(row);
    if (!user || user.deactivatedAt) return outcome(await cancel(row, due, "refused", now), "cancelled");
    if (!card || card.removedAt || card.status !== "ACTIVE" || card.userId !== row.userId) {
      return outcome(await cancel(row, due, "cardUnavailable", now), "cancelled");
    }
    const method = row.paymentMethodId
      ? await createPaymentMethodRepository(db).findLive(row.userId, row.paymentMethodId)
      : null;
    if (!method) return outcome(await cancel(row, due, "noMethod", now), "cancelled");
    const priced = await pricing.quote({
      customer: { kind: "rider", userId: user.id, email: user.email },
      lines: [{ product: row.productId, quantity: 1 }],
      promoCode: null,
      shippingMethod: null,
      country: null,
      locale: user.locale,
      address: "renewals",
    });
    if (!priced.ok || priced.problems.length > 0) {
      return outcome(await cancel(row, due, "productUnavailable", now), "cancelled");
    }
    const total = priced.quote.total;
    const placed = await orders.place({
      customer: { kind: "rider", user },
      scope: renewalScope,
      idempotencyKey: renewalKey(row, due),
      request: {
        lines: [{ product: row.productId, quantity: 1 }],
        fare_medium: card.id,
        expected_total: total,
        payments: total > 0 ? [{ kind: "saved", payment_method: method.id, amount: total }] : [],
      },
      locale: user.locale,
      address: "renewals",
    });
    if (!placed.ok) {
      // Another run is placing this very renewal: it finishes it.
      if (placed.refusal.kind === "inFlight") return null;
      const declined = refusalErrors(placed.refusal).some((error) => error.code === 42203);
      return outcome(await cancel(row, due, declined ? "declined" : "refused", now), "cancelled");
    }
    const orderId = placed.order.id;
    const issued = await subscriptionsOf(db).issuedPass(orderId);
    // The next renewal is the new pass's end; never earlier than the day after this one.
    const next = renewsAtFor(issued ?? { expiresAt: null, validDays: null }, now);
    const renewsAt =
      next.getTime() > due.getTime() ? next : renewsAtFor({ expiresAt: null, validDays: null }, due);
    return (await subscriptionsOf(db).moveIfDue(row, due, renewsAt)) ? "renewed" : null;
  }

  return {
    async runDue(now: Date = options.clock.now()): Promise<RenewalReport> {
      const report: RenewalReport = { renewed: 0, cancelled: 0 };
      const due = await subscriptionsOf(db).due(now);
      for (const row of due) {
        if (!row.renewsAt) continue;
        const current = await currentPeriodStart(row, row.renewsAt, now);
        if (!current) continue;
        const outcome = await renew(row, current, now);
        if (outcome === "renewed") report.renewed++;
        if (outcome === "cancelled") report.cancelled++;
      }
      return report;
    },
  };
}

export type RenewalService = ReturnType<typeof createRenewalService>;
