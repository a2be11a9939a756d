import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { cardActivity, cardTransfers, ledgerEntries } from "../../db/schema.ts";
import { balanceOf } from "../../repositories/card-activity.ts";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import { newCard, newRider } from "../../test/transit-fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const transfer = (token: string, body: unknown, key: string | null = randomUUID()) =>
  t.app.inject({
    method: "POST",
    url: "/transit/faremedia/transfers",
    headers: { authorization: `Bearer ${token}`, ...(key === null ? {} : { "idempotency-key": key }) },
    payload: body as object,
  });

const general = async (cardId: string) => (await balanceOf(t.app.db, cardId, "USD")).general;
const commuter = async (cardId: string) => (await balanceOf(t.app.db, cardId, "USD")).commuter;
const codeOf = (reply: { json(): { errors: Array<{ code: number }> } }) => reply.json().errors[0]?.code;

describe("POST /transit/faremedia/transfers", () => {
  it("moves general funds between two of the rider's cards with two activity rows", async () => {
    const ada = await newRider(t);
    const a = await newCard(t, ada.id, { general: 1000, commuter: 700, nickname: "Work" });
    const b = await newCard(t, ada.id, { general: 200, nickname: "Weekend" });
    const key = randomUUID();
    const reply = await transfer(ada.token, { from: a.id, to: b.id, amount: 300 }, key);
    expect(reply.statusCode).toBe(201);
    const data = reply.json().data;
    expect(data.transfer).toMatchObject({ from: a.id, to: b.id, amount: 300, currency: "USD" });
    expect(data.from.balance).toEqual({ general_funds: 700, commuter_benefits: 700 });
    expect(data.to.balance).toEqual({ general_funds: 500, commuter_benefits: 0 });
    const rows = await t.app.db
      .select()
      .from(cardActivity)
      .where(
        eq(
          cardActivity.entryGroup,
          sql`${
            (await t.app.db.select().from(cardTransfers).where(eq(cardTransfers.id, data.transfer.id)))[0]
              ?.entryGroup
          }::uuid`,
        ),
      );
    expect(rows.map((row) => [row.fareMediumId, row.kind, row.amount, row.balanceAfter, row.detail])).toEqual(
      expect.arrayContaining([
        [a.id, "transfer_out", -300, 1400, { card: "Weekend" }],
        [b.id, "transfer_in", 300, 500, { card: "Work" }],
      ]),
    );
    // The same key and body: the same transfer, nothing moves again.
    const again = await transfer(ada.token, { amount: 300, to: b.id, from: a.id }, key);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.transfer).toEqual(data.transfer);
    expect(await general(a.id)).toBe(700);
    // The key with another body.
    const other = await transfer(ada.token, { from: a.id, to: b.id, amount: 301 }, key);
    expect(other.statusCode).toBe(422);
    expect(codeOf(other)).toBe(ErrorCode.idempotencyMismatch);
  });

  it("refuses what the contract refuses", async () => {
    const ada = await newRider(t);
    const only = await newCard(t, ada.id, { general: 1000 });
    const alone = await transfer(ada.token, { from: only.id, to: randomUUID(), amount: 100 });
    expect([alone.statusCode, codeOf(alone)]).toEqual([422, ErrorCode.onlyOneCard]);
    const second = await newCard(t, ada.id, { general: 0, commuter: 900 });
    const tooMuch = await transfer(ada.token, { from: second.id, to: only.id, amount: 1 });
    expect([tooMuch.statusCode, codeOf(tooMuch)]).toEqual([422, ErrorCode.transferAmountExceeded]);
    for (const amount of [0, -5, 1.5, 2 ** 60]) {
      const bad = await transfer(ada.token, { from: only.id, to: second.id, amount });
      expect([bad.statusCode, codeOf(bad)]).toEqual([422, ErrorCode.amountInvalid]);
    }
    const blocked = await newCard(t, ada.id, { general: 500, status: "BLOCKED" });
    const toBlocked = await transfer(ada.token, { from: only.id, to: blocked.id, amount: 100 });
    expect([toBlocked.statusCode, codeOf(toBlocked)]).toEqual([422, ErrorCode.fareCardUnavailable]);
    const fromBlocked = await transfer(ada.token, { from: blocked.id, to: only.id, amount: 500 });
    expect(fromBlocked.statusCode).toBe(201);
    const suspended = await newCard(t, ada.id, { general: 500, status: "SUSPENDED" });
    const fromSuspended = await transfer(ada.token, { from: suspended.id, to: only.id, amount: 5 });
    expect([fromSuspended.statusCode, codeOf(fromSuspended)]).toEqual([422, ErrorCode.fareCardUnavailable]);
    const same = await transfer(ada.token, { from: only.id, to: only.id, amount: 5 });
    expect(same.statusCode).toBe(400);
    expect(await commuter(second.id)).toBe(900);
  });

  it("answers the same 404 for another rider's card, an unknown id and a non-uuid", async () => {
    const ada = await newRider(t);
    const bob = await newRider(t);
    const mine = await newCard(t, ada.id, { general: 1000 });
    await newCard(t, ada.id);
    const bobs = await newCard(t, bob.id, { general: 1000 });
    const bodies = [bobs.id, randomUUID(), "not-a-uuid", mine.id.toUpperCase().replace(/./, "z")].map(
      async (to) => (await transfer(ada.token, { from: mine.id, to, amount: 100 })).body,
    );
    const replies = await Promise.all(bodies);
    expect(new Set(replies).size).toBe(1);
    expect(JSON.parse(replies[0] ?? "{}").errors[0].code).toBe(ErrorCode.notFound);
    const stolen = await transfer(ada.token, { from: bobs.id, to: mine.id, amount: 100 });
    expect(stolen.body).toBe(replies[0]);
    expect(await general(bobs.id)).toBe(1000);
  });

  it("needs a well-formed Idempotency-Key and takes no other fields", async () => {
    const ada = await newRider(t);
    const a = await newCard(t, ada.id, { general: 1000 });
    const b = await newCard(t, ada.id);
    const body = { from: a.id, to: b.id, amount: 100 };
    expect((await transfer(ada.token, body, null)).statusCode).toBe(400);
    expect((await transfer(ada.token, body, "k".repeat(300))).statusCode).toBe(400);
    expect((await transfer(ada.token, body, "bad\u0001key")).statusCode).toBe(400);
    expect((await transfer(ada.token, { ...body, extra: 1 })).statusCode).toBe(400);
    expect((await transfer(ada.token, {})).statusCode).toBe(400);
    expect((await transfer(ada.token, { ...body, amount: "100" })).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/transit/faremedia/transfers",
      headers: { "idempotency-key": randomUUID() },
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await general(a.id)).toBe(1000);
  });

  it("the bank test: 50 parallel transfers between 3 cards, no 5xx, never below zero, the total unchanged", async () => {
    const ada = await newRider(t);
    const cards = [
      await newCard(t, ada.id, { general: 1000, commuter: 300 }),
      await newCard(t, ada.id, { general: 500 }),
      await newCard(t, ada.id, { general: 0 }),
    ];
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, n) => {
        const from = cards[n % 3]?.id ?? "";
        const to = cards[(n + 1 + (n % 2)) % 3]?.id ?? "";
        return transfer(ada.token, { from, to, amount: 90 + (n % 7) * 40 });
      }),
    );
    for (const reply of replies) {
      expect([201, 422]).toContain(reply.statusCode);
      if (reply.statusCode === 422) expect(codeOf(reply)).toBe(ErrorCode.transferAmountExceeded);
    }
    expect(replies.some((reply) => reply.statusCode === 201)).toBe(true);
    const balances = await Promise.all(cards.map((card) => general(card.id)));
    for (const balance of balances) expect(balance).toBeGreaterThanOrEqual(0);
    expect(balances.reduce((sum, value) => sum + value, 0)).toBe(1500);
    expect(await commuter(cards[0]?.id ?? "")).toBe(300);
    const made = await t.app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(cardTransfers)
      .where(eq(cardTransfers.userId, ada.id));
    expect(made[0]?.count).toBe(replies.filter((reply) => reply.statusCode === 201).length);
  });

  it("50 parallel transfers with one key make one transfer", async () => {
    const ada = await newRider(t);
    const a = await newCard(t, ada.id, { general: 10_000 });
    const b = await newCard(t, ada.id);
    const key = randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => transfer(ada.token, { from: a.id, to: b.id, amount: 100 }, key)),
    );
    const ids = new Set(replies.map((reply) => reply.json().data?.transfer?.id));
    for (const reply of replies) expect(reply.statusCode).toBe(201);
    expect(ids.size).toBe(1);
    expect(await general(a.id)).toBe(9900);
    const groups = await t.app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.account, `farecard:${b.id}:general`));
    expect(groups[0]?.count).toBe(1);
  });
});
