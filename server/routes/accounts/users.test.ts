import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { outboxMessages, sessions, users } from "../../db/schema.ts";
import { defaultSignInBudget } from "../../services/sign-in-throttle.ts";
import { createTestApp, type TestApp, testPublicUrl } from "../../test/helpers.ts";
import { lockedMessage, loginMismatchMessage } from "./users.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>, token?: string) =>
  t.app.inject({
    method: "POST",
    url,
    payload,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
const get = (url: string, token?: string) =>
  t.app.inject({ method: "GET", url, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });

/** The newest link of `path` mailed to `recipient`, from the dev outbox. */
async function mailedToken(recipient: string, path: "confirm" | "reset"): Promise<string> {
  const messages = await t.app.outbox.list();
  const message = messages.find((m) => m.recipient === recipient && m.body.includes(`/${path}/`));
  const token = message?.body.match(new RegExp(`/${path}/([A-Za-z0-9_-]+)`))?.[1];
  if (!token) throw new Error(`no ${path} link mailed to ${recipient}`);
  return token;
}

const signUp = (email: string, password = "a fine long passphrase") =>
  post("/accounts/users", {
    first_name: "Ada",
    last_name: "Lovelace",
    email,
    password,
    locale: "en",
    captcha_token: "sandbox-pass",
  });
const login = (email: string, password: string) => post("/accounts/users/login", { email, password });
/** A sign-in from another address than the tests' default (127.0.0.1). */
const loginFrom = (remoteAddress: string, email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/accounts/users/login", payload: { email, password }, remoteAddress });
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

async function signedIn(email: string, password = "a fine long passphrase"): Promise<string> {
  await signUp(email, password);
  const reply = await login(email, password);
  expect(reply.statusCode).toBe(200);
  return reply.json().data.access_token;
}

/** Signed in with the email confirmed through the mailed link, as a rider who may act on the account. */
async function confirmedSignedIn(email: string): Promise<string> {
  const token = await signedIn(email);
  expect(
    (await post("/accounts/users/confirm", { token: await mailedToken(email, "confirm") })).statusCode,
  ).toBe(200);
  return token;
}

describe("sign-up and email confirmation", () => {
  it("creates an unconfirmed account and mails a single-use confirmation link", async () => {
    const reply = await signUp("ada@example.org");
    expect(reply.statusCode).toBe(202);
    expect(reply.json()).toEqual({ data: { status: "confirmation_sent" }, errors: [] });
    const token = await mailedToken("ada@example.org", "confirm");
    expect(token.length).toBeGreaterThanOrEqual(43);

    const confirmed = await post("/accounts/users/confirm", { token });
    expect(confirmed.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, "ada@example.org"));
    expect(row?.emailConfirmed).toBe(true);

    const replayed = await post("/accounts/users/confirm", { token });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().errors[0]).toEqual({ code: 40003, message: "This token is invalid" });
  });

  it("answers an existing email exactly like a new one, and tells the owner by email instead", async () => {
    const fresh = await signUp("grace@example.org");
    const again = await signUp("GRACE@example.org");
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.json()).toEqual(fresh.json());
    const rows = await t.database.db.select().from(users).where(eq(users.email, "grace@example.org"));
    expect(rows).toHaveLength(1);
    const mail = (await t.app.outbox.list()).find(
      (m) => m.recipient === "grace@example.org" && m.subject === "You already have an account",
    );
    expect(mail).toBeDefined();
  });

  it.each([
    ["too short", "short1", "Please enter minimum of 8 characters"],
    ["too long", "x".repeat(129), "Password must not exceed 128 characters"],
    ["common", "Password123", "This password is too common. Please choose another."],
    ["made of the email", "katherine-2026", "This password is too common. Please choose another."],
  ])("refuses a %s password with the reason", async (_, password, message) => {
    const reply = await post("/accounts/users", {
      first_name: "Kat",
      last_name: "Johnson",
      email: "katherine@example.org",
      password,
      captcha_token: "sandbox-pass",
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().errors[0]).toMatchObject({ code: 40004, message, field: "password" });
  });

  it("asks for a passing captcha token when the deployment has captcha on", async () => {
    const body = {
      first_name: "Bot",
      last_name: "Net",
      email: "bot@example.org",
      password: "a fine long passphrase",
    };
    for (const captcha of [{}, { captcha_token: "sandbox-fail" }]) {
      const reply = await post("/accounts/users", { ...body, ...captcha });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().errors[0].code).toBe(40006);
    }
    expect((await t.database.db.select().from(users).where(eq(users.email, "bot@example.org"))).length).toBe(
      0,
    );
  });

  it("takes a token the portal checked at /transit/api/verify_google_captcha once more, for the sign-up", async () => {
    const checked = await post("/transit/api/verify_google_captcha", { token: "portal-checked-token" });
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ data: { success: true }, errors: [] });
    const refused = await post("/transit/api/verify_google_captcha", { token: "sandbox-fail" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].code).toBe(40006);
    const bad = await post("/transit/api/verify_google_captcha", {});
    expect(bad.statusCode).toBe(400);
  });

  it("accepts long passphrases without composition rules", async () => {
    expect((await signUp("mary@example.org", "correct horse battery staple")).statusCode).toBe(202);
  });
});

