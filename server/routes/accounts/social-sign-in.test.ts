import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import type { IdentityProvider } from "../../../src/domain/identity.ts";
import { MfaStatus } from "../../../src/domain/session.ts";
import { userIdentities, users } from "../../db/schema.ts";
import { manualClock } from "../../domain/clock.ts";
import { sandboxClients } from "../../gateways/sandbox-idp.ts";
import { createAccountService } from "../../services/accounts.ts";
import { createTestApp, type TestApp, testPublicUrl } from "../../test/helpers.ts";
import {
  randomState,
  sandboxAppleToken,
  sandboxCredential,
  sandboxTrip,
  socialLogin,
} from "../../test/social.ts";

const clock = manualClock(new Date("2026-11-23T12:00:00Z"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

let emails = 0;
const freshEmail = (prefix: string) => `${prefix}-${++emails}@example.org`;

const identitiesOf = (provider: IdentityProvider, subject?: string) =>
  t.database.db
    .select()
    .from(userIdentities)
    .where(
      subject
        ? and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject))
        : eq(userIdentities.provider, provider),
    );

const googleFailed = { code: ErrorCode.socialSignInFailed, message: "Failed to login by Google sign in." };
const facebookFailed = {
  code: ErrorCode.socialSignInFailed,
  message: "Failed to login by Facebook sign in.",
};

