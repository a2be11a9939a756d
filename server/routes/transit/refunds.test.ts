/**
 * Issue 48, items 1 and 2: an operator's refund is claimed once per Idempotency-Key (a double click is
 * one refund, with the same answer), a refund of nothing is refused, and the ledger's revenue of an
 * order never goes below zero (the database refuses it). Parallel requests are sent at once; the file
 * runs on PGlite (`npm run test:server`) and PostgreSQL (`npm run test:pg`).
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlacedOrder } from "../../../src/domain/checkout/order.ts";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { money } from "../../../src/domain/money.ts";
import { ledgerEntries, orderRefunds, sandboxCharges } from "../../db/schema.ts";
import { demoCatalog } from "../../db/seed-catalog.ts";
import { ledgerAccounts } from "../../domain/ledger-accounts.ts";
import { inTransaction } from "../../services/transaction.ts";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import { newCard, newRider, savedCard } from "../../test/transit-fixtures.ts";

const operatorToken = "operator-token-of-the-refunds-test-0123456789";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ operatorToken });
});
afterAll(async () => {
  await t.close();
});

const { products } = demoCatalog;

async function priceOf(uuid: string): Promise<number> {
  const entry = (await t.app.catalog.snapshot()).products.find((product) => product.row.uuid === uuid);
  if (!entry) throw new Error(`no product ${uuid}`);
  return entry.row.listPrice;
}

/** A paid day-pass order of a new rider's (`quantity` passes), with `promo` when given. */
async function paidOrder(quantity: number, promo: string | null = null): Promise<PlacedOrder> {
  const rider = await newRider(t, "refunds");
  const card = await newCard(t, rider.id);
  const method = await savedCard(t, rider);
  const subtotal = (await priceOf(products.dayPass)) * quantity;
  // WELCOME10 is 10 % off, rounded half up (as the checkout's quote).
  const total = promo === null ? subtotal : subtotal - Math.floor((subtotal * 1000 + 5000) / 10_000);
  const reply = await t.app.inject({
    method: "POST",
    url: "/transit/orders",
    headers: { authorization: `Bearer ${rider.token}`, "idempotency-key": randomUUID() },
    payload: {
      lines: [{ product: products.dayPass, quantity }],
      fare_medium: card.id,
      promo_code: promo,
      expected_total: total,
      payments: [{ kind: "saved", payment_method: method, amount: total }],
    },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data;
}

const refund = (orderId: string, payload: object, key: string | null = randomUUID()) =>
  t.app.inject({
    method: "POST",
    url: `/transit/orders/${orderId}/refunds`,
    headers: {
      authorization: `Bearer ${operatorToken}`,
      ...(key === null ? {} : { "idempotency-key": key }),
    },
    payload,
  });

/** What the gateway gave back of the order's charges: refunded, or all of a voided one. */
const chargeRefunded = async (order: PlacedOrder) => {
  const rows = await t.app.db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, order.number));
  return rows.reduce((sum, row) => sum + (row.status === "voided" ? row.amount : row.refunded), 0);
};
const claimsOf = (order: PlacedOrder) =>
  t.app.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
/** The order's revenue in the books: the sale's and every refund's entries on `revenue`. */
async function revenueOf(order: PlacedOrder): Promise<number> {
  const [row] = await t.app.db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(
      sql`${ledgerEntries.account} = 'revenue' and (${ledgerEntries.reference} = ${order.number} or ${ledgerEntries.reference} like ${`${order.number}:%`})`,
    );
  return Number(row?.total ?? 0);
}

