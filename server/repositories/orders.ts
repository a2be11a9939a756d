import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type {
  OrderDetail,
  OrderEntry,
  OrderItem,
  OrderPayment,
  OrderSummary,
} from "../../src/domain/checkout/order.ts";
import {
  fareMedia,
  type OrderReplay,
  orderAttemptLegs,
  orderEntries,
  orderItems,
  orderPayments,
  orderRefunds,
  orderRequests,
  orders,
  passes,
  paymentMethods,
  paymentTokenClaims,
  products,
  shipments,
  subscriptions,
} from "../db/schema.ts";
import type { Executor } from "./accounts.ts";
import type { KeysetCursor } from "./keyset-cursor.ts";

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderPaymentRow = typeof orderPayments.$inferSelect;
export type OrderEntryRow = typeof orderEntries.$inferSelect;
export type OrderRequestRow = typeof orderRequests.$inferSelect;
export type OrderRefundRow = typeof orderRefunds.$inferSelect;
export type OrderAttemptLegRow = typeof orderAttemptLegs.$inferSelect;
export type PassRow = typeof passes.$inferSelect;
export type NewPassRow = typeof passes.$inferInsert;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;
export type NewShipmentRow = typeof shipments.$inferInsert;

/** What the rider sees of a fare card's printed number on an order: its last four ("•••• 0015"). */
export function maskedCardNumber(printed: string): string {
  return `•••• ${printed.replace(/\D/g, "").slice(-4)}`;
}

/** The order's fare card as an order shows it. */
export interface OrderCard {
  id: string;
  nickname: string;
  printedCardNumber: string;
}

/** Everything an order's detail is made of. */
export interface OrderRecord {
  order: OrderRow;
  items: OrderItemRow[];
  payments: OrderPaymentRow[];
  entries: OrderEntryRow[];
  card: OrderCard | null;
}

function itemOf(row: OrderItemRow): OrderItem {
  return {
    line: row.line,
    product: row.productId,
    name: row.name,
    sub_type: row.subType,
    quantity: row.quantity,
    unit_price: row.unitPrice,
    line_total: row.lineTotal,
    discount: row.discount,
    auto_renew: row.autoRenew,
    fulfilment: row.fulfilment,
    offer_serve: row.offerText ? { offer_code: { text: row.offerText } } : null,
  };
}

function paymentOf(row: OrderPaymentRow): OrderPayment {
  return {
    leg: row.leg,
    kind: row.kind,
    amount: row.amount,
    brand: row.brand,
    last4: row.last4,
    nickname: row.nickname,
    payment_method: row.paymentMethodId,
    purchase_number: row.authorizationId,
  };
}

function entryOf(row: OrderEntryRow): OrderEntry {
  return { type: row.type, amount: row.amount, created_at: row.createdAt.toISOString() };
}

function summaryOf(
  order: OrderRow,
  itemCount: number,
  card: OrderCard | null,
  lines: OrderSummary["lines"],
): OrderSummary {
  return {
    id: order.id,
    number: order.number,
    created_at: order.createdAt.toISOString(),
    status: order.status,
    kind: order.kind,
    currency: order.currency,
    total: order.total,
    item_count: itemCount,
    lines,
    card_number: card ? maskedCardNumber(card.printedCardNumber) : null,
  };
}

/** The order as the API shows it (src/domain/checkout/order.ts); the fare card's number masked. */
export function orderDetailOf(record: OrderRecord): OrderDetail {
  const { order, card } = record;
  const items = [...record.items].sort((a, b) => a.line - b.line);
  return {
    ...summaryOf(
      order,
      items.reduce((total, item) => total + item.quantity, 0),
      card,
      items.map((item) => ({ name: item.name, quantity: item.quantity })),
    ),
    items: items.map(itemOf),
    payments: [...record.payments].sort((a, b) => a.leg - b.leg).map(paymentOf),
    entries: [...record.entries]
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
      .map(entryOf),
    subtotal: order.subtotal,
    shipping: order.shipping,
    discount: order.discount,
    promo_code: order.promoCode,
    shipping_method: order.shippingMethod ?? null,
    shipping_address: order.shippingAddress ?? null,
    email: order.email,
    fare_medium: card
      ? { id: card.id, nickname: card.nickname, card_number: maskedCardNumber(card.printedCardNumber) }
      : null,
  };
}

