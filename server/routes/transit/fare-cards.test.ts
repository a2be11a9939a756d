import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import type { ActivityPage, FareCardDetail } from "../../../src/domain/transit/cards.ts";
import { autoloads, fareMedia, subscriptions } from "../../db/schema.ts";
import { demoCatalog } from "../../db/seed-catalog.ts";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import { issueCard, newPass, newPaymentMethod } from "../../test/pass-fixtures.ts";
import { newCard, newRider } from "../../test/transit-fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = "GET" | "POST" | "PATCH" | "DELETE";
const call = (
  method: Method,
  url: string,
  token: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const detail = async (token: string, id: string): Promise<FareCardDetail> => {
  const reply = await call("GET", `/transit/faremedia/${id}`, token);
  expect(reply.statusCode).toBe(200);
  return reply.json().data.fare_medium;
};
const codeOf = (reply: { json(): { errors: Array<{ code: number }> } }) => reply.json().errors[0]?.code;

describe("GET /transit/faremedia/:id", () => {
  it("answers the card with its balance, passes usable first, auto-renewals and what the rider may do", async () => {
    const ada = await newRider(t, "fc");
    const card = await newCard(t, ada.id, { general: 700, commuter: 300 });
    const old = await newPass(t, ada.id, {
      card: card.id,
      status: "expired",
      purchasedAt: new Date("2026-01-01"),
    });
    const fresh = await newPass(t, ada.id, { card: card.id, purchasedAt: new Date("2025-01-01") });
    const shown = await detail(ada.token, card.id);
    expect(shown).toMatchObject({
      faremedia_id: card.id,
      stored_value: 1000,
      balance: { general_funds: 700, commuter_benefits: 300 },
      balance_detail: { general_funds: 700, commuter_benefits: 300, pending: 0, settled: 700 },
      auto_renew: [],
      fare_caps: expect.any(Array),
      autoload: null,
      linked_at: null,
      can: {
        block: true,
        unblock: false,
        unlink: true,
        remove: false,
        load: true,
        autoload: true,
        transfer: false,
      },
    });
    expect(shown.passes.map((pass) => pass.id)).toEqual([fresh.id, old.id]);
    expect(shown.passes[0]).toMatchObject({ status: "available", location: "cloud", auto_renewable: true });
    // A second live card makes a transfer possible.
    await newCard(t, ada.id);
    expect((await detail(ada.token, card.id)).can.transfer).toBe(true);
  });

  it("names the product in the request's language", async () => {
    const ada = await newRider(t, "fc");
    const card = await newCard(t, ada.id);
    await newPass(t, ada.id, { card: card.id, productId: demoCatalog.products.weekPass });
    const reply = await call("GET", `/transit/faremedia/${card.id}`, ada.token, undefined, {
      "accept-language": "es",
    });
    expect(reply.json().data.fare_medium.passes[0].name).toBe("Pase de 7 días");
  });

  it("answers one 404 for another rider's card, an unknown id, a non-uuid and a removed card, on every route", async () => {
    const ada = await newRider(t, "fc");
    const bob = await newRider(t, "fc");
    const theirs = await newCard(t, bob.id, { general: 100 });
    const removed = await newCard(t, ada.id);
    expect((await call("DELETE", `/transit/faremedia/${removed.id}`, ada.token)).statusCode).toBe(204);
    const routes: Array<[Method, (id: string) => string, unknown]> = [
      ["GET", (id) => `/transit/faremedia/${id}`, undefined],
      ["GET", (id) => `/transit/faremedia/${id}/activity`, undefined],
      ["PATCH", (id) => `/transit/faremedia/${id}`, { nickname: "Mine now" }],
      ["POST", (id) => `/transit/faremedia/${id}/unlink`, undefined],
      ["DELETE", (id) => `/transit/faremedia/${id}`, undefined],
      ["POST", (id) => `/transit/faremedia/${id}/block`, undefined],
      ["POST", (id) => `/transit/faremedia/${id}/unblock`, undefined],
      [
        "POST",
        (id) => `/transit/faremedia/${id}/auto_renew`,
        { pass: randomUUID(), payment_method: randomUUID() },
      ],
      ["DELETE", (id) => `/transit/faremedia/${id}/auto_renew/${randomUUID()}`, undefined],
    ];
    for (const [method, url, payload] of routes) {
      const bodies = new Set<string>();
      for (const id of [theirs.id, randomUUID(), "not-a-uuid", removed.id]) {
        const reply = await call(method, url(id), ada.token, payload);
        expect(reply.statusCode, `${method} ${url(id)}`).toBe(404);
        bodies.add(reply.body);
      }
      expect(bodies.size, `${method} ${url("x")}`).toBe(1);
    }
    // Nothing changed on Bob's card, and Ada's list has neither card.
    expect(await detail(bob.token, theirs.id)).toMatchObject({ status: "ACTIVE", stored_value: 100 });
    const list = await call("GET", "/transit/faremedia", ada.token);
    expect(list.json().data.fare_mediums).toEqual([]);
  });

  it("needs a signed-in rider with a confirmed email", async () => {
    const reply = await t.app.inject({ method: "GET", url: `/transit/faremedia/${randomUUID()}` });
    expect(reply.statusCode).toBe(401);
  });
});

describe("PATCH /transit/faremedia/:id", () => {
  it("renames, trimmed, within the length", async () => {
    const ada = await newRider(t, "fc");
    const card = await newCard(t, ada.id);
    const reply = await call("PATCH", `/transit/faremedia/${card.id}`, ada.token, {
      nickname: "  Work card ",
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data.fare_medium.nickname).toBe("Work card");
    for (const nickname of [
      "   ",
      "x".repeat(41),
      "4242 4242 4242 4242",
      "my 4000-0566-5566-5556",
      "a\u0000b",
    ]) {
      const refused = await call("PATCH", `/transit/faremedia/${card.id}`, ada.token, { nickname });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0]).toMatchObject({ code: ErrorCode.validation, field: "nickname" });
      // A card number is neither stored nor said back.
      expect(refused.body).not.toMatch(/4242|5556/);
    }
    const kept = await call("GET", `/transit/faremedia/${card.id}`, ada.token);
    expect(kept.json().data.fare_medium.nickname).toBe("Work card");
    const extra = await call("PATCH", `/transit/faremedia/${card.id}`, ada.token, {
      nickname: "a",
      extra: 1,
    });
    expect(extra.statusCode).toBe(400);
  });
});

