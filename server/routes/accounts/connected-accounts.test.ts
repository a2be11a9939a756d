import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import type { ConnectedAccounts } from "../../../src/domain/identity.ts";
import { userIdentities, users } from "../../db/schema.ts";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import { sandboxAppleToken, sandboxCredential, socialLogin } from "../../test/social.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let riders = 0;
/** A new rider with a confirmed email (and a password they chose unless told), signed in. */
async function rider(options: { emailConfirmed?: boolean; passwordSet?: boolean } = {}) {
  const email = `linked-${++riders}@example.org`;
  const user = await t.app.accounts.create({
    email,
    passwordHash: "not-a-real-hash",
    firstName: "Lin",
    lastName: "Ked",
    mobile: null,
    locale: "en",
    emailConfirmed: options.emailConfirmed ?? true,
    passwordSet: options.passwordSet ?? true,
  });
  const session = await t.app.accounts.startSession(user.id, new Date());
  return { id: user.id, email, token: session.token };
}

const call = (method: "GET" | "POST" | "DELETE", url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/accounts/users/connected_accounts${url}`,
    headers: {
      authorization: `Bearer ${token}`,
      ...(payload === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
const list = async (token: string): Promise<ConnectedAccounts> => (await call("GET", "", token)).json().data;

const googleCredential = async (email: string) => ({
  provider: "google" as const,
  ...(await sandboxCredential(t, "google", { email })),
});
const facebookCredential = async (email: string) => ({
  provider: "facebook" as const,
  code: (await sandboxCredential(t, "facebook", { email })).code,
});

describe("connected accounts", () => {
  it("lists none at first, with the password and the providers offered", async () => {
    const { token } = await rider();
    expect(await list(token)).toEqual({
      accounts: [],
      password_set: true,
      providers: ["apple", "google", "facebook"],
    });
  });

  it("connects Google, Facebook and Apple identities through the sandbox, and signs in with them", async () => {
    const me = await rider();
    const google = await call("POST", "", me.token, await googleCredential("someone.else@example.org"));
    expect(google.statusCode).toBe(201);
    expect(google.json().data).toEqual({
      provider: "google",
      email: "someone.else@example.org",
      linked_at: expect.any(String),
    });
    expect((await call("POST", "", me.token, await facebookCredential(me.email))).statusCode).toBe(201);
    const apple = await call("POST", "", me.token, {
      provider: "apple",
      id_token: await sandboxAppleToken(t, { email: "relay@privaterelay.example" }),
    });
    expect(apple.statusCode).toBe(201);
    const listed = await list(me.token);
    expect(listed.accounts.map((account) => account.provider).sort()).toEqual([
      "apple",
      "facebook",
      "google",
    ]);

    // The connected Google identity now signs this rider in, although its address is another.
    const signedIn = await socialLogin(
      t,
      "google",
      await sandboxCredential(t, "google", { email: "someone.else@example.org" }),
    );
    expect(signedIn.statusCode).toBe(200);
    const who = await t.app.inject({
      method: "GET",
      url: "/accounts/users/me",
      headers: { authorization: `Bearer ${signedIn.json().data.access_token}` },
    });
    expect(who.json().data.id).toBe(me.id);
    const accounts = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, "someone.else@example.org"));
    expect(accounts).toHaveLength(0);
  });

  it("answers the same identity again, refuses another of the same provider, and another rider's", async () => {
    const first = await rider();
    const second = await rider();
    const email = `shared-${riders}@example.org`;
    expect((await call("POST", "", first.token, await googleCredential(email))).statusCode).toBe(201);
    const again = await call("POST", "", first.token, await googleCredential(email));
    expect(again.statusCode).toBe(201);

    const other = await call("POST", "", first.token, await googleCredential(`other-${riders}@example.org`));
    expect(other.statusCode).toBe(422);
    expect(other.json().errors[0].code).toBe(ErrorCode.providerAlreadyConnected);

    const taken = await call("POST", "", second.token, await googleCredential(email));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors[0].code).toBe(ErrorCode.identityTaken);
    expect((await list(second.token)).accounts).toEqual([]);
  });

  it("refuses credentials that do not verify with Invalid credentials", async () => {
    const me = await rider();
    const credential = await googleCredential(me.email);
    expect((await call("POST", "", me.token, credential)).statusCode).toBe(201);
    await call("DELETE", "/google", me.token);
    for (const refused of [
      credential, // the code was used
      { provider: "google", code: "4/made-up", nonce: "nonce-0123456789abcdef" },
      { provider: "facebook", code: "AQmade-up" },
      { provider: "apple", id_token: "a.b.c" },
      { ...(await googleCredential(me.email)), nonce: "another-nonce-0123456789" },
    ]) {
      const reply = await call("POST", "", me.token, refused);
      expect(reply.statusCode).toBe(422);
      expect(reply.json().errors).toEqual([
        { code: ErrorCode.connectedAccountInvalid, message: "Invalid credentials" },
      ]);
    }
    expect((await list(me.token)).accounts).toEqual([]);
  });

  it("never disconnects the last way to sign in", async () => {
    // An account opened by Facebook: no password of its own.
    const email = `opened-${++riders}@example.org`;
    const opened = await socialLogin(t, "facebook", await sandboxCredential(t, "facebook", { email }));
    const token: string = opened.json().data.access_token;
    expect(await list(token)).toMatchObject({
      password_set: false,
      accounts: [{ provider: "facebook", email }],
    });
    const last = await call("DELETE", "/facebook", token);
    expect(last.statusCode).toBe(422);
    expect(last.json().errors[0].code).toBe(ErrorCode.lastSignInMethod);

    // With a second identity either may go, but not both at once.
    expect((await call("POST", "", token, await googleCredential(email))).statusCode).toBe(201);
    const both = await Promise.all([call("DELETE", "/facebook", token), call("DELETE", "/google", token)]);
    expect(both.map((reply) => reply.statusCode).sort()).toEqual([204, 422]);
    expect((await list(token)).accounts).toHaveLength(1);
  });

  it("lets a rider with a password disconnect everything, and a password reset sets one", async () => {
    const me = await rider();
    expect((await call("POST", "", me.token, await facebookCredential(me.email))).statusCode).toBe(201);
    expect((await call("DELETE", "/facebook", me.token)).statusCode).toBe(204);
    expect((await list(me.token)).accounts).toEqual([]);

    const email = `reset-${++riders}@example.org`;
    const opened = await socialLogin(t, "google", await sandboxCredential(t, "google", { email }));
    const token: string = opened.json().data.access_token;
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error("no account opened");
    const resetToken = await t.app.accounts.issueToken(user.id, "reset_password", new Date());
    const reset = await t.app.inject({
      method: "POST",
      url: "/accounts/users/reset_password",
      payload: { token: resetToken, password: "a-Brand-new-passw0rd!" },
    });
    expect(reset.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after?.passwordSet).toBe(true);
    // The reset ended the sessions; a new one may disconnect Google.
    const fresh = (await t.app.accounts.startSession(user.id, new Date())).token;
    expect(token).not.toBe(fresh);
    expect((await call("DELETE", "/google", fresh)).statusCode).toBe(204);
  });

  it("answers the same 404 for a provider not connected, unknown, or another rider's", async () => {
    const me = await rider();
    const other = await rider();
    expect((await call("POST", "", other.token, await facebookCredential(other.email))).statusCode).toBe(201);
    const replies = await Promise.all(
      ["/facebook", "/google", "/twitter", "/Google", `/${"x".repeat(90)}`].map((path) =>
        call("DELETE", path, me.token),
      ),
    );
    for (const reply of replies) {
      expect(reply.statusCode).toBe(404);
      expect(reply.body).toBe(replies[0]?.body);
    }
    expect((await list(other.token)).accounts).toHaveLength(1);
    // A NUL byte is refused before any route, like everywhere else.
    expect((await call("DELETE", "/%00", me.token)).statusCode).toBe(400);
  });

  it("needs a signed-in rider with a confirmed email", async () => {
    expect(
      (await t.app.inject({ method: "GET", url: "/accounts/users/connected_accounts" })).statusCode,
    ).toBe(401);
    const unconfirmed = await rider({ emailConfirmed: false });
    for (const reply of [
      await call("GET", "", unconfirmed.token),
      await call("POST", "", unconfirmed.token, { provider: "facebook", code: "AQabc" }),
      await call("DELETE", "/facebook", unconfirmed.token),
    ]) {
      expect(reply.statusCode).toBe(403);
      expect(reply.json().errors[0].code).toBe(ErrorCode.emailNotVerified);
    }
  });

  it.each([
    ["no body", undefined],
    ["no fields", {}],
    ["an unknown provider", { provider: "twitter", code: "abc" }],
    ["Google without its nonce", { provider: "google", code: "4/abc" }],
    ["Facebook with an id_token", { provider: "facebook", id_token: "a.b.c" }],
    ["an extra field", { provider: "facebook", code: "AQabc", user_id: "someone" }],
    ["a 10 KB code", { provider: "facebook", code: "a".repeat(10 * 1024) }],
    ["a NUL byte", { provider: "facebook", code: "AQ\u0000" }],
  ])("refuses %s with a 400", async (_what, payload) => {
    const me = await rider();
    const reply =
      payload === undefined
        ? await t.app.inject({
            method: "POST",
            url: "/accounts/users/connected_accounts",
            headers: { authorization: `Bearer ${me.token}` },
          })
        : await call("POST", "", me.token, payload);
    expect(reply.statusCode).toBe(400);
  });

  it("connects one identity once when two riders race for it", async () => {
    const first = await rider();
    const second = await rider();
    const email = `raced-${riders}@example.org`;
    const [a, b] = [await googleCredential(email), await googleCredential(email)];
    const replies = await Promise.all([call("POST", "", first.token, a), call("POST", "", second.token, b)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 422]);
    const rows = await t.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.subject, t.app.sandboxIdp?.subjectOf("google", email) ?? ""));
    expect(rows).toHaveLength(1);
  });

  it("offers only the providers the deployment turns on", async () => {
    const off = await createTestApp({
      configure: (config) => ({ ...config, socialSignIn: { google: true, facebook: false, apple: false } }),
    });
    try {
      const user = await off.app.accounts.create({
        email: "offered@example.org",
        passwordHash: "x",
        firstName: "O",
        lastName: "F",
        mobile: null,
        locale: "en",
        emailConfirmed: true,
      });
      const token = (await off.app.accounts.startSession(user.id, new Date())).token;
      const listed = await off.app.inject({
        method: "GET",
        url: "/accounts/users/connected_accounts",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(listed.json().data.providers).toEqual(["google"]);
      const refused = await off.app.inject({
        method: "POST",
        url: "/accounts/users/connected_accounts",
        headers: { authorization: `Bearer ${token}` },
        payload: {
          provider: "facebook",
          code: (await sandboxCredential(off, "facebook").catch(() => ({ code: "AQx" }))).code,
        },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors[0].code).toBe(ErrorCode.connectedAccountInvalid);
    } finally {
      await off.close();
    }
  });
});
