import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../src/domain/envelope.ts";
import { autoloadRuns, autoloads, cardActivity, orders, outboxMessages, users } from "../db/schema.ts";
import { manualClock } from "../domain/clock.ts";
import { balanceOf } from "../repositories/card-activity.ts";
import { createTestApp, type TestApp } from "../test/helpers.ts";
import { newCard, newRider, savedCard } from "../test/transit-fixtures.ts";
import { nextRunAfter } from "./autoload-scheduler.ts";

const clock = manualClock(new Date("2026-05-04T15:00:00Z"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const put = (token: string, cardId: string, body: unknown) =>
  t.app.inject({
    method: "PUT",
    url: `/transit/faremedia/${cardId}/autoload`,
    headers: { authorization: `Bearer ${token}` },
    payload: body as object,
  });
const general = async (cardId: string) => (await balanceOf(t.app.db, cardId, "USD")).general;
const ordersOf = async (cardId: string) =>
  (
    await t.app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.fareMediumId, cardId))
  )[0]?.count;

describe("next runs on the agency's calendar", () => {
  it("finds the next weekday at 06:00 New York time, across daylight saving", () => {
    // Sunday 2026-03-08 is the spring change: 06:00 EDT is 10:00 UTC.
    expect(nextRunAfter({ trigger: "weekly", weekday: 0 }, new Date("2026-03-02T12:00:00Z"))).toEqual(
      new Date("2026-03-08T10:00:00Z"),
    );
    // The same weekday later that day: next week.
    expect(nextRunAfter({ trigger: "weekly", weekday: 0 }, new Date("2026-03-08T10:00:00Z"))).toEqual(
      new Date("2026-03-15T10:00:00Z"),
    );
    // Earlier that day: today.
    expect(nextRunAfter({ trigger: "weekly", weekday: 3 }, new Date("2026-06-10T05:00:00Z"))).toEqual(
      new Date("2026-06-10T10:00:00Z"),
    );
    // Across the autumn change (Sunday 2026-11-01): 06:00 EST is 11:00 UTC.
    expect(nextRunAfter({ trigger: "weekly", weekday: 1 }, new Date("2026-10-27T12:00:00Z"))).toEqual(
      new Date("2026-11-02T11:00:00Z"),
    );
  });

  it("finds the next month day across month and year ends", () => {
    expect(nextRunAfter({ trigger: "monthly", monthDay: 28 }, new Date("2026-01-30T12:00:00Z"))).toEqual(
      new Date("2026-02-28T11:00:00Z"),
    );
    expect(nextRunAfter({ trigger: "monthly", monthDay: 28 }, new Date("2026-12-28T12:00:00Z"))).toEqual(
      new Date("2027-01-28T11:00:00Z"),
    );
    expect(nextRunAfter({ trigger: "monthly", monthDay: 1 }, new Date("2026-10-15T12:00:00Z"))).toEqual(
      new Date("2026-11-01T11:00:00Z"),
    );
    expect(nextRunAfter({ trigger: "monthly", monthDay: 15 }, new Date("2026-03-01T12:00:00Z"))).toEqual(
      new Date("2026-03-15T10:00:00Z"),
    );
    // 01:00 UTC on the 1st is still the last day of the previous month in New York.
    expect(nextRunAfter({ trigger: "monthly", monthDay: 1 }, new Date("2026-06-01T01:00:00Z"))).toEqual(
      new Date("2026-06-01T10:00:00Z"),
    );
  });
});

