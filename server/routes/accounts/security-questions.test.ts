import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { accountTokens, securityAnswers, users } from "../../db/schema.ts";
import { hashToken } from "../../domain/tokens.ts";
import { createTestApp, type TestApp } from "../../test/helpers.ts";

let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  [t, off] = await Promise.all([
    createTestApp({ configure: (config) => ({ ...config, securityQuestions: { enabled: true, count: 3 } }) }),
    createTestApp(),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), off.close()]);
});

const password = "a fine long passphrase";
type Payload = Record<string, unknown>;
const send = (
  app: TestApp,
  method: "GET" | "PUT" | "DELETE" | "POST",
  url: string,
  payload?: Payload,
  token?: string,
) =>
  app.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });

async function mailedToken(app: TestApp, recipient: string, path: "confirm" | "reset"): Promise<string> {
  const message = (await app.app.outbox.list()).find(
    (m) => m.recipient === recipient && m.body.includes(`/${path}/`),
  );
  const token = message?.body.match(new RegExp(`/${path}/([A-Za-z0-9_-]+)`))?.[1];
  if (!token) throw new Error(`no ${path} link mailed to ${recipient}`);
  return token;
}

/** A confirmed rider, signed in: their bearer token. */
async function rider(app: TestApp, email: string): Promise<string> {
  await send(app, "POST", "/accounts/users", {
    first_name: "Ada",
    last_name: "Lovelace",
    email,
    password,
    locale: "en",
    captcha_token: "sandbox-pass",
  });
  const confirm = await mailedToken(app, email, "confirm");
  expect((await send(app, "POST", "/accounts/users/confirm", { token: confirm })).statusCode).toBe(200);
  const login = await send(app, "POST", "/accounts/users/login", { email, password });
  expect(login.statusCode).toBe(200);
  return login.json().data.access_token;
}

const chosen = [
  { question_id: "first-school", answer: "Springfield Elementary" },
  { question_id: "first-pet", answer: "Santa's Little Helper" },
  { question_id: "childhood-street", answer: "Evergreen Terrace" },
];
const path = "/accounts/users/security_questions";
const put = (token: string, body: Payload, app = t) => send(app, "PUT", path, body, token);

async function resetLink(email: string): Promise<string> {
  expect((await send(t, "POST", "/accounts/users/forgot_password", { email })).statusCode).toBe(202);
  return mailedToken(t, email, "reset");
}
const reset = (token: string, extra: Payload = {}) =>
  send(t, "POST", "/accounts/users/reset_password", { token, password: "a brand new passphrase", ...extra });
const codesOf = (reply: { json(): { errors: Array<{ code: number }> } }) =>
  reply.json().errors.map((error) => error.code);

