import { randomInt, randomUUID } from "node:crypto";
import { type ApiError, ErrorCode } from "../../src/domain/envelope.ts";
import { money } from "../../src/domain/money.ts";
import type { Transaction, TransactionPage } from "../../src/domain/transit/passes.ts";
import type { TapRequest, TapResult, TransitRoute } from "../../src/domain/transit/taps.ts";
import type { Database } from "../db/client.ts";
import type { Clock } from "../domain/clock.ts";
import { ledgerAccounts } from "../domain/ledger-accounts.ts";
import type { PaymentGateway } from "../gateways/payments/gateway.ts";
import type { Executor } from "../repositories/accounts.ts";
import { balanceOf, createCardActivityRepository } from "../repositories/card-activity.ts";
import {
  createFareMediaRepository,
  type FareMediumRow,
  paymentMethodLabel,
} from "../repositories/fare-media.ts";
import { encodeKeysetCursor, type KeysetCursor } from "../repositories/keyset-cursor.ts";
import { createPassRepository } from "../repositories/passes.ts";
import { createPaymentMethodRepository, type PaymentMethodRow } from "../repositories/payment-methods.ts";
import { createTapRepository, type NewTapRow, type RouteRow, type TapRow } from "../repositories/taps.ts";
import type { FareCapService } from "./fare-caps.ts";
import type { LedgerEntry, LedgerService } from "./ledger.ts";
import { inTransaction, isUniqueViolation, type UnitOfWork } from "./transaction.ts";

export type TapOutcomeResult =
  | { ok: true; tap: TapResult }
  | { ok: false; status: 400 | 404; errors: ApiError[] };

const riderTypeNames: Record<string, Record<string, string>> = {
  en: { ADULT: "Adult", YOUTH: "Youth", SENIOR: "Senior" },
  es: { ADULT: "Adulto", YOUTH: "Joven", SENIOR: "Mayor" },
  vi: { ADULT: "Người lớn", YOUTH: "Thanh thiếu niên", SENIOR: "Người cao tuổi" },
};
const fareWords: Record<string, (type: string, route: string) => string> = {
  en: (type, route) => `${type} fare, Route ${route}`,
  es: (type, route) => `Tarifa ${type.toLowerCase()}, ruta ${route}`,
  vi: (type, route) => `Giá vé ${type.toLowerCase()}, tuyến ${route}`,
};

const lang = (locale: string) => (locale.startsWith("es") ? "es" : locale.startsWith("vi") ? "vi" : "en");
export const routeName = (route: RouteRow, locale: string) =>
  route.translations[lang(locale)]?.name ?? route.name;
const fareOf = (route: RouteRow, riderType: string) => route.fares[riderType] ?? route.fares.ADULT ?? 0;
const transactionNumber = () => `TX-${String(randomInt(0, 10_000_000_000)).padStart(10, "0")}`;

const routeNotFoundMessage = "Route not found.";
const tapperNotFoundMessage = "Card not found.";

/**
 * Taps at a reader (issue 13; the rules are the comment of src/domain/transit/taps.ts). A fare card's
 * tap, with the card locked: refused for a blocked or unusable card; a usable pass first (activated on
 * first use, its ride counted, spent at its last ride); else free once a fare cap is reached; else the
 * route's fare from the general funds (refused when they do not hold it, nothing moves). A bank card's
 * tap charges the fare through the gateway (`tap:<tap id>`) as a transaction "TX-" and 10 digits.
 * Money moves as one ledger group with the tap row and the activity row, in one transaction.
 */
/** A fare taken from a card's stored value: its rider, the card, and the stored value around it. */
export interface FareTaken {
  userId: string | null;
  card: { id: string; nickname: string };
  before: number;
  after: number;
}

