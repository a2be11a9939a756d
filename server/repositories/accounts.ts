import { randomUUID } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { type accountTokenKinds, accountTokens, sessions, users } from "../db/schema.ts";
import { hashToken, newToken } from "../domain/tokens.ts";

export type User = typeof users.$inferSelect;
export type AccountTokenKind = (typeof accountTokenKinds)[number];

/** Session lifetimes: idle expiry renews on use; absolute expiry never moves. */
export const sessionIdleMs = 24 * 60 * 60 * 1000;
export const sessionAbsoluteMs = 30 * 24 * 60 * 60 * 1000;
const lastSeenPrecisionMs = 60 * 1000;
export const tokenLifetimeMs: Record<AccountTokenKind, number> = {
  confirm_email: 48 * 60 * 60 * 1000,
  reset_password: 30 * 60 * 1000,
};

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function createAccountRepository(db: Database) {
  return {
    async findByEmail(email: string): Promise<User | null> {
      const [user] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`);
      return user ?? null;
    },

    async findById(id: string): Promise<User | null> {
      const [user] = await db.select().from(users).where(eq(users.id, id));
      return user ?? null;
    },

    async create(fields: {
      email: string;
      passwordHash: string;
      firstName: string;
      lastName: string;
      mobile: string | null;
      locale: string;
    }): Promise<User> {
      const [user] = await db
        .insert(users)
        .values({ id: randomUUID(), ...fields, email: normalizeEmail(fields.email), emailConfirmed: false })
        .returning();
      if (!user) throw new Error("user insert returned nothing");
      return user;
    },

    async update(id: string, fields: Partial<Omit<User, "id" | "createdAt">>): Promise<User> {
      const [user] = await db.update(users).set(fields).where(eq(users.id, id)).returning();
      if (!user) throw new Error("user update returned nothing");
      return user;
    },

    /** Counts a failed sign-in; the fifth within a lock window locks the account for that window. */
    async recordFailedLogin(user: User, now: Date, limit: number, lockMs: number): Promise<void> {
      const failed = user.failedLogins + 1;
      await db
        .update(users)
        .set(
          failed >= limit
            ? { failedLogins: 0, lockedUntil: new Date(now.getTime() + lockMs) }
            : { failedLogins: failed },
        )
        .where(eq(users.id, user.id));
    },

    async recordSuccessfulLogin(userId: string): Promise<void> {
      await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, userId));
    },

    /** A new session for every sign-in; the token leaves the server once and is stored only hashed. */
    async startSession(userId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
      const token = newToken();
      const expiresAt = new Date(now.getTime() + sessionAbsoluteMs);
      await db.insert(sessions).values({
        id: randomUUID(),
        userId,
        tokenHash: hashToken(token),
        createdAt: now,
        lastSeenAt: now,
        expiresAt,
      });
      return { token, expiresAt };
    },

    /**
     * The session behind a bearer token: "active" (and its idle clock renewed), "expired" (revoked,
     * past its absolute expiry, or idle too long) or "unknown".
     */
    async resolveSession(
      token: string,
      now: Date,
    ): Promise<{ status: "active"; user: User; sessionId: string } | { status: "expired" | "unknown" }> {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, hashToken(token)));
      if (!row) return { status: "unknown" };
      const { session, user } = row;
      const idleFor = now.getTime() - session.lastSeenAt.getTime();
      if (session.revokedAt || session.expiresAt <= now || idleFor > sessionIdleMs)
        return { status: "expired" };
      // The idle clock only needs minute precision: skip the write for requests close together.
      if (idleFor > lastSeenPrecisionMs) {
        await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
      }
      return { status: "active", user, sessionId: session.id };
    },

    async revokeSession(sessionId: string, now: Date): Promise<void> {
      await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
    },

    async revokeAllSessions(userId: string, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    /** A single-use token of `kind`; issuing one voids the earlier unused ones of the same kind. */
    async issueToken(userId: string, kind: AccountTokenKind, now: Date): Promise<string> {
      const token = newToken();
      await db.transaction(async (tx) => {
        await tx
          .update(accountTokens)
          .set({ usedAt: now })
          .where(
            and(eq(accountTokens.userId, userId), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt)),
          );
        await tx.insert(accountTokens).values({
          id: randomUUID(),
          userId,
          kind,
          tokenHash: hashToken(token),
          createdAt: now,
          expiresAt: new Date(now.getTime() + tokenLifetimeMs[kind]),
        });
      });
      return token;
    },

    /** Uses a token once: the user it belongs to, or null when unknown, used, expired or of another kind. */
    async consumeToken(token: string, kind: AccountTokenKind, now: Date): Promise<User | null> {
      const [used] = await db
        .update(accountTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(accountTokens.tokenHash, hashToken(token)),
            eq(accountTokens.kind, kind),
            isNull(accountTokens.usedAt),
            gt(accountTokens.expiresAt, now),
          ),
        )
        .returning({ userId: accountTokens.userId });
      if (!used) return null;
      const [user] = await db.select().from(users).where(eq(users.id, used.userId));
      return user ?? null;
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
