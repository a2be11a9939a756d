import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import type { Statement } from "../../../src/domain/transit/statement.ts";
import { paymentMethods, products } from "../../db/schema.ts";
import { demoCatalog } from "../../db/seed-catalog.ts";
import { localDate } from "../../domain/agency-time.ts";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import { newCard, newRider, newRoute, savedCard } from "../../test/transit-fixtures.ts";

/** A rider's statement (issue 35): purchases, loads, trips and commuter-benefit use apart, with totals. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Rider = { id: string; token: string };
const send = (rider: Rider, method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${rider.token}`, "idempotency-key": randomUUID() },
    ...(payload ? { payload } : {}),
  });
const day = (date: Date) => {
  const local = localDate(date);
  return `${local.year}-${String(local.month).padStart(2, "0")}-${String(local.day).padStart(2, "0")}`;
};

describe("GET /transit/statement", () => {
  it("lists purchases, loads, trips and commuter-benefit legs of the range apart, with net totals", async () => {
    const rider = await newRider(t, "statement");
    const card = await newCard(t, rider.id, { general: 1_000, nickname: "Work card" });
    const plain = await savedCard(t, rider);
    const benefits = await savedCard(t, rider, "5555555555554444");
    await t.app.db
      .update(paymentMethods)
      .set({ commuterBenefits: true })
      .where(eq(paymentMethods.id, benefits));
    const [week] = await t.app.db
      .select({ price: products.listPrice })
      .from(products)
      .where(eq(products.uuid, demoCatalog.products.weekPass));
    if (!week) throw new Error("seed data missing");
    // A week pass paid half by the commuter benefits card, half by the plain one.
    const half = Math.floor(week.price / 2);
    const bought = await send(rider, "POST", "/transit/orders", {
      lines: [{ product: demoCatalog.products.weekPass, quantity: 1 }],
      fare_medium: card.id,
      expected_total: week.price,
      payments: [
        { kind: "saved", payment_method: benefits, amount: half },
        { kind: "saved", payment_method: plain, amount: week.price - half },
      ],
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const loaded = await send(rider, "POST", `/transit/faremedia/${card.id}/loads`, {
      amount: 2_000,
      expected_total: 2_000,
      payments: [{ kind: "saved", payment_method: benefits, amount: 2_000 }],
    });
    expect(loaded.statusCode, loaded.body).toBe(201);
    const route = await newRoute(t, { ADULT: 275 });
    const tapped = await t.app.inject({
      method: "POST",
      url: "/dev/transit/taps",
      payload: { route, fare_medium: card.id, stop: "Union Station" },
    });
    expect(tapped.statusCode, tapped.body).toBe(201);
    // Another rider's money is not in this statement.
    const other = await newRider(t, "statement-other");
    const otherCard = await newCard(t, other.id, { general: 1_000 });
    await t.app.inject({
      method: "POST",
      url: "/dev/transit/taps",
      payload: { route, fare_medium: otherCard.id },
    });

    const today = day(t.app.clock.now());
    const reply = await send(rider, "GET", `/transit/statement?from=${today}&to=${today}`);
    expect(reply.statusCode, reply.body).toBe(200);
    const statement = reply.json().data.statement as Statement;
    expect(statement).toMatchObject({
      from: today,
      to: today,
      time_zone: "America/New_York",
      currency: "USD",
    });
    expect(statement.purchases).toHaveLength(1);
    expect(statement.purchases[0]).toMatchObject({
      order_number: bought.json().data.number,
      amount: week.price,
      refunded: 0,
    });
    expect(statement.purchases[0]?.description).toMatch(/Pass/);
    expect(statement.loads).toEqual([
      expect.objectContaining({
        order_number: loaded.json().data.order.number,
        amount: 2_000,
        card: { nickname: "Work card", last4: card.number.slice(-4) },
      }),
    ]);
    // The pass on the card paid the ride (passes first), so the stored value paid nothing.
    expect(statement.trips).toEqual([
      expect.objectContaining({
        route: `${route} Test ${route}`,
        stop: "Union Station",
        card: { nickname: "Work card", last4: card.number.slice(-4) },
      }),
    ]);
    expect(statement.commuter_benefits.map((leg) => leg.amount)).toEqual([half, 2_000]);
    expect(statement.commuter_benefits[0]?.payment).toBe("Mastercard •••• 4444");
    expect(statement.totals).toEqual({
      purchases: week.price,
      loads: 2_000,
      trips: statement.trips[0]?.charged ?? -1,
      commuter_benefits: half + 2_000,
    });

    // A range before today holds nothing.
    const empty = await send(rider, "GET", "/transit/statement?from=2020-01-01&to=2020-01-31");
    expect(empty.json().data.statement.totals).toEqual({
      purchases: 0,
      loads: 0,
      trips: 0,
      commuter_benefits: 0,
    });
  });

  it("refuses a range that is not one, in the order's words, and a guest", async () => {
    const rider = await newRider(t, "statement-range");
    const refusals: Array<[string, string]> = [
      ["from=2026-02-30&to=2026-03-01", "Enter dates as YYYY-MM-DD."],
      ["from=yesterday&to=2026-03-01", "Enter dates as YYYY-MM-DD."],
      ["from=2026-03-02&to=2026-03-01", "The end date must be on or after the start date."],
      ["from=2025-01-01&to=2026-01-02", "A statement covers at most 366 days."],
    ];
    for (const [query, message] of refusals) {
      const reply = await send(rider, "GET", `/transit/statement?${query}`);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json().errors[0]).toMatchObject({ code: ErrorCode.validation, message });
    }
    expect((await send(rider, "GET", "/transit/statement?from=2026-03-01")).statusCode).toBe(400);
    expect((await send(rider, "GET", "/transit/statement?from=2026-03-01%00&to=2026-03-02")).statusCode).toBe(
      400,
    );
    expect((await send(rider, "GET", "/transit/statement?from=2025-01-01&to=2026-01-01")).statusCode).toBe(
      200,
    );
    const guest = await t.app.inject({
      method: "GET",
      url: "/transit/statement?from=2026-03-01&to=2026-03-02",
    });
    expect(guest.statusCode).toBe(401);
  });
});