/** Orders, their parts, fulfilment and the Idempotency-Key claims of placing them (issue 12). */
export function createOrderRepository(db: Executor) {
  const cardOf = async (fareMediumId: string | null): Promise<OrderCard | null> => {
    if (!fareMediumId) return null;
    const [row] = await db
      .select({
        id: fareMedia.id,
        nickname: fareMedia.nickname,
        printedCardNumber: fareMedia.printedCardNumber,
      })
      .from(fareMedia)
      .where(eq(fareMedia.id, fareMediumId));
    return row ?? null;
  };

  const recordOf = async (order: OrderRow | undefined): Promise<OrderRecord | null> => {
    if (!order) return null;
    const [items, payments, entries, card] = await Promise.all([
      db.select().from(orderItems).where(eq(orderItems.orderId, order.id)),
      db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id)),
      db.select().from(orderEntries).where(eq(orderEntries.orderId, order.id)),
      cardOf(order.fareMediumId),
    ]);
    return { order, items, payments, entries, card };
  };

  return {
    with(tx: Executor) {
      return createOrderRepository(tx);
    },

    /**
     * Claims an Idempotency-Key: the row when this call made it, else null (someone holds it; read it
     * with `findRequest`). One statement, so parallel claims of one key make one row.
     */
    async claimRequest(fields: {
      scope: string;
      key: string;
      requestHash: string;
      orderId: string;
      orderNumber: string;
      at: Date;
      replay: OrderReplay | null;
      userId: string | null;
    }): Promise<OrderRequestRow | null> {
      const [row] = await db
        .insert(orderRequests)
        .values({
          scope: fields.scope,
          key: fields.key,
          requestHash: fields.requestHash,
          orderId: fields.orderId,
          orderNumber: fields.orderNumber,
          createdAt: fields.at,
          replay: fields.replay,
          userId: fields.userId,
        })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    /**
     * The stored-value product a load sells for this organisation: an active one, the cheapest first
     * (then by uuid); null when it sells none.
     */
    async storedValueProduct(organizationId: string): Promise<typeof products.$inferSelect | null> {
      const [product] = await db
        .select()
        .from(products)
        .where(
          and(
            eq(products.subType, "STORED_VALUE"),
            eq(products.organizationId, organizationId),
            eq(products.active, true),
          ),
        )
        .orderBy(products.listPrice, products.uuid)
        .limit(1);
      return product ?? null;
    },

    async findRequest(scope: string, key: string): Promise<OrderRequestRow | null> {
      const [row] = await db
        .select()
        .from(orderRequests)
        .where(and(eq(orderRequests.scope, scope), eq(orderRequests.key, key)));
      return row ?? null;
    },

    /**
     * Takes over a claim whose attempt stopped without a reply (a crashed server): true when this call
     * moved its time from `seen` to `at`, so of parallel retries exactly one goes on.
     */
    async takeOverRequest(scope: string, key: string, seen: Date, at: Date): Promise<boolean> {
      const rows = await db
        .update(orderRequests)
        .set({ createdAt: at })
        .where(
          and(
            eq(orderRequests.scope, scope),
            eq(orderRequests.key, key),
            eq(orderRequests.createdAt, seen),
            isNull(orderRequests.replyStatus),
          ),
        )
        .returning({ key: orderRequests.key });
      return rows.length > 0;
    },

    /**
     * Stores the key's reply, once, and only by the attempt holding the claim (claimed at `claimedAt`):
     * a reply already stored stands, and an attempt whose claim was taken over stores nothing.
     */
    async storeReply(
      scope: string,
      key: string,
      status: number,
      body: string,
      claimedAt: Date,
    ): Promise<void> {
      await db
        .update(orderRequests)
        .set({ replyStatus: status, replyBody: body, replay: null })
        .where(
          and(
            eq(orderRequests.scope, scope),
            eq(orderRequests.key, key),
            isNull(orderRequests.replyStatus),
            eq(orderRequests.createdAt, claimedAt),
          ),
        );
    },

    /**
     * Whether the claim is still the attempt's, locked until the transaction ends: unanswered, and
     * still at the time the attempt claimed it (a takeover moves it). The order is written only then.
     */
    async holdsClaim(scope: string, key: string, claimedAt: Date): Promise<boolean> {
      const [row] = await db
        .select({ createdAt: orderRequests.createdAt, replyStatus: orderRequests.replyStatus })
        .from(orderRequests)
        .where(and(eq(orderRequests.scope, scope), eq(orderRequests.key, key)))
        .for("no key update");
      return row !== undefined && row.replyStatus === null && row.createdAt.getTime() === claimedAt.getTime();
    },

    /** The claim of an attempt by its order id (each claim draws its own). */
    async requestOfOrder(orderId: string): Promise<OrderRequestRow | null> {
      const [row] = await db.select().from(orderRequests).where(eq(orderRequests.orderId, orderId));
      return row ?? null;
    },

    /** Claims never answered that were made (or taken over) before `before`, oldest first. */
    async staleRequests(before: Date, limit: number): Promise<OrderRequestRow[]> {
      return db
        .select()
        .from(orderRequests)
        .where(and(isNull(orderRequests.replyStatus), lt(orderRequests.createdAt, before)))
        .orderBy(asc(orderRequests.createdAt))
        .limit(limit);
    },

    /**
     * A card leg about to be authorized. A leg already recorded under its key keeps its first record:
     * that is what the gateway was (or may have been) asked under the key.
     */
    async recordAttemptLeg(leg: typeof orderAttemptLegs.$inferInsert): Promise<void> {
      await db.insert(orderAttemptLegs).values(leg).onConflictDoNothing();
    },

    async setAttemptLeg(
      orderId: string,
      leg: number,
      answer: { authorizeAskedAt: Date } | { authorizationId: string } | { captureId: string },
    ): Promise<void> {
      await db
        .update(orderAttemptLegs)
        .set(answer)
        .where(and(eq(orderAttemptLegs.orderId, orderId), eq(orderAttemptLegs.leg, leg)));
    },

    async attemptLeg(orderId: string, leg: number): Promise<OrderAttemptLegRow | null> {
      const [row] = await db
        .select()
        .from(orderAttemptLegs)
        .where(and(eq(orderAttemptLegs.orderId, orderId), eq(orderAttemptLegs.leg, leg)));
      return row ?? null;
    },

    async attemptLegs(orderId: string): Promise<OrderAttemptLegRow[]> {
      return db
        .select()
        .from(orderAttemptLegs)
        .where(eq(orderAttemptLegs.orderId, orderId))
        .orderBy(asc(orderAttemptLegs.leg));
    },

    /** Forgets these legs of an attempt (the order has them, or the gateway gave them back). */
    async deleteAttemptLegs(orderId: string, legs?: readonly number[]): Promise<void> {
      await db
        .delete(orderAttemptLegs)
        .where(
          and(
            eq(orderAttemptLegs.orderId, orderId),
            legs ? inArray(orderAttemptLegs.leg, [...legs]) : undefined,
          ),
        );
    },

    /** Attempts with legs recorded before `before`, oldest first (the recovery run checks each). */
    async attemptsWithLegs(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ orderId: orderAttemptLegs.orderId, first: sql<Date>`min(${orderAttemptLegs.recordedAt})` })
        .from(orderAttemptLegs)
        .where(lt(orderAttemptLegs.recordedAt, before))
        .groupBy(orderAttemptLegs.orderId)
        .orderBy(sql`min(${orderAttemptLegs.recordedAt})`)
        .limit(limit);
      return rows.map((row) => row.orderId);
    },

    /** Frees a key whose attempt failed without an answer, so a retry can start again. */
    async releaseRequest(scope: string, key: string): Promise<void> {
      await db
        .delete(orderRequests)
        .where(
          and(eq(orderRequests.scope, scope), eq(orderRequests.key, key), isNull(orderRequests.replyStatus)),
        );
    },

    async numberTaken(number: string): Promise<boolean> {
      const rows = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
      return rows.length > 0;
    },

    /** Whether a one-time token already paid a leg (tokens pay once). */
    async tokenUsed(tokenHash: string): Promise<boolean> {
      const [paid] = await db
        .select({ orderId: orderPayments.orderId })
        .from(orderPayments)
        .where(eq(orderPayments.tokenHash, tokenHash))
        .limit(1);
      if (paid) return true;
      const [saved] = await db
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(eq(paymentMethods.tokenHash, tokenHash))
        .limit(1);
      return saved !== undefined;
    },

    async insertOrder(record: {
      order: NewOrderRow;
      items: Array<typeof orderItems.$inferInsert>;
      payments: Array<typeof orderPayments.$inferInsert>;
    }): Promise<{ order: OrderRow; items: OrderItemRow[]; payments: OrderPaymentRow[] }> {
      const [order] = await db.insert(orders).values(record.order).returning();
      if (!order) throw new Error("order insert returned nothing");
      const items = await db.insert(orderItems).values(record.items).returning();
      const payments =
        record.payments.length > 0 ? await db.insert(orderPayments).values(record.payments).returning() : [];
      return { order, items, payments };
    },

    async insertEntry(entry: typeof orderEntries.$inferInsert): Promise<OrderEntryRow> {
      const [row] = await db.insert(orderEntries).values(entry).returning();
      if (!row) throw new Error("order entry insert returned nothing");
      return row;
    },

    async insertPasses(rows: NewPassRow[]): Promise<void> {
      if (rows.length > 0) await db.insert(passes).values(rows);
    },

    async insertSubscriptions(rows: NewSubscriptionRow[]): Promise<void> {
      if (rows.length > 0) await db.insert(subscriptions).values(rows);
    },

    async insertShipment(row: NewShipmentRow): Promise<void> {
      await db.insert(shipments).values(row);
    },

    /** The order with its parts, whoever's it is (the service decides who may see it). */
    async find(id: string): Promise<OrderRecord | null> {
      const [order] = await db.select().from(orders).where(eq(orders.id, id));
      return recordOf(order);
    },

    /** One of the rider's own orders; null for anyone else's or none. */
    async findForUser(userId: string, id: string): Promise<OrderRecord | null> {
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.userId, userId)));
      return recordOf(order);
    },

    /** A guest's order by its id and the SHA-256 of its link's token; null when either is wrong. */
    async findByGuestLink(id: string, linkHash: string): Promise<OrderRecord | null> {
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.guestLinkHash, linkHash)));
      return recordOf(order);
    },

    /** Locks the order's row until the transaction ends (refunds). */
    async lock(id: string): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).for("no key update");
      return row ?? null;
    },

    /** A page of the rider's orders, newest first, after `cursor`; one more than `limit` tells a next page. */
    async page(userId: string, limit: number, cursor: KeysetCursor | null): Promise<OrderSummary[]> {
      const after = cursor
        ? or(lt(orders.createdAt, cursor.at), and(eq(orders.createdAt, cursor.at), lt(orders.id, cursor.id)))
        : undefined;
      const rows = await db
        .select({
          order: orders,
          printedCardNumber: fareMedia.printedCardNumber,
          nickname: fareMedia.nickname,
          items: sql<string>`(select coalesce(sum(${orderItems.quantity}), 0) from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
          lines: sql<
            OrderSummary["lines"] | string
          >`(select coalesce(json_agg(json_build_object('name', ${orderItems.name}, 'quantity', ${orderItems.quantity}) order by ${orderItems.line}), '[]'::json) from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
        })
        .from(orders)
        .leftJoin(fareMedia, eq(fareMedia.id, orders.fareMediumId))
        .where(and(eq(orders.userId, userId), after))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit);
      return rows.map((row) =>
        summaryOf(
          row.order,
          Number(row.items),
          row.printedCardNumber !== null && row.order.fareMediumId
            ? {
                id: row.order.fareMediumId,
                nickname: row.nickname ?? "",
                printedCardNumber: row.printedCardNumber,
              }
            : null,
          // A driver may hand json back as text.
          typeof row.lines === "string" ? (JSON.parse(row.lines) as OrderSummary["lines"]) : row.lines,
        ),
      );
    },

    async paymentsOf(orderId: string): Promise<OrderPaymentRow[]> {
      return db
        .select()
        .from(orderPayments)
        .where(eq(orderPayments.orderId, orderId))
        .orderBy(asc(orderPayments.leg));
    },

    async itemsOf(orderId: string): Promise<OrderItemRow[]> {
      return db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.line));
    },

    async saleGroupOf(orderId: string): Promise<string | null> {
      const [row] = await db
        .select({ group: orderEntries.entryGroup })
        .from(orderEntries)
        .where(and(eq(orderEntries.orderId, orderId), eq(orderEntries.type, "sale")));
      return row?.group ?? null;
    },

    async setLegRefunded(orderId: string, leg: number, refunded: number): Promise<void> {
      await db
        .update(orderPayments)
        .set({ refunded })
        .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.leg, leg)));
    },

    /**
     * Takes one-time card tokens for order `orderId`: true when each is free or already this order's,
     * false (taking none) when another attempt holds one.
     */
    async claimTokens(tokenHashes: readonly string[], orderId: string, at: Date): Promise<boolean> {
      if (tokenHashes.length === 0) return true;
      const taken = await db
        .insert(paymentTokenClaims)
        .values(tokenHashes.map((tokenHash) => ({ tokenHash, orderId, claimedAt: at })))
        .onConflictDoNothing()
        .returning({ tokenHash: paymentTokenClaims.tokenHash });
      if (taken.length === tokenHashes.length) return true;
      const holders = await db
        .select()
        .from(paymentTokenClaims)
        .where(inArray(paymentTokenClaims.tokenHash, [...tokenHashes]));
      if (holders.length === tokenHashes.length && holders.every((row) => row.orderId === orderId))
        return true;
      if (taken.length > 0) {
        await db.delete(paymentTokenClaims).where(
          and(
            eq(paymentTokenClaims.orderId, orderId),
            inArray(
              paymentTokenClaims.tokenHash,
              taken.map((row) => row.tokenHash),
            ),
          ),
        );
      }
      return false;
    },

    /** Frees the tokens an attempt for `orderId` took (it was refused or failed). */
    async freeTokens(orderId: string): Promise<void> {
      await db.delete(paymentTokenClaims).where(eq(paymentTokenClaims.orderId, orderId));
    },

    /** A refund claimed (issue 33): pending until the gateway has answered and the books say so. */
    async insertRefund(refund: typeof orderRefunds.$inferInsert): Promise<OrderRefundRow> {
      const [row] = await db.insert(orderRefunds).values(refund).returning();
      if (!row) throw new Error("the refund claim was not written");
      return row;
    },

    /** A refund's claim, locked until the transaction ends when `lock` says so. */
    async findRefund(refundId: string, lock = false): Promise<OrderRefundRow | null> {
      const query = db.select().from(orderRefunds).where(eq(orderRefunds.refundId, refundId));
      const [row] = await (lock ? query.for("no key update") : query);
      return row ?? null;
    },

    /** Refunds still pending that were claimed before `before`, oldest first (the recovery run). */
    async stalePendingRefunds(before: Date, limit: number): Promise<OrderRefundRow[]> {
      return db
        .select()
        .from(orderRefunds)
        .where(and(eq(orderRefunds.status, "pending"), lt(orderRefunds.createdAt, before)))
        .orderBy(asc(orderRefunds.createdAt))
        .limit(limit);
    },

    /**
     * What of a rider's wallet is still pending (issue 48, item 4): the wallet loads placed after
     * `since` (paid through the gateway, not settled yet), less what refunds gave back of them.
     */
    async pendingWalletLoads(userId: string, currency: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ amount: sql<string>`coalesce(sum(${orders.total} - ${orders.refunded}), 0)` })
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.kind, "load"),
            isNull(orders.fareMediumId),
            eq(orders.currency, currency),
            sql`${orders.createdAt} > ${since}`,
          ),
        );
      return Number(row?.amount ?? 0);
    },

    /** Every refund claimed of the order, whatever its status. */
    async refundsOf(orderId: string): Promise<OrderRefundRow[]> {
      return db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
    },

    async closeRefund(
      refundId: string,
      outcome: { status: "settled" | "refused"; amount: number; storedValue: number; settledAt: Date },
    ): Promise<void> {
      await db.update(orderRefunds).set(outcome).where(eq(orderRefunds.refundId, refundId));
    },

    async setRefunded(orderId: string, refunded: number, status: OrderRow["status"]): Promise<void> {
      await db.update(orders).set({ refunded, status }).where(eq(orders.id, orderId));
    },

    /** A full refund: the order's passes are spoiled and its subscriptions cancelled. */
    async undoFulfilment(orderId: string): Promise<void> {
      await db.update(passes).set({ status: "spoiled" }).where(eq(passes.orderId, orderId));
      await db.update(subscriptions).set({ status: "cancelled" }).where(eq(subscriptions.orderId, orderId));
    },

    async passesOf(orderIds: readonly string[]): Promise<PassRow[]> {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(passes)
        .where(inArray(passes.orderId, [...orderIds]))
        .orderBy(asc(passes.line), asc(passes.serialNumber));
    },
  };
}
