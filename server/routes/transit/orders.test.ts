import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  GuestOrderRequest,
  OrderDetail,
  OrderPage,
  PlacedOrder,
  PlaceOrderRequest,
} from "../../../src/domain/checkout/order.ts";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { money } from "../../../src/domain/money.ts";
import {
  fareMedia,
  ledgerEntries,
  orderAttemptLegs,
  orderRequests,
  orders,
  outboxMessages,
  passes,
  products as productsTable,
  sandboxCharges,
  subscriptions,
} from "../../db/schema.ts";
import { demoCatalog } from "../../db/seed-catalog.ts";
import { manualClock } from "../../domain/clock.ts";
import { type LedgerAccount, ledgerAccounts } from "../../domain/ledger-accounts.ts";
import { SandboxPaymentGateway } from "../../gateways/payments/sandbox.ts";
import { sandboxCustomerId } from "../../gateways/payments/sandbox-charges.ts";
import { createPromoCodeRepository } from "../../repositories/promo-codes.ts";
import {
  guestScopeOf,
  idempotencyKeyHash,
  orderRequestHash,
  staleClaimMs,
} from "../../services/orders/idempotency.ts";
import { orderNotPlacedMessage } from "../../services/orders/replies.ts";
import { loadSettleMs } from "../../services/orders.ts";
import { inTransaction } from "../../services/transaction.ts";
import { createTestApp, type TestApp, testPublicUrl } from "../../test/helpers.ts";
import { guestCardToken, issueCard } from "../../test/pass-fixtures.ts";
import { testCardToken } from "../../test/sandbox-cards.ts";

