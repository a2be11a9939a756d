import fc from "fast-check";
import type { HTTPMethods } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { loadPortalConfig } from "./config/portal-config.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { deploymentFile, freshDatabase, testPublicUrl } from "./test/helpers.ts";

/**
 * Every registered route, fed hostile input: no reply may be a 5xx, and every API reply is the
 * `{ data, errors }` envelope. Seeded, so a failure replays.
 */
let app: Awaited<ReturnType<typeof buildApp>>;
let database: DatabaseHandle;
const routes: { method: string; url: string }[] = [];
beforeAll(async () => {
  const loaded = await loadPortalConfig(deploymentFile);
  const portalConfig = {
    ...loaded,
    socialSignIn: { ...loaded.socialSignIn, apple: true },
    // Security questions on, so their routes answer more than 404 (issue 14).
    securityQuestions: { enabled: true, count: 3 },
  };
  database = await freshDatabase(portalConfig);
  app = await buildApp({
    database,
    portalConfig,
    staticDir: null,
    devMailbox: true,
    publicUrl: testPublicUrl,
    rateLimitPerMinute: 100_000,
    // The sandbox identity provider's pages and endpoints are routes too (Google, Facebook, Apple).
    sandboxIdp: true,
    connectedAccountLinksPerMinute: 100_000,
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        if (method !== "HEAD" && method !== "OPTIONS") routes.push({ method, url: route.url });
      }
    },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const hostileString = fc.oneof(
  fc.string(),
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\uD800",
    "\uDFFFx",
    "\u001B[2J",
    "%00",
    "../../etc/passwd",
    "<script>",
  ),
  fc.string({ minLength: 1, maxLength: 4 }).map((s) => s.repeat(3000)),
  fc.string({ unit: "binary", maxLength: 40 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(hostileString, fc.constantFrom("email", "password", "token", "__proto__")),
      tie("value"),
      {
        maxKeys: 5,
      },
    ),
  ),
})).value;
const fieldsOfTheApi = fc.dictionary(
  fc.constantFrom(
    "email",
    "password",
    "first_name",
    "last_name",
    "token",
    "mobile",
    "code",
    "locale",
    "state",
    "id_token",
    "access_token",
    "login_type",
    "nonce",
    "provider",
    "action",
    "captcha_token",
    "current_password",
    "new_password",
    "lines",
    "payments",
    "expected_total",
    "fare_medium",
    "promo_code",
    "shipping_method",
    "shipping_address",
    "card_number",
    "security_code",
    "nickname",
    "pass",
    "payment_method",
    "to",
    "device",
    "model",
    "installation_id",
    "amount",
    "from",
    "trigger",
    "threshold",
    "weekday",
    "month_day",
    "route",
    "at",
    "key",
    "answers",
    "security_answers",
  ),
  hostileValue,
  { maxKeys: 6 },
);
const body = fc.oneof(
  fc.constant(undefined),
  fc.constant(""),
  fc.constant("{"),
  fc.constant("null"),
  hostileValue.map((v) => JSON.stringify(v) ?? "null"),
  fieldsOfTheApi.map((v) => JSON.stringify(v)),
);
const headers = fc.record(
  {
    "content-type": fc.constantFrom(
      "application/json",
      "application/json; charset=utf-8",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/json; charset=latin1",
    ),
    authorization: fc.oneof(
      fc.constant("Bearer "),
      fc.constant(`Bearer ${"A".repeat(5000)}`),
      fc.string({ maxLength: 60 }).map((s) => `Bearer ${s}`),
      fc.string({ maxLength: 60 }).map((s) => `Card ${s}`),
      fc.constant(`Card ${"A".repeat(43)}`),
    ),
    "accept-language": fc.oneof(
      fc.constant("*"),
      fc.constant("x".repeat(4000)),
      fc.string({ maxLength: 30 }),
    ),
    "x-forwarded-for": fc.constantFrom("1.2.3.4", "not an ip", "::1, 10.0.0.1"),
    host: fc.constantFrom("evil.example", "portal.test", "a".repeat(300)),
    "idempotency-key": fc.oneof(
      fc.uuid(),
      fc.constantFrom("", " ", "k".repeat(300), "a b"),
      fc.string({ maxLength: 40 }).filter((key) => /^[ -~]*$/.test(key)),
    ),
  },
  { requiredKeys: [] },
);
/** A path of the route with its parameters filled by hostile segments. */
const concretePath = (url: string) =>
  fc
    .tuple(
      fc.array(
        fc.oneof(fc.constantFrom("x", "%00", "%zz", "a".repeat(150), "%F0%9F%98%80", ".."), fc.webSegment()),
        {
          minLength: 4,
          maxLength: 4,
        },
      ),
      fc.oneof(
        fc.constant(""),
        fc.webQueryParameters().map((q) => `?${q}`),
        fc.constant("?x=%00&y=%zz"),
      ),
    )
    .map(([segments, query]) => {
      let index = 0;
      const path = url.replace(/:[A-Za-z_]+|\*/g, () => segments[index++ % segments.length] ?? "x");
      return `${path}${query}`;
    });

