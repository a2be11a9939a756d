import { and, eq, like, lte, or, sql } from "drizzle-orm";
import { attemptBudgets } from "../db/schema.ts";
import type { Executor } from "./accounts.ts";

/**
 * Counters of attempts per key in fixed windows. Every change is one statement, so parallel requests
 * on any number of servers count every attempt (no read-then-write).
 */
export function createAttemptBudgetRepository(db: Executor) {
  return {
    with(tx: Executor) {
      return createAttemptBudgetRepository(tx);
    },

    /**
     * Counts one attempt against `key` and returns how many the window now holds, this one included.
     * A window older than `windowMs` starts over at this attempt.
     */
    async take(key: string, now: Date, windowMs: number): Promise<number> {
      const expired = sql`${attemptBudgets.windowStartedAt} <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
      const [row] = await db
        .insert(attemptBudgets)
        .values({ key, attempts: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: attemptBudgets.key,
          set: {
            attempts: sql`case when ${expired} then 1 else ${attemptBudgets.attempts} + 1 end`,
            windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${attemptBudgets.windowStartedAt} end`,
          },
        })
        .returning({ attempts: attemptBudgets.attempts });
      if (!row) throw new Error("attempt budget upsert returned nothing");
      return row.attempts;
    },

    /** Gives one attempt back (an attempt that turned out to be the rightful owner's). */
    async giveBack(key: string): Promise<void> {
      await db
        .update(attemptBudgets)
        .set({ attempts: sql`greatest(${attemptBudgets.attempts} - 1, 0)` })
        .where(eq(attemptBudgets.key, key));
    },

    /** Forgets `key` and every key that starts with `prefix`. */
    async clear(key: string, prefix?: string): Promise<void> {
      await db
        .delete(attemptBudgets)
        .where(or(eq(attemptBudgets.key, key), ...(prefix ? [like(attemptBudgets.key, `${prefix}%`)] : [])));
    },

    /** Drops the windows of keys starting with `prefix` that began before `before` (they would start over). */
    async prune(prefix: string, before: Date): Promise<void> {
      await db
        .delete(attemptBudgets)
        .where(and(like(attemptBudgets.key, `${prefix}%`), lte(attemptBudgets.windowStartedAt, before)));
    },
  };
}
