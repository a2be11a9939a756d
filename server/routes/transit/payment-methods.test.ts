import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import {
  maxPaymentMethods,
  nicknameMaxLength,
  type SavedPaymentMethod,
} from "../../../src/domain/payments/saved.ts";
import { paymentMethods } from "../../db/schema.ts";
import { manualClock } from "../../domain/clock.ts";
import type { BankInput, CardInput } from "../../gateways/payments/checks.ts";
import { SandboxPaymentGateway } from "../../gateways/payments/sandbox.ts";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import { testCardToken } from "../../test/sandbox-cards.ts";

let t: TestApp;
let gateway: SandboxPaymentGateway;
beforeAll(async () => {
  t = await createTestApp();
  if (!(t.app.payments instanceof SandboxPaymentGateway)) throw new Error("the test app has the sandbox");
  gateway = t.app.payments;
});
afterAll(() => t.close());

let riders = 0;
/** A new rider with a confirmed email, signed in: their id and bearer token. */
async function rider(emailConfirmed = true): Promise<{ id: string; token: string }> {
  const user = await t.app.accounts.create({
    email: `pm-rider-${++riders}@example.org`,
    passwordHash: "not-a-real-hash",
    firstName: "Ada",
    lastName: "Byron",
    mobile: null,
    locale: "en",
    emailConfirmed,
  });
  const session = await t.app.accounts.startSession(user.id, new Date());
  return { id: user.id, token: session.token };
}

const request = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  token: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const cardToken = (number?: string, changes: Partial<CardInput> = {}) =>
  testCardToken(gateway, number, changes);

function bankToken(changes: Partial<BankInput> = {}): string {
  const made = gateway.createBankToken({
    routing_number: "110000000",
    account_number: "000123456789",
    account_type: "checking",
    account_holder_name: "Ada Byron",
    ...changes,
  });
  if (!made.ok) throw new Error(`not tokenized: ${made.problem}`);
  return made.value.token;
}

const billing = { last_name: "Byron", address_1: "1 Main St", zip_code: "94103" };

async function saveCard(token: string, extra: Record<string, unknown> = {}) {
  const reply = await request("POST", "/transit/payment_methods", token, {
    token: cardToken(),
    billing,
    ...extra,
  });
  expect(reply.statusCode).toBe(201);
  return reply.json().data.payment_method as SavedPaymentMethod;
}

const list = async (token: string) => {
  const reply = await request("GET", "/transit/payment_methods", token);
  expect(reply.statusCode).toBe(200);
  return reply.json().data.payment_methods as SavedPaymentMethod[];
};

function errorOf(reply: { json(): { errors: Array<{ code: number; field?: string }> } }) {
  const [error] = reply.json().errors;
  if (!error) throw new Error("the reply has no error");
  return error;
}

