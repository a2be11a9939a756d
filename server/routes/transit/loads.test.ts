import { randomUUID } from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import {
  cardActivity,
  cardTokens,
  ledgerEntries,
  orders,
  outboxMessages,
  sandboxCharges,
} from "../../db/schema.ts";
import { demoCatalog } from "../../db/seed-catalog.ts";
import { manualClock } from "../../domain/clock.ts";
import { ledgerAccounts } from "../../domain/ledger-accounts.ts";
import { sandboxCustomerId } from "../../gateways/payments/sandbox-charges.ts";
import { balanceOf } from "../../repositories/card-activity.ts";
import { cardTokenHash } from "../../services/card-tokens.ts";
import { loadSettleMs } from "../../services/orders.ts";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import { newCard, newRider, sandboxCardToken, savedCard } from "../../test/transit-fixtures.ts";

const clock = manualClock(new Date("2026-05-04T15:00:00Z"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const post = (
  url: string,
  token: string | null,
  body: unknown,
  key: string | null = randomUUID(),
  auth = "Bearer",
) =>
  t.app.inject({
    method: "POST",
    url,
    headers: {
      ...(token === null ? {} : { authorization: `${auth} ${token}` }),
      ...(key === null ? {} : { "idempotency-key": key }),
    },
    payload: body as object,
  });
const load = (token: string, cardId: string, body: unknown, key?: string | null) =>
  post(`/transit/faremedia/${cardId}/loads`, token, body, key);
const saved = (method: string, amount: number) => ({ kind: "saved", payment_method: method, amount });
const general = async (cardId: string) => (await balanceOf(t.app.db, cardId, "USD")).general;
const codeOf = (reply: { json(): { errors: Array<{ code: number; field?: string }> } }) =>
  reply.json().errors[0];

describe("POST /transit/faremedia/:id/loads", () => {
  it("loads a card as an order of kind load: value pending in the general funds, receipt, order history", async () => {
    const ada = await newRider(t);
    const card = await newCard(t, ada.id, { general: 300 });
    const method = await savedCard(t, ada);
    const reply = await load(ada.token, card.id, {
      amount: 2000,
      expected_total: 2000,
      payments: [saved(method, 2000)],
    });
    expect(reply.statusCode).toBe(201);
    const { order, fare_medium } = reply.json().data;
    expect(order).toMatchObject({ kind: "load", total: 2000, status: "paid" });
    expect(order.items).toEqual([
      expect.objectContaining({ sub_type: "STORED_VALUE", fulfilment: "stored_value" }),
    ]);
    expect(fare_medium.balance.general_funds).toBe(2300);
    const [row] = await t.app.db.select().from(cardActivity).where(eq(cardActivity.orderId, order.id));
    expect(row).toMatchObject({ kind: "load", amount: 2000, balanceAfter: 2300, pending: true });
    expect((await balanceOf(t.app.db, card.id, "USD")).pending).toBe(2000);
    const history = await t.app.inject({
      method: "GET",
      url: "/transit/orders",
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(history.json().data.orders).toEqual([expect.objectContaining({ id: order.id, kind: "load" })]);
    const summary = await t.app.inject({
      method: "GET",
      url: `/transit/orders/${order.id}`,
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(summary.json().data.kind).toBe("load");
    const receipts = await t.app.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, order.email), like(outboxMessages.body, `%${order.number}%`)));
    expect(receipts).toHaveLength(1);

    // Settled ten minutes later, on the app's clock.
    expect(await t.app.wallet.settle(new Date(clock.now().getTime() + 9 * 60_000))).toBe(0);
    clock.advance(11 * 60_000);
    expect(await t.app.wallet.settle()).toBeGreaterThanOrEqual(1);
    const [settled] = await t.app.db.select().from(cardActivity).where(eq(cardActivity.orderId, order.id));
    expect(settled?.pending).toBe(false);
    expect(settled?.settledAt).toEqual(clock.now());
  });

  it("places one order per key, even 50 at once", async () => {
    const ada = await newRider(t);
    const card = await newCard(t, ada.id);
    const method = await savedCard(t, ada);
    const body = { amount: 1000, expected_total: 1000, payments: [saved(method, 1000)] };
    const key = randomUUID();
    const first = await load(ada.token, card.id, body, key);
    const again = await load(ada.token, card.id, body, key);
    expect(again.json().data.order.id).toBe(first.json().data.order.id);
    const other = await load(
      ada.token,
      card.id,
      { ...body, amount: 1100, expected_total: 1100, payments: [saved(method, 1100)] },
      key,
    );
    expect(codeOf(other)?.code).toBe(ErrorCode.idempotencyMismatch);
    const raceKey = randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => load(ada.token, card.id, body, raceKey)),
    );
    for (const reply of replies) expect([201, 409]).toContain(reply.statusCode);
    const ids = new Set(replies.filter((r) => r.statusCode === 201).map((r) => r.json().data.order.id));
    expect(ids.size).toBe(1);
    expect(await general(card.id)).toBe(2000);
    const made = await t.app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.fareMediumId, card.id));
    expect(made[0]?.count).toBe(2);
  });

  it("refuses a one-time card of a brand the portal does not take, loading nothing (issue 47)", async () => {
    const ada = await newRider(t);
    const card = await newCard(t, ada.id, { general: 300 });
    const reply = await load(ada.token, card.id, {
      amount: 1000,
      expected_total: 1000,
      payments: [{ kind: "card", token: sandboxCardToken(t, "3530111333300000"), amount: 1000 }],
    });
    expect([reply.statusCode, codeOf(reply)]).toEqual([
      422,
      { code: ErrorCode.cardTypeUnsupported, message: "Unsupported Card Type", field: "payments/0" },
    ]);
    expect(await general(card.id)).toBe(300);
  });

  it("refuses a split whose two legs are the same saved method, as the portal does (issue 47)", async () => {
    const ada = await newRider(t);
    const card = await newCard(t, ada.id);
    const method = await savedCard(t, ada);
    const reply = await load(ada.token, card.id, {
      amount: 1000,
      expected_total: 1000,
      payments: [saved(method, 500), saved(method, 500)],
    });
    expect(reply.statusCode, reply.body).toBe(422);
    expect(codeOf(reply)).toMatchObject({
      code: ErrorCode.paymentRefused,
      message: "Please choose two different payment methods.",
      field: "payments/1",
    });
    expect(await general(card.id)).toBe(0);
  });

  it("splits in exactly two legs, and a declined leg voids the other and writes nothing", async () => {
    const ada = await newRider(t);
    const card = await newCard(t, ada.id);
    const good = await savedCard(t, ada);
    const split = await load(ada.token, card.id, {
      amount: 3000,
      expected_total: 3000,
      payments: [saved(good, 1000), { kind: "card", token: sandboxCardToken(t), amount: 2000 }],
    });
    expect(split.statusCode).toBe(201);
    expect(split.json().data.order.payments).toHaveLength(2);
    const three = await load(ada.token, card.id, {
      amount: 3000,
      expected_total: 3000,
      payments: [saved(good, 1000), saved(good, 1000), saved(good, 1000)],
    });
    expect([three.statusCode, codeOf(three)?.code]).toEqual([422, ErrorCode.paymentRefused]);
    const bad = await savedCard(t, ada, "4000000000009995");
    const declined = await load(ada.token, card.id, {
      amount: 3000,
      expected_total: 3000,
      payments: [saved(good, 1000), saved(bad, 2000)],
    });
    expect(declined.statusCode).toBe(422);
    expect(codeOf(declined)).toMatchObject({ code: ErrorCode.paymentMethodDeclined, field: "payments/1" });
    expect(await general(card.id)).toBe(3000);
    // The approved first leg was voided: of this rider's charges, the declined load's 10.00 is void.
    const charges = await t.database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.customerId, sandboxCustomerId(ada.id)));
    expect(charges.filter((charge) => charge.amount === 1000).map((charge) => charge.status)).toContain(
      "voided",
    );
    // The same key for another card is another load.
    const key = randomUUID();
    const body = { amount: 500, expected_total: 500, payments: [saved(good, 500)] };
    expect((await load(ada.token, card.id, body, key)).statusCode).toBe(201);
    const other = await newCard(t, ada.id);
    expect(codeOf(await load(ada.token, other.id, body, key))?.code).toBe(ErrorCode.idempotencyMismatch);
  });

  it("keeps to the bounds, the card's state and the price", async () => {
    const ada = await newRider(t);
    const card = await newCard(t, ada.id, { general: 49_000 });
    const method = await savedCard(t, ada);
    const attempt = (amount: number, cardId = card.id, expected = amount) =>
      load(ada.token, cardId, { amount, expected_total: expected, payments: [saved(method, expected)] });
    for (const amount of [499, 25_001, 1.5, 2000]) {
      const reply = await attempt(amount, card.id, Math.ceil(amount));
      expect([reply.statusCode, codeOf(reply)?.code, codeOf(reply)?.field]).toEqual([
        422,
        ErrorCode.amountInvalid,
        "amount",
      ]);
    }
    expect((await attempt(1000)).statusCode).toBe(201);
    const changed = await attempt(500, card.id, 600);
    expect(codeOf(changed)?.code).toBe(ErrorCode.priceChanged);
    const blocked = await newCard(t, ada.id, { status: "BLOCKED" });
    expect(codeOf(await attempt(500, blocked.id))?.code).toBe(ErrorCode.fareCardUnavailable);
    expect(await general(card.id)).toBe(50_000);
  });

  it("answers one 404 for another rider's card, an unknown id and a non-uuid, and needs a key", async () => {
    const ada = await newRider(t);
    const bob = await newRider(t);
    const bobs = await newCard(t, bob.id);
    const method = await savedCard(t, ada);
    const body = { amount: 500, expected_total: 500, payments: [saved(method, 500)] };
    const bodies = await Promise.all(
      [bobs.id, randomUUID(), "nope", bobs.id.toUpperCase()].map(
        async (id) => (await load(ada.token, id, body)).body,
      ),
    );
    expect(new Set(bodies), bodies.join("\n")).toHaveProperty("size", 1);
    expect(JSON.parse(bodies[0] ?? "{}").errors[0].code).toBe(ErrorCode.notFound);
    const mine = await newCard(t, ada.id);
    expect((await load(ada.token, mine.id, body, null)).statusCode).toBe(400);
    expect((await load(ada.token, mine.id, body, "x".repeat(300))).statusCode).toBe(400);
    expect((await load(ada.token, mine.id, { ...body, extra: true })).statusCode).toBe(400);
    expect((await load(ada.token, mine.id, {})).statusCode).toBe(400);
    expect(await general(bobs.id)).toBe(0);
  });
});