const operatorToken = "operator-token-of-the-orders-test-0123456789";
const clock = manualClock(new Date("2026-11-23T12:00:00Z"));
let t: TestApp;
let gateway: SandboxPaymentGateway;
const price = new Map<string, number>();
beforeAll(async () => {
  t = await createTestApp({ clock, operatorToken });
  if (!(t.app.payments instanceof SandboxPaymentGateway)) throw new Error("the test app has the sandbox");
  gateway = t.app.payments;
  for (const entry of (await t.app.catalog.snapshot()).products)
    price.set(entry.row.uuid, entry.row.listPrice);
});
afterAll(async () => {
  // Whatever the file did, the books balance and no rider's account is below zero.
  const unbalanced = await t.database.db
    .select({ group: ledgerEntries.entryGroup })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.entryGroup, ledgerEntries.currency)
    .having(sql`sum(${ledgerEntries.amount}) <> 0`);
  expect(unbalanced).toEqual([]);
  const negative = await t.database.db
    .select({ account: ledgerEntries.account })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.account} like 'farecard:%' or ${ledgerEntries.account} like 'wallet:%'`)
    .groupBy(ledgerEntries.account, ledgerEntries.currency)
    .having(sql`sum(${ledgerEntries.amount}) < 0`);
  expect(negative).toEqual([]);
  await t.close();
});

const { products } = demoCatalog;
const priceOf = (uuid: string) => {
  const found = price.get(uuid);
  if (found === undefined) throw new Error(`no price for ${uuid}`);
  return found;
};

let riders = 0;
interface Rider {
  id: string;
  email: string;
  token: string;
}
async function rider(): Promise<Rider> {
  const email = `order-rider-${++riders}@example.org`;
  const user = await t.app.accounts.create({
    email,
    passwordHash: "not-a-real-hash",
    firstName: "Ada",
    lastName: "Byron",
    mobile: null,
    locale: "en",
    emailConfirmed: true,
  });
  return { id: user.id, email, token: (await t.app.accounts.startSession(user.id, clock.now())).token };
}

let cards = 0;
/** A fare card of the rider's (digital, adult), holding `general` minor units of general funds. */
async function fareCard(owner: Rider, general = 0, status: "ACTIVE" | "BLOCKED" = "ACTIVE"): Promise<string> {
  const id = randomUUID();
  await t.database.db.insert(fareMedia).values({
    id,
    userId: owner.id,
    organizationId: t.config.organization.parentUuid,
    nickname: `Card ${++cards}`,
    printedCardNumber: `7100 0000 ${String(cards).padStart(4, "0")} 0000`,
    securityCodeHash: "not-a-real-hash",
    expiresOn: "2031-12-31",
    category: "Adult",
    type: "VIRTUAL",
    status,
    riderType: "ADULT",
  });
  if (general > 0) await fund(ledgerAccounts.fareCard(id, "general"), general);
  return id;
}

async function fund(account: LedgerAccount, amount: number) {
  await inTransaction(t.database.db, ({ tx }) =>
    t.app.ledger.post(tx, {
      reference: `opening:test:${account}`,
      entries: [
        { account, amount: money(amount, "USD") },
        { account: ledgerAccounts.opening, amount: money(-amount, "USD") },
      ],
    }),
  );
}

const cardToken = (number?: string) => testCardToken(gateway, number);

/** A saved card of the rider's (through the payment methods route); its id. */
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

const placeAsGuest = (payload: unknown, key: string = randomUUID(), headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/transit/anonymous/orders",
    headers: { "idempotency-key": key, ...headers },
    payload: payload as object,
  });
const place = (
  owner: Rider,
  payload: unknown,
  key: string = randomUUID(),
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: "POST",
    url: "/transit/orders",
    headers: { authorization: `Bearer ${owner.token}`, "idempotency-key": key, ...headers },
    payload: payload as object,
  });
const get = (owner: Rider | null, url: string) =>
  t.app.inject({
    method: "GET",
    url,
    headers: owner ? { authorization: `Bearer ${owner.token}` } : {},
  });

async function placed(reply: Awaited<ReturnType<typeof place>>): Promise<PlacedOrder> {
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data;
}
function refusedWith(reply: Awaited<ReturnType<typeof place>>, status: number, code: number, field?: string) {
  expect(reply.statusCode, reply.body).toBe(status);
  const [error] = reply.json().errors;
  expect(error.code, reply.body).toBe(code);
  if (field !== undefined) expect(error.field).toBe(field);
  return error as { code: number; message: string; field?: string; reason?: string };
}

/** A one-line digital order for the rider's card, paid by one saved method. */
function dayPassOrder(card: string, method: string, quantity = 1): PlaceOrderRequest {
  const total = priceOf(products.dayPass) * quantity;
  return {
    lines: [{ product: products.dayPass, quantity }],
    fare_medium: card,
    expected_total: total,
    payments: [{ kind: "saved", payment_method: method, amount: total }],
  };
}

const ordersOf = async (userId: string) =>
  t.database.db.select().from(orders).where(eq(orders.userId, userId));
const passesOf = async (orderId: string) =>
  t.database.db.select().from(passes).where(eq(passes.orderId, orderId));
const ledgerOf = async (reference: string) =>
  t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, reference));

describe("POST /transit/orders: a rider's digital order", () => {
  it("places it: the order, its legs, the captured charge, the ledger, the passes and the receipt", async () => {
    const ada = await rider();
    const card = await fareCard(ada);
    const method = await savedCard(ada);
    const order = await placed(await place(ada, dayPassOrder(card, method, 2)));
    const total = priceOf(products.dayPass) * 2;
    expect(order).toMatchObject({
      status: "paid",
      kind: "digital",
      currency: "USD",
      subtotal: total,
      shipping: 0,
      discount: 0,
      total,
      item_count: 2,
      email: ada.email,
      guest_link: null,
      promo_code: null,
      shipping_method: null,
      shipping_address: null,
    });
    expect(order.number).toMatch(/^TP-\d{8}$/);
    expect(order.card_number).toMatch(/^•••• \d{4}$/);
    expect(order.fare_medium?.id).toBe(card);
    expect(order.items).toEqual([
      expect.objectContaining({
        product: products.dayPass,
        quantity: 2,
        fulfilment: "pass",
        auto_renew: false,
      }),
    ]);
    expect(order.payments).toEqual([
      expect.objectContaining({
        leg: 0,
        kind: "saved",
        amount: total,
        brand: "visa",
        last4: "4242",
        payment_method: method,
      }),
    ]);
    expect(order.entries).toEqual([expect.objectContaining({ type: "sale", amount: total })]);

    const charges = await t.database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.reference, order.number));
    expect(charges.map((charge) => [charge.status, charge.captured])).toEqual([["captured", total]]);
    // The leg's purchase number is the gateway's charge, as the rider's bank knows it (issue 47).
    expect(order.payments[0]?.purchase_number).toBe(charges[0]?.id);
    // Each item says the offer it was sold under: the product's short description then (spec section 3).
    const [sold] = await t.database.db
      .select()
      .from(productsTable)
      .where(eq(productsTable.uuid, products.dayPass));
    expect(sold?.shortDescription).toBeTruthy();
    expect(order.items[0]?.offer_serve).toEqual({ offer_code: { text: sold?.shortDescription } });
    const entries = await ledgerOf(order.number);
    expect(Object.fromEntries(entries.map((entry) => [entry.account, entry.amount]))).toEqual({
      "gateway:clearing": -total,
      revenue: total,
    });
    const issued = await passesOf(order.id);
    expect(issued).toHaveLength(2);
    expect(issued.every((pass) => pass.fareMediumId === card && pass.userId === ada.id)).toBe(true);
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, ada.email));
    expect(mail?.subject).toContain(order.number);
    expect(mail?.body).toContain(`${testPublicUrl}/ordersummary/${order.id}`);

    const read = await get(ada, `/transit/orders/${order.id}`);
    expect(read.statusCode).toBe(200);
    const { guest_link: _link, ...detail } = order;
    expect(read.json().data).toEqual(detail satisfies OrderDetail);
  });
});

describe("POST /transit/orders: the Idempotency-Key", () => {
  it("answers the same key and body with the first reply, byte for byte, and makes one order", async () => {
    const ada = await rider();
    const card = await fareCard(ada);
    const method = await savedCard(ada);
    const key = randomUUID();
    const first = await place(ada, dayPassOrder(card, method), key);
    expect(first.statusCode).toBe(201);
    // The same body with its keys in another order is the same request.
    const { payments, ...rest } = dayPassOrder(card, method);
    const again = await place(ada, { payments, ...rest }, key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(await ordersOf(ada.id)).toHaveLength(1);
    // A refusal is answered again too.
    const refusedKey = randomUUID();
    const tampered = { ...dayPassOrder(card, method), expected_total: 1 };
    const refusal = await place(ada, tampered, refusedKey);
    expect(refusal.statusCode).toBe(422);
    expect((await place(ada, tampered, refusedKey)).body).toBe(refusal.body);
  });

  it("refuses the same key with another body (422), and another rider's same key is theirs", async () => {
    const ada = await rider();
    const card = await fareCard(ada);
    const method = await savedCard(ada);
    const key = randomUUID();
    await placed(await place(ada, dayPassOrder(card, method), key));
    refusedWith(
      await place(ada, dayPassOrder(card, method, 2), key),
      422,
      ErrorCode.idempotencyMismatch,
      "Idempotency-Key",
    );
    const bob = await rider();
    const bobs = await placed(await place(bob, dayPassOrder(await fareCard(bob), await savedCard(bob)), key));
    expect((await ordersOf(bob.id)).map((order) => order.id)).toEqual([bobs.id]);
  });

  it("answers 409 while the first request is in flight, and a retry takes over a claim left by a stopped server", async () => {
    const ada = await rider();
    const card = await fareCard(ada);
    const method = await savedCard(ada);
    const body = dayPassOrder(card, method);
    const key = randomUUID();
    const orderId = randomUUID();
    await t.database.db.insert(orderRequests).values({
      scope: ada.id,
      key: idempotencyKeyHash(key),
      requestHash: orderRequestHash(body),
      orderId,
      orderNumber: "TP-00000042",
      createdAt: clock.now(),
    });
    const inFlight = await place(ada, body, key);
    refusedWith(inFlight, 409, ErrorCode.idempotencyInFlight, "Idempotency-Key");
    expect(inFlight.headers["retry-after"]).toBe("1");
    expect(await ordersOf(ada.id)).toEqual([]);
    clock.advance(staleClaimMs);
    const order = await placed(await place(ada, body, key));
    expect(order.id).toBe(orderId);
    expect(order.number).toBe("TP-00000042");
  });

  it("makes one order of 50 parallel requests with one key", async () => {
    const ada = await rider();
    const card = await fareCard(ada);
    const method = await savedCard(ada);
    const key = randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => place(ada, dayPassOrder(card, method), key)),
    );
    const statuses = replies.map((reply) => reply.statusCode);
    expect(
      statuses.every((status) => status === 201 || status === 409),
      statuses.join(),
    ).toBe(true);
    const created = replies.filter((reply) => reply.statusCode === 201);
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created.map((reply) => reply.body)).size).toBe(1);
    expect(await ordersOf(ada.id)).toHaveLength(1);
    const charges = await t.database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.customerId, sandboxCustomerId(ada.id)));
    expect(charges).toHaveLength(1);
    expect((await place(ada, dayPassOrder(card, method), key)).body).toBe(created[0]?.body);
  });

  it("needs a well-formed key: missing, empty, a NUL byte, 300 characters, a space", async () => {
    const ada = await rider();
    const body = dayPassOrder(await fareCard(ada), await savedCard(ada));
    const noKey = await t.app.inject({
      method: "POST",
      url: "/transit/orders",
      headers: { authorization: `Bearer ${ada.token}` },
      payload: body,
    });
    refusedWith(noKey, 400, ErrorCode.validation, "Idempotency-Key");
    for (const key of ["", "a\u0000b", "k".repeat(300), "two words", "ключ"]) {
      let reply: Awaited<ReturnType<typeof place>>;
      try {
        reply = await place(ada, body, key);
      } catch {
        // The HTTP layer itself refuses some header values (a NUL byte): nothing reaches the route.
        continue;
      }
      refusedWith(reply, 400, ErrorCode.validation, "Idempotency-Key");
    }
    expect(await ordersOf(ada.id)).toEqual([]);
  });
});

describe("POST /transit/orders: what the body must be", () => {
  it("refuses an empty body, null, extra fields and client totals", async () => {
    const ada = await rider();
    const body = dayPassOrder(await fareCard(ada), await savedCard(ada));
    const empty = await t.app.inject({
      method: "POST",
      url: "/transit/orders",
      headers: {
        authorization: `Bearer ${ada.token}`,
        "idempotency-key": randomUUID(),
        "content-type": "application/json",
      },
      payload: "",
    });
    expect(empty.statusCode).toBe(400);
    for (const payload of [
      null,
      {},
      { ...body, total: 1 },
      { ...body, subtotal: 0 },
      { ...body, lines: [{ ...body.lines[0], unit_price: 1 }] },
      { ...body, payments: [{ ...body.payments[0], brand: "visa" }] },
      { ...body, payments: [{ kind: "saved", amount: body.expected_total }] },
      { ...body, payments: [{ kind: "cash", amount: body.expected_total }] },
      { ...body, expected_total: -1 },
      { ...body, payments: [{ ...body.payments[0], amount: 0 }] },
      { ...body, payments: [{ ...body.payments[0], amount: 1.5 }] },
      { ...body, email: "x@example.org" },
    ]) {
      const reply = await place(ada, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json().errors[0].code).toBe(ErrorCode.validation);
    }
    expect(await ordersOf(ada.id)).toEqual([]);
  });

  it("refuses a tampered price: the server's total must be the one shown", async () => {
    const ada = await rider();
    const body = dayPassOrder(await fareCard(ada), await savedCard(ada));
    for (const expected of [body.expected_total - 1, body.expected_total + 1, 0]) {
      refusedWith(
        await place(ada, {
          ...body,
          expected_total: expected,
          payments: [{ ...body.payments[0], amount: expected || 1 }],
        }),
        422,
        ErrorCode.priceChanged,
        "expected_total",
      );
    }
    // A client's list_price is compared by the quote, never charged.
    const order = await placed(
      await place(ada, { ...body, lines: [{ product: products.dayPass, quantity: 1, list_price: 1 }] }),
    );
    expect(order.total).toBe(priceOf(products.dayPass));
    expect((await ordersOf(ada.id)).length).toBe(1);
  });

  it("refuses legs that do not add up, too many legs and a promo or shipping choice that does not hold", async () => {
    const ada = await rider();
    const card = await fareCard(ada);
    const method = await savedCard(ada);
    const other = await savedCard(ada, "5555555555554444");
    const body = dayPassOrder(card, method);
    const total = body.expected_total;
    refusedWith(
      await place(ada, {
        ...body,
        payments: [
          { kind: "saved", payment_method: method, amount: 100 },
          { kind: "saved", payment_method: other, amount: total - 101 },
        ],
      }),
      422,
      ErrorCode.paymentRefused,
      "payments",
    );
    refusedWith(await place(ada, { ...body, payments: [] }), 422, ErrorCode.paymentRefused, "payments");
    refusedWith(
      await place(ada, {
        ...body,
        payments: [
          { kind: "saved", payment_method: method, amount: total - 2 },
          { kind: "saved", payment_method: other, amount: 1 },
          { kind: "saved", payment_method: other, amount: 1 },
        ],
      }),
      422,
      ErrorCode.paymentRefused,
      "payments/2",
    );
    refusedWith(
      await place(ada, { ...body, promo_code: "NOPE-123" }),
      422,
      ErrorCode.promoCodeInvalid,
      "promo_code",
    );
    refusedWith(
      await place(ada, { ...body, shipping_method: "standard" }),
      422,
      ErrorCode.shippingMethodUnavailable,
      "shipping_method",
    );
    // Someone else's method, a removed one and an unknown one.
    const bob = await rider();
    const bobs = await savedCard(bob);
    refusedWith(
      await place(ada, { ...body, payments: [{ kind: "saved", payment_method: bobs, amount: total }] }),
      422,
      ErrorCode.paymentRefused,
      "payments/0",
    );
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/transit/payment_methods/${other}`,
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(removed.statusCode).toBe(204);
    refusedWith(
      await place(ada, { ...body, payments: [{ kind: "saved", payment_method: other, amount: total }] }),
      422,
      ErrorCode.paymentRefused,
      "payments/0",
    );
    expect(await ordersOf(ada.id)).toEqual([]);

    // Two legs that add up are a split payment.
    const split = await placed(
      await place(ada, {
        ...body,
        payments: [
          { kind: "saved", payment_method: method, amount: 100 },
          { kind: "card", token: cardToken("5555555555554444"), amount: total - 100 },
        ],
      }),
    );
    expect(split.payments.map((leg) => [leg.kind, leg.amount, leg.last4])).toEqual([
      ["saved", 100, "4242"],
      ["card", total - 100, "4444"],
    ]);
  });

  it("refuses a fare card that is not the rider's, is blocked, or comes with a physical order", async () => {
    const ada = await rider();
    const method = await savedCard(ada);
    const bob = await rider();
    for (const card of [await fareCard(bob), await fareCard(ada, 0, "BLOCKED"), randomUUID()]) {
      refusedWith(
        await place(ada, dayPassOrder(card, method)),
        422,
        ErrorCode.fareCardUnavailable,
        "fare_medium",
      );
    }
    refusedWith(
      await place(ada, {
        lines: [{ product: products.metroFareCard, quantity: 1 }],
        fare_medium: await fareCard(ada),
        expected_total: priceOf(products.metroFareCard),
        payments: [{ kind: "saved", payment_method: method, amount: priceOf(products.metroFareCard) }],
      }),
      422,
      ErrorCode.fareCardUnavailable,
      "fare_medium",
    );
  });
});