export function createTapService(options: {
  db: Database;
  clock: Clock;
  ledger: LedgerService;
  gateway: PaymentGateway;
  fareCaps: FareCapService;
  currency: () => string;
  /** Called after a fare tap took value from a card (threshold autoloads). */
  afterValueOut?: () => ((cardId: string, at: Date) => Promise<void>) | null;
  /**
   * Told in the fare's transaction what the card's stored value was before and after it (the
   * low-balance alert, services/alerts.ts).
   */
  onFare?: (work: UnitOfWork, event: FareTaken) => Promise<void>;
}) {
  const { db, clock, ledger, gateway, fareCaps } = options;

  const declined = (id: string, fare: number, reason: string, balance: number | null): TapResult => ({
    id,
    outcome: "declined",
    fare,
    charged: 0,
    currency: options.currency(),
    balance_after: balance,
    pass: null,
    transaction_number: null,
    declined_reason: reason,
  });

  async function resultOf(tx: Executor, row: TapRow): Promise<TapResult> {
    const balance = row.fareMediumId ? await balanceOf(tx, row.fareMediumId, row.currency) : null;
    return {
      id: row.id,
      outcome: row.passId ? "pass" : row.capped ? "capped" : "fare",
      fare: Number(row.fare),
      charged: Number(row.charged),
      currency: row.currency,
      balance_after: balance ? balance.general + balance.commuter : null,
      pass: row.passId,
      transaction_number: row.transactionNumber,
      declined_reason: null,
    };
  }

  async function findCard(request: TapRequest): Promise<FareMediumRow | null> {
    if ("card_number" in request) {
      const digits = request.card_number.replace(/\D/g, "");
      if (!/^\d{8,19}$/.test(digits)) return null;
      return createFareMediaRepository(db).firstByDigits(digits);
    }
    if ("fare_medium" in request) {
      if (!/^[0-9a-f-]{36}$/i.test(request.fare_medium)) return null;
      return createFareMediaRepository(db).find(request.fare_medium.toLowerCase());
    }
    return null;
  }

  async function fareCardTap(
    card: FareMediumRow,
    route: RouteRow,
    at: Date,
    tapKey: string | null,
    locale: string,
    stop: string | null,
  ): Promise<{ result: TapResult; valueOut: boolean }> {
    const cur = options.currency();
    const id = randomUUID();
    const fare = fareOf(route, card.riderType);
    const detail = { route: routeName(route, locale), code: route.code };
    return inTransaction(db, async (work) => {
      const { tx } = work;
      const tapRepository = createTapRepository(tx);
      const passRepository = createPassRepository(tx);
      const locked = await createFareMediaRepository(tx).lock(card.id);
      if (!locked) throw new Error(`Card ${card.id} vanished`);
      if (locked.status === "BLOCKED")
        return { result: declined(id, fare, "card_blocked", null), valueOut: false };
      if (locked.status !== "ACTIVE" || locked.removedAt) {
        return { result: declined(id, fare, "card_unusable", null), valueOut: false };
      }
      const activity = createCardActivityRepository(tx);
      const insertTap = (values: Partial<NewTapRow>) =>
        tapRepository.add({
          id,
          fareMediumId: locked.id,
          userId: locked.userId,
          routeCode: route.code,
          riderType: locked.riderType,
          tappedAt: at,
          fare,
          charged: 0,
          currency: cur,
          tapKey,
          stop,
          ...values,
        });

      // A usable pass first: active ones, then the oldest available.
      const candidates = await passRepository.lockUsableOnCard(locked.id, at);
      const pass = candidates.find(
        (candidate) => candidate.riderTypes.length === 0 || candidate.riderTypes.includes(locked.riderType),
      );
      if (pass) {
        const activatedAt = pass.activatedAt ?? at;
        const expiresAt =
          pass.activatedAt === null && pass.validDays !== null
            ? new Date(at.getTime() + pass.validDays * 24 * 3600_000)
            : pass.expiresAt;
        const used = pass.usedCount + 1;
        const spent = pass.usableCount !== null && used >= pass.usableCount;
        await passRepository.recordRide(pass.id, {
          activatedAt,
          expiresAt,
          usedCount: used,
          status: spent ? "expired" : "active",
        });
        const row = await insertTap({ passId: pass.id });
        await activity.record({
          fareMediumId: locked.id,
          kind: "tap_pass",
          occurredAt: at,
          currency: cur,
          detail: { ...detail, pass: pass.name },
          tapId: id,
        });
        return { result: await resultOf(tx, row), valueOut: false };
      }

      const capped = (await fareCaps.progress(tx, locked, at, locale)).find((cap) => cap.capped);
      if (capped) {
        const row = await insertTap({ capped: true, capRuleId: capped.id });
        await activity.record({
          fareMediumId: locked.id,
          kind: "tap_capped",
          occurredAt: at,
          currency: cur,
          detail: { ...detail, cap: capped.name },
          tapId: id,
        });
        return { result: await resultOf(tx, row), valueOut: false };
      }

      const balance = await balanceOf(tx, locked.id, cur);
      if (balance.general < fare) {
        return {
          result: declined(id, fare, "insufficient_funds", balance.general + balance.commuter),
          valueOut: false,
        };
      }
      const entryGroup =
        fare > 0
          ? await ledger.post(tx, {
              reference: `tap:${id}`,
              entries: [
                { account: ledgerAccounts.fareCard(locked.id, "general"), amount: money(-fare, cur) },
                { account: ledgerAccounts.revenue, amount: money(fare, cur) },
              ],
            })
          : null;
      const row = await insertTap({ charged: fare, entryGroup });
      await activity.record({
        fareMediumId: locked.id,
        kind: "tap",
        occurredAt: at,
        currency: cur,
        detail,
        amount: fare > 0 ? -fare : null,
        entryGroup,
        tapId: id,
      });
      if (fare > 0 && options.onFare) {
        const before = balance.general + balance.commuter;
        await options.onFare(work, {
          userId: locked.userId,
          card: { id: locked.id, nickname: locked.nickname },
          before,
          after: before - fare,
        });
      }
      return { result: await resultOf(tx, row), valueOut: fare > 0 };
    });
  }

  async function bankCardTap(
    methodId: string,
    route: RouteRow,
    at: Date,
    tapKey: string | null,
    owner: string | undefined,
    stop: string | null,
  ): Promise<TapOutcomeResult> {
    if (!/^[0-9a-f-]{36}$/i.test(methodId)) return notFound(tapperNotFoundMessage);
    const method = await createPaymentMethodRepository(db).findLiveById(methodId.toLowerCase());
    if (method?.kind !== "card" || (owner !== undefined && method.userId !== owner))
      return notFound(tapperNotFoundMessage);
    // A repeated tap (same key) is the same tap, said again only to whoever may tap this card.
    const repeated = tapKey ? await byKey(tapKey) : null;
    if (repeated) return { ok: true, tap: await resultOf(db, repeated) };
    const cur = options.currency();
    const id = randomUUID();
    const fare = fareOf(route, "ADULT");
    // A bank card rides at the adult fare and toward the adult caps, counted on its own taps.
    const capped = (
      await fareCaps.progress(
        db,
        { paymentMethodId: method.id, organizationId: route.organizationId, riderType: "ADULT" },
        at,
      )
    ).find((cap) => cap.capped);
    if (capped) {
      const row = await insertTransaction({
        id,
        method,
        route,
        at,
        fare,
        charged: 0,
        capRuleId: capped.id,
        tapKey,
        stop,
        entries: null,
      });
      return { ok: true, tap: await resultOf(db, row) };
    }
    const authorized = await gateway.authorize({
      idempotencyKey: `tap:${id}:authorize`,
      customer: { id: method.userId },
      methodId: method.gatewayMethodId,
      amount: { amount: fare, currency: cur },
      reference: `tap:${id}`,
    });
    if (authorized.outcome !== "approved") {
      return { ok: true, tap: declined(id, fare, "payment_declined", null) };
    }
    const captured = await gateway.capture({
      idempotencyKey: `tap:${id}:capture`,
      authorizationId: authorized.authorizationId,
    });
    if (captured.outcome !== "approved") {
      await gateway.void({ idempotencyKey: `tap:${id}:void`, authorizationId: authorized.authorizationId });
      return { ok: true, tap: declined(id, fare, "payment_declined", null) };
    }
    const row = await insertTransaction({
      id,
      method,
      route,
      at,
      fare,
      charged: fare,
      capRuleId: null,
      tapKey,
      stop,
      entries: [
        { account: ledgerAccounts.gatewayClearing, amount: money(-fare, cur) },
        { account: ledgerAccounts.revenue, amount: money(fare, cur) },
      ],
    });
    return { ok: true, tap: await resultOf(db, row) };
  }

  /** A bank card's tap row with its transaction number (drawn again on a collision) and its ledger group. */
  async function insertTransaction(input: {
    id: string;
    method: PaymentMethodRow;
    route: RouteRow;
    at: Date;
    fare: number;
    charged: number;
    capRuleId: string | null;
    tapKey: string | null;
    stop: string | null;
    entries: LedgerEntry[] | null;
  }): Promise<TapRow> {
    const cur = options.currency();
    for (let draw = 0; ; draw++) {
      try {
        return await inTransaction(db, async ({ tx }) => {
          const entryGroup =
            input.entries && input.fare > 0
              ? await ledger.post(tx, { reference: `tap:${input.id}`, entries: input.entries })
              : null;
          return createTapRepository(tx).add({
            id: input.id,
            paymentMethodId: input.method.id,
            userId: input.method.userId,
            transactionNumber: transactionNumber(),
            routeCode: input.route.code,
            riderType: "ADULT",
            tappedAt: input.at,
            fare: input.fare,
            charged: input.charged,
            currency: cur,
            capped: input.capRuleId !== null,
            capRuleId: input.capRuleId,
            entryGroup,
            tapKey: input.tapKey,
            stop: input.stop,
          });
        });
      } catch (error) {
        if (!isUniqueViolation(error) || draw >= 5) throw error;
        const repeated = input.tapKey ? await byKey(input.tapKey) : null;
        if (repeated) return repeated;
      }
    }
  }

  async function byKey(tapKey: string): Promise<TapRow | null> {
    return createTapRepository(db).byKey(tapKey);
  }

  function notFound(message: string): TapOutcomeResult {
    return { ok: false, status: 404, errors: [{ code: ErrorCode.notFound, message }] };
  }

  return {
    /** The agency's routes with their fares, in `locale`. */
    async routes(locale = "en"): Promise<TransitRoute[]> {
      const rows = await createTapRepository(db).routes();
      return rows.map((row) => ({
        code: row.code,
        name: routeName(row, locale),
        mode: row.mode === "rail" || row.mode === "ferry" ? row.mode : "bus",
        fares: row.fares,
      }));
    },

    /** One tap at a reader; the same `key` again answers the first tap. */
    /**
     * `owner`: a saved bank card is tapped only by the rider it belongs to (the dev route passes the
     * signed-in rider; a tap of someone else's card is the same 404 as an unknown one). The simulator
     * script, with the database in hand, passes none.
     */
    async tap(request: TapRequest, locale = "en", owner?: string): Promise<TapOutcomeResult> {
      const at = request.at ? new Date(request.at) : clock.now();
      if (Number.isNaN(at.getTime())) {
        return {
          ok: false,
          status: 400,
          errors: [{ code: ErrorCode.validation, message: "at is not a time.", field: "at" }],
        };
      }
      const stop = request.stop?.trim() || null;
      const route = await createTapRepository(db).route(request.route);
      if (!route) return notFound(routeNotFoundMessage);
      if ("payment_method" in request) {
        const tapKey = request.key ? `pm:${request.payment_method}:${request.key}` : null;
        return bankCardTap(request.payment_method, route, at, tapKey, owner, stop);
      }
      const card = await findCard(request);
      if (!card) return notFound(tapperNotFoundMessage);
      const tapKey = request.key ? `card:${card.id}:${request.key}` : null;
      const repeated = tapKey ? await byKey(tapKey) : null;
      if (repeated) return { ok: true, tap: await resultOf(db, repeated) };
      let done: { result: TapResult; valueOut: boolean };
      try {
        done = await fareCardTap(card, route, at, tapKey, locale, stop);
      } catch (error) {
        const again = tapKey && isUniqueViolation(error) ? await byKey(tapKey) : null;
        if (!again) throw error;
        return { ok: true, tap: await resultOf(db, again) };
      }
      const after = options.afterValueOut?.();
      if (after && done.valueOut) await after(card.id, at).catch(() => undefined);
      return { ok: true, tap: done.result };
    },

    /** A page of the rider's bank-card taps (transactions), newest first. */
    async transactions(
      userId: string,
      limit: number,
      after: KeysetCursor | null,
      locale = "en",
    ): Promise<TransactionPage> {
      const rows = await createTapRepository(db).transactions(userId, limit, after);
      const shown = rows.slice(0, limit);
      const language = lang(locale);
      const transactions = shown.map(({ tap, method, route }): Transaction => {
        const type = riderTypeNames[language]?.[tap.riderType] ?? tap.riderType;
        const words = fareWords[language] ?? fareWords.en;
        const name = words ? words(type, `${route.code} ${routeName(route, locale)}`) : route.code;
        return {
          id: tap.id,
          transaction_number: tap.transactionNumber ?? "",
          tapped_at: tap.tappedAt.toISOString(),
          items: [{ name, amount: Number(tap.fare) }],
          amount: Number(tap.charged),
          currency: tap.currency,
          payment_method: method
            ? { id: method.id, label: paymentMethodLabel(method) }
            : { id: null, label: "Card" },
          capped: tap.capped,
        };
      });
      const last = shown.at(-1);
      return {
        transactions,
        next:
          rows.length > limit && last ? encodeKeysetCursor({ at: last.tap.tappedAt, id: last.tap.id }) : null,
      };
    },
  };
}

export type TapService = ReturnType<typeof createTapService>;
