import { randomUUID } from "node:crypto";
import type { AutoloadTrigger } from "../../src/domain/transit/wallet.ts";
import type { Database } from "../db/client.ts";
import { agencyTimeZone, localDate, zonedInstant } from "../domain/agency-time.ts";
import type { Clock } from "../domain/clock.ts";
import type { Outbox, StoredMessage } from "../gateways/outbox.ts";
import { composeAutoloadPaused, type PausedReason, pausedReasons } from "../mail/autoload.ts";
import { createAccountRepository } from "../repositories/accounts.ts";
import { type AutoloadRow, createAutoloadRepository } from "../repositories/autoloads.ts";
import { balanceOf, createCardActivityRepository } from "../repositories/card-activity.ts";
import { createFareMediaRepository } from "../repositories/fare-media.ts";
import { createPaymentMethodRepository } from "../repositories/payment-methods.ts";
import { publicLink } from "./links.ts";
import { refusalErrors } from "./orders/replies.ts";
import type { OrderService } from "./orders.ts";
import { inTransaction } from "./transaction.ts";

/** Time-triggered autoloads run at this hour of the agency's day. */
const autoloadRunHour = 6;

/**
 * The next run of a weekly (`weekday`, 0 Sunday) or monthly (`month_day`, 1-28) autoload strictly
 * after `after`: that day at `autoloadRunHour` on the agency's wall clock (daylight saving included).
 */
export function nextRunAfter(
  schedule: {
    trigger: Exclude<AutoloadTrigger, "threshold">;
    weekday?: number | null;
    monthDay?: number | null;
  },
  after: Date,
  timeZone: string = agencyTimeZone,
): Date {
  const local = localDate(after, timeZone);
  if (schedule.trigger === "weekly") {
    const weekday = schedule.weekday ?? 0;
    const ahead = (weekday - local.weekday + 7) % 7;
    let candidate = zonedInstant(local.year, local.month, local.day + ahead, autoloadRunHour, 0, timeZone);
    if (candidate.getTime() <= after.getTime()) {
      candidate = zonedInstant(local.year, local.month, local.day + ahead + 7, autoloadRunHour, 0, timeZone);
    }
    return candidate;
  }
  const day = schedule.monthDay ?? 1;
  let candidate = zonedInstant(local.year, local.month, day, autoloadRunHour, 0, timeZone);
  if (candidate.getTime() <= after.getTime()) {
    candidate = zonedInstant(local.year, local.month + 1, day, autoloadRunHour, 0, timeZone);
  }
  return candidate;
}

export interface RunReport {
  settled: number;
  succeeded: number;
  failed: number;
}

/**
 * The autoload scheduler (issue 13): `runDue(now)` settles loads older than ten minutes, then runs each
 * due autoload once: time triggers whose `next_run_at` has come, threshold triggers whose card's
 * general funds are at or below the threshold (due at the tap or transfer that took them there, so a
 * crossing runs once however many ticks see it). A run claims (autoload, due) in autoload_runs
 * first (two schedulers racing: one loads), then places the load through `orders.placeLoad` with the
 * key `autoload:<id>:<due>`; a success moves `next_run_at` on, a failure pauses the autoload and emails
 * the rider.
 */
