/**
 * Issue 48, item 4: value paid through the gateway is pending until it settles, however it came. A
 * card load already was; stored value bought as a checkout product and a wallet load now follow the
 * same rule: rides may use it, but it moves off the card or wallet (a transfer, paying at checkout)
 * only once settled, ten minutes later on the app's clock.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { demoCatalog } from "../../db/seed-catalog.ts";
import { manualClock } from "../../domain/clock.ts";
import { balanceOf } from "../../repositories/card-activity.ts";
import { loadSettleMs } from "../../services/orders.ts";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import { newCard, newRider, savedCard } from "../../test/transit-fixtures.ts";

const clock = manualClock(new Date("2026-06-01T15:00:00Z"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const { products } = demoCatalog;

const post = (url: string, token: string, body: object) =>
  t.app.inject({
    method: "POST",
    url,
    headers: { authorization: `Bearer ${token}`, "idempotency-key": randomUUID() },
    payload: body,
  });
const get = (url: string, token: string) =>
  t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });

async function priceOf(uuid: string): Promise<number> {
  const entry = (await t.app.catalog.snapshot()).products.find((product) => product.row.uuid === uuid);
  if (!entry) throw new Error(`no product ${uuid}`);
  return entry.row.listPrice;
}

/** A day pass for `card`, paid from `leg` (the card's stored value or the wallet). */
async function dayPassFrom(token: string, card: string, leg: "stored_value" | "wallet") {
  const day = await priceOf(products.dayPass);
  return post("/transit/orders", token, {
    lines: [{ product: products.dayPass, quantity: 1 }],
    fare_medium: card,
    expected_total: day,
    payments: [{ kind: leg, amount: day }],
  });
}

/** What checkout's quote says the card and the wallet can pay. */
async function pursesShown(token: string, card: string) {
  const reply = await post("/transit/checkout/quote", token, {
    lines: [{ product: products.dayPass, quantity: 1 }],
    fare_medium: card,
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data.purses;
}

/** Moves the clock past the settle time and runs the settle step. */
async function settled() {
  clock.advance(loadSettleMs + 1000);
  await t.app.wallet.settle();
}

describe("value paid through the gateway is pending until settled, however it came (issue 48, item 4)", () => {
  it("stored value bought at checkout: pending on the card, not transferable nor spendable until settled", async () => {
    const ada = await newRider(t, "pending");
    const card = await newCard(t, ada.id);
    const other = await newCard(t, ada.id);
    const method = await savedCard(t, ada);
    const value = await priceOf(products.storedValue20);
    const bought = await post("/transit/orders", ada.token, {
      lines: [{ product: products.storedValue20, quantity: 1 }],
      fare_medium: card.id,
      expected_total: value,
      payments: [{ kind: "saved", payment_method: method, amount: value }],
    });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(await balanceOf(t.app.db, card.id, "USD")).toMatchObject({ general: value, pending: value });
    // Checkout shows what the card can pay with: nothing yet.
    expect(await pursesShown(ada.token, card.id)).toEqual({ stored_value: 0, wallet: 0 });
    const transfer = () =>
      post("/transit/faremedia/transfers", ada.token, { from: card.id, to: other.id, amount: 500 });
    const early = await transfer();
    expect(early.statusCode, early.body).toBe(422);
    const spent = await dayPassFrom(ada.token, card.id, "stored_value");
    expect(spent.statusCode, spent.body).toBe(422);
    expect(spent.json().errors[0]).toMatchObject({ code: ErrorCode.paymentRefused });

    await settled();
    expect((await balanceOf(t.app.db, card.id, "USD")).pending).toBe(0);
    const later = await transfer();
    expect(later.statusCode, later.body).toBe(201);
    const paid = await dayPassFrom(ada.token, card.id, "stored_value");
    expect(paid.statusCode, paid.body).toBe(201);
  });

  it("a wallet load: not spendable at checkout until settled", async () => {
    const ada = await newRider(t, "pending");
    const card = await newCard(t, ada.id);
    const method = await savedCard(t, ada);
    const day = await priceOf(products.dayPass);
    const loaded = await post("/transit/wallet/loads", ada.token, {
      amount: 2000,
      expected_total: 2000,
      payments: [{ kind: "saved", payment_method: method, amount: 2000 }],
    });
    expect(loaded.statusCode, loaded.body).toBe(201);
    expect(day).toBeLessThanOrEqual(2000);
    const early = await dayPassFrom(ada.token, card.id, "wallet");
    expect(early.statusCode, early.body).toBe(422);
    expect(early.json().errors[0]).toMatchObject({ code: ErrorCode.paymentRefused });
    expect(await pursesShown(ada.token, card.id)).toEqual({ stored_value: 0, wallet: 0 });
    // The wallet says what is pending, so the page can say why.
    const wallet = (await get("/transit/wallet", ada.token)).json().data.wallet;
    expect(wallet).toMatchObject({ balance: 2000, pending: 2000 });

    await settled();
    expect((await get("/transit/wallet", ada.token)).json().data.wallet).toMatchObject({
      balance: 2000,
      pending: 0,
    });
    expect(await pursesShown(ada.token, card.id)).toEqual({ stored_value: 0, wallet: 2000 });
    const paid = await dayPassFrom(ada.token, card.id, "wallet");
    expect(paid.statusCode, paid.body).toBe(201);
  });
});