describe("POST /transit/orders: legs the gateway refuses", () => {
  it("voids the first leg when the second is declined, and writes nothing", async () => {
    const ada = await rider();
    const card = await fareCard(ada);
    const good = await savedCard(ada);
    const declining = await savedCard(ada, "4000000000009995");
    const total = priceOf(products.dayPass);
    const entriesBefore = await t.database.db.select({ n: sql<number>`count(*)` }).from(ledgerEntries);
    const error = refusedWith(
      await place(ada, {
        ...dayPassOrder(card, good),
        payments: [
          { kind: "saved", payment_method: good, amount: 100 },
          { kind: "saved", payment_method: declining, amount: total - 100 },
        ],
      }),
      422,
      ErrorCode.paymentMethodDeclined,
      "payments/1",
    );
    expect(error.reason).toBe("insufficient_funds");
    const charges = await t.database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.customerId, sandboxCustomerId(ada.id)));
    expect(charges.map((charge) => [charge.amount, charge.status])).toEqual([[100, "voided"]]);
    expect(await ordersOf(ada.id)).toEqual([]);
    expect(await t.database.db.select().from(passes).where(eq(passes.userId, ada.id))).toEqual([]);
    const entriesAfter = await t.database.db.select({ n: sql<number>`count(*)` }).from(ledgerEntries);
    expect(entriesAfter).toEqual(entriesBefore);
  });

  it("refuses a one-time card's forged or used token, and a card that declines", async () => {
    const ada = await rider();
    const card = await fareCard(ada);
    const total = priceOf(products.dayPass);
    const body = (token: string): PlaceOrderRequest => ({
      lines: [{ product: products.dayPass, quantity: 1 }],
      fare_medium: card,
      expected_total: total,
      payments: [{ kind: "card", token, amount: total }],
    });
    refusedWith(await place(ada, body("tok_forged")), 422, ErrorCode.paymentTokenInvalid, "payments/0");
    const declined = refusedWith(
      await place(ada, body(cardToken("4000000000009995"))),
      422,
      ErrorCode.paymentMethodDeclined,
      "payments/0",
    );
    expect(declined.reason).toBe("insufficient_funds");
    const token = cardToken();
    const order = await placed(await place(ada, body(token)));
    expect(order.payments).toEqual([
      expect.objectContaining({ kind: "card", brand: "visa", last4: "4242", payment_method: null }),
    ]);
    // A one-time card is not saved, and its token pays once.
    const saved = await get(ada, "/transit/payment_methods");
    expect(saved.json().data.payment_methods).toEqual([]);
    refusedWith(await place(ada, body(token)), 422, ErrorCode.paymentTokenInvalid, "payments/0");
  });
});

describe("POST /transit/orders: card brands the portal does not take (issue 47)", () => {
  // JCB: the portal's card form says "Unsupported Card Type"; the server refuses it on every path.
  const jcb = "3530111333300000";

  it("refuses a rider's one-time card of such a brand, charging nothing", async () => {
    const ada = await rider();
    const card = await fareCard(ada);
    const total = priceOf(products.dayPass);
    const refused = refusedWith(
      await place(ada, {
        lines: [{ product: products.dayPass, quantity: 1 }],
        fare_medium: card,
        expected_total: total,
        payments: [{ kind: "card", token: cardToken(jcb), amount: total }],
      }),
      422,
      ErrorCode.cardTypeUnsupported,
      "payments/0",
    );
    expect(refused.message).toBe("Unsupported Card Type");
    expect(await ordersOf(ada.id)).toEqual([]);
  });

  it("refuses a split that pays twice with the same saved method, as the portal does", async () => {
    const ada = await rider();
    const card = await fareCard(ada);
    const method = await savedCard(ada);
    const total = priceOf(products.dayPass) * 2;
    const refused = refusedWith(
      await place(ada, {
        lines: [{ product: products.dayPass, quantity: 2 }],
        fare_medium: card,
        expected_total: total,
        payments: [
          { kind: "saved", payment_method: method, amount: total / 2 },
          { kind: "saved", payment_method: method.toUpperCase(), amount: total / 2 },
        ],
      }),
      422,
      ErrorCode.paymentRefused,
      "payments/1",
    );
    expect(refused.message).toBe("Please choose two different payment methods.");
    expect(await ordersOf(ada.id)).toEqual([]);
  });

  it("refuses a guest's one-time card of such a brand", async () => {
    const order = guestCardOrder("jcb-guest@example.org");
    const refused = refusedWith(
      await placeAsGuest({ ...order, payments: [{ ...order.payments[0], token: cardToken(jcb) }] }),
      422,
      ErrorCode.cardTypeUnsupported,
      "payments/0",
    );
    expect(refused.message).toBe("Unsupported Card Type");
  });
});

describe("POST /transit/orders: purses, auto-renewal and stored value", () => {
  it("pays from the fare card's stored value, never beyond it", async () => {
    const ada = await rider();
    const card = await fareCard(ada, 600);
    const total = priceOf(products.dayPass);
    const body: PlaceOrderRequest = {
      lines: [{ product: products.dayPass, quantity: 1 }],
      fare_medium: card,
      expected_total: total,
      payments: [{ kind: "stored_value", amount: total }],
    };
    const order = await placed(await place(ada, body));
    expect(order.payments).toEqual([
      expect.objectContaining({ kind: "stored_value", amount: total, brand: "Stored value" }),
    ]);
    const general = ledgerAccounts.fareCard(card, "general");
    expect((await t.app.ledger.balance(t.database.db, general, "USD")).amount).toBe(600 - total);
    refusedWith(await place(ada, body), 422, ErrorCode.paymentRefused, "payments/0");
    // The rest from a card: a split of purse and card.
    const method = await savedCard(ada);
    const split = await placed(
      await place(ada, {
        ...body,
        payments: [
          { kind: "stored_value", amount: 600 - total },
          { kind: "saved", payment_method: method, amount: total - (600 - total) },
        ],
      }),
    );
    expect(split.payments.map((leg) => leg.kind)).toEqual(["stored_value", "saved"]);
    expect((await t.app.ledger.balance(t.database.db, general, "USD")).amount).toBe(0);
  });

  it("pays from the wallet, but neither purse pays for an auto-renewed pass", async () => {
    const ada = await rider();
    const card = await fareCard(ada, 20_000);
    await fund(ledgerAccounts.wallet(ada.id), 20_000);
    const week = priceOf(products.weekPass);
    const renewing: PlaceOrderRequest = {
      lines: [{ product: products.weekPass, quantity: 1, auto_renew: true }],
      fare_medium: card,
      expected_total: week,
      payments: [{ kind: "wallet", amount: week }],
    };
    const walletError = refusedWith(await place(ada, renewing), 422, ErrorCode.paymentRefused, "payments/0");
    expect(walletError.message).toBe("A wallet cannot pay for auto-renewed passes");
    refusedWith(
      await place(ada, { ...renewing, payments: [{ kind: "stored_value", amount: week }] }),
      422,
      ErrorCode.paymentRefused,
      "payments/0",
    );
    const walletOrder = await placed(
      await place(ada, { ...renewing, lines: [{ product: products.weekPass, quantity: 1 }] }),
    );
    expect(walletOrder.payments[0]).toMatchObject({ kind: "wallet", brand: "Wallet" });
    expect((await t.app.ledger.balance(t.database.db, ledgerAccounts.wallet(ada.id), "USD")).amount).toBe(
      20_000 - week,
    );

    // A card pays for it: the pass is issued and a subscription starts.
    const method = await savedCard(ada);
    const renewed = await placed(
      await place(ada, { ...renewing, payments: [{ kind: "saved", payment_method: method, amount: week }] }),
    );
    expect(renewed.items[0]).toMatchObject({ auto_renew: true, fulfilment: "subscription" });
    const started = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, renewed.id));
    expect(started.map((row) => [row.status, row.fareMediumId, row.price])).toEqual([["active", card, week]]);
    expect(await passesOf(renewed.id)).toHaveLength(1);

    // Auto-renewal needs a product that allows it and a fare card.
    refusedWith(
      await place(ada, {
        ...renewing,
        lines: [{ product: products.dayPass, quantity: 1, auto_renew: true }],
        expected_total: priceOf(products.dayPass),
        payments: [{ kind: "saved", payment_method: method, amount: priceOf(products.dayPass) }],
      }),
      400,
      ErrorCode.validation,
      "lines/0",
    );
    refusedWith(
      await place(ada, {
        ...renewing,
        fare_medium: null,
        payments: [{ kind: "saved", payment_method: method, amount: week }],
      }),
      422,
      ErrorCode.fareCardUnavailable,
      "fare_medium",
    );
  });

  it("credits stored value bought to the card, and a rider's pass without a card is unattached", async () => {
    const ada = await rider();
    const card = await fareCard(ada);
    const method = await savedCard(ada);
    const value = priceOf(products.storedValue20);
    const order = await placed(
      await place(ada, {
        lines: [{ product: products.storedValue20, quantity: 1 }],
        fare_medium: card,
        expected_total: value,
        payments: [{ kind: "saved", payment_method: method, amount: value }],
      }),
    );
    expect(order.items[0]?.fulfilment).toBe("stored_value");
    expect(
      (await t.app.ledger.balance(t.database.db, ledgerAccounts.fareCard(card, "general"), "USD")).amount,
    ).toBe(value);
    expect(await passesOf(order.id)).toEqual([]);
    refusedWith(
      await place(ada, {
        lines: [{ product: products.storedValue20, quantity: 1 }],
        expected_total: value,
        payments: [{ kind: "saved", payment_method: method, amount: value }],
      }),
      422,
      ErrorCode.fareCardUnavailable,
      "fare_medium",
    );
    // A pass without a card goes to the account only when the rider says so (issue 34).
    const nowhere = refusedWith(
      await place(ada, { ...dayPassOrder(card, method), fare_medium: null }),
      422,
      ErrorCode.fareCardUnavailable,
      "pass_destination",
    );
    expect(nowhere.message).toBe("Choose where your pass goes.");
    const unattached = await placed(
      await place(ada, { ...dayPassOrder(card, method), fare_medium: null, pass_destination: "account" }),
    );
    expect(unattached.fare_medium).toBeNull();
    const [kept] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.subject, `Your order ${unattached.number}`));
    expect(kept?.body).toContain("Your pass is kept in your account");
    expect((await passesOf(unattached.id)).map((pass) => [pass.userId, pass.fareMediumId])).toEqual([
      [ada.id, null],
    ]);
  });

  it("applies a promo code once its limit allows, and refuses it when the limit is reached", async () => {
    const ada = await rider();
    const card = await fareCard(ada);
    const method = await savedCard(ada);
    const day = priceOf(products.dayPass);
    const discount = Math.floor((day * 1000 + 5000) / 10_000);
    const order = await placed(
      await place(ada, {
        ...dayPassOrder(card, method),
        promo_code: "welcome10",
        expected_total: day - discount,
        payments: [{ kind: "saved", payment_method: method, amount: day - discount }],
      }),
    );
    expect(order).toMatchObject({ promo_code: "WELCOME10", discount, total: day - discount });
    const entries = await ledgerOf(order.number);
    expect(Object.fromEntries(entries.map((entry) => [entry.account, entry.amount]))).toEqual({
      "gateway:clearing": -(day - discount),
      promo: -discount,
      revenue: day,
    });
    // FIVEOFF is once per rider: the second order is refused, not priced without it.
    const five = {
      ...dayPassOrder(card, method),
      promo_code: "FIVEOFF",
      expected_total: day - Math.min(500, day),
      payments: [{ kind: "saved" as const, payment_method: method, amount: day - Math.min(500, day) }],
    };
    if (five.expected_total > 0) {
      await placed(await place(ada, five));
      refusedWith(await place(ada, five), 422, ErrorCode.promoCodeInvalid, "promo_code");
    }
  });
});

