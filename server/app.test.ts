import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyLimit } from "./app.ts";
import { createTestApp, type TestApp } from "./test/helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("infrastructure", () => {
  it("answers /healthz once the database is ready", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ data: { status: "ok", database: t.database.driver }, errors: [] });
  });

  it("sends security headers on every response, API and SPA alike", async () => {
    for (const url of ["/healthz", "/", "/account/profile", "/transit/nope"]) {
      const reply = await t.app.inject({ method: "GET", url });
      const csp = String(reply.headers["content-security-policy"]);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("unsafe-inline");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(reply.headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  it("marks API replies no-store", async () => {
    for (const url of ["/healthz", "/portal-config", "/transit/org_config?config_type=CUSTOMER_CONFIG"]) {
      const reply = await t.app.inject({ method: "GET", url });
      expect(reply.headers["cache-control"]).toBe("no-store");
    }
  });

  it("serves the SPA for unknown page routes so deep links work", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/account/orders/1" });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toContain("text/html");
    expect(reply.body).toContain("<div id=root>");
  });

  it.each(["/transit/nope", "/accounts/users/nobody", "/transit/v9/whatever?x=1", "/dev/unknown"])(
    "answers unknown API route %s with a 404 envelope, never the SPA",
    async (url) => {
      const reply = await t.app.inject({ method: "GET", url });
      expect(reply.statusCode).toBe(404);
      expect(reply.headers["content-type"]).toContain("application/json");
      expect(reply.json()).toMatchObject({ data: null, errors: [{ code: 40401 }] });
    },
  );

  it("answers a POST to an unknown page path with a 404 envelope", async () => {
    const reply = await t.app.inject({ method: "POST", url: "/somewhere", payload: {} });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().errors[0].code).toBe(40401);
  });

  it("rejects malformed JSON with 400 in the envelope", async () => {
    const reply = await t.app.inject({
      method: "POST",
      url: "/transit/api/get_form",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      data: null,
      errors: [{ code: 40002, message: "The request body is not valid JSON." }],
    });
  });

  it("rejects bodies over the limit with 413", async () => {
    const reply = await t.app.inject({
      method: "POST",
      url: "/transit/api/get_form",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ form_method: "SIGN_IN", padding: "x".repeat(bodyLimit) }),
    });
    expect(reply.statusCode).toBe(413);
    expect(reply.json().errors[0].code).toBe(41301);
  });

  it("serves the portal configuration the SPA boots from", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/portal-config" });
    expect(reply.statusCode).toBe(200);
    const { data } = reply.json();
    expect(data).toMatchObject({
      landingPage: "Login",
      loggedInDefaultRoute: "/account/profile",
      currency_code: "USD",
      promoCodeRequired: true,
      max_cart_quantity: 20,
      multifactorAuth: { enable: true, required: false, supportedMethods: ["mobile"] },
      enableSplitPayments: { purchasePasses: true, loadValue: true },
      // The demo deployment turns the three on; the sandbox identity provider completes them.
      socialSignIn: { google: true, facebook: true, apple: true },
      ideal_row_count: 12,
      currentDeployedVersion: 44,
      storageKeys: { language: "Bytemark-CW-lang" },
      apiBases: { accounts: "/accounts", transit: "/transit" },
    });
    expect(data.locales.map((locale: { display_name: string }) => locale.display_name)).toEqual([
      "English",
      "Español",
      "Tiếng Việt",
    ]);
  });
});

describe("rate limits", () => {
  it("answers 429 in the envelope once an address spends its budget", async () => {
    const limited = await createTestApp({ rateLimitPerMinute: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await limited.app.inject({ method: "GET", url: "/portal-config" })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const reply = await limited.app.inject({ method: "GET", url: "/portal-config" });
      expect(reply.json().errors[0].code).toBe(42901);
    } finally {
      await limited.close();
    }
  });

  it("does not spend an address's budget on the portal's page and build files", async () => {
    const limited = await createTestApp({ rateLimitPerMinute: 3 });
    try {
      // A first visit fetches the page and dozens of chunks: none of them counts.
      for (let i = 0; i < 10; i++) {
        const page = await limited.app.inject({ method: "GET", url: `/assets/chunk-${i}.js` });
        expect(page.statusCode).not.toBe(429);
        expect((await limited.app.inject({ method: "GET", url: "/login" })).statusCode).not.toBe(429);
      }
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await limited.app.inject({ method: "GET", url: "/portal-config" })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
