import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import type { CardTokenReply } from "../../../src/domain/transit/guest-card.ts";
import { cardTokens, fareMedia } from "../../db/schema.ts";
import { demoGuestCard } from "../../db/seed.ts";
import { manualClock } from "../../domain/clock.ts";
import { createCardTokenService } from "../../services/card-tokens.ts";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import { issueCard } from "../../test/pass-fixtures.ts";
import { newRider } from "../../test/transit-fixtures.ts";

const clock = manualClock(new Date("2026-06-01T12:00:00.000Z"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

let addresses = 0;
/** Each call from its own address unless told: the per-address budget is tested on its own. */
const token = (
  card_number: string,
  security_code: string,
  remoteAddress = `10.9.${++addresses >> 8}.${addresses & 255}`,
) =>
  t.app.inject({
    method: "POST",
    url: "/transit/anonymous/card_tokens",
    payload: { card_number, security_code },
    remoteAddress,
  });
const guest = (method: "GET" | "DELETE", url: string, cardToken: string) =>
  t.app.inject({ method, url, headers: { authorization: `Card ${cardToken}` } });

describe("POST /transit/anonymous/card_tokens", () => {
  it("gives a token for the demo guest card: the card as a guest sees it, the token hashed at rest", async () => {
    const reply = await token(demoGuestCard.printedCardNumber.replace(/ /g, ""), demoGuestCard.securityCode);
    expect(reply.statusCode).toBe(201);
    const answer = reply.json().data as CardTokenReply;
    expect(answer.card_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.expires_at).toBe(new Date(clock.now().getTime() + 30 * 60_000).toISOString());
    expect(answer.fare_medium).toMatchObject({
      printed_card_number: demoGuestCard.printedCardNumber,
      can: { load: true },
      balance_detail: expect.any(Object),
    });
    expect(Object.keys(answer.fare_medium)).not.toEqual(expect.arrayContaining(["auto_renew"]));
    for (const key of ["auto_renew", "autoload", "linked_at"])
      expect(answer.fare_medium).not.toHaveProperty(key);
    const rows = await t.app.db.select().from(cardTokens);
    expect(rows.some((row) => row.tokenHash === answer.card_token)).toBe(false);
    expect(JSON.stringify(rows)).not.toContain(answer.card_token);

    const card = await guest("GET", "/transit/anonymous/card", answer.card_token);
    expect(card.statusCode).toBe(200);
    expect(card.json().data.fare_medium.faremedia_id).toBe(answer.fare_medium.faremedia_id);
    const activity = await guest("GET", "/transit/anonymous/card/activity?limit=5", answer.card_token);
    expect(activity.statusCode).toBe(200);
    expect(activity.json().data).toMatchObject({ activity: expect.any(Array) });
    expect(
      (await guest("GET", "/transit/anonymous/card/activity?after=forged", answer.card_token)).statusCode,
    ).toBe(400);
  });

  it("answers a wrong pair with the same bytes whether the number exists or not", async () => {
    const issued = await issueCard(t);
    const wrong = String((Number(issued.security_code) + 1) % 1000).padStart(3, "0");
    const known = await token(issued.card_number, wrong);
    const unknown = await token("6000 9999 8888 7777", "123");
    const malformed = await token("not a number", "123");
    for (const reply of [known, unknown, malformed]) {
      expect(reply.statusCode).toBe(422);
      expect(reply.body).toBe(known.body);
    }
    expect(known.json().errors[0]).toMatchObject({ code: ErrorCode.cardNoMatch, field: "card_number" });
  });

  it("gives a token for a linked or blocked card too (read-only when not active); never for a removed one", async () => {
    const rider = await newRider(t, "guest");
    const issued = await issueCard(t);
    await t.app.db
      .update(fareMedia)
      .set({ userId: rider.id, status: "BLOCKED", blockedAt: clock.now() })
      .where(eq(fareMedia.id, issued.id));
    const reply = await token(issued.card_number, issued.security_code);
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data.fare_medium).toMatchObject({ status: "BLOCKED", can: { load: false } });
    const cardToken = reply.json().data.card_token as string;
    await t.app.db.update(fareMedia).set({ removedAt: clock.now() }).where(eq(fareMedia.id, issued.id));
    expect((await guest("GET", "/transit/anonymous/card", cardToken)).statusCode).toBe(401);
    expect((await token(issued.card_number, issued.security_code)).statusCode).toBe(422);
  });

  it("throttles a guesser per card number, with Retry-After, and lets the card's owner in from elsewhere", async () => {
    const issued = await issueCard(t);
    const codes: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++)
      codes.push((await token(issued.card_number, "000", "10.100.0.1")).statusCode);
    expect(codes).toEqual([422, 422, 422, 422, 422, 429]);
    // Even the right code, from the guesser's address, waits out the window.
    const guessed = await token(issued.card_number, issued.security_code, "10.100.0.1");
    expect(guessed.statusCode).toBe(429);
    expect(guessed.headers["retry-after"]).toMatch(/^\d+$/);
    // Five wrong codes from someone else do not lock the owner out of /manage-card.
    const owner = await token(issued.card_number, issued.security_code, "10.100.0.2");
    expect(owner.statusCode).toBe(201);

    const fromOne: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      const number = `6000 7777 0000 ${String(attempt).padStart(4, "0")}`;
      fromOne.push((await token(number, "000", "10.200.0.1")).statusCode);
    }
    expect(fromOne.slice(0, 20).every((code) => code === 422)).toBe(true);
    expect(fromOne[20]).toBe(429);
  });

  it("stops a guess spread over many addresses at the card number's own budget", async () => {
    const budget = { perNumberAndAddress: 5, perNumber: 4, perAddress: 20, windowMs: 60_000 };
    const service = createCardTokenService({ db: t.app.db, clock, fareMedia: () => t.app.fareMedia, budget });
    const issued = await issueCard(t);
    const answers: string[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const wrong = await service.issue(
        { card_number: issued.card_number, security_code: "000" },
        `10.101.0.${attempt}`,
        "en",
      );
      answers.push(wrong.ok ? "token" : wrong.problem);
    }
    expect(answers).toEqual(["cardNoMatch", "cardNoMatch", "cardNoMatch", "cardNoMatch"]);
    const fresh = await service.issue(issued, "10.101.1.1", "en");
    expect(fresh).toMatchObject({ ok: false, problem: "throttled" });
    clock.advance(61_000);
    expect((await service.issue(issued, "10.101.1.1", "en")).ok).toBe(true);
  });

  it("refuses bodies that are not a pair", async () => {
    for (const payload of [{}, { card_number: "1" }, { card_number: "1", security_code: "2", extra: 1 }]) {
      const reply = await t.app.inject({ method: "POST", url: "/transit/anonymous/card_tokens", payload });
      expect(reply.statusCode).toBe(400);
    }
  });
});

