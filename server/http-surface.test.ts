import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test/helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({
    method: "POST",
    url,
    payload: payload as Record<string, unknown>,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
/** A POST saying `application/json` with nothing after it, as some clients send for "no fields". */
const postEmptyJson = (url: string, token: string) =>
  t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    payload: "",
  });

async function signedIn(email: string, password = "a fine long passphrase"): Promise<string> {
  const signUp = await post("/accounts/users", {
    first_name: "Ada",
    last_name: "Lovelace",
    email,
    password,
    locale: "en",
    captcha_token: "sandbox-pass",
  });
  expect(signUp.statusCode).toBe(202);
  const reply = await post("/accounts/users/login", { email, password });
  expect(reply.statusCode).toBe(200);
  return reply.json().data.access_token;
}

describe("an empty JSON body is an empty object", () => {
  it("signs out on an empty application/json logout, and the old token is then refused", async () => {
    const token = await signedIn("empty-logout@example.org");
    const logout = await postEmptyJson("/accounts/users/logout", token);
    expect(logout.statusCode).toBe(204);
    const after = await t.app.inject({
      method: "GET",
      url: "/accounts/users/me",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it("resends the confirmation email on an empty application/json body", async () => {
    const token = await signedIn("empty-resend@example.org");
    const reply = await postEmptyJson("/accounts/users/resend_confirmation", token);
    expect(reply.statusCode).not.toBe(400);
    expect(reply.statusCode).toBeLessThan(500);
    expect(reply.json().errors.map((e: { code: number }) => e.code)).not.toContain(40002);
  });

  it("asks for a new two-factor code on an empty application/json body (not a JSON error)", async () => {
    const token = await signedIn("empty-mfa@example.org");
    // A full session may not use the code step: the answer is the 401 of the step, not "not valid JSON".
    const reply = await postEmptyJson("/accounts/users/mfa/resend", token);
    expect(reply.statusCode).toBe(401);
    expect(reply.json().errors.map((e: { code: number }) => e.code)).not.toContain(40002);
  });

  it("still refuses a body that is not JSON", async () => {
    const reply = await t.app.inject({
      method: "POST",
      url: "/accounts/users/login",
      headers: { "content-type": "application/json" },
      payload: "{",
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().errors[0].code).toBe(40002);
  });
});

describe("control characters never reach the database", () => {
  const nul = "ada\u0000@example.org";
  it.each([
    ["sign-in", "/accounts/users/login", { email: nul, password: "a fine long passphrase" }],
    ["forgot password", "/accounts/users/forgot_password", { email: nul }],
    [
      "sign-up",
      "/accounts/users",
      {
        first_name: "A\u0000da",
        last_name: "Lovelace",
        email: "nul-signup@example.org",
        password: "a fine long passphrase",
        locale: "en",
        captcha_token: "sandbox-pass",
      },
    ],
    ["a lone surrogate", "/accounts/users/login", { email: "ada\uD800@example.org", password: "x" }],
    ["a control character in a key", "/accounts/users/login", { "e\u0001mail": "a@b.c", password: "x" }],
  ])("answers %s holding one with a 400 envelope", async (_name, url, payload) => {
    const reply = await post(url, payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ data: null, errors: [{ code: 40001 }] });
  });

  it("refuses a NUL in a profile change and in an invite's path and query", async () => {
    const token = await signedIn("nul-profile@example.org");
    const profile = await t.app.inject({
      method: "PUT",
      url: "/accounts/users",
      headers: { authorization: `Bearer ${token}` },
      payload: { first_name: "Ad\u0000a" },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().errors[0]).toMatchObject({ code: 40001, field: "first_name" });
    for (const url of ["/accounts/invites/abc%00def", "/accounts/invites/abc?x=%00"]) {
      const reply = await t.app.inject({ method: "GET", url });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ data: null, errors: [{ code: 40001 }] });
    }
  });

  it("keeps tabs and line breaks, which are text", async () => {
    const reply = await post("/accounts/users/forgot_password", { email: "tab\t@example.org" });
    expect(reply.statusCode).toBeLessThan(500);
  });
});

describe("Fastify's own refusals are envelopes with security headers", () => {
  const expectEnvelope = (reply: { headers: Record<string, unknown>; body: string }, code: number) => {
    expect(reply.headers["content-type"]).toContain("application/json");
    expect(String(reply.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
    expect(reply.headers["x-content-type-options"]).toBe("nosniff");
    const body = JSON.parse(reply.body) as { data: unknown; errors: { code: number; message: string }[] };
    expect(body.data).toBeNull();
    expect(body.errors[0]?.code).toBe(code);
  };

  it.each([
    ["a path parameter over its maximum", "GET", `/accounts/invites/${"a".repeat(500)}`, 414],
    ["a bad percent escape", "GET", "/accounts/invites/%zz", 400],
    ["an unknown route", "GET", "/transit/nothing-here", 404],
    ["an unknown method", "PROPFIND", "/healthz", 404],
    ["a method the path does not take", "DELETE", "/accounts/users/login", 404],
  ])("answers %s", async (_name, method, url, status) => {
    const reply = await t.app.inject({ method: method as "GET", url });
    expect(reply.statusCode).toBe(status);
    expectEnvelope(reply, status === 404 ? 40401 : 40001);
    expect(reply.body.length).toBeLessThan(300);
  });

  it("answers bodies too large, of the wrong type and not JSON", async () => {
    const big = await t.app.inject({
      method: "POST",
      url: "/accounts/users/login",
      headers: { "content-type": "application/json" },
      payload: `"${"x".repeat(70_000)}"`,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ data: null, errors: [{ code: 41301 }] });
    const wrongType = await t.app.inject({
      method: "POST",
      url: "/transit/api/get_form",
      headers: { "content-type": "application/xml" },
      payload: "<a/>",
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ data: null, errors: [{ code: 40001 }] });
    const broken = await t.app.inject({
      method: "POST",
      url: "/transit/api/get_form",
      headers: { "content-type": "application/json" },
      payload: "{",
    });
    expect(broken.statusCode).toBe(400);
    for (const reply of [big, wrongType, broken]) {
      expect(String(reply.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
      expect(reply.headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  it("answers a request Node cannot parse with the envelope over a real socket", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    if (!address || typeof address === "string") throw new Error("not listening");
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(address.port, "127.0.0.1", () => socket.write("GET /\u0001 HTTP/1.1\r\n\r\n"));
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk.toString("utf8");
      });
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toContain("X-Content-Type-Options: nosniff");
    const body = JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4)) as { data: unknown; errors: unknown[] };
    expect(body).toMatchObject({ data: null, errors: [{ code: 40001 }] });
  });
});
