import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import { guestCardToken, issueCard } from "../../test/pass-fixtures.ts";
import { newRider, newRoute } from "../../test/transit-fixtures.ts";

/**
 * A guest's card added to an account (issue 35): the card token from /manage-card stands for the
 * number and security code; the refusals are linking's; the token dies with the claim.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Rider = { id: string; token: string };
const claim = (rider: Rider, payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/transit/faremedia/claim",
    headers: { authorization: `Bearer ${rider.token}`, "idempotency-key": randomUUID() },
    payload: payload as object,
  });
const guestRead = (token: string) =>
  t.app.inject({
    method: "GET",
    url: "/transit/anonymous/card",
    headers: { authorization: `Card ${token}` },
  });

describe("POST /transit/faremedia/claim", () => {
  it("adds the guest's card, with its balance, to the rider's account, and the card token dies", async () => {
    const ada = await newRider(t, "claim");
    const card = await issueCard(t, { balance: 1_200 });
    const token = await guestCardToken(t, card);
    expect((await guestRead(token)).statusCode).toBe(200);

    const reply = await claim(ada, { card_token: token, nickname: "Found card" });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().data.fare_medium).toMatchObject({
      faremedia_id: card.id,
      nickname: "Found card",
      stored_value: 1_200,
    });
    const list = await t.app.inject({
      method: "GET",
      url: "/transit/faremedia",
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(
      list.json().data.fare_mediums.map((entry: { faremedia_id: string }) => entry.faremedia_id),
    ).toContain(card.id);
    expect((await guestRead(token)).statusCode).toBe(401);
    // The same token again: it is gone, as a wrong number and code would be.
    const again = await claim(ada, { card_token: token });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0]).toMatchObject({ code: ErrorCode.cardNoMatch, field: "card_token" });
  });

  it("refuses a card already on an account, a blocked card, and bodies it does not know", async () => {
    const ada = await newRider(t, "claim-refused");
    const bob = await newRider(t, "claim-other");
    const card = await issueCard(t);
    const first = await guestCardToken(t, card);
    const second = await guestCardToken(t, card);
    expect((await claim(bob, { card_token: first })).statusCode).toBe(201);
    const taken = await claim(ada, { card_token: second });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors[0].code).toBe(ErrorCode.cardAlreadyLinked);

    for (const body of [{}, { card_token: "" }, { card_token: 7 }, { card_token: "x", extra: true }]) {
      expect((await claim(ada, body)).statusCode).toBe(400);
    }
    const nul = await claim(ada, { card_token: "abc\u0000def" });
    expect([400, 422]).toContain(nul.statusCode);
    const noBody = await t.app.inject({
      method: "POST",
      url: "/transit/faremedia/claim",
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(noBody.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/transit/faremedia/claim",
      payload: { card_token: second },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("gives one card to one rider when ten claim it at once with ten tokens (both engines)", async () => {
    const card = await issueCard(t, { balance: 500 });
    const riders = await Promise.all(Array.from({ length: 10 }, (_, n) => newRider(t, `claim-race-${n}`)));
    // Each rider looked the card up from their own address (the lookups are budgeted per address).
    const tokens: string[] = [];
    for (const [n] of riders.entries()) {
      const issued = await t.app.inject({
        method: "POST",
        url: "/transit/anonymous/card_tokens",
        remoteAddress: `10.0.35.${n + 1}`,
        payload: { card_number: card.card_number, security_code: card.security_code },
      });
      expect(issued.statusCode, issued.body).toBe(201);
      tokens.push(issued.json().data.card_token);
    }
    const replies = await Promise.all(riders.map((rider, n) => claim(rider, { card_token: tokens[n] })));
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(422)]);
    for (const reply of replies.filter((entry) => entry.statusCode === 422)) {
      expect(reply.json().errors[0].code).toBe(ErrorCode.cardAlreadyLinked);
    }
  });
});

describe("POST /transit/anonymous/card/block", () => {
  const block = (token: string | null, payload?: unknown) =>
    t.app.inject({
      method: "POST",
      url: "/transit/anonymous/card/block",
      headers: token === null ? {} : { authorization: `Card ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it("blocks a guest's lost card at once, once however often it is asked; a reader refuses it", async () => {
    const card = await issueCard(t, { balance: 900 });
    const token = await guestCardToken(t, card);
    expect((await guestRead(token)).json().data.fare_medium.can).toEqual({ load: true, block: true });
    const replies = await Promise.all(Array.from({ length: 50 }, () => block(token)));
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(50).fill(200));
    expect(replies[0]?.json().data.fare_medium).toMatchObject({
      status: "BLOCKED",
      stored_value: 900,
      can: { load: false, block: false },
    });
    const activity = await t.app.inject({
      method: "GET",
      url: "/transit/anonymous/card/activity",
      headers: { authorization: `Card ${token}` },
    });
    const kinds = activity.json().data.activity.map((row: { kind: string }) => row.kind);
    expect(kinds.filter((kind: string) => kind === "blocked")).toHaveLength(1);
    const tap = await t.app.taps.tap({ route: await newRoute(t), fare_medium: card.id });
    expect(tap.ok && tap.tap.declined_reason).toBe("card_blocked");
    // Blocked, it can no longer be added to an account: customer service moves its balance.
    const ada = await newRider(t, "claim-blocked");
    const refused = await claim(ada, { card_token: token });
    expect(refused.json().errors[0].code).toBe(ErrorCode.cardBlocked);
  });

  it("leaves a card in an account to its rider, and refuses bodies and missing tokens", async () => {
    const ada = await newRider(t, "guest-block-owner");
    const card = await issueCard(t);
    expect((await claim(ada, { card_token: await guestCardToken(t, card) })).statusCode).toBe(201);
    const token = await guestCardToken(t, card);
    expect((await guestRead(token)).json().data.fare_medium.can.block).toBe(false);
    const refused = await block(token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].code).toBe(ErrorCode.fareCardUnavailable);
    expect((await block(token, { reason: "lost" })).statusCode).toBe(400);
    expect((await block(null)).statusCode).toBe(401);
    expect((await block("not-a-token")).statusCode).toBe(401);
  });
});
