import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../src/domain/envelope.ts";
import { money } from "../../src/domain/money.ts";
import { autoloads, orders, outboxMessages, users } from "../db/schema.ts";
import { demoCatalog } from "../db/seed-catalog.ts";
import { manualClock } from "../domain/clock.ts";
import { ledgerAccounts } from "../domain/ledger-accounts.ts";
import { createTestApp, type TestApp } from "../test/helpers.ts";
import { newCard, newRider, savedCard } from "../test/transit-fixtures.ts";
import { inTransaction } from "./transaction.ts";

/**
 * The wallet's own autoload (issue 47): saved, shown and removed like a card's, run by the same
 * scheduler into the wallet, once per crossing of its threshold, however many schedulers race.
 */
const clock = manualClock(new Date("2026-05-04T15:00:00Z"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const send = (method: "PUT" | "DELETE" | "GET" | "POST", url: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, "idempotency-key": randomUUID() },
    ...(payload ? { payload } : {}),
  });
/** Saves the rider's wallet autoload: load `amount` when the wallet is at or below `threshold`. */
const whenLow = (token: string, method: string, amount: number, threshold: number) =>
  send("PUT", "/transit/wallet/autoload", token, {
    amount,
    payment_method: method,
    trigger: "threshold",
    threshold,
  });
const walletOf = async (token: string) => (await send("GET", "/transit/wallet", token)).json().data.wallet;
const walletBalance = async (userId: string) =>
  (await t.app.ledger.balance(t.app.db, ledgerAccounts.wallet(userId), "USD")).amount;
const loadsOf = async (userId: string) =>
  (
    await t.app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.kind, "load"), isNull(orders.fareMediumId)))
  )[0]?.count;

describe("PUT / DELETE /transit/wallet/autoload", () => {
  it("saves, shows with the wallet, replaces and removes the wallet's autoload", async () => {
    const ada = await newRider(t, "wallet-autoload");
    const method = await savedCard(t, ada);
    expect((await walletOf(ada.token)).autoload).toBeNull();
    const saved = await whenLow(ada.token, method, 2000, 500);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.autoload).toMatchObject({
      amount: 2000,
      trigger: "threshold",
      threshold: 500,
      status: "active",
      payment_method: { id: method },
    });
    expect((await walletOf(ada.token)).autoload).toEqual(saved.json().data.autoload);
    // Saved again: the same live autoload, now weekly.
    const weekly = await send("PUT", "/transit/wallet/autoload", ada.token, {
      amount: 1000,
      payment_method: method,
      trigger: "weekly",
      weekday: 1,
    });
    expect(weekly.json().data.autoload).toMatchObject({
      id: saved.json().data.autoload.id,
      trigger: "weekly",
    });
    // A card's autoload is another one: the wallet's stays.
    const card = await newCard(t, ada.id);
    const onCard = await send("PUT", `/transit/faremedia/${card.id}/autoload`, ada.token, {
      amount: 1000,
      payment_method: method,
      trigger: "monthly",
      month_day: 3,
    });
    expect(onCard.statusCode).toBe(200);
    expect((await walletOf(ada.token)).autoload.trigger).toBe("weekly");
    expect((await send("DELETE", "/transit/wallet/autoload", ada.token)).statusCode).toBe(204);
    expect((await walletOf(ada.token)).autoload).toBeNull();
    const [cardStill] = await t.app.db
      .select()
      .from(autoloads)
      .where(and(eq(autoloads.fareMediumId, card.id), isNull(autoloads.removedAt)));
    expect(cardStill?.trigger).toBe("monthly");
  });

  it("refuses what a card's autoload refuses: bounds, another rider's method, an empty body", async () => {
    const ada = await newRider(t, "wallet-autoload");
    const bob = await newRider(t, "wallet-autoload");
    const method = await savedCard(t, ada);
    const bobs = await savedCard(t, bob);
    const put = (body: object) => send("PUT", "/transit/wallet/autoload", ada.token, body);
    const tooMuch = await put({
      amount: 999_999,
      payment_method: method,
      trigger: "threshold",
      threshold: 0,
    });
    expect([tooMuch.statusCode, tooMuch.json().errors[0]?.code]).toEqual([422, ErrorCode.amountInvalid]);
    const notHers = await put({ amount: 1000, payment_method: bobs, trigger: "threshold", threshold: 0 });
    expect([notHers.statusCode, notHers.json().errors[0]?.field]).toEqual([400, "payment_method"]);
    const noDay = await put({ amount: 1000, payment_method: method, trigger: "weekly" });
    expect([noDay.statusCode, noDay.json().errors[0]?.field]).toEqual([400, "weekday"]);
    expect((await put({})).statusCode).toBe(400);
    // No body at all, and a NUL byte in a field: refused, nothing saved.
    const bare = await t.app.inject({
      method: "PUT",
      url: "/transit/wallet/autoload",
      headers: { authorization: `Bearer ${ada.token}`, "content-type": "application/json" },
    });
    expect(bare.statusCode).toBe(400);
    const nul = await put({
      amount: 1000,
      payment_method: `${method}\u0000`,
      trigger: "threshold",
      threshold: 0,
    });
    expect([nul.statusCode, nul.json().errors[0]?.field]).toEqual([400, "payment_method"]);
    const nulTrigger = await put({ amount: 1000, payment_method: method, trigger: "threshold\u0000" });
    expect(nulTrigger.statusCode).toBe(400);
    expect((await walletOf(ada.token)).autoload).toBeNull();
  });

  it("fifty saves at once leave one live autoload, and fifty removals at once remove it", async () => {
    const ada = await newRider(t, "wallet-autoload");
    const method = await savedCard(t, ada);
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, index) => whenLow(ada.token, method, 1000 + index, 100)),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(50).fill(200));
    const live = await t.app.db
      .select()
      .from(autoloads)
      .where(and(eq(autoloads.userId, ada.id), isNull(autoloads.fareMediumId), isNull(autoloads.removedAt)));
    expect(live).toHaveLength(1);
    const removals = await Promise.all(
      Array.from({ length: 50 }, () => send("DELETE", "/transit/wallet/autoload", ada.token)),
    );
    expect(removals.map((reply) => reply.statusCode)).toEqual(Array(50).fill(204));
    expect((await walletOf(ada.token)).autoload).toBeNull();
  });
});

