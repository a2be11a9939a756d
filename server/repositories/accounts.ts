import { randomUUID } from "node:crypto";
import { and, eq, gt, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import type { IdentityProvider } from "../../src/domain/identity.ts";
import type { Database } from "../db/client.ts";
import {
  type accountTokenKinds,
  accountTokens,
  devices,
  fareMedia,
  invites,
  outboxMessages,
  passes,
  sessions,
  userIdentities,
  users,
} from "../db/schema.ts";
import { hashToken, linkTries, newToken } from "../domain/tokens.ts";

export type User = typeof users.$inferSelect;
export type AccountTokenKind = (typeof accountTokenKinds)[number];

/** Session lifetimes: idle expiry renews on use; absolute expiry never moves. */
const sessionIdleMs = 24 * 60 * 60 * 1000;
const sessionAbsoluteMs = 30 * 24 * 60 * 60 * 1000;
/** A session waiting for its texted code. */
const pendingSessionMs = 10 * 60 * 1000;
const lastSeenPrecisionMs = 60 * 1000;
const tokenLifetimeMs: Record<AccountTokenKind, number> = {
  confirm_email: 48 * 60 * 60 * 1000,
  reset_password: 30 * 60 * 1000,
};

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** A new rider; the email is unconfirmed unless a link or Apple proved it. */
export interface NewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  mobile: string | null;
  locale: string;
  emailConfirmed?: boolean;
  /** False for an account opened by an identity provider (an unusable random password). */
  passwordSet?: boolean;
}

/**
 * The database or a transaction: `db.transaction` hands repositories a transaction of the same type,
 * so a service runs several repository calls as one unit by binding them to its transaction.
 */
export type Executor = Database;

/** No rider has this id: statements keyed by it touch nothing (see the password-reset service). */
export const nobody = "00000000-0000-0000-0000-000000000000";

/** Inserts a rider with the database or inside a transaction (an accepted invite). */
export async function insertUser(runner: Pick<Database, "insert">, fields: NewUser): Promise<User> {
  const [user] = await runner
    .insert(users)
    .values({ id: randomUUID(), emailConfirmed: false, ...fields, email: normalizeEmail(fields.email) })
    .returning();
  if (!user) throw new Error("user insert returned nothing");
  return user;
}

/** The token of that kind, not used yet, not expired at `now`, with tries left. */
const usableToken = (token: string, kind: AccountTokenKind, now: Date) =>
  and(
    eq(accountTokens.tokenHash, hashToken(token)),
    eq(accountTokens.kind, kind),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
    lt(accountTokens.failedAttempts, linkTries),
  );