describe("PUT / DELETE /transit/faremedia/:id/autoload", () => {
  it("checks each field, the method and the card", async () => {
    const ada = await newRider(t);
    const bob = await newRider(t);
    const card = await newCard(t, ada.id);
    const method = await savedCard(t, ada);
    const bobsMethod = await savedCard(t, bob);
    const fieldsOf = async (body: unknown) => {
      const reply = await put(ada.token, card.id, body);
      return [
        reply.statusCode,
        ...reply.json().errors.map((e: { code: number; field: string }) => `${e.code}:${e.field}`),
      ];
    };
    expect(await fieldsOf({ amount: 1000, payment_method: method, trigger: "daily" })).toEqual([
      400,
      "40001:trigger",
    ]);
    expect(await fieldsOf({ amount: 1000, payment_method: method, trigger: "threshold" })).toEqual([
      400,
      "40001:threshold",
    ]);
    expect(await fieldsOf({ amount: 1000, payment_method: method, trigger: "weekly", weekday: 7 })).toEqual([
      400,
      "40001:weekday",
    ]);
    expect(
      await fieldsOf({ amount: 1000, payment_method: method, trigger: "monthly", month_day: 29 }),
    ).toEqual([400, "40001:month_day"]);
    expect(
      await fieldsOf({ amount: 1000, payment_method: method, trigger: "weekly", weekday: 1, threshold: 5 }),
    ).toEqual([400, "40001:threshold"]);
    expect(await fieldsOf({ amount: 100, payment_method: method, trigger: "weekly", weekday: 1 })).toEqual([
      422,
      `${ErrorCode.amountInvalid}:amount`,
    ]);
    expect(
      await fieldsOf({ amount: 1000, payment_method: bobsMethod, trigger: "weekly", weekday: 1 }),
    ).toEqual([400, "40001:payment_method"]);
    const blocked = await newCard(t, ada.id, { status: "BLOCKED" });
    const refused = await put(ada.token, blocked.id, {
      amount: 1000,
      payment_method: method,
      trigger: "threshold",
      threshold: 0,
    });
    expect(refused.json().errors[0].code).toBe(ErrorCode.fareCardUnavailable);
    const bodies = await Promise.all(
      [(await newCard(t, bob.id)).id, randomUUID(), "nope"].map(
        async (id) =>
          (
            await put(ada.token, id, {
              amount: 1000,
              payment_method: method,
              trigger: "threshold",
              threshold: 0,
            })
          ).body,
      ),
    );
    expect(new Set(bodies).size).toBe(1);
    const bobsCard = await newCard(t, bob.id);
    const removals = await Promise.all(
      [bobsCard.id, randomUUID(), "nope"].map(
        async (id) =>
          (
            await t.app.inject({
              method: "DELETE",
              url: `/transit/faremedia/${id}/autoload`,
              headers: { authorization: `Bearer ${ada.token}` },
            })
          ).body,
      ),
    );
    expect(new Set([...removals, ...bodies]).size).toBe(1);

    const saved = await put(ada.token, card.id, {
      amount: 1000,
      payment_method: method,
      trigger: "monthly",
      month_day: 3,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.autoload).toMatchObject({
      amount: 1000,
      trigger: "monthly",
      month_day: 3,
      status: "active",
      next_run_at: "2026-06-03T10:00:00.000Z",
      payment_method: { id: method, label: "Visa •••• 4242" },
    });
    const replaced = await put(ada.token, card.id, {
      amount: 1500,
      payment_method: method,
      trigger: "threshold",
      threshold: 500,
    });
    expect(replaced.json().data.autoload).toMatchObject({
      id: saved.json().data.autoload.id,
      trigger: "threshold",
      next_run_at: null,
    });
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/transit/faremedia/${card.id}/autoload`,
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(removed.statusCode).toBe(204);
    const live = await t.app.db.select().from(autoloads).where(eq(autoloads.fareMediumId, card.id));
    expect(live.every((row) => row.removedAt !== null)).toBe(true);
  });
});

describe("app.autoloads.runDue", () => {
  it("runs a threshold autoload once per crossing: the transfer that crossed it", async () => {
    const ada = await newRider(t);
    const card = await newCard(t, ada.id, { general: 1000 });
    const other = await newCard(t, ada.id);
    const method = await savedCard(t, ada);
    await put(ada.token, card.id, {
      amount: 2000,
      payment_method: method,
      trigger: "threshold",
      threshold: 500,
    });
    const transfer = await t.app.inject({
      method: "POST",
      url: "/transit/faremedia/transfers",
      headers: { authorization: `Bearer ${ada.token}`, "idempotency-key": randomUUID() },
      payload: { from: card.id, to: other.id, amount: 600 },
    });
    expect(transfer.statusCode).toBe(201);
    expect(await general(card.id)).toBe(2400);
    const [row] = await t.app.db
      .select()
      .from(cardActivity)
      .where(and(eq(cardActivity.fareMediumId, card.id), eq(cardActivity.kind, "autoload")));
    expect(row).toMatchObject({ amount: 2000, pending: true });
    // Ticks later see nothing new.
    clock.advance(60_000);
    await t.app.autoloads.runDue();
    await t.app.autoloads.runDue();
    expect(await ordersOf(card.id)).toBe(1);
  });

  it("two schedulers racing load once", async () => {
    const ada = await newRider(t);
    const card = await newCard(t, ada.id);
    const method = await savedCard(t, ada);
    const saved = await put(ada.token, card.id, {
      amount: 1000,
      payment_method: method,
      trigger: "weekly",
      weekday: 1,
    });
    const id = saved.json().data.autoload.id;
    const due = new Date(clock.now().getTime() - 1000);
    await t.app.db.update(autoloads).set({ nextRunAt: due }).where(eq(autoloads.id, id));
    const reports = await Promise.all([
      t.app.autoloads.runDue(),
      t.app.autoloads.runDue(),
      t.app.autoloads.runDue(),
    ]);
    expect(reports.reduce((sum, report) => sum + report.succeeded, 0)).toBe(1);
    expect(await ordersOf(card.id)).toBe(1);
    expect(await general(card.id)).toBe(1000);
    const [after] = await t.app.db.select().from(autoloads).where(eq(autoloads.id, id));
    expect(after?.nextRunAt?.getTime()).toBeGreaterThan(clock.now().getTime());
    expect(after?.lastRunAt).toEqual(clock.now());
    const runs = await t.app.db.select().from(autoloadRuns).where(eq(autoloadRuns.autoloadId, id));
    expect(runs).toEqual([expect.objectContaining({ status: "succeeded", dueAt: due })]);
  });

  it("pauses on a declined card and emails the rider in their language", async () => {
    const ada = await newRider(t);
    await t.app.db.update(users).set({ locale: "es" }).where(eq(users.id, ada.id));
    const card = await newCard(t, ada.id, { nickname: "Tarjeta" });
    const method = await savedCard(t, ada, "4000000000009995");
    const saved = await put(ada.token, card.id, {
      amount: 1000,
      payment_method: method,
      trigger: "monthly",
      month_day: 1,
    });
    const id = saved.json().data.autoload.id;
    await t.app.db.update(autoloads).set({ nextRunAt: clock.now() }).where(eq(autoloads.id, id));
    const report = await t.app.autoloads.runDue();
    expect(report.failed).toBe(1);
    const [after] = await t.app.db.select().from(autoloads).where(eq(autoloads.id, id));
    expect(after).toMatchObject({
      status: "paused",
      pausedReason: "Your payment method was declined.",
      nextRunAt: null,
    });
    const [user] = await t.app.db.select().from(users).where(eq(users.id, ada.id));
    const mail = await t.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, user?.email ?? ""));
    expect(mail.map((message) => message.subject)).toContain("Su recarga automática está en pausa");
    expect(await general(card.id)).toBe(0);
    expect((await t.app.autoloads.runDue()).failed).toBe(0);
    // Saved again: active again.
    const again = await put(ada.token, card.id, {
      amount: 1000,
      payment_method: method,
      trigger: "monthly",
      month_day: 1,
    });
    expect(again.json().data.autoload).toMatchObject({ status: "active", paused_reason: null });
  });
});