describe("the wallet", () => {
  it("shows its balance and limits and takes loads", async () => {
    const ada = await newRider(t);
    const method = await savedCard(t, ada);
    const get = () =>
      t.app.inject({
        method: "GET",
        url: "/transit/wallet",
        headers: { authorization: `Bearer ${ada.token}` },
      });
    expect((await get()).json().data.wallet).toEqual({
      balance: 0,
      pending: 0,
      currency: "USD",
      limits: { min: 500, max: 25_000, currency: "USD" },
      // Its own autoload (issue 47): none yet.
      autoload: null,
    });
    const reply = await post("/transit/wallet/loads", ada.token, {
      amount: 1500,
      expected_total: 1500,
      payments: [saved(method, 1500)],
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data.wallet.balance).toBe(1500);
    expect(reply.json().data.order.kind).toBe("load");
    // Pending until it settles, as a card load (issue 48, item 4).
    expect((await get()).json().data.wallet).toMatchObject({ balance: 1500, pending: 1500 });
  });
});

describe("POST /transit/anonymous/card/loads", () => {
  it("loads the card of a live card token with a one-time card, the receipt to the email", async () => {
    const card = await newCard(t, null, { general: 100 });
    const token = `guest-${randomUUID()}`;
    await t.app.db.insert(cardTokens).values({
      id: randomUUID(),
      fareMediumId: card.id,
      tokenHash: cardTokenHash(token),
      expiresAt: new Date(clock.now().getTime() + 30 * 60_000),
    });
    const body = {
      email: "guest@example.org",
      amount: 700,
      expected_total: 700,
      payments: [{ kind: "card", token: sandboxCardToken(t), amount: 700 }],
    };
    expect((await post("/transit/anonymous/card/loads", null, body)).statusCode).toBe(401);
    expect(
      (await post("/transit/anonymous/card/loads", "nope-nope-nope-nope", body, randomUUID(), "Card"))
        .statusCode,
    ).toBe(401);
    const reply = await post("/transit/anonymous/card/loads", token, body, randomUUID(), "Card");
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data.fare_medium.balance.general_funds).toBe(800);
    expect(reply.json().data.order.email).toBe("guest@example.org");
    const savedLeg = await post(
      "/transit/anonymous/card/loads",
      token,
      { ...body, payments: [{ kind: "saved", payment_method: randomUUID(), amount: 700 }] },
      randomUUID(),
      "Card",
    );
    expect(savedLeg.statusCode).toBe(400);
  });
});