describe("the rider's security questions", () => {
  it("starts with none, sets three (answers never leave the server) and reads them back", async () => {
    const token = await rider(t, "quentin@example.org");
    const before = await send(t, "GET", path, undefined, token);
    expect(before.json()).toEqual({
      data: { enabled: true, count: 3, question_ids: [], updated_at: null },
      errors: [],
    });
    const saved = await put(token, { password, answers: chosen });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      enabled: true,
      count: 3,
      question_ids: ["first-school", "first-pet", "childhood-street"],
    });
    expect(saved.json().data.updated_at).toEqual(expect.any(String));
    expect(saved.body).not.toMatch(/springfield|evergreen|helper/i);
    const read = await send(t, "GET", path, undefined, token);
    expect(read.json().data).toEqual(saved.json().data);
    expect(read.body).not.toMatch(/springfield|evergreen|helper/i);
    const [user] = await t.app.db.select().from(users).where(eq(users.email, "quentin@example.org"));
    const rows = await t.app.db
      .select()
      .from(securityAnswers)
      .where(eq(securityAnswers.userId, user?.id ?? ""));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.answerHash).toMatch(/^scrypt\$/);
      expect(row.answerHash).not.toMatch(/springfield|evergreen|helper/i);
    }
  });

  it("replaces the answers as a whole", async () => {
    const token = await rider(t, "rosalind@example.org");
    await put(token, { password, answers: chosen });
    const replaced = await put(token, {
      password,
      answers: [
        { question_id: "first-job", answer: "paper round" },
        { question_id: "first-concert", answer: "The Pixies" },
        { question_id: "first-school", answer: "Hill Valley High" },
      ],
    });
    expect(replaced.json().data.question_ids).toEqual(["first-job", "first-concert", "first-school"]);
    const [user] = await t.app.db.select().from(users).where(eq(users.email, "rosalind@example.org"));
    const rows = await t.app.db
      .select()
      .from(securityAnswers)
      .where(eq(securityAnswers.userId, user?.id ?? ""));
    expect(rows.map((row) => [row.questionId, row.position]).sort()).toEqual([
      ["first-concert", 1],
      ["first-job", 0],
      ["first-school", 2],
    ]);
  });

  it("asks for the current password (40102 Invalid password) and counts wrong ones like sign-ins", async () => {
    const token = await rider(t, "wilhelmina@example.org");
    const wrong = await put(token, { password: "not my password at all", answers: chosen });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().errors).toEqual([
      { code: ErrorCode.loginMismatch, message: "Invalid password", field: "password" },
    ]);
    expect((await send(t, "GET", path, undefined, token)).json().data.question_ids).toEqual([]);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await put(token, { password: "still not my password", answers: chosen })).statusCode);
    }
    // Five tries per email and address: the sixth is refused before any hashing, even the right one.
    expect(statuses).toEqual([403, 403, 403, 403, 429]);
    expect((await put(token, { password, answers: chosen })).statusCode).toBe(429);
    // Signing in from this address is locked too: one budget for every password check.
    const login = await send(t, "POST", "/accounts/users/login", {
      email: "wilhelmina@example.org",
      password,
    });
    expect(login.statusCode).toBe(429);
  });

  it("refuses a wrong number of questions, repeats, unknown questions and bad answers, field by field", async () => {
    const token = await rider(t, "ignatius@example.org");
    const two = await put(token, { password, answers: chosen.slice(0, 2) });
    expect(two.statusCode).toBe(400);
    expect(two.json().errors).toEqual([
      expect.objectContaining({ code: ErrorCode.validation, field: "answers" }),
    ]);
    const repeated = await put(token, {
      password,
      answers: [chosen[0], chosen[1], { question_id: "first-school", answer: "again" }],
    });
    expect(repeated.json().errors).toEqual([expect.objectContaining({ field: "answers.2.question_id" })]);
    const unknown = await put(token, {
      password,
      answers: [chosen[0], chosen[1], { question_id: "mothers-maiden-name", answer: "Smith" }],
    });
    expect(unknown.json().errors).toEqual([expect.objectContaining({ field: "answers.2.question_id" })]);
    const answers = (answer: string) => [chosen[0], chosen[1], { question_id: "first-job", answer }];
    for (const answer of ["  a  ", "", "x".repeat(101), "ok\u0000then", "line\nbreak", "tab\there"]) {
      const reply = await put(token, { password, answers: answers(answer) });
      expect(reply.statusCode, JSON.stringify(answer)).toBe(400);
      expect(reply.json().errors).toEqual([
        expect.objectContaining({ code: ErrorCode.validation, field: "answers.2.answer" }),
      ]);
    }
    // 100 characters after trimming and collapsing spaces is fine.
    const long = await put(token, {
      password,
      answers: answers(`   ${"y".repeat(50)}     ${"z".repeat(49)}  `),
    });
    expect(long.statusCode).toBe(200);
  });

  it("refuses empty bodies, extra fields, wrong types and anonymous riders", async () => {
    const token = await rider(t, "ottoline@example.org");
    expect((await send(t, "PUT", path, undefined, token)).statusCode).toBe(400);
    expect((await put(token, {})).statusCode).toBe(400);
    expect((await put(token, { password, answers: chosen, admin: true })).statusCode).toBe(400);
    expect(
      (await put(token, { password, answers: chosen.map((a) => ({ ...a, hint: "x" })) })).statusCode,
    ).toBe(400);
    expect((await put(token, { password, answers: "first-school" })).statusCode).toBe(400);
    expect((await put(token, { password: 42, answers: chosen })).statusCode).toBe(400);
    expect(
      (await put(token, { password, answers: Array.from({ length: 11 }, () => chosen[0]) })).statusCode,
    ).toBe(400);
    expect((await send(t, "DELETE", path, {}, token)).statusCode).toBe(400);
    expect((await send(t, "GET", path)).statusCode).toBe(401);
    expect((await send(t, "PUT", path, { password, answers: chosen })).statusCode).toBe(401);
    const hostile = await t.app.inject({
      method: "PUT",
      url: path,
      payload: { password, answers: chosen },
      headers: { authorization: `Bearer ${token}`, "x-\u0000": "a".repeat(300), ["k".repeat(300)]: "v" },
    });
    expect([200, 400]).toContain(hostile.statusCode);
  });

  it("removes them with the password", async () => {
    const token = await rider(t, "philippa@example.org");
    await put(token, { password, answers: chosen });
    expect((await send(t, "DELETE", path, { password: "wrong password here" }, token)).statusCode).toBe(403);
    expect((await send(t, "DELETE", path, { password }, token)).statusCode).toBe(204);
    expect((await send(t, "GET", path, undefined, token)).json().data.question_ids).toEqual([]);
  });
});