describe("sign in with Google through the sandbox provider", () => {
  it("starts at the sandbox's authorize page with the portal's return route, state and nonce", async () => {
    const reply = await t.app.inject({
      method: "GET",
      url: "/accounts/oauth/google?state=state-0123456789abcdef&nonce=nonce-0123456789abcdef",
    });
    expect(reply.statusCode).toBe(302);
    const target = new URL(String(reply.headers.location));
    expect(target.origin + target.pathname).toBe(`${testPublicUrl}/sandbox-idp/google/authorize`);
    expect(Object.fromEntries(target.searchParams)).toEqual({
      client_id: sandboxClients.google.clientId,
      redirect_uri: `${testPublicUrl}/oauth/google/return`,
      response_type: "code",
      scope: "openid email profile",
      state: "state-0123456789abcdef",
      nonce: "nonce-0123456789abcdef",
    });
  });

  it("opens a confirmed account without a password for a new identity, and signs it in again", async () => {
    const email = freshEmail("google");
    const { location, state } = await sandboxTrip(t, "google", {
      email,
      firstName: "Grace",
      lastName: "Hopper",
    });
    expect(location.origin + location.pathname).toBe(`${testPublicUrl}/oauth/google/return`);
    expect(location.searchParams.get("state")).toBe(state);
    const first = await sandboxCredential(t, "google", { email, firstName: "Grace", lastName: "Hopper" });
    const reply = await socialLogin(t, "google", first);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toMatchObject({ access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({
      firstName: "Grace",
      lastName: "Hopper",
      emailConfirmed: true,
      passwordSet: false,
    });
    const me = await t.app.inject({
      method: "GET",
      url: "/accounts/users/me",
      headers: { authorization: `Bearer ${reply.json().data.access_token}` },
    });
    expect(me.json().data.email).toBe(email);

    const again = await socialLogin(t, "google", await sandboxCredential(t, "google", { email }));
    expect(again.statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, user?.id ?? ""));
    expect(rows.map((row) => [row.provider, row.email])).toEqual([["google", email]]);
  });

  it("joins the existing account with the verified email (the demo rider)", async () => {
    const reply = await socialLogin(
      t,
      "google",
      await sandboxCredential(t, "google", { email: "rider@example.com" }),
    );
    expect(reply.statusCode).toBe(200);
    const me = await t.app.inject({
      method: "GET",
      url: "/accounts/users/me",
      headers: { authorization: `Bearer ${reply.json().data.access_token}` },
    });
    expect(me.json().data).toMatchObject({ email: "rider@example.com", first_name: "Riley" });
    const [demo] = await t.database.db.select().from(users).where(eq(users.email, "rider@example.com"));
    expect(demo?.passwordSet).toBe(true);
  });

  it("refuses a code used twice, a nonce other than the one sent, and a code past its 5 minutes", async () => {
    const credential = await sandboxCredential(t, "google", { email: freshEmail("google") });
    expect((await socialLogin(t, "google", credential)).statusCode).toBe(200);
    const reused = await socialLogin(t, "google", credential);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().errors).toEqual([googleFailed]);

    const other = await sandboxCredential(t, "google", { email: freshEmail("google") });
    const wrongNonce = await socialLogin(t, "google", { code: other.code, nonce: randomState() });
    expect(wrongNonce.json().errors).toEqual([googleFailed]);

    const late = await sandboxCredential(t, "google", { email: freshEmail("google") });
    clock.advance(5 * 60 * 1000 + 1);
    const expired = await socialLogin(t, "google", late);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().errors).toEqual([googleFailed]);
  });

  it("exchanges a code only for the redirect_uri and the client it was issued for", async () => {
    const sandbox = t.app.sandboxIdp;
    if (!sandbox) throw new Error("the test app runs the sandbox provider");
    const exchange = (fields: Record<string, string>) =>
      sandbox.answer(
        "POST",
        "/google/token",
        new URLSearchParams({ grant_type: "authorization_code", ...fields }),
      );
    const { code } = await sandboxCredential(t, "google", { email: freshEmail("google") });
    const elsewhere = await exchange({
      code,
      client_id: sandboxClients.google.clientId,
      client_secret: sandboxClients.google.clientSecret,
      redirect_uri: "https://attacker.example/oauth/google/return",
    });
    expect(elsewhere).toEqual({ status: 400, body: { error: "invalid_grant" } });
    const second = await sandboxCredential(t, "google", { email: freshEmail("google") });
    const wrongSecret = await exchange({
      code: second.code,
      client_id: sandboxClients.google.clientId,
      client_secret: "not-the-secret",
      redirect_uri: `${testPublicUrl}/oauth/google/return`,
    });
    expect(wrongSecret.status).toBe(401);
  });

  it("sends a cancelled trip back with access_denied and the state", async () => {
    const { location, state } = await sandboxTrip(t, "google", { action: "cancel" });
    expect(location.origin + location.pathname).toBe(`${testPublicUrl}/oauth/google/return`);
    expect(Object.fromEntries(location.searchParams)).toEqual({ error: "access_denied", state });
  });

  it("gives an enrolled rider only the texted-code step, and refuses a deactivated one", async () => {
    const email = freshEmail("google-mfa");
    expect((await socialLogin(t, "google", await sandboxCredential(t, "google", { email }))).statusCode).toBe(
      200,
    );
    await t.database.db
      .update(users)
      .set({ mfaEnrollmentStatus: MfaStatus.enrolled, mfaPhone: "+12025550142" })
      .where(eq(users.email, email));
    const pending = await socialLogin(t, "google", await sandboxCredential(t, "google", { email }));
    expect(pending.statusCode).toBe(200);
    expect(pending.json().data).toEqual({
      access_token: expect.any(String),
      mfa_enrollment_status: MfaStatus.enrolled,
    });
    await t.database.db.update(users).set({ deactivatedAt: clock.now() }).where(eq(users.email, email));
    const refused = await socialLogin(t, "google", await sandboxCredential(t, "google", { email }));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errors[0].code).toBe(ErrorCode.accountDeactivated);
  });

  it("makes one account and one identity of parallel first sign-ins with one identity", async () => {
    const email = freshEmail("google-race");
    const credentials = await Promise.all(
      Array.from({ length: 6 }, () => sandboxCredential(t, "google", { email })),
    );
    const replies = await Promise.all(credentials.map((credential) => socialLogin(t, "google", credential)));
    expect(replies.map((reply) => reply.statusCode)).toEqual(replies.map(() => 200));
    const accounts = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(accounts).toHaveLength(1);
    const subject = t.app.sandboxIdp?.subjectOf("google", email) ?? "";
    expect(await identitiesOf("google", subject)).toHaveLength(1);
  });
});

