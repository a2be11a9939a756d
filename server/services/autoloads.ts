import { randomUUID } from "node:crypto";
import { type ApiError, ErrorCode } from "../../src/domain/envelope.ts";
import type { PortalConfig } from "../../src/domain/portal-config.ts";
import {
  type Autoload,
  type AutoloadRequest,
  autoloadMessages,
  autoloadTriggers,
  loadLimitsOf,
  maxStoredValue,
} from "../../src/domain/transit/wallet.ts";
import type { Database } from "../db/client.ts";
import type { Clock } from "../domain/clock.ts";
import { langOf, pausedReasons } from "../mail/autoload.ts";
import {
  type AutoloadRow,
  type AutoloadTarget,
  createAutoloadRepository,
} from "../repositories/autoloads.ts";
import { createFareMediaRepository, paymentMethodLabel } from "../repositories/fare-media.ts";
import { createPaymentMethodRepository, type PaymentMethodRow } from "../repositories/payment-methods.ts";
import { nextRunAfter } from "./autoload-scheduler.ts";
import { inTransaction, isUniqueViolation } from "./transaction.ts";

export type AutoloadResult =
  | { ok: true; autoload: Autoload }
  | { ok: false; status: 400 | 404 | 422; errors: ApiError[] };

const autoloadCardNotFound = "Fare card not found.";
const invalid = (field: string, message: string): ApiError => ({
  code: ErrorCode.validation,
  message,
  field,
});

/** The wire form of an autoload; its paused reason in `locale`. */
function autoloadOf(row: AutoloadRow, method: PaymentMethodRow | null, locale: string): Autoload {
  const reason = Object.values(pausedReasons).find((texts) => texts.en === row.pausedReason);
  return {
    id: row.id,
    amount: Number(row.amount),
    currency: row.currency,
    trigger: row.trigger,
    threshold: row.threshold === null ? null : Number(row.threshold),
    weekday: row.weekday,
    month_day: row.monthDay,
    payment_method: method ? { id: method.id, label: paymentMethodLabel(method) } : null,
    status: row.status,
    paused_reason: reason ? reason[langOf(locale)] : row.pausedReason,
    next_run_at: row.nextRunAt?.toISOString() ?? null,
    last_run_at: row.lastRunAt?.toISOString() ?? null,
  };
}

/**
 * A card's or the wallet's autoload as its rider saves and removes it (PUT / DELETE
 * /transit/faremedia/:id/autoload and /transit/wallet/autoload): the fields checked one by one, the
 * method the rider's live saved one, a card ACTIVE; saving replaces the live autoload (a paused one
 * saved again is active again).
 */