describe("password reset with security questions", () => {
  it("names the questions of a working link, and nothing for any other", async () => {
    const token = await rider(t, "barnaby@example.org");
    await put(token, { password, answers: chosen });
    const link = await resetLink("barnaby@example.org");
    const asked = await send(t, "GET", `/accounts/users/reset_password/${link}/questions`);
    expect(asked.json()).toEqual({
      data: { question_ids: ["first-school", "first-pet", "childhood-street"] },
      errors: [],
    });
    const unknown = await send(t, "GET", `/accounts/users/reset_password/${"A".repeat(43)}/questions`);
    expect(unknown.json()).toEqual({ data: { question_ids: [] }, errors: [] });
    expect((await send(t, "GET", "/accounts/users/reset_password/%00bad/questions")).statusCode).toBe(400);
    // A rider without questions: the same empty answer.
    await rider(t, "clementine@example.org");
    const plain = await resetLink("clementine@example.org");
    expect((await send(t, "GET", `/accounts/users/reset_password/${plain}/questions`)).json().data).toEqual({
      question_ids: [],
    });
    expect((await reset(plain)).statusCode).toBe(200);
  });

  it("refuses missing and wrong answers (42228, the link still works), then takes right ones in any case and spacing", async () => {
    const token = await rider(t, "cornelius@example.org");
    await put(token, { password, answers: chosen });
    const link = await resetLink("cornelius@example.org");
    const missing = await reset(link);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual([
      {
        code: ErrorCode.securityAnswersWrong,
        message: "The answers to your security questions do not match.",
        field: "security_answers",
      },
    ]);
    const partial = await reset(link, { security_answers: chosen.slice(0, 2) });
    expect(codesOf(partial)).toEqual([ErrorCode.securityAnswersWrong]);
    const wrong = await reset(link, {
      security_answers: [chosen[0], chosen[1], { question_id: "childhood-street", answer: "Sesame Street" }],
    });
    expect(codesOf(wrong)).toEqual([ErrorCode.securityAnswersWrong]);
    const right = await reset(link, {
      security_answers: [
        { question_id: "childhood-street", answer: "EVERGREEN   terrace" },
        { question_id: "first-school", answer: "  Springfield  Elementary" },
        { question_id: "first-pet", answer: "santa's little helper " },
      ],
    });
    expect(right.statusCode).toBe(200);
    const login = await send(t, "POST", "/accounts/users/login", {
      email: "cornelius@example.org",
      password: "a brand new passphrase",
    });
    expect(login.statusCode).toBe(200);
    // The link is used up.
    expect(codesOf(await reset(link, { security_answers: chosen }))).toEqual([ErrorCode.tokenInvalid]);
  });

  it("gives a link five tries, also to parallel wrong answers, then spends it", async () => {
    const token = await rider(t, "desdemona@example.org");
    await put(token, { password, answers: chosen });
    const link = await resetLink("desdemona@example.org");
    const wrongAnswers = chosen.map((answer) => ({ ...answer, answer: "a guess" }));
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => reset(link, { security_answers: wrongAnswers })),
    );
    const codes = replies.flatMap(codesOf);
    expect(codes.filter((code) => code === ErrorCode.securityAnswersWrong)).toHaveLength(5);
    expect(codes.filter((code) => code === ErrorCode.tokenInvalid)).toHaveLength(7);
    const [row] = await t.app.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, hashToken(link)));
    expect(row?.failedAttempts).toBe(5);
    expect(row?.usedAt).not.toBeNull();
    // Even the right answers cannot use it now, and it names no questions.
    expect(codesOf(await reset(link, { security_answers: chosen }))).toEqual([ErrorCode.tokenInvalid]);
    expect((await send(t, "GET", `/accounts/users/reset_password/${link}/questions`)).json().data).toEqual({
      question_ids: [],
    });
    // A new link starts again.
    const again = await resetLink("desdemona@example.org");
    expect((await reset(again, { security_answers: chosen })).statusCode).toBe(200);
  });

  it("a link whose tries ran out resets nothing, also before the fifth try's request has spent it", async () => {
    const token = await rider(t, "philomena@example.org");
    await put(token, { password, answers: chosen });
    const link = await resetLink("philomena@example.org");
    // The moment between the fifth wrong try being taken and its request marking the link used: a
    // parallel request then found no holder, skipped the answers and reset the password (CI, stop 60).
    await t.app.db
      .update(accountTokens)
      .set({ failedAttempts: 5 })
      .where(eq(accountTokens.tokenHash, hashToken(link)));
    expect(codesOf(await reset(link))).toEqual([ErrorCode.tokenInvalid]);
    expect(codesOf(await reset(link, { security_answers: chosen }))).toEqual([ErrorCode.tokenInvalid]);
    const login = await send(t, "POST", "/accounts/users/login", {
      email: "philomena@example.org",
      password: "a brand new passphrase",
    });
    expect(login.statusCode).toBe(401);
  });

  it("a fifth wrong try spends the link; four leave it working", async () => {
    const token = await rider(t, "evangeline@example.org");
    await put(token, { password, answers: chosen });
    const link = await resetLink("evangeline@example.org");
    const wrongAnswers = chosen.map((answer) => ({ ...answer, answer: "a guess" }));
    for (let i = 0; i < 4; i++)
      expect(codesOf(await reset(link, { security_answers: wrongAnswers }))).toEqual([42228]);
    expect((await reset(link, { security_answers: chosen })).statusCode).toBe(200);
  });
});

describe("with security questions off (the demo deployment)", () => {
  it("answers 404 on the rider's routes, names no questions, and resets without answers", async () => {
    const token = await rider(off, "ferdinand@example.org");
    for (const method of ["GET", "PUT", "DELETE"] as const) {
      const reply = await send(
        off,
        method,
        path,
        method === "GET" ? undefined : { password, answers: chosen },
        token,
      );
      if (method === "DELETE") {
        expect((await send(off, method, path, { password }, token)).statusCode).toBe(404);
        continue;
      }
      expect(reply.statusCode, method).toBe(404);
      expect(codesOf(reply)).toEqual([ErrorCode.notFound]);
    }
    await send(off, "POST", "/accounts/users/forgot_password", { email: "ferdinand@example.org" });
    const link = await mailedToken(off, "ferdinand@example.org", "reset");
    expect((await send(off, "GET", `/accounts/users/reset_password/${link}/questions`)).json().data).toEqual({
      question_ids: [],
    });
    const done = await send(off, "POST", "/accounts/users/reset_password", {
      token: link,
      password: "a brand new passphrase",
      security_answers: chosen,
    });
    expect(done.statusCode).toBe(200);
  });
});