/** A guest's typed shipping address. */
const address = {
  firstName: "Grace",
  lastName: "Hopper",
  address_1: "1 Navy Way",
  country: "US",
  state: "CA",
  city: "San Diego",
  zipCode: "92101",
};

/** A guest's order of one Metro Fare Card shipped to `address`, paid by a fresh one-time card. */
function guestCardOrder(email: string): GuestOrderRequest {
  const total = priceOf(products.metroFareCard);
  return {
    email,
    lines: [{ product: products.metroFareCard, quantity: 1 }],
    shipping_method: "standard",
    shipping_address: address,
    expected_total: total,
    payments: [{ kind: "card", token: cardToken(), amount: total }],
  };
}

describe("physical orders and guests", () => {
  it("ships a rider's physical order to one of their saved addresses only", async () => {
    const ada = await rider();
    const method = await savedCard(ada);
    const saved = await t.app.inject({
      method: "POST",
      url: "/transit/addresses",
      headers: { authorization: `Bearer ${ada.token}` },
      payload: address,
    });
    const addressId = saved.json().data.address.id as string;
    const cardPrice = priceOf(products.metroFareCard);
    const body: PlaceOrderRequest = {
      lines: [{ product: products.metroFareCard, quantity: 2 }],
      shipping_method: "priority",
      shipping_address: addressId,
      expected_total: cardPrice * 2 + 750,
      payments: [{ kind: "saved", payment_method: method, amount: cardPrice * 2 + 750 }],
    };
    const order = await placed(await place(ada, body));
    expect(order).toMatchObject({ kind: "physical", shipping: 750, fare_medium: null, card_number: null });
    expect(order.shipping_method?.code).toBe("priority");
    expect(order.shipping_address).toMatchObject({ address_1: "1 Navy Way", city: "San Diego" });
    expect(order.items[0]?.fulfilment).toBe("shipment");
    const bob = await rider();
    refusedWith(
      await place(bob, {
        ...body,
        payments: [{ kind: "saved", payment_method: await savedCard(bob), amount: body.expected_total }],
      }),
      404,
      ErrorCode.notFound,
      "shipping_address",
    );
    refusedWith(
      await place(ada, { ...body, shipping_address: null }),
      400,
      ErrorCode.validation,
      "shipping_address",
    );
  });

  it("gives two guests who send the same key an order each; one guest's repeat is their first order", async () => {
    const key = "order-1";
    const first = guestCardOrder("first-guest@example.org");
    const one = await placed(await placeAsGuest(first, key));
    const two = await placed(await placeAsGuest(guestCardOrder("second-guest@example.org"), key));
    expect(two.id).not.toBe(one.id);
    // The first guest's retry (the same body, the email in another case) is their order again.
    const again = await placeAsGuest({ ...first, email: "First-Guest@example.org" }, key);
    expect(again.statusCode).toBe(422);
    expect((await placeAsGuest(first, key)).json().data.id).toBe(one.id);
  });

  it("places a guest's order with a one-time card and reads it back only with its link", async () => {
    const cardPrice = priceOf(products.metroFareCard);
    const body: GuestOrderRequest = {
      email: "grace@example.org",
      lines: [{ product: products.metroFareCard, quantity: 1 }],
      shipping_method: "standard",
      shipping_address: address,
      expected_total: cardPrice,
      payments: [{ kind: "card", token: cardToken(), amount: cardPrice }],
    };
    const order = await placed(await placeAsGuest(body));
    expect(order.guest_link).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(order).toMatchObject({ email: "grace@example.org", kind: "physical", total: cardPrice });
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, "grace@example.org"));
    expect(mail?.body).toContain(
      `${testPublicUrl}/anonymous/ordersummary/${order.id}?link=${order.guest_link}`,
    );
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.guestLinkHash).not.toContain(order.guest_link ?? "");

    const read = await get(null, `/transit/anonymous/orders/${order.id}?link=${order.guest_link}`);
    expect(read.statusCode).toBe(200);
    const { guest_link: _link, ...detail } = order;
    expect(read.json().data).toEqual(detail);

    const unknown = await get(null, `/transit/anonymous/orders/${randomUUID()}?link=${order.guest_link}`);
    expect(unknown.statusCode).toBe(404);
    for (const url of [
      `/transit/anonymous/orders/${order.id}?link=${"A".repeat(43)}`,
      `/transit/anonymous/orders/${order.id}`,
      `/transit/anonymous/orders/${order.id}?link=x`,
      `/transit/anonymous/orders/${order.id}?link=${"x".repeat(500)}`,
      `/transit/anonymous/orders/not-a-uuid?link=${order.guest_link}`,
    ]) {
      const reply = await get(null, url);
      expect(reply.statusCode, url).toBe(404);
      expect(reply.body, url).toBe(unknown.body);
    }
    // A rider's order has no link: the guest route answers it as any unknown order.
    const ada = await rider();
    const own = await placed(await place(ada, dayPassOrder(await fareCard(ada), await savedCard(ada))));
    expect((await get(null, `/transit/anonymous/orders/${own.id}?link=${order.guest_link}`)).body).toBe(
      unknown.body,
    );
    // A rider cannot read a guest's order by its id either.
    expect((await get(await rider(), `/transit/orders/${order.id}`)).body).toBe(
      (await get(await rider(), `/transit/orders/${randomUUID()}`)).body,
    );
  });

  it("takes 50 guest orders at once on one card token, each once, and refuses NUL bytes and empty bodies", async () => {
    const issued = await issueCard(t);
    const token = await guestCardToken(t, issued);
    const day = priceOf(products.dayPass);
    const order = (n: number) => ({
      email: `parallel-${n}@example.org`,
      lines: [{ product: products.dayPass, quantity: 1 }],
      expected_total: day,
      card_token: token,
      payments: [{ kind: "card", token: cardToken(), amount: day }],
    });
    // Each from an address of its own: the route's per-address limit is not what is under test.
    const fromAddress = (payload: object, address: string) =>
      t.app.inject({
        method: "POST",
        url: "/transit/anonymous/orders",
        remoteAddress: address,
        headers: { "idempotency-key": randomUUID() },
        payload,
      });
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, n) => fromAddress(order(n), `10.77.0.${n + 1}`)),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(50).fill(201));
    const onCard = await t.database.db.select().from(passes).where(eq(passes.fareMediumId, issued.id));
    expect(onCard).toHaveLength(50);
    expect(new Set(replies.map((reply) => reply.json().data.id)).size).toBe(50);

    const before = onCard.length;
    refusedWith(
      await fromAddress({ ...order(50), card_token: `${token}\u0000` }, "10.77.1.1"),
      400,
      ErrorCode.validation,
      "card_token",
    );
    for (const payload of [{}, { ...order(51), card_token: "" }]) {
      const reply = await fromAddress(payload, "10.77.1.2");
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const ada = await rider();
    for (const pass_destination of ["\u0000", "cloud", ""]) {
      const reply = await place(ada, {
        ...dayPassOrder(await fareCard(ada), await savedCard(ada)),
        pass_destination,
      });
      expect(reply.statusCode, pass_destination).toBe(400);
    }
    expect(await t.database.db.select().from(passes).where(eq(passes.fareMediumId, issued.id))).toHaveLength(
      before,
    );
  });

  it("puts a guest's digital pass on the card of their card token, and refuses one with no card or a stale token", async () => {
    const day = priceOf(products.dayPass);
    const dayPass = {
      email: "guest-pass@example.org",
      lines: [{ product: products.dayPass, quantity: 1 }],
      expected_total: day,
    };
    // No card: the pass would be nobody's (issue 34).
    const nowhere = refusedWith(
      await placeAsGuest({ ...dayPass, payments: [{ kind: "card", token: cardToken(), amount: day }] }),
      422,
      ErrorCode.fareCardUnavailable,
      "card_token",
    );
    expect(nowhere.message).toBe("Choose where your pass goes.");
    const issued = await issueCard(t);
    const order = await placed(
      await placeAsGuest({
        ...dayPass,
        card_token: await guestCardToken(t, issued),
        payments: [{ kind: "card", token: cardToken(), amount: day }],
      }),
    );
    expect((await passesOf(order.id)).map((pass) => [pass.userId, pass.fareMediumId])).toEqual([
      [null, issued.id],
    ]);
    expect(order.fare_medium?.card_number).toBe(`•••• ${issued.card_number.slice(-4)}`);
    // The receipt says where the pass is and how to use it.
    const receipts = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, "guest-pass@example.org"));
    expect(receipts.map((receipt) => receipt.body).join("\n")).toContain(
      `Your pass is on the fare card •••• ${issued.card_number.slice(-4)}: tap the card to ride.`,
    );
    refusedWith(
      await placeAsGuest({
        ...dayPass,
        card_token: "not-a-live-token",
        payments: [{ kind: "card", token: cardToken(), amount: day }],
      }),
      422,
      ErrorCode.fareCardUnavailable,
      "card_token",
    );
    const value = priceOf(products.storedValue20);
    refusedWith(
      await placeAsGuest({
        email: "guest-pass@example.org",
        lines: [{ product: products.storedValue20, quantity: 1 }],
        expected_total: value,
        payments: [{ kind: "card", token: cardToken(), amount: value }],
      }),
      422,
      ErrorCode.fareCardUnavailable,
      "card_token",
    );
    for (const payments of [
      [{ kind: "saved", payment_method: randomUUID(), amount: day }],
      [{ kind: "wallet", amount: day }],
    ]) {
      const reply = await placeAsGuest({
        email: "guest-pass@example.org",
        lines: [{ product: products.dayPass, quantity: 1 }],
        expected_total: day,
        payments,
      });
      expect(reply.statusCode).toBe(400);
    }
    const badAddress = await placeAsGuest({
      email: "guest-pass@example.org",
      lines: [{ product: products.metroFareCard, quantity: 1 }],
      shipping_method: "standard",
      shipping_address: { ...address, zipCode: "nope", address_1: "4242 4242 4242 4242" },
      expected_total: priceOf(products.metroFareCard),
      payments: [{ kind: "card", token: cardToken(), amount: priceOf(products.metroFareCard) }],
    });
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.json().errors.map((error: { field: string }) => error.field)).toEqual([
      "shipping_address/address_1",
      "shipping_address/zipCode",
    ]);
  });
});