describe("the wallet's autoload runs", () => {
  it("loads the wallet once per crossing of its threshold, however many schedulers race", async () => {
    const ada = await newRider(t, "wallet-autoload");
    const method = await savedCard(t, ada);
    await whenLow(ada.token, method, 2000, 500);
    // An empty wallet is under its threshold: five ticks at once load it once (other riders' wallets
    // may load in the same ticks: this rider's loads are counted).
    await Promise.all(Array.from({ length: 5 }, () => t.app.autoloads.runDue()));
    expect(await walletBalance(ada.id)).toBe(2000);
    expect(await loadsOf(ada.id)).toBe(1);
    await t.app.autoloads.runDue();
    expect(await loadsOf(ada.id)).toBe(1);

    // Settled, then spent under the threshold: a new crossing, loaded once more.
    clock.advance(11 * 60_000);
    await t.app.autoloads.runDue();
    const card = await newCard(t, ada.id);
    const price = (await t.app.catalog.snapshot()).products.find(
      (entry) => entry.row.uuid === demoCatalog.products.dayPass,
    )?.row.listPrice;
    if (price === undefined) throw new Error("no Day Pass");
    const bought = await send("POST", "/transit/orders", ada.token, {
      lines: [{ product: demoCatalog.products.dayPass, quantity: 3 }],
      fare_medium: card.id,
      expected_total: 3 * price,
      payments: [{ kind: "wallet", amount: 3 * price }],
    });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(await walletBalance(ada.id)).toBe(2000 - 3 * price);
    expect(2000 - 3 * price).toBeLessThanOrEqual(500);
    await Promise.all(Array.from({ length: 5 }, () => t.app.autoloads.runDue()));
    expect(await walletBalance(ada.id)).toBe(4000 - 3 * price);
    expect(await loadsOf(ada.id)).toBe(2);
  });

  it("a declined method pauses it and tells the rider about their wallet, in their language", async () => {
    const ada = await newRider(t, "wallet-autoload");
    await t.app.db.update(users).set({ locale: "vi" }).where(eq(users.id, ada.id));
    const method = await savedCard(t, ada, "4000000000009995");
    await whenLow(ada.token, method, 1000, 0);
    await t.app.autoloads.runDue();
    expect((await walletOf(ada.token)).autoload).toMatchObject({ status: "paused" });
    expect(await walletBalance(ada.id)).toBe(0);
    const [user] = await t.app.db.select().from(users).where(eq(users.id, ada.id));
    const mail = await t.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, user?.email ?? ""));
    expect(mail.map((message) => message.body).join("\n")).toContain("ví của bạn");
  });

  it("charges a deactivated rider no more", async () => {
    const ada = await newRider(t, "wallet-autoload");
    const method = await savedCard(t, ada);
    await whenLow(ada.token, method, 1000, 0);
    await t.app.db.update(users).set({ deactivatedAt: clock.now() }).where(eq(users.id, ada.id));
    await t.app.autoloads.runDue();
    expect(await loadsOf(ada.id)).toBe(0);
  });

  it("leaves a wallet above its threshold alone", async () => {
    const ada = await newRider(t, "wallet-autoload");
    const method = await savedCard(t, ada);
    await inTransaction(t.app.db, ({ tx }) =>
      t.app.ledger.post(tx, {
        reference: `opening:test:${ada.id}`,
        entries: [
          { account: ledgerAccounts.wallet(ada.id), amount: money(3000, "USD") },
          { account: ledgerAccounts.opening, amount: money(-3000, "USD") },
        ],
      }),
    );
    await whenLow(ada.token, method, 1000, 500);
    await t.app.autoloads.runDue();
    expect(await loadsOf(ada.id)).toBe(0);
    expect(await walletBalance(ada.id)).toBe(3000);
  });
});
