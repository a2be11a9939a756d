import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import type { Trip } from "../../../src/domain/transit/trips.ts";
import { transitRoutes } from "../../db/schema.ts";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import { newPass } from "../../test/pass-fixtures.ts";
import { newCapRule, newCard, newRider, newRoute } from "../../test/transit-fixtures.ts";

/** A fare card's trip history (issue 35): its taps read back, in keyset pages, only for its rider. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Rider = { id: string; token: string };
const get = (rider: Rider, url: string, language = "en") =>
  t.app.inject({
    method: "GET",
    url,
    headers: { authorization: `Bearer ${rider.token}`, "accept-language": language },
  });
const tap = async (body: Record<string, unknown>) => {
  const reply = await t.app.inject({ method: "POST", url: "/dev/transit/taps", payload: body });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data.tap as { id: string; outcome: string };
};

describe("GET /transit/faremedia/:id/trips", () => {
  it("lists every tap newest first with its route, stop, fare, and the pass or cap that paid it", async () => {
    const rider = await newRider(t, "trips");
    const riderType = `TRIPS${randomUUID().slice(0, 4)}`;
    const route = await newRoute(t, { ADULT: 250, [riderType]: 200 });
    await t.app.db
      .update(transitRoutes)
      .set({ translations: { es: { name: "Ruta de prueba" } } })
      .where(eqCode(route));
    await newCapRule(t, riderType, "day", 2, "Two a day");
    const card = await newCard(t, rider.id, { general: 1_000, riderType });
    const day = "2026-11-03";
    const at = (hour: number) => `${day}T${String(hour).padStart(2, "0")}:15:00.000Z`;
    const first = await tap({ route, fare_medium: card.id, at: at(12), stop: "Main St & 5th Ave" });
    await tap({ route, fare_medium: card.id, at: at(13) });
    const capped = await tap({ route, fare_medium: card.id, at: at(14), stop: "Harbor Terminal" });
    expect(capped.outcome).toBe("capped");
    const pass = await newPass(t, rider.id, { card: card.id, status: "active", name: "Day Pass" });
    const onPass = await tap({ route, fare_medium: card.id });
    expect(onPass.outcome).toBe("pass");

    const reply = await get(rider, `/transit/faremedia/${card.id}/trips?limit=10`);
    expect(reply.statusCode, reply.body).toBe(200);
    const { trips, next } = reply.json().data as { trips: Trip[]; next: string | null };
    expect(next).toBeNull();
    expect(trips[0]?.id).toBe(onPass.id);
    expect(trips.slice(1).map((trip) => trip.tapped_at)).toEqual([at(14), at(13), at(12)]);
    expect(trips[0]).toMatchObject({
      paid_by: "pass",
      pass: { id: pass.id, name: "Day Pass" },
      cap: null,
      fare: 200,
      charged: 0,
      balance_after: null,
      time_zone: "America/New_York",
    });
    expect(trips[1]).toMatchObject({
      id: capped.id,
      paid_by: "cap",
      cap: { name: "Two a day", period: "day", trips: 2 },
      stop: "Harbor Terminal",
      charged: 0,
      balance_after: null,
    });
    expect(trips[3]).toMatchObject({
      id: first.id,
      paid_by: "stored_value",
      route: { code: route, name: `Test ${route}`, mode: "bus" },
      stop: "Main St & 5th Ave",
      fare: 200,
      charged: 200,
      currency: "USD",
      balance_after: 800,
      pass: null,
      cap: null,
    });
    expect(trips[2]?.stop).toBeNull();

    // In the rider's language; one trip by its id.
    const spanish = await get(rider, `/transit/faremedia/${card.id}/trips/${first.id}`, "es");
    expect(spanish.statusCode, spanish.body).toBe(200);
    expect(spanish.json().data.trip).toEqual({
      ...trips[3],
      route: { ...trips[3]?.route, name: "Ruta de prueba" },
    });
  });

  it("pages by time and id, so taps at the same instant are each listed once", async () => {
    const rider = await newRider(t, "trip-pages");
    const route = await newRoute(t);
    const card = await newCard(t, rider.id, { general: 5_000 });
    const instant = "2026-10-01T10:00:00.000Z";
    for (let n = 0; n < 5; n++) await tap({ route, fare_medium: card.id, at: instant, key: `same-${n}` });
    await tap({ route, fare_medium: card.id, at: "2026-10-01T09:00:00.000Z" });
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const query: string = after ? `&after=${after}` : "";
      const reply = await get(rider, `/transit/faremedia/${card.id}/trips?limit=2${query}`);
      expect(reply.statusCode, reply.body).toBe(200);
      const page = reply.json().data as { trips: Trip[]; next: string | null };
      seen.push(...page.trips.map((trip) => trip.id));
      after = page.next;
      pages++;
    } while (after && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(6);
    expect((await get(rider, `/transit/faremedia/${card.id}/trips?after=forged`)).statusCode).toBe(400);
    expect((await get(rider, `/transit/faremedia/${card.id}/trips?limit=0`)).statusCode).toBe(400);
  });

  it("answers one 404 for another rider's card, an unknown one, and a trip of another card", async () => {
    const owner = await newRider(t, "trip-owner");
    const other = await newRider(t, "trip-other");
    const route = await newRoute(t);
    const card = await newCard(t, owner.id, { general: 1_000 });
    const otherCard = await newCard(t, other.id, { general: 1_000 });
    const trip = await tap({ route, fare_medium: card.id });
    const refusals = [
      await get(other, `/transit/faremedia/${card.id}/trips`),
      await get(other, `/transit/faremedia/${randomUUID()}/trips`),
      await get(other, `/transit/faremedia/not-a-card/trips`),
    ];
    for (const reply of refusals) {
      expect(reply.statusCode).toBe(404);
      expect(reply.json().errors[0].code).toBe(ErrorCode.notFound);
    }
    const trips = [
      await get(other, `/transit/faremedia/${card.id}/trips/${trip.id}`),
      await get(other, `/transit/faremedia/${otherCard.id}/trips/${trip.id}`),
      await get(owner, `/transit/faremedia/${card.id}/trips/${randomUUID()}`),
      await get(owner, `/transit/faremedia/${card.id}/trips/nope`),
    ];
    for (const reply of trips) {
      expect(reply.statusCode).toBe(404);
      expect(reply.json().errors).toEqual([{ code: ErrorCode.notFound, message: "Trip not found." }]);
    }
    expect(
      (await t.app.inject({ method: "GET", url: `/transit/faremedia/${card.id}/trips` })).statusCode,
    ).toBe(401);
  });

  it("keeps a blocked card's trips, and a tap refused at the reader is no trip", async () => {
    const rider = await newRider(t, "trip-blocked");
    const route = await newRoute(t);
    const card = await newCard(t, rider.id, { general: 300 });
    await tap({ route, fare_medium: card.id });
    const declined = await tap({ route, fare_medium: card.id });
    expect(declined.outcome).toBe("declined");
    const blocked = await t.app.inject({
      method: "POST",
      url: `/transit/faremedia/${card.id}/block`,
      headers: { authorization: `Bearer ${rider.token}` },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const reply = await get(rider, `/transit/faremedia/${card.id}/trips`);
    expect(reply.json().data.trips).toHaveLength(1);
  });

  it("refuses a stop the reader cannot have named", async () => {
    const route = await newRoute(t);
    const rider = await newRider(t, "trip-stop");
    const card = await newCard(t, rider.id, { general: 1_000 });
    for (const stop of ["", "x".repeat(81)]) {
      const reply = await t.app.inject({
        method: "POST",
        url: "/dev/transit/taps",
        payload: { route, fare_medium: card.id, stop },
      });
      expect(reply.statusCode).toBe(400);
    }
  });
});

function eqCode(code: string) {
  return eq(transitRoutes.code, code);
}
