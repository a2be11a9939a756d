import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadPortalConfig } from "../config/portal-config.ts";
import type { Database, DatabaseHandle } from "../db/client.ts";
import { accountTokens, invites, mfaCodes, outboxMessages, sessions, users } from "../db/schema.ts";
import { hashSecret, verifySecret } from "../domain/password.ts";
import { createOutbox, type Outbox, type OutgoingMessage } from "../gateways/outbox.ts";
import { createAccountRepository, type User } from "../repositories/accounts.ts";
import { deploymentFile, freshDatabase } from "../test/helpers.ts";
import { createAccountService } from "./accounts.ts";
import { createInviteService } from "./invites.ts";
import { createTwoFactorService } from "./two-factor.ts";

/**
 * A failure in the middle of a change leaves nothing half-written: the outbox write fails after its
 * row went in (so the row must roll back too), or a trigger refuses the last statement.
 */
let database: DatabaseHandle;
let db: Database;
const password = "a fine long passphrase";
let passwordHash: string;

beforeAll(async () => {
  database = await freshDatabase(await loadPortalConfig(deploymentFile));
  db = database.db;
  passwordHash = await hashSecret(password);
  await db.execute(sql`create function refuse_in_test() returns trigger language plpgsql as $$
    begin raise exception 'refused by the test'; end $$`);
});
afterAll(() => database?.close());

/** An outbox whose write puts the row in, then throws: the row must go with the transaction. */
function failingOutbox(): Outbox {
  const real = createOutbox(db);
  const write = async (executor: Database, message: OutgoingMessage | null) => {
    if (!message) return real.write(executor, null);
    await real.write(executor, message);
    throw new Error("outbox down");
  };
  return { ...real, write: write as Outbox["write"] };
}

const service = (outbox: Outbox = createOutbox(db)) =>
  createAccountService({ db, outbox, publicUrl: "https://portal.test", requireVerifiedEmail: () => true });

let riders = 0;
async function rider(fields: Partial<User> = {}): Promise<User> {
  riders++;
  const user = await createAccountRepository(db).createIfNew({
    email: `rider${riders}@example.org`,
    passwordHash,
    firstName: "Ada",
    lastName: "Lovelace",
    mobile: null,
    locale: "en",
    emailConfirmed: true,
  });
  if (!user) throw new Error("rider exists");
  return Object.keys(fields).length ? createAccountRepository(db).change(user.id, fields) : user;
}

const mailsTo = async (recipient: string) =>
  db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));
const liveTokens = async (userId: string) =>
  db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), isNull(accountTokens.usedAt)));

/** Makes every `op` on `table` for this rider fail, for the rest of the file. */
async function refuse(table: "sessions" | "users", op: "update", userId: string) {
  const column = table === "users" ? "id" : "user_id";
  await db.execute(
    sql.raw(`create trigger refuse_${table}_${userId.replaceAll("-", "_")} before ${op} on ${table}
      for each row when (old.${column} = '${userId}') execute function refuse_in_test()`),
  );
}

