import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invites, users } from "../../db/schema.ts";
import { createTestApp, type TestApp, testPublicUrl } from "../../test/helpers.ts";

const operatorToken = "operator-token-for-tests-0123456789abcdef";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ operatorToken });
});
afterAll(() => t.close());

const invite = (payload: Record<string, unknown>, token = operatorToken) =>
  t.app.inject({
    method: "POST",
    url: "/accounts/invites",
    payload,
    headers: { authorization: `Bearer ${token}` },
  });
const accept = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: `/accounts/invites/${token}/accept`, payload });

async function mailedInvite(recipient: string): Promise<string> {
  const message = (await t.app.outbox.list()).find(
    (m) => m.recipient === recipient && m.body.includes("/invite/"),
  );
  const token = message?.body.match(/\/invite\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no invite mailed to ${recipient}`);
  return token;
}

const invalid = { code: 40403, message: "Invalid user information" };
const rider = { first_name: "Rosa", last_name: "Parks", password: "a fine long passphrase" };

describe("invites", () => {
  it("only an operator with the deployment's token may invite", async () => {
    expect((await invite({ email: "x@example.org" }, "not-the-operator-token-0123456789")).statusCode).toBe(
      401,
    );
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/accounts/invites",
      payload: { email: "x@example.org" },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("mails a single-use link that opens a confirmed account with the invited email", async () => {
    const sent = await invite({ email: "Rosa@Example.org", first_name: "Rosa", locale: "es" });
    expect(sent.statusCode).toBe(201);
    const token = await mailedInvite("rosa@example.org");
    const [stored] = await t.database.db.select().from(invites).where(eq(invites.email, "rosa@example.org"));
    expect(stored?.tokenHash).not.toBe(token);

    const shown = await t.app.inject({ method: "GET", url: `/accounts/invites/${token}` });
    expect(shown.json().data).toEqual({
      email: "rosa@example.org",
      first_name: "Rosa",
      last_name: "",
      locale: "es",
    });

    const accepted = await accept(token, rider);
    expect(accepted.statusCode).toBe(201);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, "rosa@example.org"));
    expect(user).toMatchObject({ emailConfirmed: true, locale: "es", firstName: "Rosa", lastName: "Parks" });

    const login = await t.app.inject({
      method: "POST",
      url: "/accounts/users/login",
      payload: { email: "rosa@example.org", password: rider.password },
    });
    expect(login.statusCode).toBe(200);

    // Used up: the link is invalid now, in the spec's words.
    expect((await accept(token, rider)).json().errors[0]).toEqual(invalid);
    expect(
      (await t.app.inject({ method: "GET", url: `/accounts/invites/${token}` })).json().errors[0],
    ).toEqual(invalid);
  });

  it("says 'Invalid user information' for unknown, malformed and expired invites", async () => {
    for (const token of ["x".repeat(43), "short", "bad%20token-with-spaces-000000"]) {
      const reply = await t.app.inject({ method: "GET", url: `/accounts/invites/${token}` });
      expect(reply.statusCode).toBe(404);
      expect(reply.json().errors[0]).toEqual(invalid);
    }
    await invite({ email: "late@example.org" });
    const token = await mailedInvite("late@example.org");
    await t.database.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.email, "late@example.org"));
    expect((await accept(token, rider)).json().errors[0]).toEqual(invalid);
  });

  it("keeps the password rules and refuses to invite an email that has an account", async () => {
    await invite({ email: "weak@example.org" });
    const token = await mailedInvite("weak@example.org");
    const weak = await accept(token, { ...rider, password: "Password123" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0].code).toBe(40004);
    expect((await accept(token, rider)).statusCode).toBe(201);
    const again = await invite({ email: "weak@example.org" });
    expect(again.statusCode).toBe(409);
  });
});

describe("invites and issue 10", () => {
  it("mails the invite link under PUBLIC_URL whatever Host the operator's request names", async () => {
    const sent = await t.app.inject({
      method: "POST",
      url: "/accounts/invites",
      payload: { email: "forged-host@example.org" },
      headers: {
        authorization: `Bearer ${operatorToken}`,
        host: "attacker.example",
        "x-forwarded-host": "attacker.example",
      },
    });
    expect(sent.statusCode).toBe(201);
    const mailbox = await t.app.inject({ method: "GET", url: "/dev/mailbox.json" });
    const body = (mailbox.json().data.messages as Array<{ recipient: string; body: string }>).find(
      (m) => m.recipient === "forged-host@example.org",
    )?.body;
    expect(body).toContain(`${testPublicUrl}/invite/`);
    expect(body).not.toContain("attacker.example");
  });

  it("opens one account when the same invite is accepted many times at once", async () => {
    await invite({ email: "accepted-once@example.org" });
    const token = await mailedInvite("accepted-once@example.org");
    const replies = await Promise.all(Array.from({ length: 5 }, () => accept(token, rider)));
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses).toEqual([201, 404, 404, 404, 404]);
    const rows = await t.database.db.select().from(users).where(eq(users.email, "accepted-once@example.org"));
    expect(rows).toHaveLength(1);
  });
});
