import { and, eq, inArray, isNull, lte } from "drizzle-orm";
import { autoloadRuns, autoloads, paymentMethods } from "../db/schema.ts";
import type { Executor } from "./accounts.ts";
import type { PaymentMethodRow } from "./payment-methods.ts";

export type AutoloadRow = typeof autoloads.$inferSelect;
type NewAutoloadRow = typeof autoloads.$inferInsert;

/** Not removed (a removed autoload keeps its row and its runs). */
const live = isNull(autoloads.removedAt);

/** What an autoload loads: a fare card, or the rider's wallet (issue 47). */
export type AutoloadTarget = { cardId: string } | { walletOf: string };

const ofTarget = (target: AutoloadTarget) =>
  "cardId" in target
    ? eq(autoloads.fareMediumId, target.cardId)
    : and(eq(autoloads.userId, target.walletOf), isNull(autoloads.fareMediumId));

/**
 * Cards' and wallets' autoloads (server/services/autoloads.ts) and their runs
 * (server/services/autoload-scheduler.ts). A card, and a rider's wallet, has one live autoload (unique
 * indexes); a run is one per autoload and due time (unique index), so two schedulers claiming the same
 * run: one gets it.
 */
export function createAutoloadRepository(db: Executor) {
  return {
    /** Live, active weekly and monthly autoloads whose next run is at or before `now`. */
    async dueTimed(now: Date): Promise<AutoloadRow[]> {
      return db
        .select()
        .from(autoloads)
        .where(
          and(
            eq(autoloads.status, "active"),
            live,
            inArray(autoloads.trigger, ["weekly", "monthly"]),
            lte(autoloads.nextRunAt, now),
          ),
        );
    },

    /** Live, active threshold autoloads (only `target`'s when given). */
    async activeThresholds(target?: AutoloadTarget): Promise<AutoloadRow[]> {
      return db
        .select()
        .from(autoloads)
        .where(
          and(
            eq(autoloads.status, "active"),
            live,
            eq(autoloads.trigger, "threshold"),
            ...(target ? [ofTarget(target)] : []),
          ),
        );
    },

    /** Overwrites the target's live autoload with `fields`; null when it has none. */
    async updateLive(
      target: AutoloadTarget,
      fields: Partial<Omit<NewAutoloadRow, "id" | "userId" | "fareMediumId">>,
    ): Promise<AutoloadRow | null> {
      const [updated] = await db
        .update(autoloads)
        .set(fields)
        .where(and(ofTarget(target), live))
        .returning();
      return updated ?? null;
    },

    /** Writes a new autoload; a second live one on the card or wallet is a unique violation. */
    async add(row: NewAutoloadRow): Promise<AutoloadRow> {
      const [inserted] = await db.insert(autoloads).values(row).returning();
      if (!inserted) throw new Error("The autoload was not written");
      return inserted;
    },

    /** Removes the target's live autoload (its row stays, with no next run). */
    async removeLive(target: AutoloadTarget, now: Date): Promise<void> {
      await db
        .update(autoloads)
        .set({ removedAt: now, nextRunAt: null })
        .where(and(ofTarget(target), live));
    },

    /** The target's live autoload with its payment method (null when the method's row is gone). */
    async liveWithMethod(
      target: AutoloadTarget,
    ): Promise<{ autoload: AutoloadRow; method: PaymentMethodRow | null } | null> {
      const [found] = await db
        .select({ autoload: autoloads, method: paymentMethods })
        .from(autoloads)
        .leftJoin(paymentMethods, eq(paymentMethods.id, autoloads.paymentMethodId))
        .where(and(ofTarget(target), live));
      return found ?? null;
    },

    /** Removes the card's live autoload as the card leaves its rider (removed and updated at `at`). */
    async stopLive(fareMediumId: string, at: Date): Promise<void> {
      await db
        .update(autoloads)
        .set({ removedAt: at, updatedAt: at })
        .where(and(eq(autoloads.fareMediumId, fareMediumId), live));
    },

    /** Pauses the autoload with its reason (in English) and no next run. */
    async pause(id: string, pausedReason: string, now: Date): Promise<void> {
      await db
        .update(autoloads)
        .set({ status: "paused", pausedReason, nextRunAt: null, updatedAt: now })
        .where(eq(autoloads.id, id));
    },

    /** Writes a run's time and the next one on the autoload, if it is still active. */
    async ran(id: string, lastRunAt: Date, nextRunAt: Date | null): Promise<void> {
      await db
        .update(autoloads)
        .set({ lastRunAt, nextRunAt })
        .where(and(eq(autoloads.id, id), eq(autoloads.status, "active")));
    },

    /**
     * Claims the autoload's run due at `due` as a "running" failure row with id `runId`; false when a
     * run of that autoload and due time is already there.
     */
    async claimRun(runId: string, autoloadId: string, due: Date): Promise<boolean> {
      const claimed = await db
        .insert(autoloadRuns)
        .values({ id: runId, autoloadId, dueAt: due, status: "failed", failureReason: "running" })
        .onConflictDoNothing()
        .returning({ id: autoloadRuns.id });
      return claimed.length > 0;
    },

    /** Marks the run failed with its reason. */
    async runFailed(runId: string, failureReason: string): Promise<void> {
      await db
        .update(autoloadRuns)
        .set({ status: "failed", failureReason })
        .where(eq(autoloadRuns.id, runId));
    },

    /** Marks the run succeeded with the load order it placed. */
    async runSucceeded(runId: string, orderId: string): Promise<void> {
      await db
        .update(autoloadRuns)
        .set({ status: "succeeded", failureReason: null, orderId })
        .where(eq(autoloadRuns.id, runId));
    },
  };
}
