import { randomUUID } from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { cardActivity, cardTokens, orders, outboxMessages, sandboxCharges } from "../../db/schema.ts";
import { manualClock } from "../../domain/clock.ts";
import { sandboxCustomerId } from "../../gateways/payments/sandbox-charges.ts";
import { balanceOf } from "../../repositories/card-activity.ts";
import { cardTokenHash } from "../../services/card-tokens.ts";
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
      currency: "USD",
      limits: { min: 500, max: 25_000, currency: "USD" },
    });
    const reply = await post("/transit/wallet/loads", ada.token, {
      amount: 1500,
      expected_total: 1500,
      payments: [saved(method, 1500)],
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data.wallet.balance).toBe(1500);
    expect(reply.json().data.order.kind).toBe("load");
    expect((await get()).json().data.wallet.balance).toBe(1500);
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
