import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fareMedia, orders, outboxMessages, passes, subscriptions, users } from "../db/schema.ts";
import { demoCatalog } from "../db/seed-catalog.ts";
import { manualClock } from "../domain/clock.ts";
import { SandboxPaymentGateway } from "../gateways/payments/sandbox.ts";
import { createTestApp, type TestApp } from "../test/helpers.ts";
import { testCardToken } from "../test/sandbox-cards.ts";
import { renewalKey } from "./renewals.ts";

const clock = manualClock(new Date("2026-11-23T12:00:00Z"));
const dayMs = 24 * 60 * 60_000;
let t: TestApp;
let gateway: SandboxPaymentGateway;
let weekPrice = 0;
const { products } = demoCatalog;

beforeAll(async () => {
  t = await createTestApp({ clock });
  if (!(t.app.payments instanceof SandboxPaymentGateway)) throw new Error("the test app has the sandbox");
  gateway = t.app.payments;
  const week = (await t.app.catalog.snapshot()).products.find(
    (entry) => entry.row.uuid === products.weekPass,
  );
  if (!week) throw new Error("no week pass in the catalogue");
  weekPrice = week.row.listPrice;
});
afterAll(() => t.close());

interface Rider {
  id: string;
  token: string;
}
let riders = 0;
async function rider(): Promise<Rider> {
  const user = await t.app.accounts.create({
    email: `renewal-rider-${++riders}@example.org`,
    passwordHash: "not-a-real-hash",
    firstName: "Ada",
    lastName: "Byron",
    mobile: null,
    locale: "en",
    emailConfirmed: true,
  });
  return { id: user.id, token: (await t.app.accounts.startSession(user.id, clock.now())).token };
}

let cards = 0;
async function fareCard(owner: Rider): Promise<string> {
  const id = randomUUID();
  await t.database.db.insert(fareMedia).values({
    id,
    userId: owner.id,
    organizationId: t.config.organization.parentUuid,
    nickname: `Card ${++cards}`,
    printedCardNumber: `7200 0000 ${String(cards).padStart(4, "0")} 0000`,
    securityCodeHash: "not-a-real-hash",
    expiresOn: "2031-12-31",
    category: "Adult",
    type: "VIRTUAL",
    status: "ACTIVE",
    riderType: "ADULT",
  });
  return id;
}

const cardToken = (number?: string) => testCardToken(gateway, number);