describe("value a load has not settled, and refunds of loads (issue 33, items 3 and 4)", () => {
  const transfer = (token: string, body: unknown) => post("/transit/faremedia/transfers", token, body);
  const hold = async () => (await t.app.ledger.balance(t.app.db, ledgerAccounts.refundHold, "USD")).amount;
  const loadOf = async (token: string, cardId: string, method: string, amount: number) => {
    const reply = await load(token, cardId, {
      amount,
      expected_total: amount,
      payments: [saved(method, amount)],
    });
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json().data.order as { id: string; number: string; total: number };
  };
  const refundedAtGateway = async (number: string) =>
    (await t.app.db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, number)))[0]?.refunded;
  const settleAll = async () => {
    clock.advance(11 * 60_000);
    await t.app.wallet.settle();
  };

  it("value still pending cannot be moved to another card; once settled it can", async () => {
    const ada = await newRider(t);
    const card = await newCard(t, ada.id, { general: 1000 });
    const other = await newCard(t, ada.id);
    const method = await savedCard(t, ada);
    await loadOf(ada.token, card.id, method, 2000);
    const refused = await transfer(ada.token, { from: card.id, to: other.id, amount: 2500 });
    expect(refused.statusCode).toBe(422);
    expect(codeOf(refused)?.code).toBe(ErrorCode.transferAmountExceeded);
    expect(await general(card.id)).toBe(3000);
    // Nor does it pay at checkout (the quote offers the settled part only).
    expect(await t.app.orders.purses(ada.id, card.id)).toMatchObject({ stored_value: 1000 });
    const month = demoCatalog.products.monthPass;
    const price = (await t.app.catalog.snapshot()).products.find((entry) => entry.row.uuid === month)?.row
      .listPrice;
    if (price === undefined || price <= 1001) throw new Error("the 30-Day Pass costs more than $10.01");
    const overSettled = await post("/transit/orders", ada.token, {
      lines: [{ product: month, quantity: 1 }],
      fare_medium: card.id,
      expected_total: price,
      payments: [{ kind: "stored_value", amount: 1001 }, saved(method, price - 1001)],
    });
    expect(overSettled.statusCode, overSettled.body).toBe(422);
    expect(codeOf(overSettled)).toMatchObject({ code: ErrorCode.paymentRefused, field: "payments/0" });
    // The settled part moves.
    expect((await transfer(ada.token, { from: card.id, to: other.id, amount: 1000 })).statusCode).toBe(201);
    await settleAll();
    expect((await transfer(ada.token, { from: card.id, to: other.id, amount: 2000 })).statusCode).toBe(201);
    expect(await general(card.id)).toBe(0);
    expect(await general(other.id)).toBe(3000);
  });

  it("a partial refund of a load takes its value off the card; pending or spent value is refused", async () => {
    const ada = await newRider(t);
    const card = await newCard(t, ada.id);
    const other = await newCard(t, ada.id);
    const method = await savedCard(t, ada);
    const order = await loadOf(ada.token, card.id, method, 2000);
    expect(await t.app.orders.refund(order.id, 1999, "too early")).toEqual({
      ok: false,
      problem: "storedValuePending",
    });
    await settleAll();
    const part = await t.app.orders.refund(order.id, 1999, "most of it");
    expect(part.ok && part.order.status).toBe("partially_refunded");
    expect(await general(card.id)).toBe(1);
    expect(await refundedAtGateway(order.number)).toBe(1999);
    // The last cent moved to another card: what is left of the load cannot come back to the rider.
    expect((await transfer(ada.token, { from: card.id, to: other.id, amount: 1 })).statusCode).toBe(201);
    expect(await t.app.orders.refund(order.id, null, "the rest")).toEqual({
      ok: false,
      problem: "storedValueSpent",
    });
    expect(await refundedAtGateway(order.number)).toBe(1999);
    expect(await hold()).toBe(0);
    const reply = await t.app.inject({
      method: "POST",
      url: `/transit/orders/${order.id}/refunds`,
      headers: { authorization: "Bearer nobody" },
      payload: { reason: "x" },
    });
    expect(reply.statusCode).toBe(401);
  });

  it("refunds of a wallet load take the value off the wallet, in parts and then the rest", async () => {
    const ada = await newRider(t);
    const method = await savedCard(t, ada);
    const reply = await post("/transit/wallet/loads", ada.token, {
      amount: 1500,
      expected_total: 1500,
      payments: [saved(method, 1500)],
    });
    expect(reply.statusCode).toBe(201);
    const order = reply.json().data.order as { id: string; number: string };
    const wallet = async () =>
      (await t.app.ledger.balance(t.app.db, ledgerAccounts.wallet(ada.id), "USD")).amount;
    // Not before the load settles, as a card load (issue 48, item 4).
    expect(await t.app.orders.refund(order.id, 500, "too early")).toEqual({
      ok: false,
      problem: "storedValuePending",
    });
    clock.advance(loadSettleMs + 1000);
    expect((await t.app.orders.refund(order.id, 500, "part")).ok).toBe(true);
    expect(await wallet()).toBe(1000);
    const rest = await t.app.orders.refund(order.id, null, "rest");
    expect(rest.ok && rest.order.status).toBe("refunded");
    expect(await wallet()).toBe(0);
    expect(await refundedAtGateway(order.number)).toBe(1500);
    // Everything the load moved is back where it was.
    const moved = await t.app.db
      .select({ account: ledgerEntries.account, total: sql<string>`sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.reference} like ${`${order.number}%`}`)
      .groupBy(ledgerEntries.account);
    expect(moved.map((row) => Number(row.total))).toEqual(moved.map(() => 0));
  });

  it("the value held for a refund the gateway refuses goes back to the card", async () => {
    const ada = await newRider(t);
    const card = await newCard(t, ada.id);
    const method = await savedCard(t, ada);
    const order = await loadOf(ada.token, card.id, method, 2000);
    await settleAll();
    const gateway = t.app.payments;
    const refund = gateway.refund.bind(gateway);
    gateway.refund = async () => ({ outcome: "declined", reason: "processing_error" });
    try {
      expect(await t.app.orders.refund(order.id, 500, "refused")).toEqual({
        ok: false,
        problem: "gatewayRefused",
      });
    } finally {
      gateway.refund = refund;
    }
    expect(await general(card.id)).toBe(2000);
    expect(await hold()).toBe(0);
    expect((await t.app.orders.refund(order.id, 500, "again")).ok).toBe(true);
    expect(await general(card.id)).toBe(1500);
  });
});
