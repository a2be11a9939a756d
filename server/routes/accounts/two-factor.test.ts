import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fareMedia, mfaCodes, outboxMessages, sessions, users } from "../../db/schema.ts";
import { createTestApp, signUpBody, type TestApp } from "../../test/helpers.ts";
import { codeExhaustedMessage, invalidCodeMessage } from "./two-factor.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const request = (method: "POST" | "GET" | "DELETE" | "PUT", url: string, payload?: object, token?: string) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
const post = (url: string, payload: object, token?: string) => request("POST", url, payload, token);

const password = "a fine long passphrase";
let phoneCounter = 100;

/** A confirmed rider, signed in: their token and email. */
async function rider(name: string): Promise<{ email: string; token: string }> {
  const email = `${name}@example.org`;
  await post("/accounts/users", signUpBody(email, password));
  await t.database.db.update(users).set({ emailConfirmed: true }).where(eq(users.email, email));
  const reply = await post("/accounts/users/login", { email, password });
  return { email, token: reply.json().data.access_token };
}

/** The newest code texted to `phone`, read from the dev outbox. */
async function textedCode(phone: string): Promise<string> {
  const message = (await t.app.outbox.list()).find((m) => m.channel === "sms" && m.recipient === phone);
  const code = message?.body.match(/\b([0-9]{6})\b/)?.[1];
  if (!code) throw new Error(`no code texted to ${phone}`);
  return code;
}

/** A different valid US number per rider, so outbox lookups never mix riders. */
const nextPhone = () => `+1202555${String(phoneCounter++).padStart(4, "0")}`;