async function savedCard(owner: Rider, number = "4242424242424242"): Promise<string> {
  const reply = await t.app.inject({
    method: "POST",
    url: "/transit/payment_methods",
    headers: { authorization: `Bearer ${owner.token}` },
    payload: {
      token: cardToken(number),
      billing: { last_name: "Byron", address_1: "1 Main St", zip_code: "94103" },
    },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data.payment_method.id;
}

/** Asks for one auto-renewed week pass for the card, paid by `payments`; the reply. */
const orderRenewing = (owner: Rider, card: string, payments: object[]) =>
  t.app.inject({
    method: "POST",
    url: "/transit/orders",
    headers: { authorization: `Bearer ${owner.token}`, "idempotency-key": randomUUID() },
    payload: {
      lines: [{ product: products.weekPass, quantity: 1, auto_renew: true }],
      fare_medium: card,
      expected_total: weekPrice,
      payments,
    },
  });

/** Checks out one auto-renewed week pass for the card; the order's id. */
async function checkout(owner: Rider, card: string, payment: object): Promise<string> {
  const reply = await orderRenewing(owner, card, [payment]);
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data.id;
}

const subscriptionOf = async (orderId: string) => {
  const rows = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
  expect(rows).toHaveLength(1);
  const [row] = rows;
  if (!row) throw new Error("no subscription");
  return row;
};

describe("checkout's auto-renewed passes", () => {
  it("renew with the one saved method that paid, when the pass's days are over (7 for a 7-Day Pass)", async () => {
    const ada = await rider();
    const card = await fareCard(ada);
    const method = await savedCard(ada);
    const orderId = await checkout(ada, card, { kind: "saved", payment_method: method, amount: weekPrice });
    const subscription = await subscriptionOf(orderId);
    expect(subscription.status).toBe("active");
    expect(subscription.paymentMethodId).toBe(method);
    expect(subscription.renewsAt?.toISOString()).toBe(
      new Date(clock.now().getTime() + 7 * dayMs).toISOString(),
    );
    // The pass itself lasts its product's days from its first ride.
    expect(await passesOn(card)).toEqual([expect.objectContaining({ validDays: 7, usableCount: null })]);
  });

  it("are refused, with nothing charged, when a one-time card or a split would pay (no one method to renew on)", async () => {
    const bob = await rider();
    const card = await fareCard(bob);
    const method = await savedCard(bob);
    const other = await savedCard(bob, "5555555555554444");
    for (const payments of [
      [{ kind: "card", token: cardToken(), amount: weekPrice }],
      [
        { kind: "saved", payment_method: method, amount: weekPrice - 100 },
        { kind: "saved", payment_method: other, amount: 100 },
      ],
    ]) {
      const reply = await orderRenewing(bob, card, payments);
      expect(reply.statusCode, reply.body).toBe(422);
      expect(reply.json().errors[0].message).toBe(
        "Auto-renewed passes need a saved payment method that pays the whole order.",
      );
    }
    expect(await ordersOf(bob)).toHaveLength(0);
    expect(await passesOn(card)).toHaveLength(0);
  });
});

const subscriptionById = async (id: string) => {
  const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) throw new Error("no subscription");
  return row;
};
const ordersOf = (owner: Rider) => t.database.db.select().from(orders).where(eq(orders.userId, owner.id));
const passesOn = (card: string) => t.database.db.select().from(passes).where(eq(passes.fareMediumId, card));
async function mailTo(owner: Rider): Promise<string[]> {
  const [user] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
  const mail = await t.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, user?.email ?? ""));
  return mail.map((message) => message.subject ?? "");
}

