import { createHash, randomInt, randomUUID } from "node:crypto";
import { canBuyFor, type FareMedium } from "../../src/domain/fare-media.ts";
import { money } from "../../src/domain/money.ts";
import { containsCardNumber } from "../../src/domain/payments/free-text.ts";
import { controlCharacter } from "../../src/domain/payments/names.ts";
import type {
  ActivityPage,
  AutoRenew,
  FareCapProgress,
  FareCardDetail,
  LinkCardRequest,
} from "../../src/domain/transit/cards.ts";
import { cardNicknameMaxLength, normaliseCardNumber } from "../../src/domain/transit/cards.ts";
import type { GuestCard } from "../../src/domain/transit/guest-card.ts";
import type { PassSummary } from "../../src/domain/transit/passes.ts";
import type { Autoload } from "../../src/domain/transit/wallet.ts";
import type { Database } from "../db/client.ts";
import type { Clock } from "../domain/clock.ts";
import { type LedgerAccount, ledgerAccounts } from "../domain/ledger-accounts.ts";
import { decoyHash, hashSecret, verifySecret } from "../domain/password.ts";
import type { Executor } from "../repositories/accounts.ts";
import { createAttemptBudgetRepository } from "../repositories/attempt-budgets.ts";
import { createAutoloadRepository } from "../repositories/autoloads.ts";
import { activityPage, balanceOf, createCardActivityRepository } from "../repositories/card-activity.ts";
import {
  createFareMediaRepository,
  type FareMediumRow,
  fareMediumOf,
  paymentMethodLabel,
} from "../repositories/fare-media.ts";
import type { KeysetCursor } from "../repositories/keyset-cursor.ts";
import { createPassRepository, passSummaryOf } from "../repositories/passes.ts";
import { createPaymentMethodRepository, type PaymentMethodRow } from "../repositories/payment-methods.ts";
import {
  createSubscriptionRepository,
  type ProductRow,
  type SubscriptionRow,
} from "../repositories/subscriptions.ts";
import { createTapRepository } from "../repositories/taps.ts";
import { replaceCard } from "./card-replacement.ts";
import type { LedgerService } from "./ledger.ts";
import { renewsAtFor } from "./subscription-dates.ts";
import { routeName } from "./taps.ts";
import { inTransaction } from "./transaction.ts";

/** Link attempts: per rider and per card number, in one window. */
export interface LinkBudget {
  perRider: number;
  perNumber: number;
  windowMs: number;
}
const defaultLinkBudget: LinkBudget = { perRider: 10, perNumber: 5, windowMs: 15 * 60_000 };

export type CardProblem =
  | { problem: "notFound" }
  | { problem: "fareCardUnavailable" }
  | { problem: "cardNotEmpty" }
  /** A load paid through the gateway has not settled: the card's value cannot move yet. */
  | { problem: "loadPending" }
  | { problem: "invalid"; field: string; message: string }
  /** A row the request names (a pass, a payment method) that is not the rider's: 404 on `field`. */
  | { problem: "missing"; field: string; message: string };

export type LinkProblem =
  | { problem: "throttled"; retryAfterSeconds: number }
  | { problem: "cardNoMatch" | "cardMultipleMatches" | "cardAlreadyLinked" | "cardBlocked" };

/**
 * What is wrong with a card's nickname as typed (trimmed), in the envelope's words, or null: empty
 * when one is required, too long, a control character, or a card number in it (never stored nor shown
 * back; the portal checks the same before sending: src/domain/payments/free-text.ts).
 */
export function cardNicknameProblem(trimmed: string, { required }: { required: boolean }): string | null {
  if (trimmed.length === 0) return required ? "Nickname can not be empty." : null;
  if ([...trimmed].length > cardNicknameMaxLength)
    return `Nickname must not exceed ${cardNicknameMaxLength} characters`;
  if (controlCharacter.test(trimmed) || containsCardNumber(trimmed)) return "Nickname is not valid.";
  return null;
}

type Result<Value, Problem> = ({ ok: true } & Value) | ({ ok: false } & Problem);

/** Fare caps' progress for a card (app.fareCaps.progress); none until wired. */
export type CapProgress = (
  tx: Executor,
  card: { id: string; organizationId: string; riderType: string },
  now: Date,
  locale: string,
) => Promise<FareCapProgress[]>;