describe("POST /transit/payment_methods", () => {
  it("refuses a card of a brand the portal does not take (JCB), as the portal's form says it (issue 47)", async () => {
    const ada = await rider();
    const reply = await request("POST", "/transit/payment_methods", ada.token, {
      token: cardToken("3530111333300000"),
      billing,
    });
    expect(reply.statusCode, reply.body).toBe(422);
    expect(errorOf(reply)).toMatchObject({
      code: ErrorCode.cardTypeUnsupported,
      message: "Unsupported Card Type",
      field: "token",
    });
    expect(await list(ada.token)).toEqual([]);
  });

  it("saves a card from a gateway token with its billing details, first one default", async () => {
    const ada = await rider();
    const reply = await request("POST", "/transit/payment_methods", ada.token, {
      token: cardToken(),
      nickname: "  Everyday  ",
      commuter_benefits: true,
      billing: { last_name: " Byron ", address_1: " 1 Main St ", zip_code: " 94103 " },
    });
    expect(reply.statusCode).toBe(201);
    const method = reply.json().data.payment_method;
    expect(method).toEqual({
      id: expect.any(String),
      kind: "card",
      commuter_benefits: true,
      nickname: "Everyday",
      is_default: true,
      brand: "visa",
      last4: "4242",
      exp_month: 12,
      exp_year: 2031,
      billing,
      bank_name: null,
      account_type: null,
      holder_name: null,
      paypal_email: null,
      created_at: expect.any(String),
    });
    expect(await list(ada.token)).toEqual([method]);
    const [row] = await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.id, method.id));
    expect(row?.gatewayMethodId).toMatch(/^pm_sandbox_approve_/);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("saves a bank account with its holder and a PayPal account; later ones are not default", async () => {
    const ada = await rider();
    await saveCard(ada.token);
    const bank = await request("POST", "/transit/payment_methods", ada.token, {
      token: bankToken(),
      holder_name: "  Ada Byron ",
    });
    expect(bank.statusCode).toBe(201);
    expect(bank.json().data.payment_method).toMatchObject({
      kind: "bank_account",
      bank_name: "Sandbox Bank",
      last4: "6789",
      account_type: "checking",
      holder_name: "Ada Byron",
      is_default: false,
      billing: null,
      brand: null,
    });
    const paypal = await request("POST", "/transit/payment_methods", ada.token, {
      token: gateway.createPayPalToken().token,
      nickname: null,
    });
    expect(paypal.statusCode).toBe(201);
    expect(paypal.json().data.payment_method).toMatchObject({
      kind: "paypal",
      paypal_email: expect.stringMatching(/@personal\.example\.com$/),
      last4: null,
      nickname: null,
    });
    expect((await list(ada.token)).map((m) => m.kind)).toEqual(["card", "bank_account", "paypal"]);
  });

  it("answers the method it made when the same token comes again, also ten at once", async () => {
    const ada = await rider();
    const token = cardToken();
    const first = await request("POST", "/transit/payment_methods", ada.token, { token, billing });
    expect(first.statusCode).toBe(201);
    const again = await request("POST", "/transit/payment_methods", ada.token, { token, billing });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.payment_method.id).toBe(first.json().data.payment_method.id);

    const parallel = cardToken("5555555555554444");
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        request("POST", "/transit/payment_methods", ada.token, { token: parallel, billing }),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(replies.map((r) => r.json().data.payment_method.id)).size).toBe(1);
    expect(await list(ada.token)).toHaveLength(2);
  });

  it("refuses a token another rider saved, a forged one and one from another gateway", async () => {
    const ada = await rider();
    const bob = await rider();
    const token = cardToken();
    expect(
      (await request("POST", "/transit/payment_methods", ada.token, { token, billing })).statusCode,
    ).toBe(201);
    const stolen = await request("POST", "/transit/payment_methods", bob.token, { token, billing });
    expect(stolen.statusCode).toBe(422);
    expect(errorOf(stolen).code).toBe(ErrorCode.paymentTokenInvalid);

    const other = new SandboxPaymentGateway({ secret: "another-sandbox-secret-0123456789" });
    const made = other.createCardToken({
      number: "4242424242424242",
      exp_month: 12,
      exp_year: 2031,
      cvc: "739",
      postal_code: "94103",
    });
    for (const forged of [`${token}x`, "tok_sandbox_nothing.here", made.ok ? made.value.token : ""]) {
      const reply = await request("POST", "/transit/payment_methods", bob.token, { token: forged, billing });
      expect(reply.statusCode).toBe(422);
      expect(errorOf(reply).code).toBe(ErrorCode.paymentTokenInvalid);
    }
    expect(await list(bob.token)).toEqual([]);
  });

  it.each([
    ["4000000000000002", "card_declined"],
    ["4000000000000069", "expired_card"],
    ["4000000000000127", "incorrect_cvc"],
    ["4000000000000119", "processing_error"],
  ])("declines %s with %s in the error's field", async (number, reason) => {
    const ada = await rider();
    const reply = await request("POST", "/transit/payment_methods", ada.token, {
      token: cardToken(number),
      billing,
    });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().errors).toEqual([
      { code: ErrorCode.paymentMethodDeclined, message: expect.any(String), field: reason },
    ]);
    expect(await list(ada.token)).toEqual([]);
  });

  it("saves the insufficient-funds card: it declines only when charged", async () => {
    const ada = await rider();
    const reply = await request("POST", "/transit/payment_methods", ada.token, {
      token: cardToken("4000000000009995"),
      billing,
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data.payment_method.last4).toBe("9995");
  });

  it.each([
    ["a card without billing", () => ({ token: cardToken() }), "billing"],
    [
      "an empty billing last name",
      () => ({ token: cardToken(), billing: { ...billing, last_name: "  " } }),
      "billing.last_name",
    ],
    [
      "a long street",
      () => ({ token: cardToken(), billing: { ...billing, address_1: "x".repeat(101) } }),
      "billing.address_1",
    ],
    [
      "a bad zip",
      () => ({ token: cardToken(), billing: { ...billing, zip_code: "9!" } }),
      "billing.zip_code",
    ],
    [
      "a tab in the street",
      () => ({ token: cardToken(), billing: { ...billing, address_1: "1\tMain" } }),
      "billing.address_1",
    ],
    ["a bank account without holder", () => ({ token: bankToken() }), "holder_name"],
    ["an empty holder", () => ({ token: bankToken(), holder_name: "   " }), "holder_name"],
    ["a long holder", () => ({ token: bankToken(), holder_name: "A".repeat(101) }), "holder_name"],
    [
      "a commuter benefits bank account",
      () => ({ token: bankToken(), holder_name: "Ada", commuter_benefits: true }),
      "commuter_benefits",
    ],
    ["billing on a bank account", () => ({ token: bankToken(), holder_name: "Ada", billing }), "billing"],
    ["a holder on a card", () => ({ token: cardToken(), billing, holder_name: "Ada" }), "holder_name"],
    [
      "a long nickname",
      () => ({ token: cardToken(), billing, nickname: "n".repeat(nicknameMaxLength + 1) }),
      "nickname",
    ],
    [
      "a card number in the nickname",
      () => ({ token: cardToken(), billing, nickname: "Visa 4242 4242 4242 4242" }),
      "nickname",
    ],
    [
      "a card number in the street",
      () => ({ token: cardToken(), billing: { ...billing, address_1: "4000-0000-0000-0002" } }),
      "billing.address_1",
    ],
    [
      "a card number as the holder",
      () => ({ token: bankToken(), holder_name: "4000000000009995" }),
      "holder_name",
    ],
    ["a newline in the nickname", () => ({ token: cardToken(), billing, nickname: "a\nb" }), "nickname"],
  ])("refuses %s with 400 on its field", async (_, body, field) => {
    const ada = await rider();
    const reply = await request("POST", "/transit/payment_methods", ada.token, body());
    expect(reply.statusCode).toBe(400);
    expect(reply.json().errors).toContainEqual({
      code: ErrorCode.validation,
      message: expect.any(String),
      field,
    });
    expect(await list(ada.token)).toEqual([]);
  });

  it("takes a nickname of exactly the limit, in characters, and numbers that are no card's", async () => {
    const ada = await rider();
    const nickname = "🚋".repeat(nicknameMaxLength);
    const method = await saveCard(ada.token, { nickname });
    expect(method.nickname).toBe(nickname);
    for (const ordinary of ["Card 1234", "4242 4242 4242 4241", "Account 0001-2345-6789"]) {
      expect((await saveCard(ada.token, { nickname: ordinary })).nickname).toBe(ordinary);
    }
  });

  it.each([
    ["an empty body", {}],
    ["an unknown field", { token: "tok_x", billing, admin: true }],
    ["an unknown billing field", { token: "tok_x", billing: { ...billing, country: "US" } }],
    ["a NUL in the nickname", { token: "tok_x", billing, nickname: "a\u0000b" }],
    ["a NUL in billing", { token: "tok_x", billing: { ...billing, last_name: "By\u0000ron" } }],
    ["a huge nickname", { token: "tok_x", billing, nickname: "n".repeat(20_000) }],
    ["a number for the token", { token: 4242424242424242, billing }],
    ["a string for commuter_benefits", { token: "tok_x", billing, commuter_benefits: "yes" }],
  ])("answers 400 to %s", async (_, body) => {
    const ada = await rider();
    const reply = await request("POST", "/transit/payment_methods", ada.token, body);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().data).toBeNull();
    expect(await list(ada.token)).toEqual([]);
  });

  it(`keeps at most ${maxPaymentMethods} methods, also when they come at once`, async () => {
    const ada = await rider();
    const replies = await Promise.all(
      Array.from({ length: maxPaymentMethods + 5 }, () =>
        request("POST", "/transit/payment_methods", ada.token, { token: cardToken(), billing }),
      ),
    );
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(maxPaymentMethods);
    const refused = replies.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(5);
    for (const reply of refused) {
      expect(reply.statusCode).toBe(422);
      expect(errorOf(reply).code).toBe(ErrorCode.limitReached);
    }
    const methods = await list(ada.token);
    expect(methods).toHaveLength(maxPaymentMethods);
    expect(methods.filter((m) => m.is_default)).toHaveLength(1);
    // A removed method frees its place.
    expect(
      (await request("DELETE", `/transit/payment_methods/${methods[3]?.id}`, ada.token)).statusCode,
    ).toBe(204);
    await saveCard(ada.token);
  });
});