describe("sign-in, sessions and sign-out", () => {
  it("returns an access token and the enrolment status, a new token every time, stored only hashed", async () => {
    await signUp("alan@example.org");
    const first = await login("alan@example.org", "a fine long passphrase");
    const second = await login("alan@example.org", "a fine long passphrase");
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data).toMatchObject({ mfa_enrollment_status: 0 });
    expect(data.access_token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(second.json().data.access_token).not.toBe(data.access_token);
    const stored = await t.database.db.select().from(sessions);
    expect(stored.some((row) => row.tokenHash === data.access_token)).toBe(false);
  });

  it("answers a wrong password and an unknown email identically", async () => {
    await signUp("edsger@example.org");
    const wrong = await login("edsger@example.org", "not the passphrase");
    const unknown = await login("nobody-at-all@example.org", "not the passphrase");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().errors[0]).toEqual({ code: 40102, message: loginMismatchMessage });
  });

  it("says what an incomplete sign-in body lacks, for the kind of sign-in it came closest to, and nothing else", async () => {
    const fields = async (payload: unknown) => {
      const reply = await t.app.inject({
        method: "POST",
        url: "/accounts/users/login",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(payload),
      });
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      return (reply.json().errors as { code: number; message: string; field?: string }[]).map((error) => {
        expect(error.code).toBe(40001);
        return error.field ?? error.message;
      });
    };
    // Ten issues before: one per property of every kind of sign-in, some twice, and "matches no kind".
    expect(await fields({})).toEqual(["email", "password"]);
    expect(await fields({ email: "ada@example.org" })).toEqual(["password"]);
    expect(await fields({ login_type: "AppleId" })).toEqual(["access_token"]);
    expect(await fields({ login_type: "Google", code: "abc" })).toEqual(["nonce"]);
    expect(await fields({ login_type: "Facebook" })).toEqual(["code"]);
    for (const body of [null, [], "ada", 7]) expect(await fields(body)).toEqual(["body must be object"]);
    // A password sign-in that also sends a provider's code is refused as a whole.
    expect(
      await fields({ email: "ada@example.org", password: "a fine long passphrase", code: "abc" }),
    ).toEqual(["body must NOT be valid"]);
  });

  it("locks an account after five failed sign-ins, even for the right password, until it is reset", async () => {
    await signUp("barbara@example.org");
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await login("barbara@example.org", `wrong guess ${attempt}`)).statusCode).toBe(401);
    }
    const locked = await login("barbara@example.org", "a fine long passphrase");
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errors[0]).toEqual({ code: 42901, message: lockedMessage });

    await post("/accounts/users/forgot_password", { email: "barbara@example.org" });
    const token = await mailedToken("barbara@example.org", "reset");
    expect(
      (await post("/accounts/users/reset_password", { token, password: "a brand new passphrase" }))
        .statusCode,
    ).toBe(200);
    expect((await login("barbara@example.org", "a brand new passphrase")).statusCode).toBe(200);
  });

  it("serves the rider's own profile and nobody else's", async () => {
    const tim = await signedIn("tim@example.org");
    const vint = await signedIn("vint@example.org");
    expect((await get("/accounts/users/me", tim)).json().data.email).toBe("tim@example.org");
    expect((await get("/accounts/users/me", vint)).json().data.email).toBe("vint@example.org");
  });

  it("says unauthorized without a token or with an unknown one", async () => {
    for (const token of [undefined, "x".repeat(43)]) {
      const reply = await get("/accounts/users/me", token);
      expect(reply.statusCode).toBe(401);
      expect(reply.json().errors[0].code).toBe(40101);
    }
  });

  it("answers 50020 once the rider signed out (token revoked)", async () => {
    const token = await signedIn("linus@example.org");
    expect((await post("/accounts/users/logout", {}, token)).statusCode).toBe(204);
    const reply = await get("/accounts/users/me", token);
    expect(reply.statusCode).toBe(401);
    expect(reply.json().errors[0].code).toBe(50020);
  });

  it("answers 50020 for a session idle for more than a day", async () => {
    const token = await signedIn("ken@example.org");
    await t.database.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 25 * 60 * 60 * 1000) });
    expect((await get("/accounts/users/me", token)).json().errors[0].code).toBe(50020);
  });

  it("limits sign-in attempts per address before any password is hashed", async () => {
    const limited = await createTestApp({ realisticLimits: true });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const reply = await limited.app.inject({
          method: "POST",
          url: "/accounts/users/login",
          payload: { email: "x" },
        });
        statuses.push(reply.statusCode);
      }
      expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
      expect(statuses[20]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe("password reset", () => {
  it("answers known and unknown emails alike and mails only the known one", async () => {
    await signUp("frances@example.org");
    const known = await post("/accounts/users/forgot_password", { email: "frances@example.org" });
    const unknown = await post("/accounts/users/forgot_password", { email: "ghost@example.org" });
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    expect((await t.app.outbox.list()).some((m) => m.recipient === "ghost@example.org")).toBe(false);
  });

  it("sets a new password once, does not sign in, and ends every session", async () => {
    const old = await signedIn("niklaus@example.org");
    await post("/accounts/users/forgot_password", { email: "niklaus@example.org" });
    const token = await mailedToken("niklaus@example.org", "reset");
    const reset = await post("/accounts/users/reset_password", {
      token,
      password: "another long passphrase",
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data).toEqual({ status: "password_reset" });
    expect((await get("/accounts/users/me", old)).json().errors[0].code).toBe(50020);
    expect(
      (await post("/accounts/users/reset_password", { token, password: "yet another passphrase" })).json()
        .errors[0].message,
    ).toBe("This token is invalid");
    expect((await login("niklaus@example.org", "a fine long passphrase")).statusCode).toBe(401);
    expect((await login("niklaus@example.org", "another long passphrase")).statusCode).toBe(200);
  });

  it("refuses a reset link older than 30 minutes", async () => {
    await signUp("donald@example.org");
    await post("/accounts/users/forgot_password", { email: "donald@example.org" });
    const token = await mailedToken("donald@example.org", "reset");
    const { accountTokens } = await import("../../db/schema.ts");
    await t.database.db.update(accountTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const reply = await post("/accounts/users/reset_password", { token, password: "a brand new passphrase" });
    expect(reply.json().errors[0]).toEqual({ code: 40003, message: "This token is invalid" });
  });
});

describe("deleting the account", () => {
  it("refuses a rider whose email is not confirmed, as the page hides it (issue 47)", async () => {
    const token = await signedIn("unconfirmed-deleter@example.org");
    const remove = () =>
      t.app.inject({
        method: "DELETE",
        url: "/accounts/users",
        headers: { authorization: `Bearer ${token}` },
        payload: { current_password: "a fine long passphrase" },
      });
    const refused = await remove();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0]).toMatchObject({ code: ErrorCode.emailNotVerified });
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, "unconfirmed-deleter@example.org"));
    expect(row).toBeDefined();
  });
});

