import { randomUUID } from "node:crypto";
import type { AutoloadTrigger } from "../../src/domain/transit/wallet.ts";
import type { Database } from "../db/client.ts";
import { agencyTimeZone, localDate, zonedInstant } from "../domain/agency-time.ts";
import type { Clock } from "../domain/clock.ts";
import { ledgerAccounts } from "../domain/ledger-accounts.ts";
import type { Outbox, StoredMessage } from "../gateways/outbox.ts";
import { composeAutoloadPaused, type PausedReason, pausedReasons } from "../mail/autoload.ts";
import { createAccountRepository } from "../repositories/accounts.ts";
import { type AutoloadRow, createAutoloadRepository } from "../repositories/autoloads.ts";
import { balanceOf, createCardActivityRepository } from "../repositories/card-activity.ts";
import { createFareMediaRepository } from "../repositories/fare-media.ts";
import { createPaymentMethodRepository } from "../repositories/payment-methods.ts";
import type { LedgerService } from "./ledger.ts";
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
 * general funds (or wallet's balance, issue 47) are at or below the threshold (due at the tap, transfer
 * or wallet payment that took them there, so a crossing runs once however many ticks see it). A run claims (autoload, due) in autoload_runs
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
  /** The books: a wallet's balance, and when value last left it. */
  ledger: Pick<LedgerService, "balance" | "lastOut">;
  /** Whether the rider wants the paused email (Account → Notifications); yes unless told. */
  wantsPausedAlert?: (userId: string) => Promise<boolean>;
}) {
  const { db, clock, orders, outbox } = options;

  /** The rider and the card (removed or not) an autoload is about; no card for the wallet's. */
  async function partiesOf(row: AutoloadRow) {
    const user = await createAccountRepository(db).findById(row.userId);
    if (row.fareMediumId === null) return { user, card: null };
    const [card] = await createFareMediaRepository(db).byIds([row.fareMediumId]);
    return { user, card: card ?? null };
  }

  async function pause(row: AutoloadRow, reason: PausedReason, runId: string | null, now: Date) {
    const { user, card } = await partiesOf(row);
    const locale = user?.locale ?? "en";
    const told = user ? ((await options.wantsPausedAlert?.(user.id)) ?? true) : false;
    await inTransaction(db, async ({ tx, afterCommit }) => {
      const autoloadRepository = createAutoloadRepository(tx);
      await autoloadRepository.pause(row.id, pausedReasons[reason].en, now);
      if (runId) await autoloadRepository.runFailed(runId, reason);
      // The wallet's autoload is told about with the wallet's page; a card's with the card's.
      const wallet = row.fareMediumId === null;
      if (user && told && (card || wallet)) {
        const { subject, body } = composeAutoloadPaused(
          locale,
          user.firstName,
          card?.nickname ?? null,
          reason,
          publicLink(options.publicUrl, card ? `/faremedia/${card.id}` : "/faremedia"),
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
    // A deactivated rider is charged no more (their cards are suspended or unlinked; the wallet stays).
    if (!user || user.deactivatedAt) return null;
    // A card not usable now is left alone: it runs once the card is active again.
    if (
      row.fareMediumId !== null &&
      (!card || card.removedAt || card.status !== "ACTIVE" || card.userId !== row.userId)
    )
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
      target: card ? { kind: "card", cardId: card.id } : { kind: "wallet" },
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

  /**
   * When a threshold autoload's card or wallet crossed it: the last time value left it (a tap or a
   * transfer; a payment from the wallet), or the save.
   */
  async function crossedAt(row: AutoloadRow): Promise<Date> {
    const last =
      row.fareMediumId === null
        ? await options.ledger.lastOut(db, ledgerAccounts.wallet(row.userId), row.currency)
        : await createCardActivityRepository(db).lastValueOutAt(row.fareMediumId);
    const saved = row.updatedAt;
    return last && last.getTime() > saved.getTime() ? last : saved;
  }

  /** What a threshold autoload compares with its threshold: the card's general funds, or the wallet's. */
  async function balanceFor(row: AutoloadRow): Promise<number> {
    if (row.fareMediumId === null)
      return (await options.ledger.balance(db, ledgerAccounts.wallet(row.userId), row.currency)).amount;
    return (await balanceOf(db, row.fareMediumId, row.currency)).general;
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
      const thresholds = await createAutoloadRepository(db).activeThresholds(
        only.cardId ? { cardId: only.cardId } : undefined,
      );
      for (const row of thresholds) {
        if (row.threshold === null || (await balanceFor(row)) > Number(row.threshold)) continue;
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