describe("Authorization: Card <token>", () => {
  it("lives 30 minutes from its last use, and dies when the guest is done", async () => {
    const issued = await issueCard(t);
    const cardToken = (await token(issued.card_number, issued.security_code)).json().data
      .card_token as string;
    clock.advance(20 * 60_000);
    expect((await guest("GET", "/transit/anonymous/card", cardToken)).statusCode).toBe(200);
    clock.advance(20 * 60_000);
    expect((await guest("GET", "/transit/anonymous/card", cardToken)).statusCode).toBe(200);
    clock.advance(31 * 60_000);
    expect((await guest("GET", "/transit/anonymous/card", cardToken)).statusCode).toBe(401);

    const fresh = (await token(issued.card_number, issued.security_code)).json().data.card_token as string;
    expect((await guest("DELETE", "/transit/anonymous/card_tokens/current", fresh)).statusCode).toBe(204);
    expect((await guest("GET", "/transit/anonymous/card", fresh)).statusCode).toBe(401);
  });

  it("opens only the guest routes of its own card; bearer tokens and garbage open none of them", async () => {
    const rider = await newRider(t, "guest");
    const issued = await issueCard(t);
    const cardToken = (await token(issued.card_number, issued.security_code)).json().data
      .card_token as string;
    // A guest token is no rider session: the rider routes for that very card answer 401.
    const asRider = await t.app.inject({
      method: "GET",
      url: `/transit/faremedia/${issued.id}`,
      headers: { authorization: `Card ${cardToken}` },
    });
    expect(asRider.statusCode).toBe(401);
    for (const authorization of [
      `Bearer ${rider.token}`,
      `Card ${randomUUID()}x`,
      "Card ",
      `card ${cardToken}`,
      "",
    ]) {
      const reply = await t.app.inject({
        method: "GET",
        url: "/transit/anonymous/card",
        headers: { authorization },
      });
      expect(reply.statusCode).toBe(401);
    }
  });
});