describe("POST /transit/faremedia/link", () => {
  it("links an unlinked card by number (digits only) and code, and writes a linked row", async () => {
    const ada = await newRider(t, "fc");
    const issued = await issueCard(t, { balance: 250 });
    const reply = await call("POST", "/transit/faremedia/link", ada.token, {
      card_number: issued.card_number.replace(/ /g, "-"),
      security_code: issued.security_code,
      nickname: "Found card",
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data.fare_medium).toMatchObject({
      faremedia_id: issued.id,
      nickname: "Found card",
      stored_value: 250,
      linked_at: expect.any(String),
    });
    const activity = await call("GET", `/transit/faremedia/${issued.id}/activity`, ada.token);
    expect((activity.json().data as ActivityPage).activity.map((row) => row.kind)).toContain("linked");
  });

  it("refuses a card number as the nickname, and links nothing", async () => {
    const ada = await newRider(t, "fc");
    const issued = await issueCard(t);
    const reply = await call("POST", "/transit/faremedia/link", ada.token, {
      card_number: issued.card_number,
      security_code: issued.security_code,
      nickname: "4242424242424242",
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().errors[0]).toMatchObject({ code: ErrorCode.validation, field: "nickname" });
    expect(reply.body).not.toContain("4242");
    const mine = await call("GET", "/transit/faremedia", ada.token);
    expect(JSON.stringify(mine.json())).not.toContain(issued.id);
  });

  it("answers one cardNoMatch for a wrong code and an unknown number; cardAlreadyLinked; cardBlocked", async () => {
    const ada = await newRider(t, "fc");
    const bob = await newRider(t, "fc");
    const issued = await issueCard(t);
    const wrongCode = String((Number(issued.security_code) + 1) % 1000).padStart(3, "0");
    const wrong = await call("POST", "/transit/faremedia/link", ada.token, {
      card_number: issued.card_number,
      security_code: wrongCode,
    });
    const unknown = await call("POST", "/transit/faremedia/link", ada.token, {
      card_number: "6999 9999 9999 9999",
      security_code: "123",
    });
    const garbage = await call("POST", "/transit/faremedia/link", ada.token, {
      card_number: "12",
      security_code: "123",
    });
    for (const reply of [wrong, unknown, garbage]) {
      expect(reply.statusCode).toBe(422);
      expect(reply.body).toBe(wrong.body);
    }
    expect(codeOf(wrong)).toBe(ErrorCode.cardNoMatch);
    expect(wrong.json().errors[0].field).toBe("card_number");

    const pair = { card_number: issued.card_number, security_code: issued.security_code };
    expect((await call("POST", "/transit/faremedia/link", bob.token, pair)).statusCode).toBe(201);
    for (const who of [ada, bob]) {
      const again = await call("POST", "/transit/faremedia/link", who.token, pair);
      expect(again.statusCode).toBe(422);
      expect(codeOf(again)).toBe(ErrorCode.cardAlreadyLinked);
    }

    const blocked = await issueCard(t);
    await t.app.db.update(fareMedia).set({ status: "BLOCKED" }).where(eq(fareMedia.id, blocked.id));
    const refused = await call("POST", "/transit/faremedia/link", ada.token, {
      card_number: blocked.card_number,
      security_code: blocked.security_code,
    });
    expect(codeOf(refused)).toBe(ErrorCode.cardBlocked);
  });

  it("throttles per card number and per rider, with Retry-After", async () => {
    const target = await issueCard(t);
    // Per number: riders from everywhere share the number's budget.
    let last = null as Awaited<ReturnType<typeof call>> | null;
    for (let attempt = 0; attempt < 6; attempt++) {
      const someone = await newRider(t, "fc");
      last = await call("POST", "/transit/faremedia/link", someone.token, {
        card_number: target.card_number,
        security_code: "000",
      });
    }
    expect(last?.statusCode).toBe(429);
    expect(last?.headers["retry-after"]).toMatch(/^\d+$/);
    // Even the right pair waits now.
    const owner = await newRider(t, "fc");
    const right = await call("POST", "/transit/faremedia/link", owner.token, {
      card_number: target.card_number,
      security_code: target.security_code,
    });
    expect(right.statusCode).toBe(429);

    // Per rider: one rider trying many numbers.
    const eve = await newRider(t, "fc");
    const codes: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const reply = await call("POST", "/transit/faremedia/link", eve.token, {
        card_number: `6999 0000 0000 ${String(attempt).padStart(4, "0")}`,
        security_code: "000",
      });
      codes.push(reply.statusCode);
    }
    expect(codes.slice(0, 10).every((code) => code === 422)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe("block, unblock", () => {
  it("blocks an active card and unblocks it, idempotently, with activity rows; a blocked card buys nothing", async () => {
    const ada = await newRider(t, "fc");
    const card = await newCard(t, ada.id);
    const blocked = await call("POST", `/transit/faremedia/${card.id}/block`, ada.token);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().data.fare_medium).toMatchObject({
      status: "BLOCKED",
      blocked: true,
      can: { block: false, unblock: true, load: false },
    });
    expect((await call("POST", `/transit/faremedia/${card.id}/block`, ada.token)).statusCode).toBe(200);

    const order = await call(
      "POST",
      "/transit/orders",
      ada.token,
      {
        lines: [{ product: demoCatalog.products.dayPass, quantity: 1 }],
        fare_medium: card.id,
        expected_total: 500,
        payments: [{ kind: "saved", payment_method: randomUUID(), amount: 500 }],
      },
      { "idempotency-key": randomUUID() },
    );
    expect(order.statusCode).toBe(422);
    expect(codeOf(order)).toBe(ErrorCode.fareCardUnavailable);

    const unblocked = await call("POST", `/transit/faremedia/${card.id}/unblock`, ada.token);
    expect(unblocked.json().data.fare_medium).toMatchObject({ status: "ACTIVE", blocked: false });
    expect((await call("POST", `/transit/faremedia/${card.id}/unblock`, ada.token)).statusCode).toBe(200);
    const page = (await call("GET", `/transit/faremedia/${card.id}/activity`, ada.token)).json()
      .data as ActivityPage;
    expect(page.activity.map((row) => row.kind)).toEqual(["unblocked", "blocked"]);
  });

  it("refuses the agency's states: blocked by the agency, INVALID, SUSPENDED", async () => {
    const ada = await newRider(t, "fc");
    const agencyBlocked = await newCard(t, ada.id);
    await t.app.db.update(fareMedia).set({ status: "BLOCKED" }).where(eq(fareMedia.id, agencyBlocked.id));
    const invalid = await newCard(t, ada.id, { status: "INVALID" });
    const suspended = await newCard(t, ada.id, { status: "SUSPENDED" });
    for (const [card, action] of [
      [agencyBlocked, "unblock"],
      [agencyBlocked, "block"],
      [invalid, "block"],
      [suspended, "unblock"],
    ] as const) {
      const reply = await call("POST", `/transit/faremedia/${card.id}/${action}`, ada.token);
      expect(reply.statusCode).toBe(422);
      expect(codeOf(reply)).toBe(ErrorCode.fareCardUnavailable);
    }
  });

  it("takes no fields", async () => {
    const ada = await newRider(t, "fc");
    const card = await newCard(t, ada.id);
    const reply = await call("POST", `/transit/faremedia/${card.id}/block`, ada.token, { reason: "lost" });
    expect(reply.statusCode).toBe(400);
  });
});

describe("unlink and remove", () => {
  it("unlinks a physical card: it keeps its value, its autoload goes, its auto-renewals stop", async () => {
    const ada = await newRider(t, "fc");
    const card = await newCard(t, ada.id, { general: 400 });
    const pass = await newPass(t, ada.id, { card: card.id });
    const method = await newPaymentMethod(t, ada.id);
    const renew = await call("POST", `/transit/faremedia/${card.id}/auto_renew`, ada.token, {
      pass: pass.id,
      payment_method: method,
    });
    expect(renew.statusCode).toBe(201);
    await t.app.db.insert(autoloads).values({
      id: randomUUID(),
      userId: ada.id,
      fareMediumId: card.id,
      paymentMethodId: method,
      amount: 1000,
      currency: "USD",
      trigger: "threshold",
      threshold: 200,
    });
    expect((await detail(ada.token, card.id)).autoload).toMatchObject({
      amount: 1000,
      payment_method: { id: method, label: "Visa •••• 4242" },
    });
    expect((await call("POST", `/transit/faremedia/${card.id}/unlink`, ada.token)).statusCode).toBe(204);
    expect((await call("GET", `/transit/faremedia/${card.id}`, ada.token)).statusCode).toBe(404);
    const [row] = await t.app.db.select().from(fareMedia).where(eq(fareMedia.id, card.id));
    expect(row).toMatchObject({ userId: null, linkedAt: null, removedAt: null });
    const live = await t.app.db.select().from(autoloads).where(eq(autoloads.fareMediumId, card.id));
    expect(live.every((autoload) => autoload.removedAt !== null)).toBe(true);
    const renewals = await t.app.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.fareMediumId, card.id));
    expect(renewals.map((subscription) => subscription.status)).toEqual(["cancelled"]);
    expect(await t.app.fareMedia.guestDetail(card.id, "en")).toMatchObject({ stored_value: 400 });
  });

  it("refuses to unlink a virtual card", async () => {
    const ada = await newRider(t, "fc");
    const issued = await issueCard(t, { type: "VIRTUAL" });
    await call("POST", "/transit/faremedia/link", ada.token, {
      card_number: issued.card_number,
      security_code: issued.security_code,
    });
    const reply = await call("POST", `/transit/faremedia/${issued.id}/unlink`, ada.token);
    expect(codeOf(reply)).toBe(ErrorCode.fareCardUnavailable);
  });

  it("removes only an empty card; a removed card is gone from lists, lookups and purchases", async () => {
    const ada = await newRider(t, "fc");
    const withValue = await newCard(t, ada.id, { commuter: 1 });
    const withPass = await newCard(t, ada.id);
    await newPass(t, ada.id, { card: withPass.id, status: "active" });
    for (const card of [withValue, withPass]) {
      const reply = await call("DELETE", `/transit/faremedia/${card.id}`, ada.token);
      expect(reply.statusCode).toBe(422);
      expect(codeOf(reply)).toBe(ErrorCode.cardNotEmpty);
    }
    const empty = await newCard(t, ada.id);
    await newPass(t, ada.id, { card: empty.id, status: "spoiled" });
    expect((await detail(ada.token, empty.id)).can.remove).toBe(true);
    expect((await call("DELETE", `/transit/faremedia/${empty.id}`, ada.token)).statusCode).toBe(204);
    const list = (await call("GET", "/transit/faremedia", ada.token)).json().data.fare_mediums as Array<{
      faremedia_id: string;
    }>;
    expect(list.map((card) => card.faremedia_id).sort()).toEqual([withValue.id, withPass.id].sort());
    expect(await t.app.fareMedia.findForUser(ada.id, empty.id)).toBeNull();
    const order = await call(
      "POST",
      "/transit/orders",
      ada.token,
      {
        lines: [{ product: demoCatalog.products.dayPass, quantity: 1 }],
        fare_medium: empty.id,
        expected_total: 500,
        payments: [{ kind: "saved", payment_method: randomUUID(), amount: 500 }],
      },
      { "idempotency-key": randomUUID() },
    );
    expect(codeOf(order)).toBe(ErrorCode.fareCardUnavailable);
  });
});

describe("auto-renew", () => {
  it("enables renewal of a pass whose product allows it, with a saved method, and cancels it", async () => {
    const ada = await newRider(t, "fc");
    const bob = await newRider(t, "fc");
    const card = await newCard(t, ada.id);
    const week = await newPass(t, ada.id, { card: card.id, productId: demoCatalog.products.weekPass });
    const day = await newPass(t, ada.id, { card: card.id, productId: demoCatalog.products.dayPass });
    const unattached = await newPass(t, ada.id);
    const method = await newPaymentMethod(t, ada.id);
    const bobsMethod = await newPaymentMethod(t, bob.id);
    const url = `/transit/faremedia/${card.id}/auto_renew`;

    const notAllowed = await call("POST", url, ada.token, { pass: day.id, payment_method: method });
    expect(notAllowed.statusCode).toBe(400);
    expect(notAllowed.json().errors[0].field).toBe("pass");
    for (const pass of [unattached.id, randomUUID(), "nope"]) {
      const reply = await call("POST", url, ada.token, { pass, payment_method: method });
      expect(reply.statusCode).toBe(404);
      expect(reply.json().errors[0].field).toBe("pass");
    }
    for (const payment_method of [bobsMethod, randomUUID(), "nope"]) {
      const reply = await call("POST", url, ada.token, { pass: week.id, payment_method });
      expect(reply.statusCode).toBe(404);
      expect(reply.json().errors[0].field).toBe("payment_method");
    }

    await call("POST", `/transit/faremedia/${card.id}/block`, ada.token);
    const whileBlocked = await call("POST", url, ada.token, { pass: week.id, payment_method: method });
    expect(codeOf(whileBlocked)).toBe(ErrorCode.fareCardUnavailable);
    await call("POST", `/transit/faremedia/${card.id}/unblock`, ada.token);

    const enabled = await call("POST", url, ada.token, { pass: week.id, payment_method: method });
    expect(enabled.statusCode).toBe(201);
    const autoRenew = enabled.json().data.auto_renew;
    expect(autoRenew).toMatchObject({
      product: demoCatalog.products.weekPass,
      name: "7-Day Pass",
      payment_method: { id: method, label: "Visa •••• 4242" },
      status: "active",
      renews_at: expect.any(String),
    });
    expect((await detail(ada.token, card.id)).auto_renew.map((renewal) => renewal.id)).toEqual([
      autoRenew.id,
    ]);
    // Bob cannot cancel it through his own token.
    expect((await call("DELETE", `${url}/${autoRenew.id}`, bob.token)).statusCode).toBe(404);
    expect((await call("DELETE", `${url}/${autoRenew.id}`, ada.token)).statusCode).toBe(204);
    expect((await call("DELETE", `${url}/${autoRenew.id}`, ada.token)).statusCode).toBe(404);
    expect((await detail(ada.token, card.id)).auto_renew).toEqual([]);
  });
});

describe("GET /transit/faremedia/:id/activity", () => {
  it("pages newest first with an opaque cursor and refuses a forged cursor or a limit out of bounds", async () => {
    const ada = await newRider(t, "fc");
    const card = await newCard(t, ada.id);
    for (let i = 0; i < 3; i++) {
      await call("POST", `/transit/faremedia/${card.id}/block`, ada.token);
      await call("POST", `/transit/faremedia/${card.id}/unblock`, ada.token);
    }
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const url: string = `/transit/faremedia/${card.id}/activity?limit=4${next ? `&after=${next}` : ""}`;
      const page = (await call("GET", url, ada.token)).json().data as ActivityPage;
      seen.push(...page.activity.map((row) => row.id));
      next = page.next;
    } while (next);
    expect(new Set(seen).size).toBe(6);
    for (const query of ["limit=0", "limit=51", "after=forged", "limit=abc", "extra=1"]) {
      const reply = await call("GET", `/transit/faremedia/${card.id}/activity?${query}`, ada.token);
      expect(reply.statusCode, query).toBe(400);
    }
  });
});

describe("a card's activity in the reader's language (issue 34)", () => {
  it("names a tapped route in the language the activity is read in, whatever the tap's was", async () => {
    const ada = await newRider(t, "fc");
    const card = await newCard(t, ada.id, { general: 2000 });
    const tapped = await t.app.taps.tap({ route: "F1", fare_medium: card.id }, "en");
    expect(tapped.ok).toBe(true);
    const routes = async (language: string) => {
      const reply = await call("GET", `/transit/faremedia/${card.id}/activity`, ada.token, undefined, {
        "accept-language": language,
      });
      expect(reply.statusCode).toBe(200);
      return (reply.json().data as ActivityPage).activity.flatMap((row) =>
        row.detail.route === undefined ? [] : [row.detail.route],
      );
    };
    expect(await routes("en")).toEqual(["Harbor Ferry"]);
    expect(await routes("vi")).toEqual(["Phà Cảng"]);
    expect(await routes("es")).toEqual(["Ferry del Puerto"]);
    // A guest reading the card by its token gets the same.
    const guest = await t.app.fareMedia.guestActivity(card.id, 10, null, "vi");
    expect(
      guest?.activity.flatMap((row) => (row.detail.route === undefined ? [] : [row.detail.route])),
    ).toEqual(["Phà Cảng"]);
  });
});

describe("a pass added to a card, in the reader's language (issue 34)", () => {
  it("names the pass as its product is named in the activity's language, not as it was when added", async () => {
    const ada = await newRider(t, "fc");
    const card = await newCard(t, ada.id);
    const pass = await newPass(t, ada.id, { productId: demoCatalog.products.dayPass, name: "Day Pass" });
    const attached = await call("POST", `/transit/passes/${pass.id}/attach`, ada.token, {
      fare_medium: card.id,
    });
    expect(attached.statusCode).toBe(200);
    const added = async (language: string) => {
      const reply = await call("GET", `/transit/faremedia/${card.id}/activity`, ada.token, undefined, {
        "accept-language": language,
      });
      expect(reply.statusCode).toBe(200);
      return (reply.json().data as ActivityPage).activity.flatMap((row) =>
        row.kind === "pass_attached" ? [row.detail.pass] : [],
      );
    };
    expect(await added("en")).toEqual(["Day Pass"]);
    expect(await added("vi")).toEqual(["Vé ngày"]);
    expect(await added("es")).toEqual(["Pase de un día"]);
  });
});

describe("parallel requests and hostile input", () => {
  it("links a card to exactly one of many riders racing for it", async () => {
    const issued = await issueCard(t, { balance: 100 });
    const riders = await Promise.all(Array.from({ length: 4 }, () => newRider(t, "race")));
    const replies = await Promise.all(
      riders.map((rider) =>
        call("POST", "/transit/faremedia/link", rider.token, {
          card_number: issued.card_number,
          security_code: issued.security_code,
        }),
      ),
    );
    const codes = replies.map((reply) => reply.statusCode).sort();
    expect(codes).toEqual([201, 422, 422, 422]);
    for (const reply of replies.filter((each) => each.statusCode === 422)) {
      expect(codeOf(reply)).toBe(ErrorCode.cardAlreadyLinked);
    }
    const activity = await t.app.fareMedia.guestActivity(issued.id, 50, null);
    expect(activity?.activity.filter((row) => row.kind === "linked")).toHaveLength(1);
  });

  it("blocks once under parallel blocks, and removes once under parallel removes", async () => {
    const ada = await newRider(t, "race");
    const card = await newCard(t, ada.id);
    const blocks = await Promise.all(
      Array.from({ length: 5 }, () => call("POST", `/transit/faremedia/${card.id}/block`, ada.token)),
    );
    expect(blocks.every((reply) => reply.statusCode === 200)).toBe(true);
    const page = (await call("GET", `/transit/faremedia/${card.id}/activity`, ada.token)).json()
      .data as ActivityPage;
    expect(page.activity.filter((row) => row.kind === "blocked")).toHaveLength(1);

    const empty = await newCard(t, ada.id);
    const removes = await Promise.all(
      Array.from({ length: 5 }, () => call("DELETE", `/transit/faremedia/${empty.id}`, ada.token)),
    );
    expect(removes.map((reply) => reply.statusCode).sort()).toEqual([204, 404, 404, 404, 404]);
  });

  it("refuses empty and hostile bodies and headers without a 5xx", async () => {
    const ada = await newRider(t, "hostile");
    const card = await newCard(t, ada.id);
    const cases: Array<[Method, string, unknown, Record<string, string>]> = [
      ["POST", "/transit/faremedia/link", undefined, {}],
      ["POST", "/transit/faremedia/link", { card_number: "6000\u00000000", security_code: "1" }, {}],
      ["PATCH", `/transit/faremedia/${card.id}`, {}, {}],
      ["PATCH", `/transit/faremedia/${card.id}`, { nickname: "a\u0000b" }, {}],
      [
        "POST",
        `/transit/faremedia/${card.id}/auto_renew`,
        { pass: "x".repeat(300), payment_method: "y" },
        {},
      ],
      ["GET", `/transit/faremedia/${card.id}`, undefined, { "accept-language": "x".repeat(300) }],
      ["GET", `/transit/faremedia/${card.id}/activity?after=${"A".repeat(300)}`, undefined, {}],
    ];
    for (const [method, url, payload, headers] of cases) {
      const reply = await call(method, url, ada.token, payload, headers);
      expect(reply.statusCode, `${method} ${url}`).toBeLessThan(500);
      expect(reply.json()).toHaveProperty("errors");
    }
    const hostileKey = await t.app.inject({
      method: "GET",
      url: `/transit/faremedia/${card.id}`,
      headers: { authorization: `Bearer ${ada.token}`, ["x".repeat(300)]: "1", "x-note": "a\u0000b" },
    });
    expect(hostileKey.statusCode).toBeLessThan(500);
  });
});