describe("a failure mid-way leaves nothing half-written", () => {
  it("sign-up: no account, no token and no mail when the mail cannot be written", async () => {
    await expect(
      service(failingOutbox()).signUp({
        email: "half@example.org",
        password,
        firstName: "Half",
        lastName: "Written",
        mobile: null,
        locale: "en",
      }),
    ).rejects.toThrow("outbox down");
    expect(await db.select().from(users).where(eq(users.email, "half@example.org"))).toEqual([]);
    expect(await mailsTo("half@example.org")).toEqual([]);
  });

  it("email change: the old email stays and no link is issued when the mail fails", async () => {
    const user = await rider();
    await expect(
      service(failingOutbox()).updateProfile(user, {
        first_name: "Ada",
        last_name: "Lovelace",
        email: "changed@example.org",
        mobile: null,
        locale: { language_code: "en", country_code: "US" },
        current_password: password,
      }),
    ).rejects.toThrow("outbox down");
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: user.email, emailConfirmed: true });
    expect(await liveTokens(user.id)).toEqual([]);
    expect(await mailsTo("changed@example.org")).toEqual([]);
  });

  it("resending the confirmation: the earlier link keeps working when the new mail fails", async () => {
    const user = await rider({ emailConfirmed: false });
    await service().resendConfirmation(user);
    const [earlier] = await liveTokens(user.id);
    await expect(service(failingOutbox()).resendConfirmation(user)).rejects.toThrow("outbox down");
    expect((await liveTokens(user.id)).map((token) => token.id)).toEqual([earlier?.id]);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it("forgot password: no reset token and no mail when the mail fails", async () => {
    const user = await rider();
    await expect(service(failingOutbox()).requestPasswordReset(user.email)).rejects.toThrow("outbox down");
    expect(await liveTokens(user.id)).toEqual([]);
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it("password change: the old password stays when ending the other sessions fails", async () => {
    const user = await rider();
    const accounts = createAccountRepository(db);
    const here = await accounts.startSession(user.id, new Date());
    await accounts.startSession(user.id, new Date());
    await refuse("sessions", "update", user.id);
    await expect(
      service().changePassword(user, here.sessionId, password, "another long passphrase"),
    ).rejects.toThrow();
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(await verifySecret(password, row?.passwordHash ?? "")).toBe(true);
    const open = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    expect(open).toHaveLength(2);
  });

  it("password reset: the link stays unused and the password unchanged when ending sessions fails", async () => {
    const user = await rider();
    await service().requestPasswordReset(user.email);
    const token = (await mailsTo(user.email))[0]?.body.match(/\/reset\/([A-Za-z0-9_-]+)/)?.[1] ?? "";
    await createAccountRepository(db).startSession(user.id, new Date());
    await refuse("sessions", "update", user.id);
    await expect(service().resetPassword(token, "another long passphrase")).rejects.toThrow();
    expect(await liveTokens(user.id)).toHaveLength(1);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(await verifySecret(password, row?.passwordHash ?? "")).toBe(true);
  });

  it("email confirmation: the link stays usable when confirming the rider fails", async () => {
    const user = await rider({ emailConfirmed: false });
    await service().resendConfirmation(user);
    const token = (await mailsTo(user.email))[0]?.body.match(/\/confirm\/([A-Za-z0-9_-]+)/)?.[1] ?? "";
    await refuse("users", "update", user.id);
    await expect(service().confirmEmail(token)).rejects.toThrow();
    expect(await liveTokens(user.id)).toHaveLength(1);
  });

  it("two-factor: no code without its text, and the earlier code stays live", async () => {
    const user = await rider();
    const codes = (outbox: Outbox) => createTwoFactorService({ db, outbox, senderName: () => "Metro" });
    await codes(createOutbox(db)).sendCode(user, "enrol", "+14155550123", null);
    // Past the 30 seconds between texts (moved back instead of waiting).
    await db
      .update(mfaCodes)
      .set({ createdAt: new Date(Date.now() - 31_000) })
      .where(eq(mfaCodes.userId, user.id));
    await expect(codes(failingOutbox()).sendCode(user, "enrol", "+14155550199", null)).rejects.toThrow(
      "outbox down",
    );
    const live = await db
      .select()
      .from(mfaCodes)
      .where(and(eq(mfaCodes.userId, user.id), isNull(mfaCodes.usedAt)));
    expect(live.map((code) => code.phone)).toEqual(["+14155550123"]);
    expect(await mailsTo("+14155550199")).toEqual([]);
  });

  it("two-factor sign-in: no pending session without its text", async () => {
    const user = await rider({ mfaEnrollmentStatus: 1, mfaPhone: "+14155550142" });
    const codes = createTwoFactorService({ db, outbox: failingOutbox(), senderName: () => "Metro" });
    await expect(codes.startSignIn(user)).rejects.toThrow("outbox down");
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it("invites: no invite without its mail", async () => {
    const inviting = createInviteService({ db, outbox: failingOutbox(), publicUrl: "https://portal.test" });
    await expect(
      inviting.invite({
        email: "invited@example.org",
        firstName: "",
        lastName: "",
        locale: "en",
        invitedBy: "operator",
      }),
    ).rejects.toThrow("outbox down");
    expect(await db.select().from(invites).where(eq(invites.email, "invited@example.org"))).toEqual([]);
    expect(await mailsTo("invited@example.org")).toEqual([]);
  });
});

describe("forgot password answers no sooner than its minimum time", () => {
  it("holds the answer after the work committed until the delay is over", async () => {
    const user = await rider();
    let release = () => {};
    const delay = new Promise<void>((resolve) => {
      release = resolve;
    });
    let committed = () => {};
    const mailed = new Promise<void>((resolve) => {
      committed = resolve;
    });
    const real = createOutbox(db);
    const outbox: Outbox = {
      ...real,
      dispatch: (message) => {
        real.dispatch(message);
        committed();
      },
    };
    let answered = false;
    const answer = createAccountService({
      db,
      outbox,
      publicUrl: "https://portal.test",
      requireVerifiedEmail: () => true,
      resetAnswerDelay: () => delay,
    })
      .requestPasswordReset(user.email)
      .then(() => {
        answered = true;
      });
    await mailed;
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(answered).toBe(false);
    release();
    await answer;
    expect(answered).toBe(true);
  });
});
