import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { autoloads, passes, products, subscriptions } from "../../db/schema.ts";
import { demoCatalog } from "../../db/seed-catalog.ts";
import { balanceOf } from "../../repositories/card-activity.ts";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import { newPass } from "../../test/pass-fixtures.ts";
import { newCard, newRider, newRoute, savedCard } from "../../test/transit-fixtures.ts";

/**
 * Report lost or stolen (issue 35): the card is blocked at once and a digital replacement takes what it
 * held, once, whatever races it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Rider = { id: string; token: string };
const send = (rider: Rider, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${rider.token}`, "idempotency-key": randomUUID() },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const replace = (rider: Rider, cardId: string, payload: unknown = { replacement: "digital" }) =>
  send(rider, "POST", `/transit/faremedia/${cardId}/replace`, payload);
const purses = async (cardId: string) => {
  const balance = await balanceOf(t.app.db, cardId, "USD");
  return { general: balance.general, commuter: balance.commuter };
};

describe("POST /transit/faremedia/:id/replace", () => {
  it("blocks the card and moves its funds (apart), usable passes and autoload to a new digital card", async () => {
    const ada = await newRider(t, "lost");
    const card = await newCard(t, ada.id, { general: 1_250, commuter: 400, nickname: "Commute card" });
    const usable = await newPass(t, ada.id, { card: card.id, status: "active" });
    const spent = await newPass(t, ada.id, { card: card.id, status: "expired" });
    const method = await savedCard(t, ada);
    const saved = await send(ada, "PUT", `/transit/faremedia/${card.id}/autoload`, {
      amount: 2_000,
      payment_method: method,
      trigger: "threshold",
      threshold: 500,
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    // An auto-renewed week pass on the card: its renewals follow the card's replacement.
    const [week] = await t.app.db
      .select({ price: products.listPrice })
      .from(products)
      .where(eq(products.uuid, demoCatalog.products.weekPass));
    if (!week) throw new Error("seed data missing");
    const renewing = await send(ada, "POST", "/transit/orders", {
      lines: [{ product: demoCatalog.products.weekPass, quantity: 1, auto_renew: true }],
      fare_medium: card.id,
      expected_total: week.price,
      payments: [{ kind: "saved", payment_method: method, amount: week.price }],
    });
    expect(renewing.statusCode, renewing.body).toBe(201);

    const reply = await replace(ada, card.id);
    expect(reply.statusCode, reply.body).toBe(200);
    const { fare_medium: replacement, replaced } = reply.json().data;
    expect(replacement).toMatchObject({
      nickname: "Commute card",
      type: "VIRTUAL",
      status: "ACTIVE",
      balance: { general_funds: 1_250, commuter_benefits: 400 },
      replaced_by: null,
    });
    expect(replacement.printed_card_number).toMatch(/^6000( \d{4}){3}$/);
    expect(replacement.passes.map((pass: { id: string }) => pass.id)).toContain(usable.id);
    expect(replacement.passes.map((pass: { id: string }) => pass.id)).not.toContain(spent.id);
    const renewals = await t.app.db
      .select({ card: subscriptions.fareMediumId, status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.orderId, renewing.json().data.id));
    expect(renewals).toEqual([{ card: replacement.faremedia_id, status: "active" }]);
    expect(replacement.auto_renew).toHaveLength(1);
    expect(replacement.autoload).toMatchObject({ amount: 2_000, threshold: 500 });
    expect(replaced).toMatchObject({
      status: "BLOCKED",
      replaced_by: replacement.faremedia_id,
      balance: { general_funds: 0, commuter_benefits: 0 },
      can: { unblock: false, replace: false, block: false },
    });
    expect(await purses(card.id)).toEqual({ general: 0, commuter: 0 });
    expect(await purses(replacement.faremedia_id)).toEqual({ general: 1_250, commuter: 400 });
    // The expired pass stays where it was used; the autoload lives on the new card only.
    const [left] = await t.app.db.select().from(passes).where(eq(passes.id, spent.id));
    expect(left?.fareMediumId).toBe(card.id);
    const live = await t.app.db
      .select({ card: autoloads.fareMediumId })
      .from(autoloads)
      .where(and(eq(autoloads.fareMediumId, card.id), isNull(autoloads.removedAt)));
    expect(live).toEqual([]);

    // Both cards' activity say what happened, with the other card's last four digits.
    const activity = await send(ada, "GET", `/transit/faremedia/${card.id}/activity`);
    expect(activity.json().data.activity[0]).toMatchObject({
      kind: "replaced",
      amount: -1_650,
      detail: { card: replacement.printed_card_number.slice(-4) },
    });

    // The list shows the old card replaced; asking again answers the same replacement.
    const list = await send(ada, "GET", "/transit/faremedia");
    const listed = list.json().data.fare_mediums as Array<{
      faremedia_id: string;
      replaced_by: string | null;
    }>;
    expect(listed.find((entry) => entry.faremedia_id === card.id)?.replaced_by).toBe(
      replacement.faremedia_id,
    );
    const again = await replace(ada, card.id);
    expect(again.json().data.fare_medium.faremedia_id).toBe(replacement.faremedia_id);

    // The old card is blocked for good: unblocking is refused, a tap declined.
    const unblock = await send(ada, "POST", `/transit/faremedia/${card.id}/unblock`);
    expect(unblock.statusCode).toBe(422);
    expect(unblock.json().errors[0].code).toBe(ErrorCode.fareCardUnavailable);
    const route = await newRoute(t);
    const tap = await t.app.taps.tap({ route, fare_medium: card.id });
    expect(tap.ok && tap.tap.declined_reason).toBe("card_blocked");
    const ride = await t.app.taps.tap({ route, fare_medium: replacement.faremedia_id });
    expect(ride.ok && ride.tap.outcome).not.toBe("declined");
  });

  it("refuses what is not the rider's, the agency's blocks, and bodies it does not know", async () => {
    const ada = await newRider(t, "lost-refusals");
    const bob = await newRider(t, "lost-other");
    const card = await newCard(t, ada.id, { general: 100 });
    expect((await replace(bob, card.id)).statusCode).toBe(404);
    expect((await replace(ada, "not-a-uuid")).statusCode).toBe(404);
    for (const body of [
      {},
      { replacement: "physical\u0000" },
      { replacement: "teleport" },
      { replacement: "digital", x: 1 },
    ]) {
      expect((await replace(ada, card.id, body)).statusCode).toBe(400);
    }
    const noBody = await t.app.inject({
      method: "POST",
      url: `/transit/faremedia/${card.id}/replace`,
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(noBody.statusCode).toBe(400);
    const suspended = await newCard(t, ada.id, { general: 100, status: "SUSPENDED" });
    const refused = await replace(ada, suspended.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].code).toBe(ErrorCode.fareCardUnavailable);
    expect(await purses(card.id)).toEqual({ general: 100, commuter: 0 });
  });

  it("moves the balance once while 50 reports, taps and transfers race on one card (both engines)", async () => {
    const ada = await newRider(t, "lost-race");
    const card = await newCard(t, ada.id, { general: 5_000, commuter: 700 });
    const other = await newCard(t, ada.id, { general: 0 });
    const route = await newRoute(t);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, n) => {
        if (n % 3 === 0) return replace(ada, card.id).then((reply) => ({ kind: "replace" as const, reply }));
        if (n % 3 === 1)
          return t.app.taps
            .tap({ route, fare_medium: card.id })
            .then((tap) => ({ kind: "tap" as const, tap }));
        return send(ada, "POST", "/transit/faremedia/transfers", {
          from: card.id,
          to: other.id,
          amount: 100,
        }).then((reply) => ({ kind: "transfer" as const, reply }));
      }),
    );
    const replacements = new Set<string>();
    let charged = 0;
    let transferred = 0;
    for (const result of results) {
      if (result.kind === "replace") {
        expect(result.reply.statusCode, result.reply.body).toBe(200);
        replacements.add(result.reply.json().data.fare_medium.faremedia_id);
      } else if (result.kind === "tap") {
        if (result.tap.ok) charged += result.tap.tap.charged;
      } else if (result.reply.statusCode === 201) {
        transferred += 100;
      } else {
        expect(result.reply.statusCode).toBe(422);
      }
    }
    // One replacement, however many reports; every cent is on the old card, the new one, or the other
    // card, or was paid as a fare.
    expect(replacements.size).toBe(1);
    const [replacement] = [...replacements];
    if (!replacement) throw new Error("no replacement");
    const old = await purses(card.id);
    const moved = await purses(replacement);
    expect(old).toEqual({ general: 0, commuter: 0 });
    expect(moved.general + (await purses(other.id)).general + charged).toBe(5_000);
    expect((await purses(other.id)).general).toBe(transferred);
    expect(moved.commuter).toBe(700);
  });
});