describe("reading orders", () => {
  it("answers another rider's order, an unknown id and a non-uuid alike, on every read route", async () => {
    const ada = await rider();
    const order = await placed(await place(ada, dayPassOrder(await fareCard(ada), await savedCard(ada))));
    const bob = await rider();
    const unknown = await get(bob, `/transit/orders/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    for (const url of [
      `/transit/orders/${order.id}`,
      "/transit/orders/not-a-uuid",
      `/transit/orders/${order.id.toUpperCase()}x`,
    ]) {
      const reply = await get(bob, url);
      expect(reply.statusCode, url).toBe(404);
      expect(reply.body, url).toBe(unknown.body);
    }
    const page = await get(bob, "/transit/orders");
    expect(page.json().data).toEqual({ orders: [], next: null } satisfies OrderPage);
    expect((await get(null, `/transit/orders/${order.id}`)).statusCode).toBe(401);
    expect((await get(null, "/transit/orders")).statusCode).toBe(401);
    expect((await get(ada, `/transit/orders/${order.id.toUpperCase()}`)).statusCode).toBe(200);
  });

  it("pages a rider's orders newest first by an opaque cursor", async () => {
    const ada = await rider();
    const card = await fareCard(ada);
    const method = await savedCard(ada);
    const made: string[] = [];
    for (let n = 0; n < 5; n++) {
      clock.advance(60_000);
      made.push((await placed(await place(ada, dayPassOrder(card, method)))).id);
    }
    const seen: string[] = [];
    let url = "/transit/orders?limit=2";
    for (let pages = 0; pages < 5; pages++) {
      const reply = await get(ada, url);
      expect(reply.statusCode, reply.body).toBe(200);
      const page: OrderPage = reply.json().data;
      expect(page.orders.length).toBeLessThanOrEqual(2);
      seen.push(...page.orders.map((order) => order.id));
      if (page.next === null) break;
      expect(page.next).toMatch(/^[A-Za-z0-9_-]+$/);
      url = `/transit/orders?limit=2&after=${page.next}`;
    }
    expect(seen).toEqual([...made].reverse());
    const first: OrderPage = (await get(ada, "/transit/orders")).json().data;
    expect(first.orders[0]).toMatchObject({
      id: made[4],
      item_count: 1,
      // What was bought, as named when bought (issue 34: the rows showed only a count).
      lines: [{ name: "Day Pass", quantity: 1 }],
      status: "paid",
      card_number: expect.stringMatching(/^•••• /),
    });
    for (const bad of ["?limit=0", "?limit=51", "?after=bm9wZQ", "?after=%00", "?limit=x", "?other=1"]) {
      expect((await get(ada, `/transit/orders${bad}`)).statusCode, bad).toBe(400);
    }
  });
});

describe("refunds", () => {
  it("refunds part, then the rest: the gateway, the ledger, the entries, the passes and the subscription", async () => {
    const ada = await rider();
    const card = await fareCard(ada);
    const method = await savedCard(ada);
    const week = priceOf(products.weekPass);
    const order = await placed(
      await place(ada, {
        lines: [{ product: products.weekPass, quantity: 1, auto_renew: true }],
        fare_medium: card,
        expected_total: week,
        payments: [{ kind: "saved", payment_method: method, amount: week }],
      }),
    );
    const part = await t.app.orders.refund(order.id, 100, "goodwill");
    expect(part.ok && part.order.status).toBe("partially_refunded");
    expect((await passesOf(order.id)).map((pass) => pass.status)).toEqual(["available"]);
    expect(await t.app.orders.refund(order.id, week, "too much")).toEqual({
      ok: false,
      problem: "amountInvalid",
    });
    const rest = await t.app.orders.refund(order.id, null, "cancelled");
    if (!rest.ok) throw new Error(rest.problem);
    expect(rest.order.status).toBe("refunded");
    expect(rest.order.entries.map((entry) => [entry.type, entry.amount])).toEqual([
      ["sale", week],
      ["refund", 100],
      ["refund", week - 100],
    ]);
    expect((await passesOf(order.id)).map((pass) => pass.status)).toEqual(["spoiled"]);
    const [subscription] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, order.id));
    expect(subscription?.status).toBe("cancelled");
    const [charge] = await t.database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.reference, order.number));
    expect(charge?.refunded).toBe(week);
    // Everything the sale moved is back where it was.
    const moved = await t.database.db
      .select({ account: ledgerEntries.account, total: sql<string>`sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.reference} like ${`${order.number}%`}`)
      .groupBy(ledgerEntries.account);
    expect(moved.map((row) => Number(row.total))).toEqual(moved.map(() => 0));
    expect(await t.app.orders.refund(order.id, null, "again")).toEqual({
      ok: false,
      problem: "amountInvalid",
    });
  });

  it("refunds stored value bought while the card still holds it, and gives purses back", async () => {
    const ada = await rider();
    const card = await fareCard(ada, 1_000);
    const value = priceOf(products.storedValue20);
    const method = await savedCard(ada);
    const general = ledgerAccounts.fareCard(card, "general");
    const balance = async () => (await t.app.ledger.balance(t.database.db, general, "USD")).amount;
    const loaded = await placed(
      await place(ada, {
        lines: [{ product: products.storedValue20, quantity: 1 }],
        fare_medium: card,
        expected_total: value,
        payments: [{ kind: "saved", payment_method: method, amount: value }],
      }),
    );
    expect(await balance()).toBe(1_000 + value);
    // Stored value never pays for more stored value (a split of a load is in wallet.test.ts: the demo
    // deployment allows it).
    for (const payments of [[{ kind: "stored_value", amount: value }]]) {
      refusedWith(
        await place(ada, {
          lines: [{ product: products.storedValue20, quantity: 1 }],
          fare_medium: card,
          expected_total: value,
          payments,
        }),
        422,
        ErrorCode.paymentRefused,
      );
    }
    // Bought through the gateway, the value is pending as a load is (issue 48, item 4): refunded once settled.
    expect(await t.app.orders.refund(loaded.id, null, "too early")).toEqual({
      ok: false,
      problem: "storedValuePending",
    });
    clock.advance(loadSettleMs + 1000);
    await t.app.wallet.settle();
    expect((await t.app.orders.refund(loaded.id, null, "changed mind")).ok).toBe(true);
    expect(await balance()).toBe(1_000);

    const day = priceOf(products.dayPass);
    const pass = await placed(
      await place(ada, {
        ...dayPassOrder(card, method),
        payments: [
          { kind: "stored_value", amount: 300 },
          { kind: "saved", payment_method: method, amount: day - 300 },
        ],
      }),
    );
    expect(await balance()).toBe(700);
    expect((await t.app.orders.refund(pass.id, null, "changed mind")).ok).toBe(true);
    expect(await balance()).toBe(1_000);
  });
});

describe("a card's Activity (issue 33, item 5)", () => {
  it("says every order for the card, what its stored value paid or gained, and refunds, each with the balance after", async () => {
    const ada = await rider();
    const card = await fareCard(ada, 3_300);
    const method = await savedCard(ada);
    const day = priceOf(products.dayPass);
    const value = priceOf(products.storedValue20);
    // A second between steps: the page is newest first, by time.
    const paidFromCard = await placed(
      await place(ada, { ...dayPassOrder(card, method), payments: [{ kind: "stored_value", amount: day }] }),
    );
    clock.advance(1_000);
    const byCard = await placed(await place(ada, dayPassOrder(card, method)));
    clock.advance(1_000);
    const bought = await placed(
      await place(ada, {
        lines: [{ product: products.storedValue20, quantity: 1 }],
        fare_medium: card,
        expected_total: value,
        payments: [{ kind: "saved", payment_method: method, amount: value }],
      }),
    );
    clock.advance(1_000);
    expect((await t.app.orders.refund(paidFromCard.id, null, "back to the card")).ok).toBe(true);
    clock.advance(1_000);
    expect((await t.app.orders.refund(bought.id, 500, "part of the value")).ok).toBe(true);
    const reply = await get(ada, `/transit/faremedia/${card}/activity`);
    expect(reply.statusCode).toBe(200);
    const rows: Array<{
      kind: string;
      detail: { order?: string };
      amount: number | null;
      balance_after: number | null;
    }> = reply.json().data.activity;
    const after1 = 3_300 - day;
    const after3 = after1 + value;
    expect(rows.map((row) => [row.kind, row.detail.order, row.amount, row.balance_after])).toEqual([
      ["refund", bought.number, -500, after3 + day - 500],
      ["refund", paidFromCard.number, day, after3 + day],
      ["purchase", bought.number, value, after3],
      ["purchase", byCard.number, null, null],
      ["purchase", paidFromCard.number, -day, after1],
    ]);
    // The newest row's balance is the card's.
    expect(rows[0]?.balance_after).toBe(
      (await t.app.ledger.balance(t.database.db, ledgerAccounts.fareCard(card, "general"), "USD")).amount,
    );
  });
});

describe("a rider who deletes the account", () => {
  it("leaves the orders (without the rider) and cancels the subscriptions", async () => {
    const ada = await rider();
    const card = await fareCard(ada);
    const method = await savedCard(ada);
    const order = await placed(
      await place(ada, {
        lines: [{ product: products.weekPass, quantity: 1, auto_renew: true }],
        fare_medium: card,
        expected_total: priceOf(products.weekPass),
        payments: [{ kind: "saved", payment_method: method, amount: priceOf(products.weekPass) }],
      }),
    );
    const user = await t.app.accounts.findById(ada.id);
    if (!user) throw new Error("rider missing");
    await t.app.accounts.deleteAccount(user);
    const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ userId: null, total: order.total });
    expect(
      await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, order.id)),
    ).toEqual([]);
  });
});

describe("POST /transit/orders/:id/refunds (agency operators)", () => {
  it("refunds with the operator token only, and names an unknown order as unknown", async () => {
    const ada = await rider();
    const order = await placed(await place(ada, dayPassOrder(await fareCard(ada), await savedCard(ada), 2)));
    const refund = (token: string | null, id: string, payload: object) =>
      t.app.inject({
        method: "POST",
        url: `/transit/orders/${id}/refunds`,
        headers: token ? { authorization: `Bearer ${token}`, "idempotency-key": randomUUID() } : {},
        payload,
      });
    expect((await refund(null, order.id, { reason: "x" })).statusCode).toBe(401);
    expect((await refund(ada.token, order.id, { reason: "x" })).statusCode).toBe(401);
    expect((await refund(operatorToken, randomUUID(), { reason: "x" })).statusCode).toBe(404);
    expect((await refund(operatorToken, order.id, { amount: order.total + 1, reason: "x" })).statusCode).toBe(
      422,
    );
    const part = await refund(operatorToken, order.id, { amount: 100, reason: "late bus" });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json().data).toMatchObject({ status: "partially_refunded" });
    const seen = await get(ada, `/transit/orders/${order.id}`);
    expect(
      seen.json().data.entries.map((entry: { type: string; amount: number }) => [entry.type, entry.amount]),
    ).toEqual([
      ["sale", order.total],
      ["refund", 100],
    ]);
  });
});

describe("one card token in several orders at once (issue 33, item 7)", () => {
  it("makes one order; the others are refused before the gateway is asked, on either engine", async () => {
    const cardPrice = priceOf(products.metroFareCard);
    const token = cardToken();
    const chargesBefore = (await t.database.db.select().from(sandboxCharges)).length;
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        placeAsGuest({
          email: `token-race-${index}@example.org`,
          lines: [{ product: products.metroFareCard, quantity: 1 }],
          shipping_method: "standard",
          shipping_address: address,
          expected_total: cardPrice,
          payments: [{ kind: "card", token, amount: cardPrice }],
        }),
      ),
    );
    expect(replies.filter((reply) => reply.statusCode === 201)).toHaveLength(1);
    const losers = replies.filter((reply) => reply.statusCode !== 201);
    for (const reply of losers) refusedWith(reply, 422, ErrorCode.paymentTokenInvalid);
    // Nothing was authorized for the refused attempts: the only charge is the order's.
    const won = replies.find((reply) => reply.statusCode === 201);
    if (!won) throw new Error("no order");
    const winner = await placed(won);
    const after = await t.database.db.select().from(sandboxCharges);
    expect(after.length - chargesBefore).toBe(1);
    expect(after.filter((charge) => charge.reference === winner.number)).toHaveLength(1);
  });
});

/** The gateway's charge of an order of one saved-card leg. */
const chargeOf = async (order: PlacedOrder) => {
  const [charge] = await t.database.db
    .select()
    .from(sandboxCharges)
    .where(eq(sandboxCharges.reference, order.number));
  if (!charge) throw new Error("no charge");
  return charge;
};

describe("refunds at the same moment, and a refund whose gateway answer is lost (issue 33)", () => {
  const recorded = async (id: string) => {
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    return row?.refunded;
  };

  it("never refund more than was paid, at the gateway or in the books, however many run at once", async () => {
    const ada = await rider();
    const order = await placed(await place(ada, dayPassOrder(await fareCard(ada), await savedCard(ada), 3)));
    const share = Math.floor(order.total / 3) + 1;
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({
          method: "POST",
          url: `/transit/orders/${order.id}/refunds`,
          // Eight operators' clicks: eight keys.
          headers: { authorization: `Bearer ${operatorToken}`, "idempotency-key": randomUUID() },
          payload: { amount: share, reason: "storm" },
        }),
      ),
    );
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses).toEqual([201, 201, 422, 422, 422, 422, 422, 422]);
    expect(await recorded(order.id)).toBe(2 * share);
    expect((await chargeOf(order)).refunded).toBe(2 * share);
    const detail = await get(ada, `/transit/orders/${order.id}`);
    expect(
      detail.json().data.entries.filter((entry: { type: string }) => entry.type === "refund"),
    ).toHaveLength(2);
  });

  it("a refund the gateway made but whose answer never came is settled once by the recovery run", async () => {
    const ada = await rider();
    const order = await placed(await place(ada, dayPassOrder(await fareCard(ada), await savedCard(ada), 2)));
    const refund = gateway.refund.bind(gateway);
    // The gateway refunds, then the reply is lost (a timeout, or the server killed right after).
    gateway.refund = async (request) => {
      await refund(request);
      throw new Error("socket hang up");
    };
    try {
      await expect(t.app.orders.refund(order.id, 100, "lost answer")).rejects.toThrow("socket hang up");
    } finally {
      gateway.refund = refund;
    }
    expect((await chargeOf(order)).refunded).toBe(100);
    expect(await recorded(order.id)).toBe(0);
    // What is held by the pending refund is not refunded again meanwhile.
    expect(await t.app.orders.refund(order.id, order.total, "all")).toEqual({
      ok: false,
      problem: "amountInvalid",
    });
    // Not before a minute has passed: the refund may still be on its way.
    expect(await t.app.orders.recoverRefunds(clock.now())).toBe(0);
    const later = new Date(clock.now().getTime() + 61_000);
    // A gateway still unreachable: the run says so and leaves the refund pending for the next one.
    gateway.refund = async () => {
      throw new Error("connect ECONNREFUSED");
    };
    try {
      await expect(t.app.orders.recoverRefunds(later)).rejects.toThrow("1 pending refunds not finished");
    } finally {
      gateway.refund = refund;
    }
    expect(await recorded(order.id)).toBe(0);
    const runs = await Promise.all([t.app.orders.recoverRefunds(later), t.app.orders.recoverRefunds(later)]);
    expect(runs.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    expect(await recorded(order.id)).toBe(100);
    expect((await chargeOf(order)).refunded).toBe(100);
    expect(await t.app.orders.recoverRefunds(later)).toBe(0);
    const detail = await get(ada, `/transit/orders/${order.id}`);
    expect(
      detail.json().data.entries.map((entry: { type: string; amount: number }) => [entry.type, entry.amount]),
    ).toEqual([
      ["sale", order.total],
      ["refund", 100],
    ]);
    // The rest can be refunded now, and only the rest.
    const rest = await t.app.orders.refund(order.id, null, "the rest");
    expect(rest.ok && rest.order.status).toBe("refunded");
    expect((await chargeOf(order)).refunded).toBe(order.total);
  });
});

describe("an order attempt its server stopped in (issue 33, item 2)", () => {
  const chargesOf = (owner: Rider) =>
    t.database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.customerId, sandboxCustomerId(owner.id)));
  const legsOf = (orderId: string) =>
    t.database.db.select().from(orderAttemptLegs).where(eq(orderAttemptLegs.orderId, orderId));
  const claimOf = async (scope: string, key: string) => {
    const [claim] = await t.database.db
      .select()
      .from(orderRequests)
      .where(and(eq(orderRequests.scope, scope), eq(orderRequests.key, idempotencyKeyHash(key))));
    if (!claim) throw new Error("no claim");
    return claim;
  };
  /** After staleClaimMs: the recovery run's clock. */
  const later = () => new Date(clock.now().getTime() + staleClaimMs + 1_000);

  /**
   * Stops the attempt for good where `step` of the gateway is asked (the server died there): `before`
   * the gateway hears it, or `after` it answered and before the answer reached the server; only the
   * first `skip` calls go through. Resolves once the attempt has stopped there.
   */
  function dieAt(step: "attach" | "authorize" | "capture", when: "before" | "after", skip = 0) {
    const real = gateway[step].bind(gateway) as (request: never) => Promise<unknown>;
    let stopped: () => void = () => undefined;
    const there = new Promise<void>((resolve) => {
      stopped = resolve;
    });
    let calls = 0;
    (gateway as unknown as Record<string, unknown>)[step] = async (request: never) => {
      calls += 1;
      if (calls <= skip) return real(request);
      if (when === "after") await real(request);
      stopped();
      return new Promise(() => undefined);
    };
    return {
      there: there.then(() => {
        (gateway as unknown as Record<string, unknown>)[step] = real;
      }),
    };
  }

  it("captured, then the server died before the commit: the recovery run writes the order once, and the retry gets it", async () => {
    const ada = await rider();
    const body = dayPassOrder(await fareCard(ada), await savedCard(ada));
    const key = randomUUID();
    const death = dieAt("capture", "after");
    void place(ada, body, key);
    await death.there;
    const [charge] = await chargesOf(ada);
    expect(charge).toMatchObject({ status: "captured", captured: body.expected_total, refunded: 0 });
    const claim = await claimOf(ada.id, key);
    expect(claim.replyStatus).toBeNull();
    // What the run needs, and no card data: the request, the rider, the language.
    expect(claim).toMatchObject({ userId: ada.id, replay: { kind: "order", locale: "en", receipt: true } });
    expect(await legsOf(claim.orderId)).toEqual([
      expect.objectContaining({ leg: 0, amount: body.expected_total, captureId: null }),
    ]);
    // Until the claim is stale the attempt may still be running: the retry waits, the run leaves it.
    refusedWith(await place(ada, body, key), 409, ErrorCode.idempotencyInFlight);
    await t.app.orders.recoverAttempts(clock.now());
    expect(await ordersOf(ada.id)).toEqual([]);
    // Two instances' runs at once: the claim is taken over by one, the order written once.
    await Promise.all([t.app.orders.recoverAttempts(later()), t.app.orders.recoverAttempts(later())]);
    const [order] = await ordersOf(ada.id);
    expect(order).toMatchObject({ id: claim.orderId, number: claim.orderNumber, total: body.expected_total });
    expect(await chargesOf(ada)).toEqual([
      expect.objectContaining({ status: "captured", captured: body.expected_total, refunded: 0 }),
    ]);
    expect(await legsOf(claim.orderId)).toEqual([]);
    expect((await claimOf(ada.id, key)).replay).toBeNull();
    const retry = await placed(await place(ada, body, key));
    expect(retry.id).toBe(claim.orderId);
    const [receipt] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, ada.email));
    expect(receipt?.body).toContain(claim.orderNumber);
    await placed(await place(ada, body));
    expect(await ordersOf(ada.id)).toHaveLength(2);
  });

  it("authorized and never captured: the run captures it and writes the order", async () => {
    const ada = await rider();
    const body = dayPassOrder(await fareCard(ada), await savedCard(ada));
    const key = randomUUID();
    const death = dieAt("capture", "before");
    void place(ada, body, key);
    await death.there;
    expect(await chargesOf(ada)).toEqual([expect.objectContaining({ status: "authorized" })]);
    await t.app.orders.recoverAttempts(later());
    expect(await chargesOf(ada)).toEqual([expect.objectContaining({ status: "captured" })]);
    expect((await placed(await place(ada, body, key))).total).toBe(body.expected_total);
  });

  it("an authorization whose answer never came is asked again under its key: one hold, one order", async () => {
    const ada = await rider();
    const body = dayPassOrder(await fareCard(ada), await savedCard(ada));
    const key = randomUUID();
    const death = dieAt("authorize", "after");
    void place(ada, body, key);
    await death.there;
    const claim = await claimOf(ada.id, key);
    expect(await legsOf(claim.orderId)).toEqual([expect.objectContaining({ authorizationId: null })]);
    await t.app.orders.recoverAttempts(later());
    expect(await chargesOf(ada)).toEqual([expect.objectContaining({ status: "captured" })]);
    expect(await ordersOf(ada.id)).toHaveLength(1);
  });

  it("a split order that died at its second leg: the run asks the second leg's gateway for the first time, then writes it", async () => {
    const ada = await rider();
    const card = await fareCard(ada);
    const first = await savedCard(ada);
    const second = await savedCard(ada, "5555555555554444");
    const total = priceOf(products.dayPass) * 2;
    const body: PlaceOrderRequest = {
      lines: [{ product: products.dayPass, quantity: 2 }],
      fare_medium: card,
      expected_total: total,
      payments: [
        { kind: "saved", payment_method: first, amount: 100 },
        { kind: "saved", payment_method: second, amount: total - 100 },
      ],
    };
    const key = randomUUID();
    const death = dieAt("authorize", "before", 1);
    void place(ada, body, key);
    await death.there;
    expect(await chargesOf(ada)).toHaveLength(1);
    await t.app.orders.recoverAttempts(later());
    const charges = await chargesOf(ada);
    expect(charges.map((charge) => [charge.amount, charge.status]).sort()).toEqual(
      [
        [100, "captured"],
        [total - 100, "captured"],
      ].sort(),
    );
    expect((await placed(await place(ada, body, key))).payments).toHaveLength(2);
  });

  it("an order that no longer holds (its card blocked since) is refused by the run, and the charge given back", async () => {
    const ada = await rider();
    const card = await fareCard(ada);
    const body = dayPassOrder(card, await savedCard(ada));
    const key = randomUUID();
    const death = dieAt("capture", "after");
    void place(ada, body, key);
    await death.there;
    await t.database.db.update(fareMedia).set({ status: "BLOCKED" }).where(eq(fareMedia.id, card));
    await t.app.orders.recoverAttempts(later());
    expect(await ordersOf(ada.id)).toEqual([]);
    // Given back the same day, before the capture settled: voided, so no refund shows either.
    expect(await chargesOf(ada)).toEqual([
      expect.objectContaining({ status: "voided", captured: 0, refunded: 0 }),
    ]);
    refusedWith(await place(ada, body, key), 422, ErrorCode.fareCardUnavailable);
  });

  it("a claim with nothing to replay answers 'not placed', and what its attempt held goes back", async () => {
    const ada = await rider();
    const body = dayPassOrder(await fareCard(ada), await savedCard(ada));
    const key = randomUUID();
    const death = dieAt("capture", "after");
    void place(ada, body, key);
    await death.there;
    // A claim from before replays were kept.
    await t.database.db
      .update(orderRequests)
      .set({ replay: null })
      .where(and(eq(orderRequests.scope, ada.id), eq(orderRequests.key, idempotencyKeyHash(key))));
    await t.app.orders.recoverAttempts(later());
    expect(await chargesOf(ada)).toEqual([
      expect.objectContaining({ status: "voided", captured: 0, refunded: 0 }),
    ]);
    const retry = refusedWith(await place(ada, body, key), 422, ErrorCode.orderNotPlaced);
    expect(retry.message).toBe(orderNotPlacedMessage);
  });

  it("a give-back the gateway did not answer stays recorded until the recovery run gives it back", async () => {
    const ada = await rider();
    const body = dayPassOrder(await fareCard(ada), await savedCard(ada));
    const capture = gateway.capture.bind(gateway);
    const voidHold = gateway.void.bind(gateway);
    gateway.capture = async () => {
      throw new Error("socket hang up");
    };
    gateway.void = async () => {
      throw new Error("connect ECONNREFUSED");
    };
    try {
      expect((await place(ada, body)).statusCode).toBe(500);
    } finally {
      gateway.capture = capture;
      gateway.void = voidHold;
    }
    expect(await chargesOf(ada)).toEqual([expect.objectContaining({ status: "authorized" })]);
    // The key was freed for a retry; the hold was not forgotten.
    await t.app.orders.recoverAttempts(clock.now());
    expect(await chargesOf(ada)).toEqual([expect.objectContaining({ status: "authorized" })]);
    await t.app.orders.recoverAttempts(later());
    expect(await chargesOf(ada)).toEqual([expect.objectContaining({ status: "voided" })]);
  });

  it("an attempt slower than its claim writes nothing of its own once the run has taken it over: it answers the run's order", async () => {
    const ada = await rider();
    const body = dayPassOrder(await fareCard(ada), await savedCard(ada));
    const key = randomUUID();
    const capture = gateway.capture.bind(gateway);
    let arrived: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    let go: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      go = resolve;
    });
    let calls = 0;
    gateway.capture = async (request) => {
      calls += 1;
      if (calls === 1) {
        arrived();
        await gate;
      }
      return capture(request);
    };
    const slow = place(ada, body, key);
    await waiting;
    try {
      await t.app.orders.recoverAttempts(later());
    } finally {
      gateway.capture = capture;
      go();
    }
    const answered = await placed(await slow);
    expect(await ordersOf(ada.id)).toEqual([expect.objectContaining({ id: answered.id })]);
    expect(await chargesOf(ada)).toEqual([expect.objectContaining({ status: "captured", refunded: 0 })]);
  });

  /** A split of the day pass: 100 from the rider's saved card, the rest from a one-time card. */
  function splitWithOneTimeCard(card: string, method: string): PlaceOrderRequest {
    const total = priceOf(products.dayPass);
    return {
      lines: [{ product: products.dayPass, quantity: 1 }],
      fare_medium: card,
      expected_total: total,
      payments: [
        { kind: "saved", payment_method: method, amount: 100 },
        { kind: "card", token: cardToken("5555555555554444"), amount: total - 100 },
      ],
    };
  }

  it("a split with a one-time card that died while its saved leg was held is finished, not given back (issue 48, item 5)", async () => {
    const ada = await rider();
    const body = splitWithOneTimeCard(await fareCard(ada), await savedCard(ada));
    const key = randomUUID();
    const death = dieAt("authorize", "after");
    void place(ada, body, key);
    await death.there;
    expect(await chargesOf(ada)).toEqual([expect.objectContaining({ amount: 100, status: "authorized" })]);
    // The one-time card was attached and recorded before any leg was held: the run needs no token.
    const claim = await claimOf(ada.id, key);
    expect((await legsOf(claim.orderId)).map((leg) => [leg.leg, leg.last4]).sort()).toEqual([
      [0, "4242"],
      [1, "4444"],
    ]);
    await t.app.orders.recoverAttempts(later());
    const retry = await placed(await place(ada, body, key));
    expect(retry.id).toBe(claim.orderId);
    expect(retry.payments.map((leg) => [leg.amount, leg.last4])).toEqual([
      [100, "4242"],
      [body.expected_total - 100, "4444"],
    ]);
    expect(
      (await chargesOf(ada)).map((charge) => [charge.amount, charge.status, charge.refunded]).sort(),
    ).toEqual(
      [
        [100, "captured", 0],
        [body.expected_total - 100, "captured", 0],
      ].sort(),
    );
    expect(await legsOf(claim.orderId)).toEqual([]);
  });

  it("a one-time card attached before a saved leg is declined is given back without a hold", async () => {
    const ada = await rider();
    const body = splitWithOneTimeCard(await fareCard(ada), await savedCard(ada, "4000000000009995"));
    const key = randomUUID();
    refusedWith(await place(ada, body, key), 422, ErrorCode.paymentMethodDeclined, "payments/0");
    // The one-time card was only attached: nothing was held on it, so nothing shows on its statement.
    expect((await chargesOf(ada)).filter((charge) => charge.amount === body.expected_total - 100)).toEqual(
      [],
    );
    const claim = await claimOf(ada.id, key);
    expect(await legsOf(claim.orderId)).toEqual([]);
  });

  it("an attempt that died before its one-time card was attached held nothing: the retry hears 'not placed', not 'card details expired'", async () => {
    const ada = await rider();
    const body = splitWithOneTimeCard(await fareCard(ada), await savedCard(ada));
    const key = randomUUID();
    const death = dieAt("attach", "before");
    void place(ada, body, key);
    await death.there;
    await t.app.orders.recoverAttempts(later());
    // Nothing was ever held: the one-time cards are attached before any leg is authorized.
    expect(await chargesOf(ada)).toEqual([]);
    const retry = refusedWith(await place(ada, body, key), 422, ErrorCode.orderNotPlaced);
    expect(retry.message).toBe(orderNotPlacedMessage);
    expect(await ordersOf(ada.id)).toEqual([]);
    // A new attempt with the card entered again is placed.
    const again = {
      ...body,
      payments: [body.payments[0], { ...body.payments[1], token: cardToken("5555555555554444") }],
    };
    expect((await placed(await place(ada, again))).payments).toHaveLength(2);
  });

  it("a guest's attempt with a one-time card is finished without the token (its attach is recorded)", async () => {
    const total = priceOf(products.metroFareCard);
    const body = guestCardOrder("stopped-guest@example.org");
    const key = randomUUID();
    const death = dieAt("capture", "after");
    void placeAsGuest(body, key);
    await death.there;
    const claim = await claimOf(guestScopeOf("stopped-guest@example.org"), key);
    expect(JSON.stringify(claim.replay)).not.toContain(
      body.payments[0]?.kind === "card" ? body.payments[0].token : "-",
    );
    expect(claim.userId).toBeNull();
    await t.app.orders.recoverAttempts(later());
    const retry = await placed(await placeAsGuest(body, key));
    expect(retry).toMatchObject({ id: claim.orderId, email: "stopped-guest@example.org", total });
    expect(retry.payments).toEqual([expect.objectContaining({ last4: "4242" })]);
    const charges = await t.database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.reference, claim.orderNumber));
    expect(charges).toEqual([expect.objectContaining({ captured: total, refunded: 0 })]);
  });
});

describe("a promo code's last redemption", () => {
  it("goes to one of several parallel orders; the others are refused and their charges given back", async () => {
    await createPromoCodeRepository(t.database.db).insert({
      code: "LAST-ONE",
      kind: "percent",
      percentOff: 5000,
      validFrom: new Date(clock.now().getTime() - 3_600_000),
      maxRedemptions: 1,
    });
    const day = priceOf(products.dayPass);
    const total = day - Math.floor((day * 5000 + 5000) / 10_000);
    const buyers = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const buyer = await rider();
        const method = await savedCard(buyer);
        return {
          buyer,
          body: {
            ...dayPassOrder(await fareCard(buyer), method),
            promo_code: "LAST-ONE",
            expected_total: total,
            payments: [{ kind: "saved" as const, payment_method: method, amount: total }],
          },
        };
      }),
    );
    const replies = await Promise.all(buyers.map(({ buyer, body }) => place(buyer, body)));
    expect(replies.filter((reply) => reply.statusCode === 201)).toHaveLength(1);
    for (const [index, reply] of replies.entries()) {
      if (reply.statusCode === 201) continue;
      refusedWith(reply, 422, ErrorCode.promoCodeInvalid, "promo_code");
      const buyer = buyers[index]?.buyer;
      if (!buyer) throw new Error("no buyer");
      const charges = await t.database.db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.customerId, sandboxCustomerId(buyer.id)));
      expect(
        charges.every((charge) => charge.status === "voided" || charge.refunded === charge.captured),
      ).toBe(true);
      expect(await ordersOf(buyer.id)).toEqual([]);
    }
  });
});

describe("a refund before and after the capture settles (issue 33)", () => {
  it("voids a whole leg the same day, refunds a part, and refunds after the nightly batch", async () => {
    const ada = await rider();
    const card = await fareCard(ada);
    const method = await savedCard(ada);
    // The same day: the whole order is voided, nothing refunded at the gateway.
    const sameDay = await placed(await place(ada, dayPassOrder(card, method)));
    expect((await t.app.orders.refund(sameDay.id, null, "changed mind")).ok).toBe(true);
    expect(await chargeOf(sameDay)).toMatchObject({ status: "voided", captured: 0, refunded: 0 });
    // A part of a leg cannot be voided: refunded, and the rest later too (a refund, as part is gone).
    const partly = await placed(await place(ada, dayPassOrder(card, method)));
    expect((await t.app.orders.refund(partly.id, 100, "goodwill")).ok).toBe(true);
    expect((await t.app.orders.refund(partly.id, null, "the rest")).ok).toBe(true);
    expect(await chargeOf(partly)).toMatchObject({
      status: "captured",
      captured: partly.total,
      refunded: partly.total,
    });
    // After midnight UTC the capture has settled: a refund.
    const settled = await placed(await place(ada, dayPassOrder(card, method)));
    clock.advance(24 * 60 * 60_000);
    expect((await t.app.orders.refund(settled.id, null, "late")).ok).toBe(true);
    expect(await chargeOf(settled)).toMatchObject({
      status: "captured",
      captured: settled.total,
      refunded: settled.total,
    });
    // The books say the same of all three.
    for (const order of [sameDay, partly, settled]) {
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({ status: "refunded", refunded: order.total });
    }
  });
});
