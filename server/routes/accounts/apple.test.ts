import { and, eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PortalConfig } from "../../../src/domain/portal-config.ts";
import { userIdentities, users } from "../../db/schema.ts";
import { createAppleVerifier } from "../../gateways/apple.ts";
import { createTestApp, type TestApp } from "../../test/helpers.ts";

const clientId = "org.metro.portal.web";
let t: TestApp;
let privateKey: CryptoKey;
let strangerKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256");
  privateKey = pair.privateKey;
  strangerKey = (await generateKeyPair("RS256")).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  t = await createTestApp({
    configure: (config) => ({ ...config, socialSignIn: { ...config.socialSignIn, apple: true } }),
    apple: createAppleVerifier({ clientId, keys: { set: { keys: [jwk] } } }),
  });
});
afterAll(() => t.close());

async function idToken(
  claims: Record<string, unknown>,
  {
    key = privateKey,
    audience = clientId,
    issuer = "https://appleid.apple.com",
    issuedAt = Math.floor(Date.now() / 1000),
  } = {},
) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: "test-key" })
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 600)
    .sign(key);
}

const appleLogin = (access_token: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/accounts/users/login",
    payload: { access_token, login_type: "AppleId", ...extra },
  });

const failed = { code: 40103, message: "Failed to login by Apple sign in." };