describe("PATCH, default and DELETE /transit/payment_methods/:id", () => {
  it("renames, and clears the nickname with null or blanks", async () => {
    const ada = await rider();
    const method = await saveCard(ada.token, { nickname: "Old" });
    const renamed = await request("PATCH", `/transit/payment_methods/${method.id}`, ada.token, {
      nickname: "  Work card ",
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.payment_method).toEqual({ ...method, nickname: "Work card" });
    for (const nickname of [null, "   "]) {
      const cleared = await request("PATCH", `/transit/payment_methods/${method.id}`, ada.token, {
        nickname,
      });
      expect(cleared.json().data.payment_method.nickname).toBeNull();
    }
    for (const body of [
      {},
      { nickname: "x", brand: "amex" },
      { nickname: "a\u0000" },
      { nickname: "n".repeat(41) },
    ]) {
      const reply = await request("PATCH", `/transit/payment_methods/${method.id}`, ada.token, body);
      expect(reply.statusCode).toBe(400);
    }
  });

  it("makes another method the default in one step, default listed first", async () => {
    const ada = await rider();
    const first = await saveCard(ada.token);
    const second = await saveCard(ada.token);
    expect(first.is_default).toBe(true);
    expect(second.is_default).toBe(false);
    const reply = await request("POST", `/transit/payment_methods/${second.id}/default`, ada.token);
    expect(reply.statusCode).toBe(200);
    const methods = reply.json().data.payment_methods as SavedPaymentMethod[];
    expect(methods.map((m) => [m.id, m.is_default])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    // An empty JSON body is the same request; fields are not.
    const again = await request("POST", `/transit/payment_methods/${first.id}/default`, ada.token, {});
    expect(again.statusCode).toBe(200);
    const extra = await request("POST", `/transit/payment_methods/${first.id}/default`, ada.token, { x: 1 });
    expect(extra.statusCode).toBe(400);
    // Many at once still leave exactly one default.
    await Promise.all(
      [first, second, first, second].map((m) =>
        request("POST", `/transit/payment_methods/${m.id}/default`, ada.token),
      ),
    );
    expect((await list(ada.token)).filter((m) => m.is_default)).toHaveLength(1);
  });

  it("removes softly: gone from the list, its id then unknown, a removed default leaves none", async () => {
    const ada = await rider();
    const token = cardToken();
    const created = await request("POST", "/transit/payment_methods", ada.token, { token, billing });
    const first = created.json().data.payment_method as SavedPaymentMethod;
    const second = await saveCard(ada.token);
    expect((await request("DELETE", `/transit/payment_methods/${first.id}`, ada.token)).statusCode).toBe(204);
    expect(await list(ada.token)).toEqual([second]);
    expect((await list(ada.token)).some((m) => m.is_default)).toBe(false);
    const [row] = await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.id, first.id));
    expect(row?.removedAt).toBeInstanceOf(Date);

    for (const [method, url, body] of [
      ["PATCH", `/transit/payment_methods/${first.id}`, { nickname: "x" }],
      ["POST", `/transit/payment_methods/${first.id}/default`, undefined],
      ["DELETE", `/transit/payment_methods/${first.id}`, undefined],
    ] as const) {
      const reply = await request(method, url, ada.token, body);
      expect(reply.statusCode).toBe(404);
      expect(errorOf(reply).code).toBe(ErrorCode.notFound);
    }
    // Its token cannot bring it back.
    const reposted = await request("POST", "/transit/payment_methods", ada.token, { token, billing });
    expect(reposted.statusCode).toBe(422);
    expect(errorOf(reposted).code).toBe(ErrorCode.paymentTokenInvalid);
  });

  it("answers another rider's, an unknown and a malformed id alike with 404, on every route", async () => {
    const ada = await rider();
    const bob = await rider();
    const adas = await saveCard(ada.token);
    const ids = [adas.id, randomUUID(), "not-a-uuid", "1", `${adas.id}x`];
    const routes = (id: string) =>
      [
        ["PATCH", `/transit/payment_methods/${id}`, { nickname: "mine now" }],
        ["POST", `/transit/payment_methods/${id}/default`, undefined],
        ["DELETE", `/transit/payment_methods/${id}`, undefined],
      ] as const;
    const bodies = new Set<string>();
    for (const id of ids) {
      for (const [method, url, body] of routes(encodeURIComponent(id))) {
        const reply = await request(method, url, bob.token, body);
        expect(reply.statusCode, `${method} ${url}`).toBe(404);
        bodies.add(`${method}:${reply.body}`);
      }
    }
    // One reply per route, whatever the id.
    expect(bodies.size).toBe(3);
    expect(await list(ada.token)).toEqual([adas]);
    expect(await list(bob.token)).toEqual([]);
  });

  it("needs a signed-in rider with a confirmed email on every route", async () => {
    const unconfirmed = await rider(false);
    const id = randomUUID();
    const routes = [
      ["GET", "/transit/payment_methods", undefined],
      ["POST", "/transit/payment_methods", { token: "tok_x", billing }],
      ["PATCH", `/transit/payment_methods/${id}`, { nickname: "x" }],
      ["POST", `/transit/payment_methods/${id}/default`, undefined],
      ["DELETE", `/transit/payment_methods/${id}`, undefined],
    ] as const;
    for (const [method, url, body] of routes) {
      const anonymous = await t.app.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const unverified = await request(method, url, unconfirmed.token, body);
      expect(unverified.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(unverified).code).toBe(ErrorCode.emailNotVerified);
    }
  });
});