/** A wrong code: any six digits but the right ones. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function enrolled(name: string) {
  const signed = await rider(name);
  const phone = nextPhone();
  const started = await post(
    "/accounts/users/mfa/enrol",
    { mobile: phone, current_password: password },
    signed.token,
  );
  expect(started.statusCode).toBe(202);
  const verified = await post(
    "/accounts/users/mfa/enrol/verify",
    { code: await textedCode(phone) },
    signed.token,
  );
  expect(verified.statusCode).toBe(200);
  return { ...signed, phone };
}

describe("turning two-factor on", () => {
  it("texts a 6-digit code to the new phone and turns on with it", async () => {
    const { token, phone } = await enrolled("on");
    const me = await request("GET", "/accounts/users/me", undefined, token);
    expect(me.json().data).toMatchObject({ mfa_enrollment_status: 1, mfa_phone: `•••• ${phone.slice(-4)}` });
    const texts = (await t.app.outbox.list()).filter((m) => m.recipient === phone).map((m) => m.body);
    expect(texts).toHaveLength(2);
    expect(
      texts.some((body) => /verification code is [0-9]{6}\. It expires in 10 minutes\./.test(body)),
    ).toBe(true);
    // Once on, the phone is told so too (a security alert, issue 35).
    expect(texts).toContain("Metro Transit: Two-factor authentication was turned on for your account.");
  });

  it("needs the current password first", async () => {
    const { token } = await rider("onpw");
    const reply = await post(
      "/accounts/users/mfa/enrol",
      { mobile: nextPhone(), current_password: "wrong one!" },
      token,
    );
    expect(reply.statusCode).toBe(403);
    expect(reply.json().errors[0].code).toBe(40303);
  });

  it("refuses a phone libphonenumber does not accept", async () => {
    const { token } = await rider("badphone");
    const enrol = (mobile: string) =>
      post("/accounts/users/mfa/enrol", { mobile, current_password: password }, token);
    const short = await enrol("+1202555");
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0]).toMatchObject({ message: "Enter valid phone number.", field: "mobile" });
    // No country has the calling code 999: the portal's words for it.
    const unknown = await enrol("+999123");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({
      message: "Country code is not valid.",
      field: "mobile",
    });
  });

  it("stores codes only as salted hashes", async () => {
    const { token } = await rider("hashed");
    const phone = nextPhone();
    await post("/accounts/users/mfa/enrol", { mobile: phone, current_password: password }, token);
    const code = await textedCode(phone);
    const rows = await t.database.db.select().from(mfaCodes).where(eq(mfaCodes.phone, phone));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).not.toContain(code);
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("throttles a second text within 30 seconds", async () => {
    const { token } = await rider("throttle");
    const phone = nextPhone();
    const first = await post(
      "/accounts/users/mfa/enrol",
      { mobile: phone, current_password: password },
      token,
    );
    const second = await post(
      "/accounts/users/mfa/enrol",
      { mobile: phone, current_password: password },
      token,
    );
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(429);
  });
});

describe("signing in with two-factor on", () => {
  it("gives a pending token that opens nothing but the code step, then a full session", async () => {
    const { email, phone } = await enrolled("signin");
    const reply = await post("/accounts/users/login", { email, password });
    expect(reply.statusCode).toBe(200);
    const pending = reply.json().data;
    expect(pending.mfa_enrollment_status).toBe(1);
    expect((await request("GET", "/accounts/users/me", undefined, pending.access_token)).statusCode).toBe(
      401,
    );

    const verified = await post(
      "/accounts/users/mfa/verify",
      { code: await textedCode(phone) },
      pending.access_token,
    );
    expect(verified.statusCode).toBe(200);
    const session = verified.json().data;
    expect(session.mfa_enrollment_status).toBe(2);
    expect(session.access_token).not.toBe(pending.access_token);
    expect((await request("GET", "/accounts/users/me", undefined, session.access_token)).statusCode).toBe(
      200,
    );
    // The pending token is spent, and a full session cannot verify again.
    const replay = await post("/accounts/users/mfa/verify", { code: "000000" }, pending.access_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().errors[0].code).toBe(50020);
  });

  it("refuses a wrong code, and kills the code and the sign-in at the 5th wrong one", async () => {
    const { email, phone } = await enrolled("fifth");
    const pending = (await post("/accounts/users/login", { email, password })).json().data.access_token;
    const code = await textedCode(phone);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const reply = await post("/accounts/users/mfa/verify", { code: wrong(code) }, pending);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().errors[0]).toMatchObject({ code: 40005, message: invalidCodeMessage });
    }
    const fifth = await post("/accounts/users/mfa/verify", { code: wrong(code) }, pending);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().errors[0].message).toBe(codeExhaustedMessage);
    // Even the right code is useless now: the pending session is gone.
    const right = await post("/accounts/users/mfa/verify", { code }, pending);
    expect(right.statusCode).toBe(401);
  });

  it("refuses an expired code", async () => {
    const { email, phone } = await enrolled("expired");
    const pending = (await post("/accounts/users/login", { email, password })).json().data.access_token;
    const code = await textedCode(phone);
    await t.database.db
      .update(mfaCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mfaCodes.phone, phone));
    const reply = await post("/accounts/users/mfa/verify", { code }, pending);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().errors[0].code).toBe(40005);
  });

  it("a resent code replaces the old one, and resending is throttled", async () => {
    const { email, phone } = await enrolled("resend");
    const pending = (await post("/accounts/users/login", { email, password })).json().data.access_token;
    const first = await textedCode(phone);
    expect((await post("/accounts/users/mfa/resend", {}, pending)).statusCode).toBe(429);
    // Thirty seconds later (moved back in the database instead of waiting).
    await t.database.db
      .update(mfaCodes)
      .set({ createdAt: new Date(Date.now() - 31_000) })
      .where(eq(mfaCodes.phone, phone));
    expect((await post("/accounts/users/mfa/resend", {}, pending)).statusCode).toBe(202);
    const second = await textedCode(phone);
    if (second !== first) {
      expect((await post("/accounts/users/mfa/verify", { code: first }, pending)).statusCode).toBe(400);
    }
    expect((await post("/accounts/users/mfa/verify", { code: second }, pending)).statusCode).toBe(200);
  });

  it("a code for one sign-in does not open another", async () => {
    const { email, phone } = await enrolled("twice");
    const firstPending = (await post("/accounts/users/login", { email, password })).json().data.access_token;
    const code = await textedCode(phone);
    await t.database.db
      .update(mfaCodes)
      .set({ createdAt: new Date(Date.now() - 31_000) })
      .where(eq(mfaCodes.phone, phone));
    const secondPending = (await post("/accounts/users/login", { email, password })).json().data.access_token;
    const newest = await textedCode(phone);
    expect((await post("/accounts/users/mfa/verify", { code: newest }, firstPending)).statusCode).toBe(400);
    expect(code).toMatch(/^[0-9]{6}$/);
    expect((await post("/accounts/users/mfa/verify", { code: newest }, secondPending)).statusCode).toBe(200);
  });
});

describe("turning two-factor off", () => {
  it("needs the password and a code texted to the enrolled phone", async () => {
    const { token, phone } = await enrolled("off");
    const refused = await post("/accounts/users/mfa/disable/start", { current_password: "nope nope" }, token);
    expect(refused.statusCode).toBe(403);
    expect(
      (await post("/accounts/users/mfa/disable/start", { current_password: password }, token)).statusCode,
    ).toBe(202);
    const code = await textedCode(phone);
    expect((await post("/accounts/users/mfa/disable", { code: wrong(code) }, token)).statusCode).toBe(400);
    const done = await post("/accounts/users/mfa/disable", { code }, token);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ mfa_enrollment_status: 0, mfa_phone: null });
  });

  it("an enrolment code cannot turn it off", async () => {
    const { token } = await rider("crossed");
    const phone = nextPhone();
    await post("/accounts/users/mfa/enrol", { mobile: phone, current_password: password }, token);
    const code = await textedCode(phone);
    expect((await post("/accounts/users/mfa/disable", { code }, token)).statusCode).toBe(400);
  });
});

describe("changing the password", () => {
  it("needs the current password, keeps this session and ends the others", async () => {
    const { email, token } = await rider("change");
    const other = (await post("/accounts/users/login", { email, password })).json().data.access_token;
    const refused = await post(
      "/accounts/users/change_password",
      { current_password: "not it at all", new_password: "another fine passphrase" },
      token,
    );
    expect(refused.statusCode).toBe(403);
    const changed = await post(
      "/accounts/users/change_password",
      { current_password: password, new_password: "another fine passphrase" },
      token,
    );
    expect(changed.statusCode).toBe(200);
    expect((await request("GET", "/accounts/users/me", undefined, token)).statusCode).toBe(200);
    const elsewhere = await request("GET", "/accounts/users/me", undefined, other);
    expect(elsewhere.json().errors[0].code).toBe(50020);
    expect(
      (await post("/accounts/users/login", { email, password: "another fine passphrase" })).statusCode,
    ).toBe(200);
  });

  it("applies the password rules to the new one", async () => {
    const { token } = await rider("weak");
    const reply = await post(
      "/accounts/users/change_password",
      { current_password: password, new_password: "password1" },
      token,
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json().errors[0].code).toBe(40004);
  });
});

describe("deleting the account", () => {
  it("needs the password, removes the rider and their messages, and leaves old tokens dead", async () => {
    const { email, token, phone } = await enrolled("delete");
    const refused = await request("DELETE", "/accounts/users", { current_password: "wrong password" }, token);
    expect(refused.statusCode).toBe(403);

    const deleted = await request("DELETE", "/accounts/users", { current_password: password }, token);
    expect(deleted.statusCode).toBe(204);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(
      await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email)),
    ).toHaveLength(0);
    expect(
      await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone)),
    ).toHaveLength(0);
    const after = await request("GET", "/accounts/users/me", undefined, token);
    expect(after.statusCode).toBe(401);
    expect((await post("/accounts/users/login", { email, password })).statusCode).toBe(401);
  });

  it("unlinks the rider's fare cards instead of deleting them", async () => {
    const { email, token } = await rider("cards");
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    const [card] = await t.database.db.select().from(fareMedia).limit(1);
    if (!user || !card) throw new Error("seed data missing");
    await t.database.db.update(fareMedia).set({ userId: user.id }).where(eq(fareMedia.id, card.id));
    await request("DELETE", "/accounts/users", { current_password: password }, token);
    const [after] = await t.database.db.select().from(fareMedia).where(eq(fareMedia.id, card.id));
    expect(after?.userId).toBeNull();
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });
});

describe("races (issue 10)", () => {
  it("counts parallel wrong codes atomically: the code dies at the fifth and the right one no longer works", async () => {
    const { email, phone } = await enrolled("parallel-codes");
    const pending = (await post("/accounts/users/login", { email, password })).json().data.access_token;
    const code = await textedCode(phone);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => post("/accounts/users/mfa/verify", { code: wrong(code) }, pending)),
    );
    expect(replies.every((reply) => reply.statusCode !== 200)).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(mfaCodes)
      .where(and(eq(mfaCodes.phone, phone), eq(mfaCodes.purpose, "sign_in")));
    expect(row?.usedAt).not.toBeNull();
    expect(row?.attempts).toBeLessThanOrEqual(5);
    expect((await post("/accounts/users/mfa/verify", { code }, pending)).statusCode).not.toBe(200);
  });

  it("sends one text for parallel resends", async () => {
    const { email, phone } = await enrolled("parallel-resend");
    const pending = (await post("/accounts/users/login", { email, password })).json().data.access_token;
    await t.database.db
      .update(mfaCodes)
      .set({ createdAt: new Date(Date.now() - 31_000) })
      .where(eq(mfaCodes.phone, phone));
    const before = (await t.app.outbox.list(1000)).filter((m) => m.recipient === phone).length;
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => post("/accounts/users/mfa/resend", {}, pending)),
    );
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses).toEqual([202, ...Array(7).fill(429)]);
    expect((await t.app.outbox.list(1000)).filter((m) => m.recipient === phone)).toHaveLength(before + 1);
  });
});
