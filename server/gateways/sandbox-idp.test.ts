import { describe, expect, it } from "vitest";
import { readEnv } from "../config/env.ts";
import { manualClock } from "../domain/clock.ts";
import { scrubUrl } from "../http/logging.ts";
import { createTestApp } from "../test/helpers.ts";
import { sandboxCredential } from "../test/social.ts";
import { createSandboxIdp, sandboxClients } from "./sandbox-idp.ts";

describe("the sandbox identity provider's settings", () => {
  it("is on outside production unless SANDBOX_IDP=off, and never in production", () => {
    expect(readEnv({}).sandboxIdp).toBe(true);
    expect(readEnv({ SANDBOX_IDP: "off" }).sandboxIdp).toBe(false);
    expect(
      readEnv({ NODE_ENV: "production", PUBLIC_URL: "https://portal.example", SANDBOX_IDP: "on" }).sandboxIdp,
    ).toBe(false);
  });

  it("reads Google and Facebook credentials in pairs", () => {
    expect(readEnv({}).google).toBeNull();
    expect(readEnv({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" }).google).toEqual({
      clientId: "id",
      clientSecret: "secret",
    });
    expect(readEnv({ FACEBOOK_APP_ID: "1234", FACEBOOK_APP_SECRET: "secret" }).facebook).toEqual({
      appId: "1234",
      appSecret: "secret",
    });
    expect(() => readEnv({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => readEnv({ FACEBOOK_APP_SECRET: "secret" })).toThrow(/FACEBOOK_APP_ID/);
    expect(() => readEnv({ FACEBOOK_APP_ID: "not digits", FACEBOOK_APP_SECRET: "s" })).toThrow(
      /FACEBOOK_APP_ID/,
    );
  });
});

describe("OAuth values in logged URLs", () => {
  it("are censored: codes, tokens, secrets and nonces, not the state", () => {
    expect(scrubUrl("/oauth/google/return?code=4%2Fabc&state=s-0123456789abcdef")).toBe(
      "/oauth/google/return?code=[redacted]&state=s-0123456789abcdef",
    );
    expect(
      scrubUrl(
        "/sandbox-idp/facebook/debug_token?input_token=EAAx&access_token=1%7Csecret&appsecret_proof=ab",
      ),
    ).toBe(
      "/sandbox-idp/facebook/debug_token?input_token=[redacted]&access_token=[redacted]&appsecret_proof=[redacted]",
    );
    expect(scrubUrl("/accounts/oauth/google?state=s&nonce=n-0123456789abcdef")).toBe(
      "/accounts/oauth/google?state=s&nonce=[redacted]",
    );
  });
});

describe("the sandbox identity provider", () => {
  it("gives one email the same subject at each start, and different ones per provider", async () => {
    const clock = manualClock(new Date("2026-11-23T12:00:00Z"));
    const one = await createSandboxIdp({ publicUrl: "https://portal.test", now: () => clock.now() });
    const two = await createSandboxIdp({ publicUrl: "https://portal.test", now: () => clock.now() });
    expect(one.subjectOf("google", "Sandy@Example.com")).toBe(two.subjectOf("google", "sandy@example.com"));
    expect(one.subjectOf("google", "a@example.com")).not.toBe(one.subjectOf("facebook", "a@example.com"));
    expect(one.subjectOf("google", "a@example.com")).not.toBe(one.subjectOf("google", "b@example.com"));
    expect(one.jwks.keys[0]?.kid).not.toBe(two.jwks.keys[0]?.kid);
  });

  it("serves its endpoints over HTTP as it answers them in process", async () => {
    const t = await createTestApp();
    try {
      const keys = await t.app.inject({ method: "GET", url: "/sandbox-idp/jwks" });
      expect(keys.json().keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
      expect(keys.json().keys[0]).not.toHaveProperty("d");

      const { code } = await sandboxCredential(t, "google");
      const token = await t.app.inject({
        method: "POST",
        url: "/sandbox-idp/google/token",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({
          code,
          client_id: sandboxClients.google.clientId,
          client_secret: sandboxClients.google.clientSecret,
          redirect_uri: "https://portal.test/oauth/google/return",
          grant_type: "authorization_code",
        }).toString(),
      });
      expect(token.statusCode).toBe(200);
      expect(token.json().id_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

      const facebook = await sandboxCredential(t, "facebook");
      const exchanged = await t.app.inject({
        method: "GET",
        url: `/sandbox-idp/facebook/oauth/access_token?${new URLSearchParams({
          client_id: sandboxClients.facebook.appId,
          client_secret: sandboxClients.facebook.appSecret,
          redirect_uri: "https://portal.test/oauth/facebook/return",
          code: facebook.code,
        })}`,
      });
      const accessToken: string = exchanged.json().access_token;
      const debug = await t.app.inject({
        method: "GET",
        url: `/sandbox-idp/facebook/debug_token?${new URLSearchParams({
          input_token: accessToken,
          access_token: `${sandboxClients.facebook.appId}|${sandboxClients.facebook.appSecret}`,
        })}`,
      });
      expect(debug.json().data).toMatchObject({ app_id: sandboxClients.facebook.appId, is_valid: true });
      const foreignApp = await t.app.inject({
        method: "GET",
        url: `/sandbox-idp/facebook/debug_token?${new URLSearchParams({
          input_token: accessToken,
          access_token: "999|other-secret",
        })}`,
      });
      expect(foreignApp.statusCode).toBe(400);
      const me = await t.app.inject({
        method: "GET",
        url: `/sandbox-idp/facebook/me?${new URLSearchParams({ fields: "id,email", access_token: accessToken })}`,
      });
      expect(me.json()).toMatchObject({ email: "sandbox.rider@example.com", first_name: "Sandy" });
      const unknown = await t.app.inject({
        method: "GET",
        url: "/sandbox-idp/facebook/me?access_token=nope",
      });
      expect(unknown.statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });
});