describe("a deployment without a default payment method, on a clock the test moves", () => {
  const clock = manualClock(new Date("2026-11-23T12:00:00Z"));
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({
      configure: (config) => ({ ...config, supportDefaultPayment: false }),
      clock,
    });
  });
  afterAll(() => off.close());

  it("saves the first method as no default and refuses to make one with 403", async () => {
    const user = await off.app.accounts.create({
      email: "no-default@example.org",
      passwordHash: "not-a-real-hash",
      firstName: "Ada",
      lastName: "Byron",
      mobile: null,
      locale: "en",
      emailConfirmed: true,
    });
    const { token } = await off.app.accounts.startSession(user.id, clock.now());
    const sandbox = off.app.payments as SandboxPaymentGateway;
    const made = sandbox.createCardToken({
      number: "4242424242424242",
      exp_month: 12,
      exp_year: 2031,
      cvc: "739",
      postal_code: "94103",
    });
    const saved = await off.app.inject({
      method: "POST",
      url: "/transit/payment_methods",
      headers: { authorization: `Bearer ${token}` },
      payload: { token: made.ok ? made.value.token : "", billing },
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().data.payment_method.is_default).toBe(false);
    const reply = await off.app.inject({
      method: "POST",
      url: `/transit/payment_methods/${saved.json().data.payment_method.id}/default`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reply.statusCode).toBe(403);
    expect(errorOf(reply).code).toBe(ErrorCode.forbidden);

    // A token older than its 30 minutes is refused like a forged one: the form starts again.
    const later = sandbox.createCardToken({
      number: "5555555555554444",
      exp_month: 12,
      exp_year: 2031,
      cvc: "739",
      postal_code: "94103",
    });
    clock.advance(31 * 60 * 1000);
    const expired = await off.app.inject({
      method: "POST",
      url: "/transit/payment_methods",
      headers: { authorization: `Bearer ${token}` },
      payload: { token: later.ok ? later.value.token : "", billing },
    });
    expect(expired.statusCode).toBe(422);
    expect(errorOf(expired).code).toBe(ErrorCode.paymentTokenInvalid);
  });
});

