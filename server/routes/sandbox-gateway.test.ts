import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testPublicUrl } from "../test/helpers.ts";
import { sandboxErrorCode, sandboxRateLimitPerMinute } from "./sandbox-gateway.ts";

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

/** Every test posts from its own address, so the per-address limit is only met where it is tested. */
let addresses = 0;
const nextAddress = () => `10.9.${Math.floor(++addresses / 250)}.${addresses % 250}`;

const card = {
  number: "4242 4242 4242 4242",
  exp_month: 12,
  exp_year: 2031,
  cvc: "739",
  postal_code: "94103",
  name: "Ada Lovelace",
};
const bank = {
  routing_number: "110000000",
  account_number: "000123456789",
  account_type: "checking",
  account_holder_name: "Ada Lovelace",
};

const post = (url: string, payload: unknown, remoteAddress = nextAddress()) =>
  test.app.inject({ method: "POST", url, payload: payload as object, remoteAddress });

function expectSandboxHeaders(reply: LightMyRequestResponse) {
  expect(reply.headers["cache-control"]).toBe("no-store");
  expect(String(reply.headers["content-security-policy"])).toContain("script-src 'self'");
  expect(reply.headers["x-content-type-options"]).toBe("nosniff");
  expect(reply.headers["x-frame-options"]).toBe("SAMEORIGIN");
}

describe("POST /sandbox-gateway/v1/tokens", () => {
  it("answers a token, brand, last four and expiry, and the token attaches", async () => {
    const reply = await post("/sandbox-gateway/v1/tokens", card);
    expect(reply.statusCode).toBe(200);
    expectSandboxHeaders(reply);
    const body = reply.json<{ data: Record<string, unknown>; errors: unknown[] }>();
    expect(body).toMatchObject({
      data: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2031 },
      errors: [],
    });
    expect(Object.keys(body.data).sort()).toEqual(["brand", "exp_month", "exp_year", "last4", "token"]);
    // The token is random text; everything else answered holds neither the number nor the code.
    const shown = JSON.stringify({ ...body.data, token: null });
    expect(shown).not.toContain("4242424242424242");
    expect(shown).not.toContain("739");
    expect(String(body.data.token)).not.toContain("4242424242424242");
    const attached = await test.app.payments.attach({
      idempotencyKey: "route-test",
      customer: { id: "rider-1" },
      token: String(body.data.token),
    });
    expect(attached).toMatchObject({ outcome: "approved", method: { kind: "card", last4: "4242" } });
  });

  it("tokenizes a declining test card: it declines when charged, not here", async () => {
    const reply = await post("/sandbox-gateway/v1/tokens", { ...card, number: "4000000000000002" });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ data: { last4: "0002" } });
  });

  it.each([
    [{ number: "4242424242424241" }, "invalid_number", "number"],
    [{ exp_year: 2020 }, "invalid_expiry_year", "exp_year"],
    [{ exp_month: 13 }, "invalid_expiry_month", "exp_month"],
    [{ cvc: "12" }, "invalid_cvc", "cvc"],
    [{ postal_code: "%%" }, "incorrect_zip", "postal_code"],
  ])("refuses %o with 402 %s in the envelope", async (changes, reason, field) => {
    const reply = await post("/sandbox-gateway/v1/tokens", { ...card, ...changes });
    expect(reply.statusCode).toBe(402);
    expectSandboxHeaders(reply);
    expect(reply.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(reply.json()).toEqual({
      data: null,
      errors: [{ code: sandboxErrorCode.cardRejected, message: expect.any(String), reason, field }],
    });
  });

  it("refuses a request of the wrong shape with 400, never echoing a value", async () => {
    for (const payload of [
      { ...card, cvc: undefined },
      { ...card, exp_month: "12" },
      { ...card, extra: "4242424242424242" },
      { ...card, number: "4".repeat(40) },
      [card],
    ]) {
      const reply = await post("/sandbox-gateway/v1/tokens", payload);
      expect(reply.statusCode).toBe(400);
      expectSandboxHeaders(reply);
      expect(reply.json()).toMatchObject({ data: null, errors: [{ code: 40001 }] });
      expect(reply.body).not.toContain("4242");
      expect(reply.body).not.toContain("4444");
    }
  });

  it("refuses card details in the query string", async () => {
    const reply = await test.app.inject({
      method: "POST",
      url: "/sandbox-gateway/v1/tokens?number=4242424242424242&cvc=739",
      payload: card,
      remoteAddress: nextAddress(),
    });
    expect(reply.statusCode).toBe(400);
  });

  it(`allows ${sandboxRateLimitPerMinute} tokens a minute from one address, then 429`, async () => {
    const address = nextAddress();
    for (let i = 0; i < sandboxRateLimitPerMinute; i += 1) {
      expect((await post("/sandbox-gateway/v1/tokens", card, address)).statusCode).toBe(200);
    }
    const refused = await post("/sandbox-gateway/v1/tokens", card, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ data: null, errors: [{ code: 42901 }] });
    expect((await post("/sandbox-gateway/v1/tokens", card)).statusCode).toBe(200);
  });
});