export function createAutoloadScheduler(options: {
  db: Database;
  clock: Clock;
  orders: OrderService;
  outbox: Outbox;
  publicUrl: string | null;
  currency: () => string;
  settle: (now: Date) => Promise<number>;
}) {
  const { db, clock, orders, outbox } = options;

  /** The rider and the card (removed or not) an autoload is about. */
  async function partiesOf(row: AutoloadRow) {
    const user = await createAccountRepository(db).findById(row.userId);
    const [card] = await createFareMediaRepository(db).byIds([row.fareMediumId]);
    return { user, card: card ?? null };
  }

  async function pause(row: AutoloadRow, reason: PausedReason, runId: string | null, now: Date) {
    const { user, card } = await partiesOf(row);
    const locale = user?.locale ?? "en";
    await inTransaction(db, async ({ tx, afterCommit }) => {
      const autoloadRepository = createAutoloadRepository(tx);
      await autoloadRepository.pause(row.id, pausedReasons[reason].en, now);
      if (runId) await autoloadRepository.runFailed(runId, reason);
      if (user && card) {
        const { subject, body } = composeAutoloadPaused(
          locale,
          user.firstName,
          card.nickname,
          reason,
          publicLink(options.publicUrl, `/faremedia/${card.id}`),
        );
        const stored: StoredMessage = await outbox.write(tx, {
          channel: "email",
          recipient: user.email,
          subject,
          body,
        });
        afterCommit(() => outbox.dispatch(stored));
      }
    });
  }

  /** One run of `row` for `due`; true when it loaded, false when it failed, null when another took it. */
  async function run(row: AutoloadRow, due: Date, now: Date): Promise<boolean | null> {
    const { user, card } = await partiesOf(row);
    // A card not usable now is left alone: it runs once the card is active again.
    if (!user || !card || card.removedAt || card.status !== "ACTIVE" || card.userId !== row.userId)
      return null;
    const runId = randomUUID();
    const autoloadRepository = createAutoloadRepository(db);
    if (!(await autoloadRepository.claimRun(runId, row.id, due))) return null;
    const method = row.paymentMethodId
      ? await createPaymentMethodRepository(db).findLive(row.userId, row.paymentMethodId)
      : null;
    if (!method) {
      await pause(row, "methodRemoved", runId, now);
      return false;
    }
    const placed = await orders.placeLoad({
      customer: { kind: "rider", user },
      idempotencyKey: `autoload:${row.id}:${due.toISOString()}`,
      request: {
        amount: Number(row.amount),
        expected_total: Number(row.amount),
        payments: [{ kind: "saved", payment_method: method.id, amount: Number(row.amount) }],
      },
      target: { kind: "card", cardId: card.id },
      locale: user.locale,
      address: "autoload-scheduler",
      activity: "autoload",
    });
    if (!placed.ok) {
      const declined = refusalErrors(placed.refusal).some((error) => error.code === 42203);
      await pause(row, declined ? "declined" : "refused", runId, now);
      return false;
    }
    const orderId = placed.order.id;
    await autoloadRepository.runSucceeded(runId, orderId);
    await autoloadRepository.ran(
      row.id,
      now,
      row.trigger === "threshold" ? null : nextRunAfter(scheduleOf(row), now),
    );
    return true;
  }

  /** When a threshold autoload's card crossed it: the last time value left the card, or the save. */
  async function crossedAt(row: AutoloadRow): Promise<Date> {
    const last = await createCardActivityRepository(db).lastValueOutAt(row.fareMediumId);
    const saved = row.updatedAt;
    return last && last.getTime() > saved.getTime() ? last : saved;
  }

  return {
    /**
     * Settles, then runs every due autoload (only the threshold autoload of `cardId` when given: the
     * check after a tap or transfer). What happened.
     */
    async runDue(now: Date = clock.now(), only: { cardId?: string } = {}): Promise<RunReport> {
      const report: RunReport = { settled: 0, succeeded: 0, failed: 0 };
      if (!only.cardId) report.settled = await options.settle(now);
      const count = (outcome: boolean | null) => {
        if (outcome === true) report.succeeded++;
        if (outcome === false) report.failed++;
      };
      if (!only.cardId) {
        const timed = await createAutoloadRepository(db).dueTimed(now);
        for (const row of timed) {
          if (row.nextRunAt) count(await run(row, row.nextRunAt, now));
        }
      }
      const thresholds = await createAutoloadRepository(db).activeThresholds(only.cardId);
      for (const row of thresholds) {
        const balance = await balanceOf(db, row.fareMediumId, row.currency);
        if (row.threshold === null || balance.general > Number(row.threshold)) continue;
        count(await run(row, await crossedAt(row), now));
      }
      return report;
    },
  };
}

function scheduleOf(row: AutoloadRow) {
  return {
    trigger: row.trigger === "monthly" ? ("monthly" as const) : ("weekly" as const),
    weekday: row.weekday,
    monthDay: row.monthDay,
  };
}

export type AutoloadScheduler = ReturnType<typeof createAutoloadScheduler>;