/** A segment as a client would put it in a path (a lone surrogate cannot be encoded: sent as is, escaped). */
function pathSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return escape(text);
  }
}

describe("hostile input from a signed-in rider", () => {
  it("never answers 5xx on the payment method and address routes, and always the envelope", async () => {
    const ada = await rider();
    const own = await saveCard(ada.token);
    const hostileText = fc.oneof(
      fc.string(),
      fc.constantFrom("\u0000", "a\u0000b", "\uD800", "4242 4242 4242 4242", "%00", "x".repeat(5000)),
    );
    const value: fc.Arbitrary<unknown> = fc.oneof(
      hostileText,
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(hostileText, { maxLength: 3 }),
      fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
    );
    const fields = fc.dictionary(
      fc.constantFrom(
        "token",
        "nickname",
        "commuter_benefits",
        "billing",
        "holder_name",
        "firstName",
        "lastName",
        "address_1",
        "address_2",
        "country",
        "state",
        "city",
        "zipCode",
        "email",
        "isDefault",
        "__proto__",
      ),
      value,
      { maxKeys: 8 },
    );
    const id = fc.oneof(fc.constant(own.id), fc.uuid(), hostileText.map(pathSegment));
    const route = fc.oneof(
      fc.constant(["GET", "/transit/payment_methods"] as const),
      fc.constant(["POST", "/transit/payment_methods"] as const),
      id.map((x) => ["PATCH", `/transit/payment_methods/${x}`] as const),
      id.map((x) => ["POST", `/transit/payment_methods/${x}/default`] as const),
      id.map((x) => ["DELETE", `/transit/payment_methods/${x}`] as const),
      fc.constant(["GET", "/transit/addresses"] as const),
      fc.constant(["POST", "/transit/addresses"] as const),
      id.map((x) => ["PUT", `/transit/addresses/${x}`] as const),
      id.map((x) => ["POST", `/transit/addresses/${x}/default`] as const),
      id.map((x) => ["DELETE", `/transit/addresses/${x}`] as const),
    );
    const body = fc.oneof(
      fc.constant(undefined),
      fc.constant("{"),
      value.map((v) => JSON.stringify(v) ?? "null"),
      fields.map((v) => JSON.stringify(v)),
    );
    await fc.assert(
      fc.asyncProperty(route, body, async ([method, url], payload) => {
        const reply = await t.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${ada.token}`, "content-type": "application/json" },
          ...(payload === undefined || method === "GET" ? {} : { payload }),
        });
        expect(
          reply.statusCode,
          `${method} ${url} ${String(payload).slice(0, 100)} -> ${reply.body.slice(0, 200)}`,
        ).toBeLessThan(500);
        if (reply.statusCode === 204) return;
        const parsed = reply.json() as { data?: unknown; errors?: unknown };
        expect(parsed).toHaveProperty("data");
        expect(Array.isArray(parsed.errors)).toBe(true);
      }),
      { seed: 20261123, numRuns: 200 },
    );
    // Whatever it did, the rider still has at most one default of each.
    expect((await list(ada.token)).filter((m) => m.is_default).length).toBeLessThanOrEqual(1);
  }, 60_000);
});