describe("POST /sandbox-gateway/v1/bank_tokens", () => {
  it("answers a token, Sandbox Bank and the last four", async () => {
    const reply = await post("/sandbox-gateway/v1/bank_tokens", bank);
    expect(reply.statusCode).toBe(200);
    expectSandboxHeaders(reply);
    expect(reply.json()).toMatchObject({
      data: { bank_name: "Sandbox Bank", last4: "6789", account_type: "checking" },
      errors: [],
    });
    expect(reply.body).not.toContain("000123456789");
    expect(reply.body).not.toContain("110000000");
  });

  it("refuses a routing number that fails the ABA checksum, and a short account", async () => {
    const routing = await post("/sandbox-gateway/v1/bank_tokens", { ...bank, routing_number: "110000001" });
    expect(routing.statusCode).toBe(402);
    expect(routing.json()).toMatchObject({
      errors: [
        { code: sandboxErrorCode.cardRejected, reason: "invalid_routing_number", field: "routing_number" },
      ],
    });
    const account = await post("/sandbox-gateway/v1/bank_tokens", { ...bank, account_number: "123" });
    expect(account.json()).toMatchObject({ errors: [{ reason: "invalid_account_number" }] });
    const type = await post("/sandbox-gateway/v1/bank_tokens", { ...bank, account_type: "business" });
    expect(type.statusCode).toBe(400);
  });
});