describe("every route under hostile input", () => {
  it("finds the routes", () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it("never answers 5xx and always answers the envelope", async () => {
    const all = routes;
    const request = fc.integer({ min: 0, max: all.length - 1 }).chain((i) => {
      const route = all[i] ?? { method: "GET", url: "/" };
      return fc.record({
        method: fc.constant(route.method),
        url: concretePath(route.url),
        body,
        headers,
      });
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ method, url, body: payload, headers: sent }) => {
        const reply = await app.inject({
          method: method as HTTPMethods,
          url,
          headers: sent,
          ...(payload === undefined || method === "GET" ? {} : { payload }),
        });
        expect(reply.statusCode, `${method} ${url} -> ${reply.body.slice(0, 200)}`).toBeLessThan(500);
        // Pages, styles and scripts (the dev mailbox, the SPA) succeed as what they are; errors are envelopes.
        const isSpaPage = reply.statusCode < 400 && !String(reply.headers["content-type"]).includes("json");
        const redirected = reply.statusCode >= 300 && reply.statusCode < 400;
        if (isSpaPage || redirected || reply.statusCode === 204) return;
        // The sandbox identity provider answers as providers do (HTML pages, OAuth errors), not envelopes.
        if (url.startsWith("/sandbox-idp/")) return;
        const parsed = JSON.parse(reply.body) as { data?: unknown; errors?: unknown };
        expect(parsed).toHaveProperty("data");
        expect(Array.isArray(parsed.errors)).toBe(true);
        for (const error of parsed.errors as { code: unknown; message: unknown }[]) {
          expect(typeof error.code).toBe("number");
          expect(typeof error.message).toBe("string");
        }
      }),
      { seed: 20261123, numRuns: 300 },
    );
  }, 120_000);

  it("a signed-in rider's and a guest's card, pass and device routes never answer 5xx to hostile input", async () => {
    const rider = await app.accounts.findByEmail("rider@example.com");
    if (!rider) throw new Error("no demo rider");
    const bearer = (await app.accounts.startSession(rider.id, new Date())).token;
    const issued = await app.inject({
      method: "POST",
      url: "/transit/anonymous/card_tokens",
      payload: { card_number: "6000 0000 0000 0031", security_code: "731" },
    });
    const cardToken = (issued.json() as { data: { card_token: string } }).data.card_token;
    const mine = routes.filter(
      (route) =>
        /^\/transit\/(faremedia|passes|devices|anonymous\/card)/.test(route.url) &&
        !route.url.includes("transfers"),
    );
    expect(mine.length).toBeGreaterThan(15);
    const ids = fc.constantFrom(
      "f1000000-0000-4000-8000-000000000001",
      "f1000000-0000-4000-8000-000000000003",
      "e2000000-0000-4000-8000-000000000001",
      "d1000000-0000-4000-8000-000000000001",
      "00000000-0000-4000-8000-000000000000",
      "x",
    );
    const request = fc.record({
      route: fc.constantFrom(...mine),
      id: ids,
      body,
      guest: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ route, id, body: payload, guest }) => {
        const url = route.url.replace(/:[A-Za-z_]+/g, id);
        const reply = await app.inject({
          method: route.method as HTTPMethods,
          url,
          headers: {
            authorization: guest ? `Card ${cardToken}` : `Bearer ${bearer}`,
            "content-type": "application/json",
            "idempotency-key": "fuzz-key",
          },
          ...(payload === undefined || route.method === "GET" ? {} : { payload }),
        });
        expect(reply.statusCode, `${route.method} ${url} -> ${reply.body.slice(0, 200)}`).toBeLessThan(500);
      }),
      { seed: 20261123, numRuns: 200 },
    );
  }, 120_000);

  it("connected accounts and provider sign-in never answer 5xx to a signed-in rider's hostile input", async () => {
    const rider = await app.accounts.findByEmail("rider@example.com");
    if (!rider) throw new Error("no demo rider");
    const bearer = (await app.accounts.startSession(rider.id, new Date())).token;
    const credential = fc.record(
      {
        provider: fc.oneof(fc.constantFrom("google", "facebook", "apple"), hostileString),
        login_type: fc.oneof(fc.constantFrom("Google", "Facebook", "AppleId"), hostileString),
        code: fc.oneof(fc.constant("4/abc"), fc.constant("c".repeat(10 * 1024)), hostileString),
        nonce: fc.oneof(fc.constant("nonce-0123456789abcdef"), hostileString),
        id_token: fc.oneof(fc.constant("a.b.c"), hostileString),
        first_name: hostileValue,
      },
      { requiredKeys: [] },
    );
    const request = fc.record({
      route: fc.constantFrom(
        { method: "POST", url: "/accounts/users/connected_accounts" },
        { method: "GET", url: "/accounts/users/connected_accounts" },
        { method: "DELETE", url: "/accounts/users/connected_accounts/google" },
        { method: "DELETE", url: "/accounts/users/connected_accounts/%00" },
        { method: "POST", url: "/accounts/users/login" },
      ),
      payload: fc.oneof(
        credential.map((value) => JSON.stringify(value)),
        body,
      ),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ route, payload }) => {
        const reply = await app.inject({
          method: route.method as HTTPMethods,
          url: route.url,
          headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" },
          ...(payload === undefined || route.method === "GET" ? {} : { payload }),
        });
        expect(reply.statusCode, `${route.method} ${route.url} -> ${reply.body.slice(0, 200)}`).toBeLessThan(
          500,
        );
        if (reply.statusCode !== 204) expect(reply.json()).toHaveProperty("errors");
      }),
      { seed: 20261123, numRuns: 200 },
    );
  }, 120_000);

  it("security questions and a reset's answers never answer 5xx to hostile input", async () => {
    const rider = await app.accounts.findByEmail("rider@example.com");
    if (!rider) throw new Error("no demo rider");
    const bearer = (await app.accounts.startSession(rider.id, new Date())).token;
    const answer = fc.record(
      {
        question_id: fc.oneof(
          fc.constantFrom("first-school", "first-pet", "first-job", "__proto__"),
          hostileString,
        ),
        answer: fc.oneof(fc.constantFrom("Springfield", " a ", "x".repeat(101)), hostileString, hostileValue),
      },
      { requiredKeys: [] },
    );
    const shaped = fc.record(
      {
        password: fc.oneof(fc.constant("transit-demo-2026"), hostileString),
        answers: fc.oneof(fc.array(answer, { maxLength: 12 }), hostileValue),
        security_answers: fc.oneof(fc.array(answer, { maxLength: 12 }), hostileValue),
        token: fc.oneof(fc.constant("A".repeat(43)), hostileString),
      },
      { requiredKeys: [] },
    );
    const request = fc.record({
      route: fc.constantFrom(
        { method: "GET", url: "/accounts/users/security_questions" },
        { method: "PUT", url: "/accounts/users/security_questions" },
        { method: "DELETE", url: "/accounts/users/security_questions" },
        { method: "GET", url: `/accounts/users/reset_password/${"A".repeat(43)}/questions` },
        { method: "GET", url: "/accounts/users/reset_password/%00/questions" },
        { method: "POST", url: "/accounts/users/reset_password" },
      ),
      payload: fc.oneof(
        shaped.map((value) => JSON.stringify(value)),
        body,
      ),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ route, payload }) => {
        const reply = await app.inject({
          method: route.method as HTTPMethods,
          url: route.url,
          headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" },
          ...(payload === undefined || route.method === "GET" ? {} : { payload }),
        });
        expect(reply.statusCode, `${route.method} ${route.url} -> ${reply.body.slice(0, 200)}`).toBeLessThan(
          500,
        );
        if (reply.statusCode !== 204) expect(reply.json()).toHaveProperty("errors");
        // Answers never come back.
        expect(reply.body).not.toMatch(/springfield/i);
      }),
      { seed: 20261123, numRuns: 150 },
    );
  }, 180_000);

  it("places no guest order from hostile order-shaped bodies, and never answers 5xx", async () => {
    const anything = fc.oneof(hostileValue, fc.uuid(), fc.integer({ min: -5, max: 100_000 }));
    const orderBody = fc.record(
      {
        email: fc.oneof(fc.constant("fuzz@example.org"), hostileString),
        lines: fc.array(
          fc.record(
            {
              product: fc.oneof(
                fc.uuid(),
                fc.constant("a2000000-0000-4000-8000-000000000001"),
                hostileString,
              ),
              quantity: anything,
              list_price: anything,
              auto_renew: fc.oneof(fc.boolean(), hostileValue),
            },
            { requiredKeys: ["product", "quantity"] },
          ),
          { maxLength: 3 },
        ),
        expected_total: anything,
        promo_code: fc.oneof(fc.constant(null), fc.constant("WELCOME10"), hostileString),
        shipping_method: fc.oneof(fc.constant(null), fc.constant("standard"), hostileString),
        shipping_address: fc.oneof(fc.constant(null), fieldsOfTheApi, hostileValue),
        payments: fc.array(
          fc.record({
            kind: fc.oneof(fc.constantFrom("card", "saved", "wallet", "stored_value"), hostileString),
            token: fc.oneof(fc.constant("tok_sandbox_x"), hostileString),
            amount: anything,
          }),
          { maxLength: 3 },
        ),
      },
      { requiredKeys: [] },
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(orderBody, fc.uuid(), async (payload, key) => {
        run++;
        const reply = await app.inject({
          method: "POST",
          url: "/transit/anonymous/orders",
          remoteAddress: `10.99.${Math.floor(run / 250)}.${run % 250}`,
          headers: { "idempotency-key": key, "content-type": "application/json" },
          payload: JSON.stringify(payload),
        });
        expect(reply.statusCode, reply.body.slice(0, 300)).toBeLessThan(500);
        expect(reply.statusCode, reply.body.slice(0, 300)).not.toBe(201);
        const parsed = JSON.parse(reply.body) as { data?: unknown; errors?: unknown };
        expect(parsed.data).toBeNull();
        expect(Array.isArray(parsed.errors)).toBe(true);
      }),
      { seed: 20261123, numRuns: 200 },
    );
  }, 120_000);

  it("the money routes (transfers, loads, wallet, autoload, transactions, dev taps) never answer 5xx to a rider's hostile input", async () => {
    const rider = await app.accounts.findByEmail("rider@example.com");
    if (!rider) throw new Error("no demo rider");
    const bearer = (await app.accounts.startSession(rider.id, new Date())).token;
    const cards = ["f1000000-0000-4000-8000-000000000001", "f1000000-0000-4000-8000-000000000004", "x"];
    const anything = fc.oneof(hostileValue, fc.integer({ min: -5, max: 100_000 }), fc.constantFrom(...cards));
    const moneyBody = fc.record(
      {
        from: fc.oneof(fc.constantFrom(...cards), hostileString),
        to: fc.oneof(fc.constantFrom(...cards), hostileString),
        amount: anything,
        expected_total: anything,
        payments: fc.array(
          fc.record({
            kind: fc.oneof(fc.constantFrom("card", "saved", "wallet"), hostileString),
            payment_method: fc.oneof(fc.uuid(), hostileString),
            token: hostileString,
            amount: anything,
          }),
          { maxLength: 3 },
        ),
        payment_method: anything,
        trigger: fc.oneof(fc.constantFrom("threshold", "weekly", "monthly"), hostileString),
        threshold: anything,
        weekday: anything,
        month_day: anything,
        route: fc.oneof(fc.constantFrom("10", "RED", "F1"), hostileString),
        at: fc.oneof(fc.constant("2026-01-01T00:00:00Z"), hostileString),
        card_number: fc.oneof(fc.constant("6000 0000 0000 0049"), hostileString),
        fare_medium: fc.oneof(fc.constantFrom(...cards), hostileString),
        key: hostileString,
      },
      { requiredKeys: [] },
    );
    const targets = fc.constantFrom(
      { method: "POST", url: "/transit/faremedia/transfers" },
      { method: "POST", url: "/transit/faremedia/:id/loads" },
      { method: "PUT", url: "/transit/faremedia/:id/autoload" },
      { method: "DELETE", url: "/transit/faremedia/:id/autoload" },
      { method: "GET", url: "/transit/wallet" },
      { method: "POST", url: "/transit/wallet/loads" },
      { method: "GET", url: "/transit/transactions" },
      { method: "POST", url: "/dev/transit/taps" },
      { method: "GET", url: "/dev/transit/routes" },
    );
    await fc.assert(
      fc.asyncProperty(
        targets,
        fc.constantFrom(...cards),
        moneyBody,
        fc.uuid(),
        async (target, id, payload, key) => {
          const url = target.url.replace(":id", id);
          const reply = await app.inject({
            method: target.method as HTTPMethods,
            url,
            headers: {
              authorization: `Bearer ${bearer}`,
              "content-type": "application/json",
              "idempotency-key": key,
            },
            ...(target.method === "GET" ? {} : { payload: JSON.stringify(payload) }),
          });
          expect(reply.statusCode, `${target.method} ${url} -> ${reply.body.slice(0, 300)}`).toBeLessThan(
            500,
          );
        },
      ),
      { seed: 20261123, numRuns: 200 },
    );
  }, 120_000);
});
