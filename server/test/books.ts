import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "../db/client.ts";
import { ledgerEntries, orderPayments, orders, sandboxCharges } from "../db/schema.ts";
import { sandboxCustomerId } from "../gateways/payments/sandbox-charges.ts";
import { balanceOf } from "../repositories/card-activity.ts";

/** A rider whose books a test checks: the account and its fare cards. */
export interface BookRider {
  id: string;
  cards: readonly string[];
}

/**
 * The books agree with the gateway (issue 33): every ledger group sums to zero, no card's settled
 * funds or commuter benefits and no wallet are below zero, no charge is left authorized, and each
 * gateway charge's captured-minus-refunded equals what the riders' order legs say of it, charge by
 * charge, with every leg a charge the gateway has.
 */
export async function expectBooksAgree(db: Database, riders: readonly BookRider[]): Promise<void> {
  const unbalanced = await db
    .select({ group: ledgerEntries.entryGroup })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.entryGroup, ledgerEntries.currency)
    .having(sql`sum(${ledgerEntries.amount}) <> 0`);
  expect(unbalanced).toEqual([]);
  for (const { id, cards } of riders) {
    for (const card of cards) {
      const balance = await balanceOf(db, card, "USD");
      expect(balance.general - balance.pending, `settled funds of card ${card}`).toBeGreaterThanOrEqual(0);
      expect(balance.commuter).toBeGreaterThanOrEqual(0);
    }
    const [wallet] = await db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.account, `wallet:${id}`));
    expect(Number(wallet?.total ?? 0)).toBeGreaterThanOrEqual(0);
  }
  // Charge by charge: what the gateway kept is what our order legs say they were paid and not refunded.
  const charges = await db
    .select()
    .from(sandboxCharges)
    .where(
      inArray(
        sandboxCharges.customerId,
        riders.map((one) => sandboxCustomerId(one.id)),
      ),
    );
  expect(charges.length).toBeGreaterThan(0);
  const legs = await db
    .select({
      authorizationId: orderPayments.authorizationId,
      amount: orderPayments.amount,
      refunded: orderPayments.refunded,
    })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(
      and(
        isNotNull(orderPayments.authorizationId),
        inArray(
          orders.userId,
          riders.map((one) => one.id),
        ),
      ),
    );
  const books = new Map<string, number>();
  for (const leg of legs) {
    if (leg.authorizationId)
      books.set(leg.authorizationId, (books.get(leg.authorizationId) ?? 0) + leg.amount - leg.refunded);
  }
  for (const charge of charges) {
    expect(charge.status, `charge ${charge.id} left authorized`).not.toBe("authorized");
    expect(charge.captured - charge.refunded, `charge ${charge.id} (${charge.reference})`).toBe(
      books.get(charge.id) ?? 0,
    );
  }
  // And every leg our books keep is a charge the gateway has.
  for (const authorizationId of books.keys())
    expect(charges.map((charge) => charge.id)).toContain(authorizationId);
}