describe("PayPal approval", () => {
  const state = "portal-state-0123456789";
  const returnUrl = `${testPublicUrl}/account/payments/paypal?step=return`;
  const cancelUrl = `${testPublicUrl}/account/payments`;
  const query = (changes: Record<string, string> = {}) =>
    new URLSearchParams({ return_url: returnUrl, cancel_url: cancelUrl, state, ...changes }).toString();
  const decide = (decision: string, changes: Record<string, string> = {}) =>
    test.app.inject({
      method: "POST",
      url: "/sandbox-gateway/paypal/approve",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        return_url: returnUrl,
        cancel_url: cancelUrl,
        state,
        decision,
        ...changes,
      }).toString(),
      remoteAddress: nextAddress(),
    });

  it("shows an accessible page without scripts: Approve and Cancel in a plain form", async () => {
    const reply = await test.app.inject({
      method: "GET",
      url: `/sandbox-gateway/paypal/approve?${query()}`,
      remoteAddress: nextAddress(),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("text/html; charset=utf-8");
    expectSandboxHeaders(reply);
    const page = reply.body;
    expect(page).toContain('<html lang="en">');
    expect(page).toMatch(/<title>[^<]+<\/title>/);
    expect(page).toContain('<form method="post" action="/sandbox-gateway/paypal/approve">');
    expect(page).toContain('<button type="submit" name="decision" value="approve">Approve</button>');
    expect(page).toContain('<button type="submit" name="decision" value="cancel">Cancel</button>');
    expect(page).not.toMatch(/<script|\son[a-z]+=|style=/i);
    expect(page).toContain(`value="${state}"`);
    expect(page).toContain(`value="${returnUrl.replace("&", "&#38;")}"`);
    const css = page.match(/<link rel="stylesheet" href="([^"]+)">/)?.[1] ?? "";
    const stylesheet = await test.app.inject({ method: "GET", url: css, remoteAddress: nextAddress() });
    expect(stylesheet.statusCode).toBe(200);
    expect(stylesheet.headers["content-type"]).toBe("text/css; charset=utf-8");
  });

  it("approval returns to the portal with a PayPal token and the state", async () => {
    const reply = await decide("approve");
    expect(reply.statusCode).toBe(303);
    const location = new URL(String(reply.headers.location));
    expect(location.origin).toBe(testPublicUrl);
    expect(location.pathname).toBe("/account/payments/paypal");
    expect(location.searchParams.get("step")).toBe("return");
    expect(location.searchParams.get("state")).toBe(state);
    const token = location.searchParams.get("paypal_token") ?? "";
    expect(token).toMatch(/^pptok_sandbox_/);
    const attached = await test.app.payments.attach({
      idempotencyKey: "paypal-1",
      customer: { id: "rider-1" },
      token,
    });
    expect(attached).toMatchObject({
      outcome: "approved",
      method: { kind: "paypal", email: expect.stringMatching(/@personal\.example\.com$/) },
    });
  });

  it("cancelling returns to the cancel address with the state and no token", async () => {
    const reply = await decide("cancel");
    expect(reply.statusCode).toBe(303);
    expect(reply.headers.location).toBe(`${cancelUrl}?state=${state}`);
  });

  it.each([
    ["return_url", "https://evil.example/steal"],
    ["return_url", "//evil.example/steal"],
    ["return_url", "/\\evil.example/steal"],
    ["return_url", "javascript:alert(1)"],
    ["return_url", "https://portal.test.evil.example/"],
    ["return_url", "https://user:pass@portal.test/"],
    ["return_url", "http://portal.test/"],
    ["cancel_url", "https://evil.example/"],
  ])("refuses %s %s: no open redirect, 400", async (field, address) => {
    const shown = await test.app.inject({
      method: "GET",
      url: `/sandbox-gateway/paypal/approve?${query({ [field]: address })}`,
      remoteAddress: nextAddress(),
    });
    expect(shown.statusCode).toBe(400);
    expect(shown.json()).toMatchObject({ data: null, errors: [{ code: 40001, field }] });
    const posted = await decide("approve", { [field]: address });
    expect(posted.statusCode).toBe(400);
    expect(posted.headers.location).toBeUndefined();
  });

  it("accepts a path on the portal as an address", async () => {
    const reply = await decide("cancel", { cancel_url: "/account/payments" });
    expect(reply.headers.location).toBe(`${testPublicUrl}/account/payments?state=${state}`);
  });

  it.each(["short", "has spaces in it here", "x".repeat(129), "bad<state>0123456789"])(
    "refuses the state %s",
    async (bad) => {
      expect((await decide("approve", { state: bad })).statusCode).toBe(400);
      const shown = await test.app.inject({
        method: "GET",
        url: `/sandbox-gateway/paypal/approve?${query({ state: bad })}`,
        remoteAddress: nextAddress(),
      });
      expect(shown.statusCode).toBe(400);
    },
  );

  it("refuses a decision it does not know", async () => {
    expect((await decide("maybe")).statusCode).toBe(400);
  });
});

describe("the sandbox's prefix", () => {
  it("answers an unknown path with a 404 envelope, not the portal's page", async () => {
    const reply = await test.app.inject({
      method: "GET",
      url: "/sandbox-gateway/v1/charges",
      remoteAddress: nextAddress(),
    });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ data: null, errors: [{ code: 40401 }] });
    expect(reply.headers["cache-control"]).toBe("no-store");
  });
});
