import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fareMedia, subscriptions } from "../db/schema.ts";
import { demoCatalog } from "../db/seed-catalog.ts";
import { manualClock } from "../domain/clock.ts";
import { SandboxPaymentGateway } from "../gateways/payments/sandbox.ts";
import { createTestApp, type TestApp } from "../test/helpers.ts";

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

function cardToken(number = "4242424242424242"): string {
  const made = gateway.createCardToken({
    number,
    exp_month: 12,
    exp_year: 2031,
    cvc: "739",
    postal_code: "94103",
  });
  if (!made.ok) throw new Error(`not tokenized: ${made.problem}`);
  return made.value.token;
}

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

/** Checks out one auto-renewed week pass for the card; the order's id. */
async function checkout(owner: Rider, card: string, payment: object): Promise<string> {
  const reply = await t.app.inject({
    method: "POST",
    url: "/transit/orders",
    headers: { authorization: `Bearer ${owner.token}`, "idempotency-key": randomUUID() },
    payload: {
      lines: [{ product: products.weekPass, quantity: 1, auto_renew: true }],
      fare_medium: card,
      expected_total: weekPrice,
      payments: [payment],
    },
  });
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
  it("renew with the one saved method that paid, at the pass's end (30 days when unknown)", async () => {
    const ada = await rider();
    const card = await fareCard(ada);
    const method = await savedCard(ada);
    const orderId = await checkout(ada, card, { kind: "saved", payment_method: method, amount: weekPrice });
    const subscription = await subscriptionOf(orderId);
    expect(subscription.status).toBe("active");
    expect(subscription.paymentMethodId).toBe(method);
    expect(subscription.renewsAt?.toISOString()).toBe(
      new Date(clock.now().getTime() + 30 * dayMs).toISOString(),
    );
  });

  it("have no method when a one-time card paid, but still a date", async () => {
    const bob = await rider();
    const card = await fareCard(bob);
    const orderId = await checkout(bob, card, { kind: "card", token: cardToken(), amount: weekPrice });
    const subscription = await subscriptionOf(orderId);
    expect(subscription.paymentMethodId).toBeNull();
    expect(subscription.renewsAt?.toISOString()).toBe(
      new Date(clock.now().getTime() + 30 * dayMs).toISOString(),
    );
  });
});