describe("profile", () => {
  const profile = (overrides: Record<string, unknown> = {}) => ({
    first_name: "Margaret",
    last_name: "Hamilton",
    email: "margaret@example.org",
    mobile: null,
    locale: { language_code: "es", country_code: "ES" },
    ...overrides,
  });

  it("refuses a mobile number the portal's form refuses (7 digits), when signing up and on the profile (issue 47)", async () => {
    const short = await post("/accounts/users", {
      first_name: "Ada",
      last_name: "Lovelace",
      email: "short-mobile@example.org",
      password: "a fine long passphrase",
      mobile: "4155550",
      locale: "en",
      captcha_token: "sandbox-pass",
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0]).toMatchObject({ code: ErrorCode.validation, field: "mobile" });
    const token = await confirmedSignedIn("mobile-rules@example.org");
    const put = (mobile: string) =>
      t.app.inject({
        method: "PUT",
        url: "/accounts/users",
        headers: { authorization: `Bearer ${token}` },
        payload: profile({
          email: "mobile-rules@example.org",
          mobile,
          current_password: "a fine long passphrase",
        }),
      });
    const refused = await put("4155550");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ code: ErrorCode.validation, field: "mobile" });
    // Eight characters pass the form's minimum, as in the portal.
    const accepted = await put("41555501");
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it("updates names and language; mobile null when absent", async () => {
    const token = await confirmedSignedIn("margaret@example.org");
    const reply = await t.app.inject({
      method: "PUT",
      url: "/accounts/users",
      headers: { authorization: `Bearer ${token}` },
      payload: profile(),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toMatchObject({ first_name: "Margaret", locale: "es", mobile: null });
  });

  it("asks for the current password before changing the email, then asks to confirm the new one", async () => {
    const token = await confirmedSignedIn("john@example.org");
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: "PUT",
        url: "/accounts/users",
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
    const refused = await put(profile({ email: "john.new@example.org" }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe(40303);
    const changed = await put(
      profile({ email: "john.new@example.org", current_password: "a fine long passphrase" }),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ email: "john.new@example.org", email_confirmed: false });
    await mailedToken("john.new@example.org", "confirm");
  });

  it("blocks an unconfirmed rider's account actions with 40302, except following the language", async () => {
    const token = await signedIn("dorothy@example.org");
    const blocked = {
      code: 40302,
      message: "Unable to complete your request. Please verify your email and try again.",
    };
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: "PUT",
        url: "/accounts/users",
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
    const renamed = await put(profile({ email: "dorothy@example.org", first_name: "Dot" }));
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json().errors[0]).toEqual(blocked);
    const language = await put(
      profile({ email: "dorothy@example.org", first_name: "Ada", last_name: "Lovelace" }),
    );
    expect(language.statusCode).toBe(200);
    expect(language.json().data).toMatchObject({ locale: "es", first_name: "Ada" });

    const actions: Array<[string, Record<string, unknown>]> = [
      ["/accounts/users/change_password", { new_password: "another long passphrase" }],
      ["/accounts/users/mfa/enrol", { mobile: "+14155550123" }],
    ];
    for (const [url, body] of actions) {
      const reply = await post(url, { current_password: "a fine long passphrase", ...body }, token);
      expect(reply.statusCode).toBe(403);
      expect(reply.json().errors[0]).toEqual(blocked);
    }
  });
});

describe("races and enumeration (issue 10)", () => {
  const { perAddress } = defaultSignInBudget;

  it("counts 20 parallel wrong passwords atomically: only the budget is checked, then the address is locked", async () => {
    await signUp("parallel@example.org");
    const address = "203.0.113.20";
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => loginFrom(address, "parallel@example.org", `wrong guess ${i}`)),
    );
    const statuses = replies.map((reply) => reply.statusCode);
    expect(count(statuses, 401)).toBe(perAddress);
    expect(count(statuses, 429)).toBe(20 - perAddress);
    const right = await loginFrom(address, "parallel@example.org", "a fine long passphrase");
    expect(right.statusCode).toBe(429);
    expect(right.json().errors[0]).toEqual({ code: 42901, message: lockedMessage });
  });

  it("answers a known and an unknown email alike, in status and body, through the lockout", async () => {
    await signUp("known-lock@example.org");
    const address = "203.0.113.21";
    for (let attempt = 0; attempt < perAddress + 3; attempt++) {
      const known = await loginFrom(address, "known-lock@example.org", `wrong ${attempt}`);
      const unknown = await loginFrom(address, "unknown-lock@example.org", `wrong ${attempt}`);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.json()).toEqual(known.json());
      expect(known.statusCode).toBe(attempt < perAddress ? 401 : 429);
    }
  });

  it("keeps the owner able to sign in from another address while an attacker's address is throttled", async () => {
    await signUp("owner@example.org");
    const attacker = "198.51.100.66";
    for (let attempt = 0; attempt < perAddress + 2; attempt++) {
      await loginFrom(attacker, "owner@example.org", `guess ${attempt}`);
    }
    expect((await loginFrom(attacker, "owner@example.org", "a fine long passphrase")).statusCode).toBe(429);
    const owner = await loginFrom("192.0.2.10", "owner@example.org", "a fine long passphrase");
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.access_token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
  });

  // Every sign-up hashes once (128 MiB scrypt, about 0.4 s; two at a time here): about 10 to 20 s of
  // work, which a busy machine stretches past the default 30 s. The assertions do not depend on time.
  it("answers 50 parallel sign-ups with one email all with 202 and opens exactly one account", {
    timeout: 120_000,
  }, async () => {
    const replies = await Promise.all(Array.from({ length: 50 }, () => signUp("race@example.org")));
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(50).fill(202));
    for (const reply of replies)
      expect(reply.json()).toEqual({ data: { status: "confirmation_sent" }, errors: [] });
    const rows = await t.database.db.select().from(users).where(eq(users.email, "race@example.org"));
    expect(rows).toHaveLength(1);
    const mails = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, "race@example.org"));
    expect(mails.filter((m) => m.subject === "Confirm your email")).toHaveLength(1);
    expect(mails.filter((m) => m.subject === "You already have an account")).toHaveLength(49);
  });

  it("builds mailed links from PUBLIC_URL, never from a forged Host or X-Forwarded-Host", async () => {
    const forged = {
      host: "attacker.example",
      "x-forwarded-host": "attacker.example",
      "x-forwarded-proto": "http",
    };
    await t.app.inject({
      method: "POST",
      url: "/accounts/users",
      headers: forged,
      payload: {
        first_name: "Ida",
        last_name: "Rhodes",
        email: "ida@example.org",
        password: "a fine long passphrase",
        captcha_token: "sandbox-pass",
      },
    });
    await t.app.inject({
      method: "POST",
      url: "/accounts/users/forgot_password",
      headers: forged,
      payload: { email: "ida@example.org" },
    });
    const mailbox = await t.app.inject({ method: "GET", url: "/dev/mailbox.json" });
    const bodies = (mailbox.json().data.messages as Array<{ recipient: string; body: string }>)
      .filter((m) => m.recipient === "ida@example.org")
      .map((m) => m.body);
    expect(bodies).toHaveLength(2);
    for (const body of bodies) {
      expect(body).not.toContain("attacker.example");
      expect(body).toMatch(
        new RegExp(`${testPublicUrl.replace(/\./g, "\\.")}/(confirm|reset)/[A-Za-z0-9_-]{43}`),
      );
    }
  });

  it("mails at most the reset budget per email, answering every request alike", async () => {
    await signUp("bombed@example.org");
    const replies = [];
    for (let i = 0; i < 7; i++) {
      replies.push(await post("/accounts/users/forgot_password", { email: "bombed@example.org" }));
    }
    for (const reply of replies) {
      expect(reply.statusCode).toBe(202);
      expect(reply.json()).toEqual({ data: { status: "reset_sent" }, errors: [] });
    }
    const resets = (await t.app.outbox.list(1000)).filter(
      (m) => m.recipient === "bombed@example.org" && m.body.includes("/reset/"),
    );
    expect(resets).toHaveLength(5);
  });

  it("lets a password reset lift every lock on the email", async () => {
    await signUp("locked-out@example.org");
    for (const address of ["203.0.113.30", "203.0.113.31"]) {
      for (let attempt = 0; attempt <= perAddress; attempt++) {
        await loginFrom(address, "locked-out@example.org", `guess ${attempt}`);
      }
    }
    await post("/accounts/users/forgot_password", { email: "locked-out@example.org" });
    const token = await mailedToken("locked-out@example.org", "reset");
    expect(
      (await post("/accounts/users/reset_password", { token, password: "a brand new passphrase" }))
        .statusCode,
    ).toBe(200);
    expect(
      (await loginFrom("203.0.113.30", "locked-out@example.org", "a brand new passphrase")).statusCode,
    ).toBe(200);
  });

  it("gives a contested new email to one rider and a 409 to the others, never a 500", async () => {
    const tokens = await Promise.all(
      ["ann", "bob", "cat"].map((name) => confirmedSignedIn(`${name}@example.org`)),
    );
    const replies = await Promise.all(
      tokens.map((token) =>
        t.app.inject({
          method: "PUT",
          url: "/accounts/users",
          headers: { authorization: `Bearer ${token}` },
          payload: {
            first_name: "Ada",
            last_name: "Lovelace",
            email: "contested@example.org",
            mobile: null,
            locale: { language_code: "en", country_code: "US" },
            current_password: "a fine long passphrase",
          },
        }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409, 409]);
    const rows = await t.database.db.select().from(users).where(eq(users.email, "contested@example.org"));
    expect(rows).toHaveLength(1);
  });
});