const usable = (status: PassSummary["status"]) => status === "available" || status === "active";

/** A random card number of the agency's range, spaced as printed ("6000 1234 5678 9012"). */
function randomCardNumber(): string {
  const digits = `6000${String(randomInt(0, 1_000_000)).padStart(6, "0")}${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** Sort: usable passes first (available, active), then the rest; newest first within each. */
function passOrder(a: PassSummary, b: PassSummary): number {
  const rank = (pass: PassSummary) => (usable(pass.status) ? 0 : 1);
  return rank(a) - rank(b) || b.purchased_at.localeCompare(a.purchased_at) || b.id.localeCompare(a.id);
}

/**
 * A page of activity with its routes and passes named in `locale`: a tap's row keeps the route's code beside the
 * name it had in the language of the tap, so the route is named again in the reader's language
 * (issue 34: a Vietnamese page said "Harbor Ferry", not "Phà Cảng"). A route since removed keeps the
 * name it was tapped with.
 */
async function inLanguage(db: Executor, page: ActivityPage, locale: string): Promise<ActivityPage> {
  const codes = [
    ...new Set(
      page.activity.flatMap((row) =>
        typeof row.detail.code === "string" && typeof row.detail.route === "string" ? [row.detail.code] : [],
      ),
    ),
  ];
  // A pass added to the card is named again too ("Đã thêm Vé ngày vào thẻ", not "… Day Pass …").
  const passIds = [
    ...new Set(
      page.activity.flatMap((row) =>
        typeof row.detail.pass_id === "string" && typeof row.detail.pass === "string"
          ? [row.detail.pass_id]
          : [],
      ),
    ),
  ];
  if (codes.length === 0 && passIds.length === 0) return page;
  const routes = codes.length === 0 ? [] : await createTapRepository(db).routesByCodes(codes);
  const names = new Map(routes.map((route) => [route.code, routeName(route, locale)]));
  const passNames = await createPassRepository(db).names(passIds, locale);
  return {
    ...page,
    activity: page.activity.map((row) => {
      const name = typeof row.detail.code === "string" ? names.get(row.detail.code) : undefined;
      const pass = typeof row.detail.pass_id === "string" ? passNames.get(row.detail.pass_id) : undefined;
      if (name === undefined && pass === undefined) return row;
      return {
        ...row,
        detail: {
          ...row.detail,
          ...(name !== undefined && row.detail.route !== undefined ? { route: name } : {}),
          ...(pass !== undefined && row.detail.pass !== undefined ? { pass } : {}),
        },
      };
    }),
  };
}

function riderCategory(riderType: string): string {
  return riderType.charAt(0) + riderType.slice(1).toLowerCase();
}

/**
 * Fare cards as riders see them: the card's row with its general funds and commuter benefits, each
 * the balance of its ledger account in the deployment's currency, and what a rider does with them
 * (link, rename, block, unlink, remove, auto-renewals). Every change writes its activity row in the
 * same transaction.
 */
export function createFareMediaService(options: {
  db: Database;
  ledger: LedgerService;
  currency: () => string;
  clock?: Clock;
  organizationId?: () => string;
  linkBudget?: LinkBudget;
  capProgress?: CapProgress;
}) {
  const { db, ledger } = options;
  const cards = createFareMediaRepository(db);
  const now = () => options.clock?.now() ?? new Date();
  const linkBudget = options.linkBudget ?? defaultLinkBudget;
  let linkAttempts = 0;

  /** The cards with their balances, read in one query. */
  const withBalances = async (tx: Executor, rows: FareMediumRow[]): Promise<FareMedium[]> => {
    const accounts: LedgerAccount[] = rows.flatMap((row) => [
      ledgerAccounts.fareCard(row.id, "general"),
      ledgerAccounts.fareCard(row.id, "commuter"),
    ]);
    const balances = await ledger.balances(tx, accounts, options.currency());
    const of = (row: FareMediumRow, purse: "general" | "commuter") =>
      balances.get(ledgerAccounts.fareCard(row.id, purse))?.amount ?? 0;
    return rows.map((row) =>
      fareMediumOf(row, { general: of(row, "general"), commuter: of(row, "commuter") }),
    );
  };

  async function autoRenewsOf(tx: Executor, row: FareMediumRow, locale: string): Promise<AutoRenew[]> {
    if (!row.userId) return [];
    const rows = await createSubscriptionRepository(tx).activeOnCard(row.id, row.userId);
    return rows.map(({ subscription, product, method }) =>
      autoRenewOf(subscription, product, method, locale),
    );
  }

  async function autoloadOf(tx: Executor, cardId: string): Promise<Autoload | null> {
    const found = await createAutoloadRepository(tx).liveWithMethod({ cardId });
    if (!found) return null;
    const { autoload, method } = found;
    return {
      id: autoload.id,
      amount: Number(autoload.amount),
      currency: autoload.currency,
      trigger: autoload.trigger,
      threshold: autoload.threshold === null ? null : Number(autoload.threshold),
      weekday: autoload.weekday,
      month_day: autoload.monthDay,
      payment_method: method ? { id: method.id, label: paymentMethodLabel(method) } : null,
      status: autoload.status,
      paused_reason: autoload.pausedReason,
      next_run_at: autoload.nextRunAt?.toISOString() ?? null,
      last_run_at: autoload.lastRunAt?.toISOString() ?? null,
    };
  }

  /** Everything the card's page shows, read in `tx`. */
  async function detailOf(tx: Executor, row: FareMediumRow, locale: string): Promise<FareCardDetail> {
    const at = now();
    const currency = options.currency();
    const balance = await balanceOf(tx, row.id, currency);
    const medium = fareMediumOf(row, balance);
    const passes = (await createPassRepository(tx).onCard(row.id))
      .map((record) => passSummaryOf(record, locale, at))
      .sort(passOrder);
    const others = row.userId
      ? (await createFareMediaRepository(tx).listForUser(row.userId)).filter((card) => card.id !== row.id)
      : [];
    const fareCaps = options.capProgress ? await options.capProgress(tx, row, at, locale) : [];
    const sellable = canBuyFor(row);
    const empty = medium.stored_value === 0 && !passes.some((pass) => usable(pass.status));
    // Rides may use a load before it settles: what is left of the pending loads is at most what the
    // card holds, and the rest is settled (never below zero).
    const pending = Math.min(balance.pending, Math.max(0, balance.general));
    const settled = balance.general - pending;
    return {
      ...medium,
      balance_detail: {
        general_funds: balance.general,
        commuter_benefits: balance.commuter,
        pending,
        settled,
        as_of: at.toISOString(),
      },
      passes,
      auto_renew: await autoRenewsOf(tx, row, locale),
      fare_caps: fareCaps,
      autoload: await autoloadOf(tx, row.id),
      can: {
        transfer:
          (row.status === "ACTIVE" || row.status === "BLOCKED") &&
          settled > 0 &&
          others.some((card) => card.status === "ACTIVE"),
        block: row.status === "ACTIVE",
        unblock: row.status === "BLOCKED" && row.blockedAt !== null && row.replacedBy === null,
        replace:
          (row.status === "ACTIVE" || (row.status === "BLOCKED" && row.blockedAt !== null)) &&
          row.replacedBy === null,
        unlink: row.type === "PHYSICAL",
        remove: empty,
        load: sellable,
        autoload: sellable,
      },
      linked_at: row.linkedAt?.toISOString() ?? null,
    };
  }

  async function guestDetailOf(tx: Executor, row: FareMediumRow, locale: string): Promise<GuestCard> {
    const {
      auto_renew: _renew,
      autoload: _autoload,
      linked_at: _linked,
      can,
      ...rest
    } = await detailOf(tx, row, locale);
    return { ...rest, can: { load: can.load, block: row.status === "ACTIVE" && row.userId === null } };
  }

  /** Links the matched card to the rider, the card locked: nobody's yet, and active. */
  function linkMatched(
    userId: string,
    cardId: string,
    nickname: string | undefined,
    locale: string,
  ): Promise<Result<{ card: FareCardDetail }, LinkProblem>> {
    return inTransaction(db, async ({ tx }) => {
      const repository = createFareMediaRepository(tx);
      const card = await repository.lock(cardId);
      if (!card || card.removedAt) return { ok: false, problem: "cardNoMatch" };
      if (card.userId !== null) return { ok: false, problem: "cardAlreadyLinked" };
      if (card.status !== "ACTIVE") return { ok: false, problem: "cardBlocked" };
      const name = nickname?.trim().slice(0, cardNicknameMaxLength) || card.nickname;
      const updated = await repository.change(card.id, { userId, linkedAt: now(), nickname: name });
      await createPassRepository(tx).assignCardPasses(card.id, userId);
      await activity(tx, card, "linked");
      return { ok: true, card: await detailOf(tx, updated ?? card, locale) };
    });
  }

  /** The rider's live card locked in `tx`, then `body`; notFound when it is not theirs. */
  async function withCard<Value>(
    userId: string,
    id: string,
    body: (tx: Executor, card: FareMediumRow) => Promise<Result<Value, CardProblem>>,
  ): Promise<Result<Value, CardProblem>> {
    return inTransaction(db, async ({ tx }) => {
      const card = await createFareMediaRepository(tx).lockForUser(userId, id);
      if (!card) return { ok: false, problem: "notFound" };
      return body(tx, card);
    });
  }

  const activity = (
    tx: Executor,
    card: FareMediumRow,
    kind: "blocked" | "unblocked" | "linked" | "unlinked",
  ) =>
    createCardActivityRepository(tx).record({
      fareMediumId: card.id,
      kind,
      occurredAt: now(),
      currency: options.currency(),
      detail: {},
    });

  /** Stops what would charge for a card the rider no longer holds: its autoload and its auto-renewals. */
  async function stopRecurring(tx: Executor, cardId: string): Promise<void> {
    const at = now();
    await createAutoloadRepository(tx).stopLive(cardId, at);
    await createSubscriptionRepository(tx).cancelAllOnCard(cardId, at);
  }

  const numberKey = (digits: string) => createHash("sha256").update(`card-number:${digits}`).digest("hex");

  return {
    async listForUser(userId: string): Promise<FareMedium[]> {
      return withBalances(db, await cards.listForUser(userId));
    },
    /** One of the rider's own live cards; null for anyone else's (or none). */
    async findForUser(userId: string, id: string): Promise<FareMedium | null> {
      const row = await cards.findForUser(userId, id);
      return row ? ((await withBalances(db, [row]))[0] ?? null) : null;
    },

    async detail(userId: string, id: string, locale: string): Promise<FareCardDetail | null> {
      const row = await cards.findForUser(userId, id);
      return row ? detailOf(db, row, locale) : null;
    },

    /** What a guest holding a token for the card sees; null once the card is gone. */
    /**
     * A guest blocks a lost or stolen card that nobody's account holds (issue 35), the card locked;
     * blocking twice answers the card as it is.
     */
    async guestBlock(
      cardId: string,
      locale: string,
    ): Promise<Result<{ card: GuestCard }, { problem: "notFound" } | { problem: "fareCardUnavailable" }>> {
      return inTransaction(db, async ({ tx }) => {
        const card = await createFareMediaRepository(tx).lock(cardId);
        if (!card || card.removedAt) return { ok: false, problem: "notFound" };
        if (card.status === "BLOCKED" && card.blockedAt !== null && card.userId === null) {
          return { ok: true, card: await guestDetailOf(tx, card, locale) };
        }
        if (card.status !== "ACTIVE" || card.userId !== null)
          return { ok: false, problem: "fareCardUnavailable" };
        const updated = await createFareMediaRepository(tx).change(card.id, {
          status: "BLOCKED",
          blockedAt: now(),
        });
        await activity(tx, card, "blocked");
        return { ok: true, card: await guestDetailOf(tx, updated ?? card, locale) };
      });
    },

    async guestDetail(cardId: string, locale: string): Promise<GuestCard | null> {
      const row = await cards.find(cardId);
      return row ? guestDetailOf(db, row, locale) : null;
    },

    async activity(
      userId: string,
      id: string,
      limit: number,
      cursor: KeysetCursor | null,
      locale = "en",
    ): Promise<ActivityPage | null> {
      const row = await cards.findForUser(userId, id);
      return row ? inLanguage(db, await activityPage(db, row.id, limit, cursor), locale) : null;
    },

    async guestActivity(
      cardId: string,
      limit: number,
      cursor: KeysetCursor | null,
      locale = "en",
    ): Promise<ActivityPage | null> {
      const row = await cards.find(cardId);
      return row ? inLanguage(db, await activityPage(db, row.id, limit, cursor), locale) : null;
    },

    async rename(
      userId: string,
      id: string,
      nickname: string,
      locale: string,
    ): Promise<Result<{ card: FareCardDetail }, CardProblem>> {
      const trimmed = nickname.trim();
      return withCard<{ card: FareCardDetail }>(userId, id, async (tx, card) => {
        const message = cardNicknameProblem(trimmed, { required: true });
        if (message !== null) return { ok: false, problem: "invalid", field: "nickname", message };
        const updated = await createFareMediaRepository(tx).change(card.id, { nickname: trimmed });
        return { ok: true, card: await detailOf(tx, updated ?? card, locale) };
      });
    },

    /**
     * Links a card by its number and security code. The attempt is counted before anything is
     * checked (per rider and per number); a wrong pair costs one hash check whether the number
     * exists or not.
     */
    async link(
      userId: string,
      request: LinkCardRequest,
      locale: string,
    ): Promise<Result<{ card: FareCardDetail }, LinkProblem>> {
      const at = now();
      const digits = normaliseCardNumber(request.card_number);
      const budgets = createAttemptBudgetRepository(db);
      // Spent windows would start over anyway: drop them now and then so the table stays small.
      if (++linkAttempts % 100 === 0)
        await budgets.prune("cardlink/", new Date(at.getTime() - linkBudget.windowMs));
      const riderCount = await budgets.take(`cardlink/rider/${userId}`, at, linkBudget.windowMs);
      const numberCount = await budgets.take(
        `cardlink/number/${numberKey(digits ?? request.card_number)}`,
        at,
        linkBudget.windowMs,
      );
      if (riderCount > linkBudget.perRider || numberCount > linkBudget.perNumber) {
        return { ok: false, problem: "throttled", retryAfterSeconds: Math.ceil(linkBudget.windowMs / 1000) };
      }
      const candidates = digits ? await cards.findByDigits(digits) : [];
      const code = request.security_code.slice(0, 100);
      const matches: FareMediumRow[] = [];
      if (candidates.length === 0) await verifySecret(code, await decoyHash());
      for (const candidate of candidates) {
        if (await verifySecret(code, candidate.securityCodeHash)) matches.push(candidate);
      }
      if (matches.length === 0) return { ok: false, problem: "cardNoMatch" };
      if (matches.length > 1) return { ok: false, problem: "cardMultipleMatches" };
      const matched = matches[0];
      if (!matched) return { ok: false, problem: "cardNoMatch" };
      return linkMatched(userId, matched.id, request.nickname ?? undefined, locale);
    },

    /**
     * A guest's card (its card token proved the number and security code) added to the signed-in
     * rider's account (issue 35), with the refusals of linking by number.
     */
    claim(
      userId: string,
      cardId: string,
      nickname: string | undefined,
      locale: string,
    ): Promise<Result<{ card: FareCardDetail }, LinkProblem>> {
      return linkMatched(userId, cardId, nickname, locale);
    },

    async unlink(userId: string, id: string): Promise<Result<object, CardProblem>> {
      return withCard<object>(userId, id, async (tx, card) => {
        if (card.type !== "PHYSICAL") return { ok: false, problem: "fareCardUnavailable" };
        await stopRecurring(tx, card.id);
        await createFareMediaRepository(tx).change(card.id, { userId: null, linkedAt: null });
        await createPassRepository(tx).assignCardPasses(card.id, null);
        await activity(tx, card, "unlinked");
        return { ok: true };
      });
    },

    async remove(userId: string, id: string): Promise<Result<object, CardProblem>> {
      return withCard<object>(userId, id, async (tx, card) => {
        const balance = await balanceOf(tx, card.id, options.currency());
        const at = now();
        const passes = (await createPassRepository(tx).onCard(card.id)).map((record) =>
          passSummaryOf(record, "en", at),
        );
        if (balance.general + balance.commuter > 0 || passes.some((pass) => usable(pass.status))) {
          return { ok: false, problem: "cardNotEmpty" };
        }
        await stopRecurring(tx, card.id);
        await createFareMediaRepository(tx).change(card.id, { removedAt: at });
        return { ok: true };
      });
    },

    async block(
      userId: string,
      id: string,
      locale: string,
    ): Promise<Result<{ card: FareCardDetail }, CardProblem>> {
      return withCard<{ card: FareCardDetail }>(userId, id, async (tx, card) => {
        if (card.status === "BLOCKED" && card.blockedAt !== null) {
          return { ok: true, card: await detailOf(tx, card, locale) };
        }
        if (card.status !== "ACTIVE") return { ok: false, problem: "fareCardUnavailable" };
        const updated = await createFareMediaRepository(tx).change(card.id, {
          status: "BLOCKED",
          blockedAt: now(),
        });
        await activity(tx, card, "blocked");
        return { ok: true, card: await detailOf(tx, updated ?? card, locale) };
      });
    },

    async unblock(
      userId: string,
      id: string,
      locale: string,
    ): Promise<Result<{ card: FareCardDetail }, CardProblem>> {
      return withCard<{ card: FareCardDetail }>(userId, id, async (tx, card) => {
        if (card.status === "ACTIVE") return { ok: true, card: await detailOf(tx, card, locale) };
        // A card replaced after its loss stays blocked for good: its value lives on the replacement.
        if (card.status !== "BLOCKED" || card.blockedAt === null || card.replacedBy !== null)
          return { ok: false, problem: "fareCardUnavailable" };
        const updated = await createFareMediaRepository(tx).change(card.id, {
          status: "ACTIVE",
          blockedAt: null,
        });
        await activity(tx, card, "unblocked");
        return { ok: true, card: await detailOf(tx, updated ?? card, locale) };
      });
    },

    /**
     * Reports the card lost or stolen and issues a digital replacement with everything it held
     * (card-replacement.ts); the replacement's page. Asking again answers the same replacement.
     */
    async replace(
      userId: string,
      id: string,
      locale: string,
    ): Promise<Result<{ card: FareCardDetail; replaced: FareCardDetail }, CardProblem>> {
      return withCard<{ card: FareCardDetail; replaced: FareCardDetail }>(userId, id, async (tx, card) => {
        const done = await replaceCard(
          tx,
          {
            ledger,
            currency: options.currency(),
            now: now(),
            securityCodeHash: () => hashSecret(String(randomInt(0, 1000)).padStart(3, "0")),
            freshNumber: async (executor) => {
              const repository = createFareMediaRepository(executor);
              for (let attempt = 0; attempt < 20; attempt++) {
                const number = randomCardNumber();
                if (!(await repository.numberTaken(number.replace(/\D/g, "")))) return number;
              }
              throw new Error("no free card number found");
            },
          },
          card,
        );
        if (!done.ok) return done;
        const [replaced] = await createFareMediaRepository(tx).byIds([card.id]);
        return {
          ok: true,
          card: await detailOf(tx, done.replacement, locale),
          replaced: await detailOf(tx, replaced ?? card, locale),
        };
      });
    },

    async enableAutoRenew(
      userId: string,
      id: string,
      request: { pass: string; payment_method: string },
      locale: string,
    ): Promise<Result<{ autoRenew: AutoRenew }, CardProblem>> {
      return withCard<{ autoRenew: AutoRenew }>(userId, id, async (tx, card) => {
        // A card the rider blocked (or the agency stopped) renews nothing.
        if (card.status !== "ACTIVE") return { ok: false, problem: "fareCardUnavailable" };
        const pass = await createPassRepository(tx).lockForUser(userId, request.pass);
        if (!pass || pass.fareMediumId !== card.id) {
          return { ok: false, problem: "missing", field: "pass", message: "Pass details not found." };
        }
        const subscriptionRepository = createSubscriptionRepository(tx);
        const product = await subscriptionRepository.product(pass.productId);
        if (!product?.subscriptionAllowed) {
          return {
            ok: false,
            problem: "invalid",
            field: "pass",
            message: "This pass cannot renew automatically.",
          };
        }
        const method = await createPaymentMethodRepository(tx).findLive(userId, request.payment_method);
        if (!method) {
          return {
            ok: false,
            problem: "missing",
            field: "payment_method",
            message: "Payment method not found.",
          };
        }
        const at = now();
        const renewsAt = renewsAtFor(pass, at);
        const existing = await subscriptionRepository.lockActiveForProduct(card.id, product.uuid);
        const subscription = existing
          ? await subscriptionRepository.changeRenewal(existing.id, {
              paymentMethodId: method.id,
              renewsAt: existing.renewsAt ?? renewsAt,
            })
          : await subscriptionRepository.add({
              id: randomUUID(),
              userId,
              fareMediumId: card.id,
              productId: product.uuid,
              orderId: pass.orderId,
              price: product.listPrice,
              currency: options.currency(),
              status: "active",
              paymentMethodId: method.id,
              renewsAt,
              createdAt: at,
            });
        if (!subscription) throw new Error("subscription write returned nothing");
        return { ok: true, autoRenew: autoRenewOf(subscription, product, method, locale) };
      });
    },

    async cancelAutoRenew(
      userId: string,
      id: string,
      autoRenewId: string,
    ): Promise<Result<object, CardProblem>> {
      return withCard<object>(userId, id, async (tx, card) => {
        const cancelled = await createSubscriptionRepository(tx).cancelOnCard(
          autoRenewId,
          userId,
          card.id,
          now(),
        );
        return cancelled ? { ok: true } : { ok: false, problem: "notFound" };
      });
    },

    /**
     * Development and end-to-end tests only (POST /dev/transit/fare_media): a new unlinked card with a
     * random unused number starting 6000, a random 3-digit code, and `balance` in general funds.
     */
    async issueUnlinked(input: {
      riderType: string;
      type: "PHYSICAL" | "VIRTUAL";
      balance: number;
    }): Promise<{ id: string; card_number: string; security_code: string }> {
      const securityCode = String(randomInt(0, 1000)).padStart(3, "0");
      const securityCodeHash = await hashSecret(securityCode);
      const organizationId = options.organizationId?.();
      if (!organizationId) throw new Error("issueUnlinked needs the organization id");
      for (let attempt = 0; ; attempt++) {
        const cardNumber = randomCardNumber();
        const digits = cardNumber.replace(/\D/g, "");
        const id = randomUUID();
        const issued = await inTransaction(db, async ({ tx }) => {
          const repository = createFareMediaRepository(tx);
          if (await repository.numberTaken(digits)) return false;
          const at = now();
          await repository.add({
            id,
            userId: null,
            organizationId,
            nickname: `Card ${digits.slice(-4)}`,
            printedCardNumber: cardNumber,
            securityCodeHash,
            expiresOn: `${at.getUTCFullYear() + 4}-12-31`,
            category: riderCategory(input.riderType),
            type: input.type,
            status: "ACTIVE",
            riderType: input.riderType,
          });
          if (input.balance > 0) {
            const currency = options.currency();
            await ledger.post(tx, {
              reference: `opening:${id}`,
              entries: [
                { account: ledgerAccounts.fareCard(id, "general"), amount: money(input.balance, currency) },
                { account: ledgerAccounts.opening, amount: money(-input.balance, currency) },
              ],
            });
          }
          return true;
        });
        if (issued) return { id, card_number: cardNumber, security_code: securityCode };
        if (attempt > 20) throw new Error("no free card number found");
      }
    },
  };
}

function autoRenewOf(
  subscription: SubscriptionRow,
  product: ProductRow | null,
  method: PaymentMethodRow | null,
  locale: string,
): AutoRenew {
  const translated = product?.translations[locale]?.name;
  return {
    id: subscription.id,
    product: subscription.productId,
    name: translated && translated.length > 0 ? translated : (product?.name ?? ""),
    price: Number(subscription.price),
    currency: subscription.currency,
    payment_method:
      method && method.removedAt === null ? { id: method.id, label: paymentMethodLabel(method) } : null,
    renews_at: subscription.renewsAt?.toISOString() ?? null,
    status: subscription.status,
  };
}

export type FareMediaService = ReturnType<typeof createFareMediaService>;