/** The account queries, on the database or bound to a transaction (`createAccountRepository(tx)`). */
export function createAccountRepository(db: Executor) {
  return {
    /** The same queries inside a caller's transaction. */
    with(tx: Executor) {
      return createAccountRepository(tx);
    },

    /**
     * Inserts the rider unless the email (or Apple ID) has an account: null then, also when another
     * request is inserting the same email at this moment (the unique index decides, no error).
     */
    async createIfNew(fields: NewUser): Promise<User | null> {
      const [user] = await db
        .insert(users)
        .values({ id: randomUUID(), emailConfirmed: false, ...fields, email: normalizeEmail(fields.email) })
        .onConflictDoNothing()
        .returning();
      return user ?? null;
    },

    async findByEmail(email: string): Promise<User | null> {
      const [user] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`);
      return user ?? null;
    },

    /** Locks the rider's row until the caller's transaction ends: one change of theirs at a time. */
    async lock(id: string): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for("no key update");
    },

    /** The rider an identity (a provider's subject) is connected to. */
    async findByIdentity(provider: IdentityProvider, subject: string): Promise<User | null> {
      const [row] = await db
        .select({ user: users })
        .from(userIdentities)
        .innerJoin(users, eq(users.id, userIdentities.userId))
        .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
      return row?.user ?? null;
    },

    /**
     * Connects an identity to a rider; false when that identity or another of the provider's is
     * already connected (the unique indexes decide, so racing links connect once).
     */
    async linkIdentity(
      userId: string,
      identity: { provider: IdentityProvider; subject: string; email: string | null },
      now: Date,
    ): Promise<boolean> {
      const inserted = await db
        .insert(userIdentities)
        .values({ id: randomUUID(), userId, ...identity, linkedAt: now })
        .onConflictDoNothing()
        .returning({ id: userIdentities.id });
      return inserted.length > 0;
    },

    /** The rider's connected identities, oldest first. */
    async identitiesOf(userId: string): Promise<(typeof userIdentities.$inferSelect)[]> {
      return db
        .select()
        .from(userIdentities)
        .where(eq(userIdentities.userId, userId))
        .orderBy(userIdentities.linkedAt, userIdentities.provider);
    },

    /** Disconnects the rider's identity of a provider; false when none was connected. */
    async unlinkIdentity(userId: string, provider: IdentityProvider): Promise<boolean> {
      const removed = await db
        .delete(userIdentities)
        .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)))
        .returning({ id: userIdentities.id });
      return removed.length > 0;
    },

    async findById(id: string): Promise<User | null> {
      const [user] = await db.select().from(users).where(eq(users.id, id));
      return user ?? null;
    },

    async create(fields: NewUser): Promise<User> {
      return insertUser(db, fields);
    },

    /** Writes these fields on the rider's row; the row as written. */
    async change(id: string, fields: Partial<Omit<User, "id" | "createdAt">>): Promise<User> {
      const [user] = await db.update(users).set(fields).where(eq(users.id, id)).returning();
      if (!user) throw new Error("user update returned nothing");
      return user;
    },

    /**
     * A new session for every sign-in; the token leaves the server once and is stored only hashed. A
     * pending one (credentials right, texted code owed) lives as long as its code.
     */
    async startSession(
      userId: string,
      now: Date,
      { mfaPending = false } = {},
    ): Promise<{ token: string; expiresAt: Date; sessionId: string }> {
      const token = newToken();
      const sessionId = randomUUID();
      const expiresAt = new Date(now.getTime() + (mfaPending ? pendingSessionMs : sessionAbsoluteMs));
      await db.insert(sessions).values({
        id: sessionId,
        userId,
        tokenHash: hashToken(token),
        createdAt: now,
        lastSeenAt: now,
        expiresAt,
        mfaPending,
      });
      return { token, expiresAt, sessionId };
    },

    /**
     * The session behind a bearer token: "active" (and its idle clock renewed), "expired" (revoked,
     * past its absolute expiry, or idle too long) or "unknown".
     */
    async resolveSession(
      token: string,
      now: Date,
    ): Promise<
      | { status: "active"; user: User; sessionId: string; mfaPending: boolean }
      | { status: "expired" | "unknown" | "deactivated" }
    > {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, hashToken(token)));
      if (!row) return { status: "unknown" };
      const { session, user } = row;
      // Checked before revocation: a device still signed in learns why its session ended.
      if (user.deactivatedAt) return { status: "deactivated" };
      const idleFor = now.getTime() - session.lastSeenAt.getTime();
      if (session.revokedAt || session.expiresAt <= now || idleFor > sessionIdleMs)
        return { status: "expired" };
      // The idle clock only needs minute precision: skip the write for requests close together.
      if (idleFor > lastSeenPrecisionMs) {
        await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
      }
      return { status: "active", user, sessionId: session.id, mfaPending: session.mfaPending };
    },

    async revokeSession(sessionId: string, now: Date): Promise<void> {
      await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
    },

    /** Revokes every session of the rider, except `keep` (the one changing the password). */
    async revokeAllSessions(userId: string, now: Date, keep?: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            ...(keep ? [ne(sessions.id, keep)] : []),
          ),
        );
    },

    /**
     * Deletes the rider: sessions, tokens and codes go with the row (cascade), their fare cards are
     * unlinked, and the messages sent to them leave the outbox. Old tokens then match nothing.
     */
    async deleteAccount(user: User): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(fareMedia).set({ userId: null }).where(eq(fareMedia.userId, user.id));
        // Their devices go with the row (cascade): the passes on them go back to the cloud first.
        await tx
          .update(passes)
          .set({ location: "cloud", deviceId: null })
          .where(
            inArray(
              passes.deviceId,
              tx.select({ id: devices.id }).from(devices).where(eq(devices.userId, user.id)),
            ),
          );
        const recipients = [user.email, ...(user.mfaPhone ? [user.mfaPhone] : [])];
        await tx.delete(outboxMessages).where(inArray(outboxMessages.recipient, recipients));
        await tx.delete(invites).where(eq(invites.email, user.email));
        await tx.delete(users).where(eq(users.id, user.id));
      });
    },

    /**
     * Deactivates the rider: the row stays (orders, refunds, audits) but no session works and no
     * sign-in succeeds. Their digital cards end with the account (the deactivation service posts their
     * forfeited value to the ledger in the same transaction); physical cards are unlinked and keep
     * their value for whoever holds them.
     */
    async deactivate(userId: string, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(fareMedia)
          .set({ status: "SUSPENDED" })
          .where(and(eq(fareMedia.userId, userId), eq(fareMedia.type, "VIRTUAL")));
        await tx
          .update(fareMedia)
          .set({ userId: null })
          .where(and(eq(fareMedia.userId, userId), eq(fareMedia.type, "PHYSICAL")));
        await tx.update(users).set({ deactivatedAt: now, mfaPhone: null }).where(eq(users.id, userId));
        await tx
          .update(sessions)
          .set({ revokedAt: now })
          .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      });
    },

    /**
     * A single-use token of `kind`; issuing one voids the earlier unused ones of the same kind. Two
     * statements: run it in a transaction. For `nobody` both statements run and change nothing, so an
     * unknown email costs what a known one does.
     */
    async issueToken(userId: string, kind: AccountTokenKind, now: Date): Promise<string> {
      const token = newToken();
      await db
        .update(accountTokens)
        .set({ usedAt: now })
        .where(
          and(eq(accountTokens.userId, userId), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt)),
        );
      const expiresAt = new Date(now.getTime() + tokenLifetimeMs[kind]);
      await db.execute(sql`
        insert into ${accountTokens} (id, user_id, kind, token_hash, created_at, expires_at)
        select ${randomUUID()}::uuid, ${users.id}, ${kind}, ${hashToken(token)},
          ${now.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz
        from ${users} where ${users.id} = ${userId}::uuid`);
      return token;
    },

    /** The rider an unused, unexpired token of `kind` belongs to, without using it up. */
    async peekToken(token: string, kind: AccountTokenKind, now: Date): Promise<User | null> {
      const [row] = await db
        .select({ user: users })
        .from(accountTokens)
        .innerJoin(users, eq(users.id, accountTokens.userId))
        .where(usableToken(token, kind, now));
      return row?.user ?? null;
    },

    /** Uses a token once: the user it belongs to, or null when unknown, used, expired or of another kind. */
    async consumeToken(token: string, kind: AccountTokenKind, now: Date): Promise<User | null> {
      const [used] = await db
        .update(accountTokens)
        .set({ usedAt: now })
        .where(usableToken(token, kind, now))
        .returning({ userId: accountTokens.userId });
      if (!used) return null;
      const [user] = await db.select().from(users).where(eq(users.id, used.userId));
      return user ?? null;
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
