import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderDetail, PlacedOrder, PlaceOrderRequest } from "../../../src/domain/checkout/order.ts";
import { money } from "../../../src/domain/money.ts";
import { fareMedia, ledgerEntries, orders, outboxMessages, passes, sandboxCharges } from "../../db/schema.ts";
import { demoCatalog } from "../../db/seed-catalog.ts";
import { manualClock } from "../../domain/clock.ts";
import { type LedgerAccount, ledgerAccounts } from "../../domain/ledger-accounts.ts";
import { SandboxPaymentGateway } from "../../gateways/payments/sandbox.ts";
import { inTransaction } from "../../services/transaction.ts";
import { createTestApp, type TestApp, testPublicUrl } from "../../test/helpers.ts";

const clock = manualClock(new Date("2026-11-23T12:00:00Z"));
let t: TestApp;
let gateway: SandboxPaymentGateway;
const price = new Map<string, number>();
beforeAll(async () => {
  t = await createTestApp({ clock });
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
const _placeAsGuest = (payload: unknown, key: string = randomUUID(), headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/transit/anonymous/orders",
    headers: { "idempotency-key": key, ...headers },
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
function _refusedWith(
  reply: Awaited<ReturnType<typeof place>>,
  status: number,
  code: number,
  field?: string,
) {
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

const _ordersOf = async (userId: string) =>
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