describe("sign in with Facebook through the sandbox provider", () => {
  it("starts at the sandbox's dialog with the portal's return route", async () => {
    const reply = await t.app.inject({
      method: "GET",
      url: "/accounts/oauth/facebook?state=state-0123456789abcdef",
    });
    expect(reply.statusCode).toBe(302);
    const target = new URL(String(reply.headers.location));
    expect(target.origin + target.pathname).toBe(`${testPublicUrl}/sandbox-idp/facebook/authorize`);
    expect(target.searchParams.get("client_id")).toBe(sandboxClients.facebook.appId);
    expect(target.searchParams.get("redirect_uri")).toBe(`${testPublicUrl}/oauth/facebook/return`);
  });

  it("signs in a new rider, then the same identity again, and refuses a used code", async () => {
    const email = freshEmail("facebook");
    const credential = await sandboxCredential(t, "facebook", {
      email,
      firstName: "Ada",
      lastName: "Lovelace",
    });
    const reply = await socialLogin(t, "facebook", credential);
    expect(reply.statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      passwordSet: false,
      emailConfirmed: true,
    });
    expect(
      (await socialLogin(t, "facebook", await sandboxCredential(t, "facebook", { email }))).statusCode,
    ).toBe(200);
    const reused = await socialLogin(t, "facebook", credential);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().errors).toEqual([facebookFailed]);
    expect(await identitiesOf("facebook", t.app.sandboxIdp?.subjectOf("facebook", email))).toHaveLength(1);
  });

  it("refuses a made-up code", async () => {
    const reply = await socialLogin(t, "facebook", { code: "AQ-not-a-code" });
    expect(reply.statusCode).toBe(401);
    expect(reply.json().errors).toEqual([facebookFailed]);
  });
});

describe("sign in with Apple through the sandbox provider", () => {
  it("hands the portal's /redirect route a sandbox-signed id_token that signs in", async () => {
    const email = freshEmail("apple");
    const { location, state } = await sandboxTrip(t, "apple", { email, firstName: "Tim", lastName: "Apple" });
    const [, , returnedState, , returnedEmail, first, last] = location.pathname.split("/");
    expect([returnedState, decodeURIComponent(returnedEmail ?? ""), first, last]).toEqual([
      state,
      email,
      "Tim",
      "Apple",
    ]);
    const token = await sandboxAppleToken(t, { email });
    const reply = await t.app.inject({
      method: "POST",
      url: "/accounts/users/login",
      payload: { access_token: token, login_type: "AppleId", first_name: "Tim", last_name: "Apple" },
    });
    expect(reply.statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ firstName: "Tim", passwordSet: false, emailConfirmed: true });
  });

  it("sends a cancelled trip back to /redirect without a token", async () => {
    const { location, state } = await sandboxTrip(t, "apple", { action: "cancel" });
    expect(location.pathname).toBe(`/redirect/${state}/undefined/undefined/undefined/undefined`);
  });
});

