import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../domain/clock.ts";
import { createTestApp, type TestApp } from "../../test/helpers.ts";

/**
 * Expiries read the app's clock: these tests move it instead of sleeping or rewriting rows.
 */
const minute = 60 * 1000;
const clock = manualClock(new Date("2026-03-02T08:00:00Z"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const password = "a fine long passphrase";
const post = (url: string, payload: Record<string, unknown>, remoteAddress = "127.0.0.1") =>
  t.app.inject({ method: "POST", url, payload, remoteAddress });
const me = (token: string) =>
  t.app.inject({ method: "GET", url: "/accounts/users/me", headers: { authorization: `Bearer ${token}` } });

async function mailedToken(recipient: string, path: "confirm" | "reset"): Promise<string> {
  const messages = await t.app.outbox.list();
  const message = messages.findLast((m) => m.recipient === recipient && m.body.includes(`/${path}/`));
  const token = message?.body.match(new RegExp(`/${path}/([A-Za-z0-9_-]+)`))?.[1];
  if (!token) throw new Error(`no ${path} link mailed to ${recipient}`);
  return token;
}

async function signUp(email: string) {
  const reply = await post("/accounts/users", {
    first_name: "Ada",
    last_name: "Lovelace",
    email,
    password,
    locale: "en",
    captcha_token: "sandbox-pass",
  });
  expect(reply.statusCode).toBe(202);
}

describe("expiry by the app's clock", () => {
  it("honours a reset link for 30 minutes and refuses it after", async () => {
    await signUp("early@example.org");
    await signUp("late@example.org");
    await post("/accounts/users/forgot_password", { email: "early@example.org" });
    await post("/accounts/users/forgot_password", { email: "late@example.org" });
    const early = await mailedToken("early@example.org", "reset");
    const late = await mailedToken("late@example.org", "reset");

    clock.advance(29 * minute);
    const inTime = await post("/accounts/users/reset_password", {
      token: early,
      password: "another long passphrase",
    });
    expect(inTime.statusCode).toBe(200);

    clock.advance(2 * minute);
    const tooLate = await post("/accounts/users/reset_password", {
      token: late,
      password: "another long passphrase",
    });
    expect(tooLate.json().errors[0]).toEqual({ code: 40003, message: "This token is invalid" });
  });

  it("keeps a session alive while it is used and ends it after a day idle", async () => {
    await signUp("idle@example.org");
    const login = await post("/accounts/users/login", { email: "idle@example.org", password });
    const token = login.json().data.access_token as string;

    clock.advance(23 * 60 * minute);
    expect((await me(token)).statusCode).toBe(200);
    clock.advance(23 * 60 * minute);
    expect((await me(token)).statusCode).toBe(200);

    clock.advance(24 * 60 * minute + 2 * minute);
    const ended = await me(token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().errors[0].code).toBe(50020);
  });

  it("gives an address its sign-in attempts back once the 15-minute window has passed", async () => {
    await signUp("guessed@example.org");
    const attempt = (pass: string) =>
      post("/accounts/users/login", { email: "guessed@example.org", password: pass }, "203.0.113.9");
    for (let i = 0; i < 5; i++) expect((await attempt("wrong passphrase")).statusCode).toBe(401);
    expect((await attempt(password)).statusCode).toBe(429);

    clock.advance(15 * minute + 1);
    expect((await attempt(password)).statusCode).toBe(200);
  });
});
