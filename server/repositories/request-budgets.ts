import { lt, sql } from "drizzle-orm";
import { rateLimitWindows } from "../db/schema.ts";
import type { Executor } from "./accounts.ts";

/**
 * The request budgets' windows (`rate_limit_windows`, server/plugins/rate-limit-store.ts): one row per
 * budget key (`<budget>|<address>`) with its count and the end of its window, shared by every instance
 * on the database.
 */
export function createRequestBudgetRepository(db: Executor) {
  return {
    /**
     * Counts one request under `key` in one upsert: a window that ended by `now` starts over at 1 and
     * ends at `end`, a live one counts on. Answers the count and the window's end from the same
     * statement (null if no row came back), so racing requests each get their own number.
     */
    async count(key: string, now: Date, end: Date): Promise<{ count: number; expiresAt: Date } | null> {
      const [row] = await db
        .insert(rateLimitWindows)
        .values({ key, count: 1, expiresAt: end })
        .onConflictDoUpdate({
          target: rateLimitWindows.key,
          set: {
            count: sql`case when ${rateLimitWindows.expiresAt} <= ${now} then 1 else ${rateLimitWindows.count} + 1 end`,
            expiresAt: sql`case when ${rateLimitWindows.expiresAt} <= ${now} then ${end} else ${rateLimitWindows.expiresAt} end`,
          },
        })
        .returning({ count: rateLimitWindows.count, expiresAt: rateLimitWindows.expiresAt });
      return row ?? null;
    },

    /** Deletes the windows that ended before `now`; returns how many. */
    async prune(now: Date): Promise<number> {
      const gone = await db
        .delete(rateLimitWindows)
        .where(lt(rateLimitWindows.expiresAt, now))
        .returning({ key: rateLimitWindows.key });
      return gone.length;
    },
  };
}