describe("the sandbox's authorize page", () => {
  it("is plain HTML with labelled, prefilled fields, two buttons and no script or style", async () => {
    const { page } = await sandboxTrip(t, "google");
    expect(page).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(page).toContain("<title>Sign in to Google (sandbox)</title>");
    expect(page).toContain("<h1>Sign in to Google (sandbox)</h1>");
    expect(page).toContain("<main>");
    for (const [id, label, value] of [
      ["email", "Email", "sandbox.rider@example.com"],
      ["first_name", "First name", "Sandy"],
      ["last_name", "Last name", "Rider"],
    ]) {
      expect(page).toContain(`<label for="${id}">${label}</label>`);
      expect(page).toMatch(new RegExp(`<input id="${id}" name="${id}" type="(email|text)" value="${value}"`));
    }
    expect(page).toContain('<button type="submit" name="action" value="continue">Continue</button>');
    expect(page).toContain('value="cancel" formnovalidate>Cancel</button>');
    expect(page).not.toMatch(/<script|<style|style=|\son[a-z]+=/i);
    const shown = await t.app.inject({
      method: "GET",
      url: `/sandbox-idp/facebook/authorize?${new URLSearchParams({
        client_id: sandboxClients.facebook.appId,
        redirect_uri: `${testPublicUrl}/oauth/facebook/return`,
        state: randomState(),
      })}`,
    });
    expect(shown.headers["content-type"]).toMatch(/^text\/html/);
    expect(String(shown.headers["content-security-policy"])).toContain("script-src 'self'");
  });

  it.each([
    ["an unregistered redirect_uri", { redirect_uri: "https://attacker.example/steal" }],
    ["another client", { client_id: "someone-else" }],
    ["no state", { state: "" }],
    ["a state with markup", { state: '"><script>alert(1)</script>' }],
  ])("refuses %s without redirecting", async (_what, change) => {
    const query = new URLSearchParams({
      client_id: sandboxClients.facebook.appId,
      redirect_uri: `${testPublicUrl}/oauth/facebook/return`,
      state: randomState(),
      ...change,
    });
    for (const method of ["GET", "POST"] as const) {
      const reply =
        method === "GET"
          ? await t.app.inject({ method, url: `/sandbox-idp/facebook/authorize?${query}` })
          : await t.app.inject({
              method,
              url: "/sandbox-idp/facebook/authorize",
              headers: { "content-type": "application/x-www-form-urlencoded" },
              payload: `${query}&action=continue&email=a%40example.org&first_name=A&last_name=B`,
            });
      expect(reply.statusCode).toBe(400);
      expect(reply.headers.location).toBeUndefined();
      expect(reply.body).not.toContain("<script>");
    }
  });

  it("asks again, keeping what was typed, for an address that is not one", async () => {
    const query = new URLSearchParams({
      client_id: sandboxClients.facebook.appId,
      redirect_uri: `${testPublicUrl}/oauth/facebook/return`,
      state: randomState(),
      action: "continue",
      email: "not-an-address<b>",
      first_name: "Ann",
      last_name: "Lee",
    });
    const reply = await t.app.inject({
      method: "POST",
      url: "/sandbox-idp/facebook/authorize",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: query.toString(),
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.body).toContain('role="alert"');
    expect(reply.body).toContain('value="not-an-address&#60;b&#62;"');
  });
});

describe("the rider behind an identity", () => {
  const service = () =>
    createAccountService({
      db: t.app.db,
      outbox: t.app.outbox,
      publicUrl: testPublicUrl,
      requireVerifiedEmail: () => true,
      clock,
    });
  const names = { firstName: "Una", lastName: "Verified" };

  it("never joins an account by an email the provider did not verify", async () => {
    const joined = await service().riderForIdentity(
      "google",
      { subject: "unverified-1", email: "rider@example.com", emailVerified: false },
      names,
    );
    expect(joined).toBeNull();
    expect(await identitiesOf("google", "unverified-1")).toEqual([]);
  });

  it("opens an unconfirmed account for an unverified email nobody has, and none without an email", async () => {
    const email = freshEmail("unverified");
    const opened = await service().riderForIdentity(
      "facebook",
      { subject: "unverified-2", email, emailVerified: false },
      names,
    );
    expect(opened).toMatchObject({ email, emailConfirmed: false, passwordSet: false });
    expect(
      await service().riderForIdentity(
        "facebook",
        { subject: "no-email", email: null, emailVerified: false },
        names,
      ),
    ).toBeNull();
  });

  it("refuses a verified email whose account has another identity of the provider", async () => {
    const email = freshEmail("two-googles");
    expect(
      await service().riderForIdentity(
        "google",
        { subject: "first-google", email, emailVerified: true },
        names,
      ),
    ).not.toBeNull();
    expect(
      await service().riderForIdentity(
        "google",
        { subject: "second-google", email, emailVerified: true },
        names,
      ),
    ).toBeNull();
  });
});

describe("the login body for Google and Facebook", () => {
  const login = (payload: unknown) =>
    t.app.inject({
      method: "POST",
      url: "/accounts/users/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(payload),
    });
  const nonce = "nonce-0123456789abcdef";

  it.each([
    ["no nonce for Google", { login_type: "Google", code: "4/abc" }],
    ["a nonce for Facebook", { login_type: "Facebook", code: "AQabc", nonce }],
    ["an empty code", { login_type: "Google", code: "", nonce }],
    ["a 10 KB code", { login_type: "Google", code: "a".repeat(10 * 1024), nonce }],
    ["a NUL byte in the code", { login_type: "Facebook", code: "AQ\u0000abc" }],
    ["spaces in the code", { login_type: "Facebook", code: "AQ abc" }],
    ["a short nonce", { login_type: "Google", code: "4/abc", nonce: "short" }],
    ["an unknown login type", { login_type: "Twitter", code: "abc" }],
    ["a password beside the code", { login_type: "Google", code: "4/abc", nonce, password: "x" }],
    ["an email beside the code", { login_type: "Facebook", code: "AQabc", email: "a@example.org" }],
    ["an extra field", { login_type: "Facebook", code: "AQabc", admin: true }],
    ["a code as a number", { login_type: "Facebook", code: 12345 }],
    ["no fields", {}],
  ])("answers 400 to %s", async (_what, payload) => {
    const reply = await login(payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().errors[0].code).toBe(ErrorCode.validation);
  });

  it("answers 400 to an empty body", async () => {
    const reply = await t.app.inject({ method: "POST", url: "/accounts/users/login" });
    expect(reply.statusCode).toBe(400);
  });
});

describe("providers the server cannot complete", () => {
  it("are refused and not offered without credentials or the sandbox", async () => {
    const bare = await createTestApp({ sandboxIdp: false });
    try {
      const config = await bare.app.inject({ method: "GET", url: "/portal-config" });
      expect(config.json().data.socialSignIn).toEqual({ google: false, facebook: false, apple: false });
      for (const url of [
        "/accounts/oauth/google?state=state-0123456789abcdef&nonce=nonce-0123456789abcdef",
        "/accounts/oauth/facebook?state=state-0123456789abcdef",
      ]) {
        expect((await bare.app.inject({ method: "GET", url })).statusCode).toBe(404);
      }
      // No sandbox: its page is not served (the portal's own page answers the path).
      const page = await bare.app.inject({ method: "GET", url: "/sandbox-idp/google/authorize" });
      expect(page.body).not.toContain("Sign in to Google");
      const login = await socialLogin(bare, "facebook", { code: "AQabc" });
      expect(login.statusCode).toBe(401);
      expect(login.json().errors).toEqual([facebookFailed]);
    } finally {
      await bare.close();
    }
  });

  it("are refused when the deployment turns them off, even with the sandbox", async () => {
    const off = await createTestApp({
      configure: (config) => ({ ...config, socialSignIn: { google: false, facebook: false, apple: true } }),
    });
    try {
      const config = await off.app.inject({ method: "GET", url: "/portal-config" });
      expect(config.json().data.socialSignIn).toEqual({ google: false, facebook: false, apple: true });
      const start = await off.app.inject({
        method: "GET",
        url: "/accounts/oauth/google?state=state-0123456789abcdef&nonce=nonce-0123456789abcdef",
      });
      expect(start.statusCode).toBe(404);
      // A code the sandbox issued anyway is refused: the deployment does not offer Google.
      const sandbox = off.app.sandboxIdp;
      if (!sandbox) throw new Error("the sandbox is on");
      const check = sandbox.checkAuthorize("google", {
        client_id: sandboxClients.google.clientId,
        redirect_uri: `${testPublicUrl}/oauth/google/return`,
        state: randomState(),
        nonce: "nonce-0123456789abcdef",
      });
      if (!check.ok) throw new Error(check.message);
      const back = await sandbox.complete("google", check, {
        action: "continue",
        person: { email: "off@example.org", firstName: "O", lastName: "F" },
      });
      const code = new URL(back ?? "https://x").searchParams.get("code") ?? "";
      const login = await socialLogin(off, "google", { code, nonce: "nonce-0123456789abcdef" });
      expect(login.json().errors).toEqual([googleFailed]);
    } finally {
      await off.close();
    }
  });
});