describe("sign in with Apple", () => {
  it("opens a confirmed account for a new Apple ID and signs the same rider in next time", async () => {
    const token = await idToken({
      sub: "apple-001",
      email: "steve@privaterelay.appleid.com",
      email_verified: "true",
    });
    const first = await appleLogin(token, { first_name: "Steve", last_name: "undefined" });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.db
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.provider, "apple"), eq(userIdentities.subject, "apple-001")));
    const user = row?.user;
    expect(user).toMatchObject({
      email: "steve@privaterelay.appleid.com",
      emailConfirmed: true,
      firstName: "Steve",
      lastName: "",
    });

    const again = await appleLogin(await idToken({ sub: "apple-001" }));
    expect(again.statusCode).toBe(200);
    const me = await t.app.inject({
      method: "GET",
      url: "/accounts/users/me",
      headers: { authorization: `Bearer ${again.json().data.access_token}` },
    });
    expect(me.json().data.email).toBe("steve@privaterelay.appleid.com");
  });

  it("links an Apple ID to the existing account with the same verified email", async () => {
    await t.app.inject({
      method: "POST",
      url: "/accounts/users",
      payload: {
        first_name: "Ada",
        last_name: "L",
        email: "ada@example.org",
        password: "a fine long passphrase",
        captcha_token: "ok",
      },
    });
    const reply = await appleLogin(
      await idToken({ sub: "apple-ada", email: "ada@example.org", email_verified: true }),
    );
    expect(reply.statusCode).toBe(200);
    const rows = await t.database.db.select().from(users).where(eq(users.email, "ada@example.org"));
    expect(rows).toHaveLength(1);
    const linked = await t.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, rows[0]?.id ?? ""));
    expect(linked.map((identity) => [identity.provider, identity.subject])).toEqual([["apple", "apple-ada"]]);
  });

  it.each([
    [
      "signed by another key",
      async () => idToken({ sub: "x", email: "x@example.org" }, { key: strangerKey }),
    ],
    [
      "for another app",
      async () => idToken({ sub: "x", email: "x@example.org" }, { audience: "com.other.app" }),
    ],
    [
      "from another issuer",
      async () => idToken({ sub: "x", email: "x@example.org" }, { issuer: "https://evil.example" }),
    ],
    [
      "older than ten minutes",
      async () =>
        idToken({ sub: "x", email: "x@example.org" }, { issuedAt: Math.floor(Date.now() / 1000) - 900 }),
    ],
    ["not a token at all", async () => "not.a.jwt"],
    ["without email for a new Apple ID", async () => idToken({ sub: "apple-no-email" })],
    [
      "with an unverified email that has an account",
      async () => idToken({ sub: "apple-z", email: "ada@example.org", email_verified: false }),
    ],
  ])("refuses a token %s with the spec's words", async (_, make) => {
    const reply = await appleLogin(await make());
    expect(reply.statusCode).toBe(401);
    expect(reply.json().errors[0]).toEqual(failed);
  });

  it("refuses a body mixing password and Apple sign-in", async () => {
    const reply = await appleLogin("token", { email: "a@example.org", password: "secret" });
    expect(reply.statusCode).toBe(400);
  });

  it("hands what Apple posts back to the portal's /redirect route", async () => {
    const token = await idToken({ sub: "apple-002", email: "tim@example.org" });
    const reply = await t.app.inject({
      method: "POST",
      url: "/accounts/oauth/apple/callback",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        state: "state-0123456789abcdef",
        id_token: token,
        user: JSON.stringify({ name: { firstName: "Tim", lastName: "Cook" } }),
      }).toString(),
    });
    expect(reply.statusCode).toBe(303);
    expect(reply.headers.location).toBe(
      `/redirect/state-0123456789abcdef/${token}/tim%40example.org/Tim/Cook`,
    );

    const cancelled = await t.app.inject({
      method: "POST",
      url: "/accounts/oauth/apple/callback",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "state=state-0123456789abcdef&error=user_cancelled_authorize",
    });
    expect(cancelled.headers.location).toBe(
      "/redirect/state-0123456789abcdef/undefined/undefined/undefined/undefined",
    );
  });

  it("bounds and checks what it echoes: a lone surrogate, oversize or odd values go on as absent", async () => {
    const token = await idToken({ sub: "apple-003", email: "x".repeat(300) });
    const callback = (payload: Record<string, unknown>, form = false) =>
      t.app.inject({
        method: "POST",
        url: "/accounts/oauth/apple/callback",
        ...(form
          ? {
              headers: { "content-type": "application/x-www-form-urlencoded" },
              payload: new URLSearchParams(payload as Record<string, string>).toString(),
            }
          : { payload }),
      });
    const surrogate = await callback({
      state: "state-0123456789abcdef",
      user: '{"name":{"firstName":"\\ud800","lastName":"Cook"}}',
    });
    expect(surrogate.statusCode).toBe(303);
    expect(surrogate.headers.location).toBe(
      "/redirect/state-0123456789abcdef/undefined/undefined/undefined/Cook",
    );
    const huge = await callback(
      { state: "s".repeat(3000), id_token: `${"a".repeat(5000)}.b.c`, user: "u".repeat(3000) },
      true,
    );
    expect(huge.statusCode).toBe(303);
    expect(huge.headers.location).toBe("/redirect/undefined/undefined/undefined/undefined/undefined");
    const odd = await callback({ state: "state/../../evil?x", id_token: "not a jwt", user: 5 });
    expect(odd.headers.location).toBe("/redirect/undefined/undefined/undefined/undefined/undefined");
    // An address over 254 characters in a genuine-looking token is dropped, the token is kept.
    const long = await callback({ state: "state-0123456789abcdef", id_token: token });
    expect(long.headers.location).toBe(
      `/redirect/state-0123456789abcdef/${token}/undefined/undefined/undefined`,
    );
    for (const reply of [surrogate, huge, odd, long]) {
      expect(String(reply.headers.location).length).toBeLessThan(5000);
    }
  });

  it("sends Apple this deployment's callback on PUBLIC_URL, whatever the Host header says", async () => {
    const reply = await t.app.inject({
      method: "GET",
      url: "/accounts/oauth/apple?state=state-0123456789abcdef",
      headers: { host: "evil.example" },
    });
    const target = new URL(String(reply.headers.location));
    expect(target.searchParams.get("redirect_uri")).toBe("https://portal.test/accounts/oauth/apple/callback");
  });

  it("sends the rider to Apple with the portal's state and this deployment's Services ID", async () => {
    const reply = await t.app.inject({
      method: "GET",
      url: "/accounts/oauth/apple?state=state-0123456789abcdef",
    });
    expect(reply.statusCode).toBe(302);
    const target = new URL(String(reply.headers.location));
    expect(target.origin + target.pathname).toBe("https://appleid.apple.com/auth/authorize");
    expect(target.searchParams.get("client_id")).toBe(clientId);
    expect(target.searchParams.get("state")).toBe("state-0123456789abcdef");
    expect(target.searchParams.get("response_mode")).toBe("form_post");
  });
});

const withoutApple = (config: PortalConfig): PortalConfig => ({
  ...config,
  socialSignIn: { ...config.socialSignIn, apple: false },
});

describe("sign in with Apple turned off", () => {
  it.each([
    ["by the deployment", { configure: withoutApple }],
    ["by having no Services ID and no sandbox provider", { sandboxIdp: false }],
  ])("refuses Apple tokens and has no Apple routes when off %s", async (_how, options) => {
    const off = await createTestApp(options);
    try {
      const login = await off.app.inject({
        method: "POST",
        url: "/accounts/users/login",
        payload: { access_token: await idToken({ sub: "apple-001" }), login_type: "AppleId" },
      });
      expect(login.json().errors[0]).toEqual(failed);
      const start = await off.app.inject({
        method: "GET",
        url: "/accounts/oauth/apple?state=state-0123456789abcdef",
      });
      expect(start.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