describe("renewals (app.renewals.runDue)", () => {
  it("renew nothing before the date, then buy the pass again at today's price with the saved method, once", async () => {
    const ada = await rider();
    const card = await fareCard(ada);
    const method = await savedCard(ada);
    const orderId = await checkout(ada, card, { kind: "saved", payment_method: method, amount: weekPrice });
    const subscription = await subscriptionOf(orderId);
    const due = subscription.renewsAt;
    if (!due) throw new Error("no renewal date");

    // (Other tests' subscriptions share this app: each test checks its own rider's rows.)
    await t.app.renewals.runDue(new Date(due.getTime() - 1));
    expect(await ordersOf(ada)).toHaveLength(1);

    // Two schedulers at once: one renewal.
    await Promise.all([t.app.renewals.runDue(due), t.app.renewals.runDue(due)]);
    const placed = await ordersOf(ada);
    expect(placed).toHaveLength(2);
    const renewal = placed.find((order) => order.id !== orderId);
    expect(renewal?.total).toBe(weekPrice);
    expect(await passesOn(card)).toHaveLength(2);
    const after = await subscriptionById(subscription.id);
    expect(after.status).toBe("active");
    expect(after.renewsAt?.getTime()).toBeGreaterThan(due.getTime());
    // The renewal is an order like any: a receipt, and no second subscription.
    expect(
      (await mailTo(ada)).filter((subject) => subject.includes(renewal?.number ?? "-")),
    ).not.toHaveLength(0);
    expect(
      await t.database.db.select().from(subscriptions).where(eq(subscriptions.fareMediumId, card)),
    ).toHaveLength(1);
    // Running again at the same time changes nothing.
    await t.app.renewals.runDue(due);
    expect(await ordersOf(ada)).toHaveLength(2);
    // The renewal's key is the server's own: a rider's request with the same key is a new order.
    const reply = await t.app.inject({
      method: "POST",
      url: "/transit/orders",
      headers: { authorization: `Bearer ${ada.token}`, "idempotency-key": renewalKey(subscription, due) },
      payload: {
        lines: [{ product: products.weekPass, quantity: 1 }],
        fare_medium: card,
        expected_total: weekPrice,
        payments: [{ kind: "saved", payment_method: method, amount: weekPrice }],
      },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().data.id).not.toBe(renewal?.id);
  });

  it("charge no period that is already over: a renewal weeks late pays once, for the week in progress", async () => {
    const ed = await rider();
    const card = await fareCard(ed);
    const method = await savedCard(ed);
    const orderId = await checkout(ed, card, { kind: "saved", payment_method: method, amount: weekPrice });
    const subscription = await subscriptionOf(orderId);
    const due = subscription.renewsAt;
    if (!due) throw new Error("no renewal date");
    // The server was stopped for three weeks and two days after the date.
    const late = new Date(due.getTime() + 23 * dayMs);
    await Promise.all([t.app.renewals.runDue(late), t.app.renewals.runDue(late)]);
    expect(await ordersOf(ed)).toHaveLength(2);
    const after = await subscriptionById(subscription.id);
    // One renewal, for the week in progress (it began 21 days after the date); the next is when the
    // new pass's 7 days are over.
    expect(after.renewsAt?.toISOString()).toBe(new Date(late.getTime() + 7 * dayMs).toISOString());
    await t.app.renewals.runDue(late);
    expect(await ordersOf(ed)).toHaveLength(2);
  });

  it("cancel a subscription whose card is declined, and tell the rider; no order, no pass", async () => {
    const cy = await rider();
    const card = await fareCard(cy);
    const good = await savedCard(cy);
    const orderId = await checkout(cy, card, { kind: "saved", payment_method: good, amount: weekPrice });
    const subscription = await subscriptionOf(orderId);
    const declining = await savedCard(cy, "4000000000009995");
    await t.database.db
      .update(subscriptions)
      .set({ paymentMethodId: declining })
      .where(eq(subscriptions.id, subscription.id));
    const due = subscription.renewsAt ?? clock.now();
    await t.app.renewals.runDue(due);
    const after = await subscriptionById(subscription.id);
    expect(after.status).toBe("cancelled");
    expect(after.renewsAt).toBeNull();
    expect(await ordersOf(cy)).toHaveLength(1);
    expect(await passesOn(card)).toHaveLength(1);
    expect(await mailTo(cy)).toContain("Your pass did not renew");
  });

  it("cancel when the card is blocked, or when the method is gone (no method to charge)", async () => {
    const di = await rider();
    const blockedCard = await fareCard(di);
    const method = await savedCard(di);
    const blockedOrder = await checkout(di, blockedCard, {
      kind: "saved",
      payment_method: method,
      amount: weekPrice,
    });
    const onBlocked = await subscriptionOf(blockedOrder);
    await t.database.db
      .update(fareMedia)
      .set({ status: "BLOCKED", blockedAt: clock.now() })
      .where(eq(fareMedia.id, blockedCard));
    const otherCard = await fareCard(di);
    const oneTimeOrder = await checkout(di, otherCard, {
      kind: "saved",
      payment_method: method,
      amount: weekPrice,
    });
    const oneTime = await subscriptionOf(oneTimeOrder);
    // A subscription left with no method (one made before auto-renew needed a saved one).
    await t.database.db
      .update(subscriptions)
      .set({ paymentMethodId: null })
      .where(eq(subscriptions.id, oneTime.id));

    await t.app.renewals.runDue(new Date(clock.now().getTime() + 31 * dayMs));
    expect((await subscriptionById(onBlocked.id)).status).toBe("cancelled");
    expect((await subscriptionById(oneTime.id)).status).toBe("cancelled");
    expect(await ordersOf(di)).toHaveLength(2);
    expect((await mailTo(di)).filter((subject) => subject === "Your pass did not renew")).toHaveLength(2);
  });
});
