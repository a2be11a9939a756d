import { and, asc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { accountTokens, securityAnswers } from "../db/schema.ts";
import { hashToken, linkTries } from "../domain/tokens.ts";
import type { Executor } from "./accounts.ts";

export type StoredSecurityAnswer = typeof securityAnswers.$inferSelect;

/** A reset link that still works: unused, unexpired, tries left. */
const usableResetToken = (token: string, now: Date) =>
  and(
    eq(accountTokens.tokenHash, hashToken(token)),
    eq(accountTokens.kind, "reset_password"),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
    lt(accountTokens.failedAttempts, linkTries),
  );

/** Security answers (hashes only) and the tries a reset link has left. */
export function createSecurityAnswerRepository(db: Executor) {
  return {
    with(tx: Executor) {
      return createSecurityAnswerRepository(tx);
    },

    /** The rider's chosen questions with their answer hashes, in the rider's order. */
    async listFor(userId: string): Promise<StoredSecurityAnswer[]> {
      return db
        .select()
        .from(securityAnswers)
        .where(eq(securityAnswers.userId, userId))
        .orderBy(asc(securityAnswers.position));
    },

    /** Replaces every answer of the rider (call inside a transaction: all or nothing). */
    async replace(
      userId: string,
      answers: Array<{ questionId: string; answerHash: string }>,
      at: Date,
    ): Promise<void> {
      await db.delete(securityAnswers).where(eq(securityAnswers.userId, userId));
      if (answers.length === 0) return;
      await db.insert(securityAnswers).values(
        answers.map((answer, position) => ({
          userId,
          questionId: answer.questionId,
          position,
          answerHash: answer.answerHash,
          updatedAt: at,
        })),
      );
    },

    async remove(userId: string): Promise<void> {
      await db.delete(securityAnswers).where(eq(securityAnswers.userId, userId));
    },

    /** The rider a usable reset link belongs to (tries left included), without using it. */
    async resetHolder(token: string, now: Date): Promise<string | null> {
      const [row] = await db
        .select({ userId: accountTokens.userId })
        .from(accountTokens)
        .where(usableResetToken(token, now));
      return row?.userId ?? null;
    },

    /**
     * Takes one try of the link's answers before they are checked, in one statement: parallel tries
     * cannot take more than `linkTries`. Null when the link is unusable or has no try left.
     */
    async takeResetTry(token: string, now: Date): Promise<{ userId: string; tries: number } | null> {
      const [row] = await db
        .update(accountTokens)
        .set({ failedAttempts: sql`${accountTokens.failedAttempts} + 1` })
        .where(usableResetToken(token, now))
        .returning({ userId: accountTokens.userId, tries: accountTokens.failedAttempts });
      return row ?? null;
    },

    /**
     * Gives back a try whose answers were right, so the link's count holds wrong tries only and the
     * reset that follows can use it (a link at its last try is refused by every use).
     */
    async returnResetTry(token: string): Promise<void> {
      await db
        .update(accountTokens)
        .set({ failedAttempts: sql`greatest(${accountTokens.failedAttempts} - 1, 0)` })
        .where(and(eq(accountTokens.tokenHash, hashToken(token)), isNull(accountTokens.usedAt)));
    },

    /** A link whose last try failed stops working (it reads as used). */
    async spendIfExhausted(token: string, now: Date): Promise<void> {
      await db
        .update(accountTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(accountTokens.tokenHash, hashToken(token)),
            isNull(accountTokens.usedAt),
            sql`${accountTokens.failedAttempts} >= ${linkTries}`,
          ),
        );
    },
  };
}
