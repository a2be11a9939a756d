import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { taps } from "../db/schema.ts";
import { localDate, periodAround, zonedInstant } from "../domain/agency-time.ts";
import { createTestApp, type TestApp } from "../test/helpers.ts";
import { newCapRule, newCard, newRider, newRoute, organizationId } from "../test/transit-fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the agency's calendar (America/New_York)", () => {
  it("starts the day at local midnight, in winter and in summer", () => {
    expect(periodAround(new Date("2026-01-15T03:00:00Z"), "day")).toEqual({
      starts: new Date("2026-01-14T05:00:00Z"),
      ends: new Date("2026-01-15T05:00:00Z"),
    });
    expect(periodAround(new Date("2026-07-15T12:00:00Z"), "day").starts).toEqual(
      new Date("2026-07-15T04:00:00Z"),
    );
  });

  it("has a 23-hour day when clocks go forward and a 25-hour day when they go back", () => {
    const spring = periodAround(new Date("2026-03-08T12:00:00Z"), "day");
    expect(spring.ends.getTime() - spring.starts.getTime()).toBe(23 * 3600_000);
    const autumn = periodAround(new Date("2026-11-01T12:00:00Z"), "day");
    expect(autumn.ends.getTime() - autumn.starts.getTime()).toBe(25 * 3600_000);
  });

  it("starts ISO weeks on Monday and months on the 1st", () => {
    // Sunday 2026-03-08 local belongs to the week of Monday 2026-03-02.
    const week = periodAround(new Date("2026-03-08T15:00:00Z"), "week");
    expect(week.starts).toEqual(new Date("2026-03-02T05:00:00Z"));
    expect(week.ends).toEqual(new Date("2026-03-09T04:00:00Z"));
    expect(localDate(week.starts).weekday).toBe(1);
    const month = periodAround(new Date("2026-12-31T23:30:00-05:00"), "month");
    expect(month.starts).toEqual(new Date("2026-12-01T05:00:00Z"));
    expect(month.ends).toEqual(new Date("2027-01-01T05:00:00Z"));
  });

  it("reads wall times back", () => {
    for (const [y, m, d, h] of [
      [2026, 3, 8, 1],
      [2026, 3, 8, 3],
      [2026, 11, 1, 0],
      [2026, 11, 1, 3],
      [2027, 2, 28, 23],
    ] as const) {
      const local = localDate(zonedInstant(y, m, d, h, 0));
      expect([local.year, local.month, local.day, local.hour]).toEqual([y, m, d, h]);
    }
  });
});

describe("app.fareCaps.progress", () => {
  it("counts the charged taps of the current period per rule of the card's rider type", async () => {
    const riderType = `CAP${randomUUID().slice(0, 6)}`;
    const daily = await newCapRule(t, riderType, "day", 3, "Daily cap");
    const weekly = await newCapRule(t, riderType, "week", 12, "Weekly cap");
    await newCapRule(t, `${riderType}X`, "day", 1);
    const rider = await newRider(t);
    const card = await newCard(t, rider.id, { riderType });
    const route = await newRoute(t);
    const now = new Date("2026-06-10T16:00:00Z"); // Wednesday noon in New York
    const tap = (at: string, charged: number) => ({
      id: randomUUID(),
      fareMediumId: card.id,
      routeCode: route,
      riderType,
      tappedAt: new Date(at),
      fare: 250,
      charged,
      currency: "USD",
    });
    await t.app.db.insert(taps).values([
      tap("2026-06-10T12:00:00Z", 250), // today
      tap("2026-06-10T14:00:00Z", 250), // today
      tap("2026-06-10T15:00:00Z", 0), // today, on a pass: not counted
      tap("2026-06-10T03:00:00Z", 250), // yesterday evening in New York
      tap("2026-06-08T10:00:00Z", 250), // Monday this week
      tap("2026-06-07T10:00:00Z", 250), // Sunday: last week
    ]);
    const row = { id: card.id, organizationId: await organizationId(t), riderType };
    const progress = await t.app.fareCaps.progress(t.app.db, row, now);
    expect(progress).toEqual([
      {
        id: daily,
        name: "Daily cap",
        period: "day",
        trips: 3,
        trips_counted: 2,
        capped: false,
        period_ends_at: "2026-06-11T04:00:00.000Z",
      },
      {
        id: weekly,
        name: "Weekly cap",
        period: "week",
        trips: 12,
        trips_counted: 4,
        capped: false,
        period_ends_at: "2026-06-15T04:00:00.000Z",
      },
    ]);
    await t.app.db.insert(taps).values(tap("2026-06-10T15:30:00Z", 250));
    const [day] = await t.app.fareCaps.progress(t.app.db, row, now, "es");
    expect(day).toMatchObject({ name: "Tope day", trips_counted: 3, capped: true });
  });

  it("gives nothing for a rider type without rules", async () => {
    const card = await newCard(t, null, { riderType: "NO_RULES" });
    const progress = await t.app.fareCaps.progress(
      t.app.db,
      { id: card.id, organizationId: await organizationId(t), riderType: "NO_RULES" },
      new Date(),
    );
    expect(progress).toEqual([]);
  });
});