export function createAutoloadService(options: { db: Database; clock: Clock; config: () => PortalConfig }) {
  const { db, clock } = options;

  /** Field problems (400), or the amount refused (422), or null. */
  function check(body: AutoloadRequest): AutoloadResult | null {
    const errors: ApiError[] = [];
    const fields = body as Record<string, unknown>;
    const integer = (value: unknown): value is number =>
      typeof value === "number" && Number.isSafeInteger(value);
    if (!(autoloadTriggers as readonly string[]).includes(String(fields.trigger))) {
      errors.push(invalid("trigger", "Choose when to load: threshold, weekly or monthly."));
    }
    const allowed: Record<string, string> = {
      threshold: "threshold",
      weekly: "weekday",
      monthly: "month_day",
    };
    for (const [trigger, field] of Object.entries(allowed)) {
      if (fields.trigger !== trigger && fields[field] !== undefined && fields[field] !== null) {
        errors.push(invalid(field, `${field} goes only with the ${trigger} trigger.`));
      }
    }
    if (
      fields.trigger === "threshold" &&
      !(integer(fields.threshold) && fields.threshold >= 0 && fields.threshold <= maxStoredValue)
    ) {
      errors.push(invalid("threshold", "Please enter a valid amount"));
    }
    if (
      fields.trigger === "weekly" &&
      !(integer(fields.weekday) && fields.weekday >= 0 && fields.weekday <= 6)
    ) {
      errors.push(invalid("weekday", "Choose a day of the week."));
    }
    if (
      fields.trigger === "monthly" &&
      !(integer(fields.month_day) && fields.month_day >= 1 && fields.month_day <= 28)
    ) {
      errors.push(invalid("month_day", "Choose a day of the month from 1 to 28."));
    }
    if (typeof fields.payment_method !== "string" || fields.payment_method.length === 0) {
      errors.push(invalid("payment_method", "Please select a payment method."));
    }
    if (errors.length > 0) return { ok: false, status: 400, errors };
    const limits = loadLimitsOf(options.config());
    if (!integer(body.amount) || body.amount < limits.min || body.amount > limits.max) {
      return {
        ok: false,
        status: 422,
        errors: [{ code: ErrorCode.amountInvalid, message: autoloadMessages.amountInvalid, field: "amount" }],
      };
    }
    return null;
  }

  /** The card `cardId` when it is the rider's and not removed; null otherwise. */
  async function ridersCard(userId: string, cardId: string) {
    const [card] = await createFareMediaRepository(db).byIds([cardId]);
    return card && card.userId === userId && !card.removedAt ? card : null;
  }

  return {
    /**
     * Creates or replaces the live autoload of the rider's card `cardId`, or of their wallet when
     * `cardId` is null (issue 47).
     */
    async save(
      userId: string,
      cardId: string | null,
      body: AutoloadRequest,
      locale: string,
    ): Promise<AutoloadResult> {
      const card = cardId === null ? null : await ridersCard(userId, cardId);
      if (cardId !== null && !card) {
        return {
          ok: false,
          status: 404,
          errors: [{ code: ErrorCode.notFound, message: autoloadCardNotFound }],
        };
      }
      const problem = check(body);
      if (problem) return problem;
      const uuidLike = /^[0-9a-f-]{36}$/i.test(body.payment_method);
      const method = uuidLike
        ? await createPaymentMethodRepository(db).findLive(userId, body.payment_method.toLowerCase())
        : null;
      if (!method) {
        return {
          ok: false,
          status: 400,
          errors: [invalid("payment_method", "This payment method is not available.")],
        };
      }
      if (card && card.status !== "ACTIVE") {
        return {
          ok: false,
          status: 422,
          errors: [
            {
              code: ErrorCode.fareCardUnavailable,
              message: "This fare card cannot be loaded.",
              field: "fare_medium",
            },
          ],
        };
      }
      const now = clock.now();
      const values = {
        amount: body.amount,
        currency: options.config().currency_code,
        trigger: body.trigger,
        threshold: body.trigger === "threshold" ? body.threshold : null,
        weekday: body.trigger === "weekly" ? body.weekday : null,
        monthDay: body.trigger === "monthly" ? body.month_day : null,
        paymentMethodId: method.id,
        status: "active" as const,
        pausedReason: null,
        nextRunAt:
          body.trigger === "weekly"
            ? nextRunAfter({ trigger: "weekly", weekday: body.weekday }, now)
            : body.trigger === "monthly"
              ? nextRunAfter({ trigger: "monthly", monthDay: body.month_day }, now)
              : null,
        updatedAt: now,
      };
      const target: AutoloadTarget = card ? { cardId: card.id } : { walletOf: userId };
      // A card's row is locked while its autoload is written; two saves of one wallet's autoload meet
      // at its unique index, and the loser writes again over the winner's.
      const write = () =>
        inTransaction(db, async ({ tx }) => {
          if (card) await createFareMediaRepository(tx).lock(card.id);
          const autoloadRepository = createAutoloadRepository(tx);
          const updated = await autoloadRepository.updateLive(target, values);
          if (updated) return updated;
          return autoloadRepository.add({
            id: randomUUID(),
            userId,
            fareMediumId: card?.id ?? null,
            createdAt: now,
            ...values,
          });
        });
      let row: AutoloadRow;
      try {
        row = await write();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        row = await write();
      }
      return { ok: true, autoload: autoloadOf(row, method, locale) };
    },

    /** Removes the live autoload of the rider's card (or wallet, for null); false when the card is not theirs. */
    async remove(userId: string, cardId: string | null): Promise<boolean> {
      if (cardId === null) {
        await createAutoloadRepository(db).removeLive({ walletOf: userId }, clock.now());
        return true;
      }
      const card = await ridersCard(userId, cardId);
      if (!card) return false;
      await createAutoloadRepository(db).removeLive({ cardId: card.id }, clock.now());
      return true;
    },

    /** The rider's wallet's live autoload, as the wallet shows it (paused reason in `locale`). */
    async ofWallet(userId: string, locale: string): Promise<Autoload | null> {
      const found = await createAutoloadRepository(db).liveWithMethod({ walletOf: userId });
      return found ? autoloadOf(found.autoload, found.method, locale) : null;
    },
  };
}

export type AutoloadService = ReturnType<typeof createAutoloadService>;