describe("an operator's refund is one per Idempotency-Key (issue 48, item 1)", () => {
  it("two identical partial refunds sent at once with one key: one refund paid, neither a second", async () => {
    const order = await paidOrder(3);
    const key = randomUUID();
    const replies = await Promise.all([
      refund(order.id, { amount: 500, reason: "double click" }, key),
      refund(order.id, { amount: 500, reason: "double click" }, key),
    ]);
    // The one that came second either waited for the first (201, the same order) or was told the
    // first is still on its way (409 with Retry-After); never a second refund.
    for (const reply of replies) expect([201, 409], reply.body).toContain(reply.statusCode);
    expect(replies.some((reply) => reply.statusCode === 201)).toBe(true);
    for (const reply of replies.filter((one) => one.statusCode === 409))
      expect(reply.headers["retry-after"]).toBe("1");
    expect(await chargeRefunded(order)).toBe(500);
    expect(await claimsOf(order)).toHaveLength(1);
    // The key again, once settled: the same refund and the same answer, nothing more paid.
    const again = await refund(order.id, { amount: 500, reason: "double click" }, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data).toMatchObject({ status: "partially_refunded" });
    const first = replies.find((reply) => reply.statusCode === 201);
    expect(again.body).toBe(first?.body);
    expect(await chargeRefunded(order)).toBe(500);
    expect(await claimsOf(order)).toHaveLength(1);
  });

  it("ten at once with one key on a refund of all: one refund, the order refunded once", async () => {
    const order = await paidOrder(2);
    const key = randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => refund(order.id, { reason: "cancelled" }, key)),
    );
    for (const reply of replies) expect([201, 409], reply.body).toContain(reply.statusCode);
    expect(await chargeRefunded(order)).toBe(order.total);
    expect(await claimsOf(order)).toHaveLength(1);
    expect(await revenueOf(order)).toBe(0);
  });

  it("different keys are different refunds; a key is bound to its order and to what it asked", async () => {
    const order = await paidOrder(3);
    const other = await paidOrder(1);
    const key = randomUUID();
    expect((await refund(order.id, { amount: 100, reason: "late bus" }, key)).statusCode).toBe(201);
    // The same key for another amount or reason is refused, and pays nothing.
    const changed = await refund(order.id, { amount: 200, reason: "late bus" }, key);
    expect(changed.statusCode, changed.body).toBe(422);
    expect(changed.json().errors[0]).toMatchObject({
      code: ErrorCode.idempotencyMismatch,
      field: "Idempotency-Key",
    });
    expect((await refund(order.id, { amount: 100, reason: "another reason" }, key)).statusCode).toBe(422);
    // The same key on another order is that order's own refund.
    expect((await refund(other.id, { amount: 100, reason: "late bus" }, key)).statusCode).toBe(201);
    expect((await refund(order.id, { amount: 100, reason: "late bus" }, randomUUID())).statusCode).toBe(201);
    expect(await chargeRefunded(order)).toBe(200);
    expect(await chargeRefunded(other)).toBe(100);
  });

  it("asks for a key as placing an order does", async () => {
    const order = await paidOrder(1);
    for (const key of [null, "", "ключ", "x".repeat(256)]) {
      const reply = await refund(order.id, { amount: 100, reason: "no key" }, key);
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json().errors[0]).toMatchObject({ code: ErrorCode.validation, field: "Idempotency-Key" });
    }
    expect(await chargeRefunded(order)).toBe(0);
  });

  it("an empty body, a NUL byte in the key or the reason, and a body that is not JSON refund nothing", async () => {
    const order = await paidOrder(1);
    const post = (headers: Record<string, string>, payload?: string) =>
      t.app.inject({
        method: "POST",
        url: `/transit/orders/${order.id}/refunds`,
        headers: { authorization: `Bearer ${operatorToken}`, "idempotency-key": randomUUID(), ...headers },
        ...(payload === undefined ? {} : { payload }),
      });
    const replies = [
      await post({ "content-type": "application/json" }, ""),
      await post({ "content-type": "application/json" }, "{"),
      await post({ "content-type": "application/json" }, JSON.stringify({ amount: 100, reason: "a\u0000b" })),
      await refund(order.id, { amount: 100, reason: "nul key" }, "key\u0000nul"),
    ];
    for (const reply of replies) {
      expect(reply.statusCode, reply.body).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, reply.body).toBeLessThan(500);
    }
    expect(await chargeRefunded(order)).toBe(0);
    // What was refused took nothing: the whole order can still be refunded, once.
    const all = await refund(order.id, { reason: "all" });
    expect(all.statusCode, all.body).toBe(201);
    expect(await chargeRefunded(order)).toBe(order.total);
  });
});

describe("a refund of nothing is refused, and revenue never goes below zero (issue 48, item 2)", () => {
  it("an amount of 0 is refused, on an order with something left and on one refunded in full", async () => {
    const order = await paidOrder(1);
    const zero = await refund(order.id, { amount: 0, reason: "nothing" });
    expect(zero.statusCode, zero.body).toBe(422);
    expect((await refund(order.id, { reason: "all" })).statusCode).toBe(201);
    for (const payload of [{ amount: 0, reason: "nothing" }, { reason: "all again" }])
      expect((await refund(order.id, payload)).statusCode).toBe(422);
    expect(await claimsOf(order)).toHaveLength(1);
  });

  it("parallel refunds of all on a discounted order: one refund, the revenue and the promo moved once", async () => {
    const orders = await Promise.all([paidOrder(2, "WELCOME10"), paidOrder(3, "WELCOME10")]);
    for (const order of orders) expect(order.discount).toBeGreaterThan(0);
    const promoBefore = await accountTotal("promo");
    const replies = await Promise.all(
      orders.flatMap((order) => Array.from({ length: 6 }, () => refund(order.id, { reason: "storm" }))),
    );
    const created = replies.filter((reply) => reply.statusCode === 201);
    expect(created).toHaveLength(2);
    for (const reply of replies.filter((one) => one.statusCode !== 201))
      expect(reply.statusCode, reply.body).toBe(422);
    for (const order of orders) {
      expect(await claimsOf(order)).toHaveLength(1);
      expect(await revenueOf(order)).toBe(0);
      expect(await chargeRefunded(order)).toBe(order.total);
    }
    // Each order's discount went back to promo once.
    const discounts = orders.reduce((sum, order) => sum + order.discount, 0);
    expect((await accountTotal("promo")) - promoBefore).toBe(discounts);
  });

  it("the database refuses a group that takes an order's revenue below zero", async () => {
    const order = await paidOrder(1);
    const currency = order.currency;
    const post = (amount: number, reference: string) =>
      inTransaction(t.app.db, ({ tx }) =>
        t.app.ledger.post(tx, {
          reference,
          entries: [
            { account: ledgerAccounts.revenue, amount: money(-amount, currency) },
            { account: ledgerAccounts.promo, amount: money(amount, currency) },
          ],
        }),
      );
    // The database's words, whichever driver wraps them (node-postgres fails the commit itself).
    const refusal = (attempt: Promise<unknown>) =>
      attempt.then(
        () => "posted",
        (error: Error) => `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}`,
      );
    // All of it may go (a full refund does so); one cent more may not, nor may it go in two groups.
    expect(await refusal(post(order.total + 1, `${order.number}:refund:${randomUUID()}`))).toMatch(
      `leaves the revenue of ${order.number}`,
    );
    await post(order.total - 1, `${order.number}:refund:${randomUUID()}`);
    expect(await refusal(post(2, `${order.number}:refund:${randomUUID()}`))).toMatch(
      `leaves the revenue of ${order.number} at -1`,
    );
    await post(1, `${order.number}:refund:${randomUUID()}`);
    expect(await revenueOf(order)).toBe(0);
  });
});

async function accountTotal(account: string): Promise<number> {
  const [row] = await t.app.db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, account));
  return Number(row?.total ?? 0);
}
