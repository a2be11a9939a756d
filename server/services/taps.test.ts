import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardActivity, passes, products, taps } from "../db/schema.ts";
import { manualClock } from "../domain/clock.ts";
import { balanceOf } from "../repositories/card-activity.ts";
import { createTestApp, type TestApp } from "../test/helpers.ts";
import { newCapRule, newCard, newRider, newRoute, savedCard } from "../test/transit-fixtures.ts";
import { replyOf } from "./orders/replies.ts";

const clock = manualClock(new Date("2026-06-10T16:00:00Z"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const tap = async (body: Record<string, unknown>) => {
  const result = await t.app.taps.tap({ route: "", ...body } as Parameters<typeof t.app.taps.tap>[0]);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.tap;
};
const general = async (cardId: string) => (await balanceOf(t.app.db, cardId, "USD")).general;

/** A pass bought for the card through the order service (the first digital pass any rider type may use). */
async function passOn(rider: { id: string; token: string }, cardId: string) {
  const [product] = await t.app.db
    .select()
    .from(products)
    .where(
      and(
        eq(products.subType, "DIGITAL_PASS"),
        eq(products.active, true),
        eq(products.organizationId, t.config.organization.parentUuid),
        sql`cardinality(${products.riderTypes}) = 0`,
      ),
    )
    .limit(1);
  if (!product) throw new Error("no digital pass in the demo catalogue");
  const method = await savedCard(t, rider);
  const user = await t.app.accounts.findById(rider.id);
  if (!user) throw new Error("no rider");
  const placed = await t.app.orders.place({
    customer: { kind: "rider", user },
    idempotencyKey: randomUUID(),
    request: {
      lines: [{ product: product.uuid, quantity: 1 }],
      fare_medium: cardId,
      expected_total: product.listPrice,
      payments: [{ kind: "saved", payment_method: method, amount: product.listPrice }],
    },
    locale: "en",
    address: "127.0.0.1",
    receipt: false,
  });
  if (!placed.ok) throw new Error(replyOf(placed).body);
  const { order } = placed;
  const [pass] = await t.app.db.select().from(passes).where(eq(passes.orderId, order.id));
  if (!pass) throw new Error("no pass");
  return pass;
}

describe("app.taps.tap on a fare card", () => {
  it("uses a pass first: activates it, counts its rides, spends it at the last", async () => {
    const ada = await newRider(t);
    const card = await newCard(t, ada.id, { general: 1000 });
    const route = await newRoute(t, { ADULT: 250 });
    const pass = await passOn(ada, card.id);
    await t.app.db
      .update(passes)
      .set({ usableCount: 2, validDays: 7, expiresAt: null, status: "available", activatedAt: null })
      .where(eq(passes.id, pass.id));
    const first = await tap({ route, fare_medium: card.id });
    expect(first).toMatchObject({ outcome: "pass", pass: pass.id, charged: 0, balance_after: 1000 });
    const [active] = await t.app.db.select().from(passes).where(eq(passes.id, pass.id));
    expect(active).toMatchObject({ status: "active", usedCount: 1, activatedAt: clock.now() });
    expect(active?.expiresAt).toEqual(new Date(clock.now().getTime() + 7 * 24 * 3600_000));
    const second = await tap({ route, card_number: card.number.replace(/(\d{4})/g, "$1 ") });
    expect(second.outcome).toBe("pass");
    const [spent] = await t.app.db.select().from(passes).where(eq(passes.id, pass.id));
    expect(spent).toMatchObject({ status: "expired", usedCount: 2 });
    const third = await tap({ route, fare_medium: card.id });
    expect(third).toMatchObject({ outcome: "fare", charged: 250, balance_after: 750 });
    const rows = await t.app.db.select().from(cardActivity).where(eq(cardActivity.fareMediumId, card.id));
    // The pass's purchase (no stored value moved), then the rides.
    expect(rows.map((row) => row.kind).sort()).toEqual(["purchase", "tap", "tap_pass", "tap_pass"]);
    expect(rows.find((row) => row.kind === "purchase")).toMatchObject({ amount: null, balanceAfter: null });
  });

  it("rides free once a cap is reached in the period, and pays again the next day", async () => {
    const riderType = `TAPCAP${randomUUID().slice(0, 4)}`;
    await newCapRule(t, riderType, "day", 3, "Daily cap");
    const ada = await newRider(t);
    const card = await newCard(t, ada.id, { general: 2000, riderType });
    const route = await newRoute(t, { ADULT: 200 });
    const at = (hour: number, day = 10) => new Date(Date.UTC(2026, 5, day, hour)).toISOString();
    const outcomes = [];
    for (const hour of [12, 13, 14, 15, 16])
      outcomes.push((await tap({ route, fare_medium: card.id, at: at(hour) })).outcome);
    expect(outcomes).toEqual(["fare", "fare", "fare", "capped", "capped"]);
    expect(await general(card.id)).toBe(1400);
    expect((await tap({ route, fare_medium: card.id, at: at(14, 11) })).outcome).toBe("fare");
    const capped = await t.app.db
      .select()
      .from(taps)
      .where(and(eq(taps.fareMediumId, card.id), eq(taps.capped, true)));
    expect(capped).toHaveLength(2);
  });

  it("declines without moving money: too little, blocked, unusable; the same key is the same tap", async () => {
    const ada = await newRider(t);
    const route = await newRoute(t, { ADULT: 300 });
    const poor = await newCard(t, ada.id, { general: 200, commuter: 900 });
    expect(await tap({ route, fare_medium: poor.id })).toMatchObject({
      outcome: "declined",
      declined_reason: "insufficient_funds",
      charged: 0,
    });
    expect(await general(poor.id)).toBe(200);
    const blocked = await newCard(t, ada.id, { general: 1000, status: "BLOCKED" });
    expect((await tap({ route, fare_medium: blocked.id })).declined_reason).toBe("card_blocked");
    const suspended = await newCard(t, ada.id, { general: 1000, status: "SUSPENDED" });
    expect((await tap({ route, fare_medium: suspended.id })).declined_reason).toBe("card_unusable");
    expect(await general(blocked.id)).toBe(1000);
    const rich = await newCard(t, ada.id, { general: 1000 });
    const once = await tap({ route, fare_medium: rich.id, key: "gate-1" });
    const twice = await tap({ route, fare_medium: rich.id, key: "gate-1" });
    expect(twice.id).toBe(once.id);
    expect(await general(rich.id)).toBe(700);
    const unknown = await t.app.taps.tap({ route, fare_medium: randomUUID() });
    expect(unknown.ok).toBe(false);
    const noRoute = await t.app.taps.tap({ route: "NOPE", fare_medium: rich.id });
    expect(noRoute.ok).toBe(false);
  });

  it("runs the card's threshold autoload after a fare tap", async () => {
    const ada = await newRider(t);
    const card = await newCard(t, ada.id, { general: 600 });
    const method = await savedCard(t, ada);
    const saved = await t.app.inject({
      method: "PUT",
      url: `/transit/faremedia/${card.id}/autoload`,
      headers: { authorization: `Bearer ${ada.token}` },
      payload: { amount: 1000, payment_method: method, trigger: "threshold", threshold: 500 },
    });
    expect(saved.statusCode).toBe(200);
    const route = await newRoute(t, { ADULT: 250 });
    await tap({ route, fare_medium: card.id });
    expect(await general(card.id)).toBe(1350);
    await tap({ route, fare_medium: card.id });
    expect(await general(card.id)).toBe(1100);
  });
});

describe("bank-card taps and GET /transit/transactions", () => {
  it("charges the fare through the gateway as a TX- transaction the rider sees, and nobody else", async () => {
    const ada = await newRider(t);
    const bob = await newRider(t);
    const method = await savedCard(t, ada);
    const route = await newRoute(t, { ADULT: 275 });
    const first = await tap({ route, payment_method: method, at: "2026-06-01T12:00:00.000Z" });
    expect(first).toMatchObject({ outcome: "fare", charged: 275, balance_after: null });
    expect(first.transaction_number).toMatch(/^TX-\d{10}$/);
    await tap({ route, payment_method: method, at: "2026-06-02T12:00:00.000Z" });
    await tap({ route, payment_method: method, at: "2026-06-03T12:00:00.000Z" });
    const declinedMethod = await savedCard(t, ada, "4000000000009995");
    expect((await tap({ route, payment_method: declinedMethod })).declined_reason).toBe("payment_declined");
    const page = (token: string, query = "") =>
      t.app.inject({
        method: "GET",
        url: `/transit/transactions${query}`,
        headers: { authorization: `Bearer ${token}` },
      });
    const one = (await page(ada.token, "?limit=2")).json().data;
    expect(one.transactions).toHaveLength(2);
    expect(one.transactions[0]).toMatchObject({
      tapped_at: "2026-06-03T12:00:00.000Z",
      amount: 275,
      items: [{ name: expect.stringContaining("Adult fare, Route"), amount: 275 }],
      payment_method: { id: method, label: "Visa •••• 4242" },
      capped: false,
    });
    const two = (await page(ada.token, `?limit=2&after=${one.next}`)).json().data;
    expect(two.transactions.map((row: { id: string }) => row.id)).toEqual([first.id]);
    expect(two.next).toBeNull();
    expect((await page(bob.token)).json().data.transactions).toEqual([]);
    expect((await page(ada.token, "?after=garbage")).statusCode).toBe(400);
    expect((await page(ada.token, "?limit=0")).statusCode).toBe(400);
  });
});

describe("bank-card taps and fare caps", () => {
  it("ride free once the adult daily cap (the demo's 3) is reached on that bank card", async () => {
    const ada = await newRider(t);
    const method = await savedCard(t, ada);
    const route = await newRoute(t, { ADULT: 300 });
    const outcomes = [];
    for (const hour of [12, 14, 16, 18]) {
      const tapped = await tap({
        route,
        payment_method: method,
        at: new Date(Date.UTC(2026, 6, 7, hour)).toISOString(),
      });
      outcomes.push([tapped.outcome, tapped.charged]);
    }
    expect(outcomes).toEqual([
      ["fare", 300],
      ["fare", 300],
      ["fare", 300],
      ["capped", 0],
    ]);
    const page = await t.app.inject({
      method: "GET",
      url: "/transit/transactions?limit=1",
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(page.json().data.transactions[0]).toMatchObject({
      amount: 0,
      capped: true,
      items: [{ amount: 300 }],
    });
  });
});

describe("dev routes", () => {
  it("lists routes and taps over HTTP where the dev mailbox is on", async () => {
    const route = await newRoute(t, { ADULT: 100 });
    const listed = await t.app.inject({ method: "GET", url: "/dev/transit/routes" });
    expect(listed.json().data.routes).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: route })]),
    );
    const card = await newCard(t, null, { general: 500 });
    const reply = await t.app.inject({
      method: "POST",
      url: "/dev/transit/taps",
      payload: { route, card_number: card.number },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data.tap).toMatchObject({ outcome: "fare", charged: 100, balance_after: 400 });
    const both = await t.app.inject({
      method: "POST",
      url: "/dev/transit/taps",
      payload: { route, card_number: card.number, fare_medium: card.id },
    });
    expect(both.statusCode).toBe(400);
  });

  it("taps a saved bank card only for its own rider, signed in: its id alone charges nothing", async () => {
    const route = await newRoute(t, { ADULT: 100 });
    const ada = await newRider(t);
    const bob = await newRider(t);
    const method = await savedCard(t, ada);
    const tapAs = (token: string | null, key = randomUUID()) =>
      t.app.inject({
        method: "POST",
        url: "/dev/transit/taps",
        payload: { route, payment_method: method, key },
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const key = randomUUID();
    expect((await tapAs(null, key)).statusCode).toBe(401);
    expect((await tapAs(bob.token, key)).statusCode).toBe(404);
    const charged = await tapAs(ada.token, key);
    expect(charged.statusCode).toBe(201);
    expect(charged.json().data.tap).toMatchObject({ outcome: "fare", charged: 100 });
    // Bob cannot read Ada's tap back by its key either.
    expect((await tapAs(bob.token, key)).statusCode).toBe(404);
    const [counted] = await t.app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(taps)
      .where(eq(taps.paymentMethodId, method));
    expect(counted?.count).toBe(1);
  });
});
