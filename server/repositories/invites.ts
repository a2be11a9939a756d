import { randomUUID } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { invites, users } from "../db/schema.ts";
import { hashToken, newToken } from "../domain/tokens.ts";
import { type Executor, insertUser, normalizeEmail, type User } from "./accounts.ts";

export type Invite = typeof invites.$inferSelect;

const inviteLifetimeMs = 7 * 24 * 60 * 60 * 1000;

/** The invite behind `token`, not accepted yet and not expired. */
const isOpen = (token: string, now: Date) =>
  and(eq(invites.tokenHash, hashToken(token)), isNull(invites.acceptedAt), gt(invites.expiresAt, now));

/** The invite queries, on the database or bound to a transaction (`with(tx)`). */
export function createInviteRepository(db: Executor) {
  return {
    with(tx: Executor) {
      return createInviteRepository(tx);
    },

    /** A new invite; its token is returned once and only its hash is kept. */
    async issue(
      fields: { email: string; firstName: string; lastName: string; locale: string; invitedBy: string },
      now: Date,
    ): Promise<{ token: string; invite: Invite }> {
      const token = newToken();
      const [invite] = await db
        .insert(invites)
        .values({
          id: randomUUID(),
          tokenHash: hashToken(token),
          ...fields,
          email: normalizeEmail(fields.email),
          createdAt: now,
          expiresAt: new Date(now.getTime() + inviteLifetimeMs),
        })
        .returning();
      if (!invite) throw new Error("invite insert returned nothing");
      return { token, invite };
    },

    /** The open invite behind a token: null when unknown, accepted or expired. */
    async findOpen(token: string, now: Date): Promise<Invite | null> {
      const [invite] = await db.select().from(invites).where(isOpen(token, now));
      return invite ?? null;
    },

    /**
     * Accepts an invite once: in one transaction the invite is used up and the rider created with the
     * invited email confirmed (the link proved they read it). Null when the invite is not open any more
     * or the email got an account meanwhile.
     */
    async accept(
      token: string,
      account: { passwordHash: string; firstName: string; lastName: string },
      now: Date,
    ): Promise<User | null> {
      return db.transaction(async (tx) => {
        const [open] = await tx.select().from(invites).where(isOpen(token, now));
        if (!open) return null;
        const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, open.email));
        if (taken) return null;
        // Used up in the same statement that checks it is still open: a second acceptance finds nothing.
        const [invite] = await tx
          .update(invites)
          .set({ acceptedAt: now })
          .where(and(eq(invites.id, open.id), isNull(invites.acceptedAt)))
          .returning();
        if (!invite) return null;
        const user = await insertUser(tx, {
          ...account,
          email: invite.email,
          mobile: null,
          locale: invite.locale,
          emailConfirmed: true,
        });
        await tx.update(invites).set({ acceptedUserId: user.id }).where(eq(invites.id, invite.id));
        return user;
      });
    },
  };
}

export type InviteRepository = ReturnType<typeof createInviteRepository>;
