import { and, eq, gt, inArray, isNull, lte } from "drizzle-orm";
import {
  type AlertSettings,
  type AlertSettingsInput,
  defaultAlerts,
  passEndingLimits,
  renewalNoticeDays,
} from "../../src/domain/alerts.ts";
import { formatMoney } from "../../src/domain/money.ts";
import {
  alertDeliveries,
  alertSettings,
  fareMedia,
  passes,
  products,
  subscriptions,
  users,
} from "../db/schema.ts";
import { agencyTimeZone } from "../domain/agency-time.ts";
import type { Outbox, OutgoingMessage } from "../gateways/outbox.ts";
import {
  composeLowBalance,
  composePassEnding,
  composeRenewalSoon,
  composeSecurityChange,
  type SecurityChange,
} from "../mail/alerts.ts";
import { createAccountRepository, type Executor, type User } from "../repositories/accounts.ts";
import { publicLink } from "./links.ts";
import { inTransaction, type UnitOfWork } from "./transaction.ts";

const day = 24 * 3600_000;

/** A day as the rider's language writes it, on the agency's calendar ("Dec 10, 2026"). */
const dayText = (instant: Date, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: agencyTimeZone }).format(instant);

/** The phone alerts are texted to: two-factor's, once it is on (its phone was confirmed then). */
const textPhone = (user: Pick<User, "mfaEnrollmentStatus" | "mfaPhone">) =>
  user.mfaEnrollmentStatus === 1 && user.mfaPhone ? user.mfaPhone : null;

/** "•••• 4567": the phone as the rider's settings show it. */
const maskedPhone = (phone: string) => `•••• ${phone.slice(-4)}`;

/**
 * The alerts a rider chose (src/domain/alerts.ts) and the messages they make. Each alert is written to
 * the outbox in the transaction of what caused it (the tap, the change), so it is sent once, whatever
 * instance did the work, and never for work that rolled back.
 */
export function createAlertService(options: { db: Executor; outbox: Outbox; publicUrl: string | null }) {
  const { db, outbox } = options;

  async function stored(executor: Executor, userId: string): Promise<AlertSettingsInput> {
    const [row] = await executor.select().from(alertSettings).where(eq(alertSettings.userId, userId));
    if (!row) return defaultAlerts;
    return {
      low_balance: { enabled: row.lowBalance, below: Number(row.lowBalanceBelow) },
      pass_ending: { enabled: row.passEnding, days: row.passEndingDays },
      renewal_soon: { enabled: row.renewalSoon },
      autoload_paused: { enabled: row.autoloadPaused },
    };
  }

  /** Writes the email, and the text when the rider has a two-factor phone, in the work's transaction. */
  async function send(
    work: UnitOfWork,
    user: User,
    message: { subject: string; body: string; text: string },
  ): Promise<void> {
    const messages: OutgoingMessage[] = [
      { channel: "email", recipient: user.email, subject: message.subject, body: message.body },
    ];
    const phone = textPhone(user);
    if (phone) messages.push({ channel: "sms", recipient: phone, body: message.text });
    for (const outgoing of messages) {
      const written = await outbox.write(work.tx, outgoing);
      work.afterCommit(() => outbox.dispatch(written));
    }
  }

  return {
    async settings(user: User): Promise<AlertSettings> {
      const phone = textPhone(user);
      return {
        ...(await stored(db, user.id)),
        channels: { email: user.email, text: phone ? maskedPhone(phone) : null },
      };
    },

    async save(user: User, input: AlertSettingsInput, now: Date): Promise<AlertSettings> {
      const values = {
        lowBalance: input.low_balance.enabled,
        lowBalanceBelow: input.low_balance.below,
        passEnding: input.pass_ending.enabled,
        passEndingDays: input.pass_ending.days,
        renewalSoon: input.renewal_soon.enabled,
        autoloadPaused: input.autoload_paused.enabled,
        updatedAt: now,
      };
      await db
        .insert(alertSettings)
        .values({ userId: user.id, ...values })
        .onConflictDoUpdate({ target: alertSettings.userId, set: values });
      return this.settings(user);
    },

    /** Whether the rider wants to hear that an autoload paused. */
    async wantsAutoloadPaused(userId: string): Promise<boolean> {
      return (await stored(db, userId)).autoload_paused.enabled;
    },

    /**
     * Told by a fare that took a card's stored value from `before` to `after` (minor units), in the
     * fare's transaction: a rider who wants it hears once, when the balance goes under the amount.
     */
    async valueOut(
      work: UnitOfWork,
      event: { userId: string | null; card: { id: string; nickname: string }; before: number; after: number },
      currency: string,
    ): Promise<void> {
      if (event.userId === null) return;
      const chosen = (await stored(work.tx, event.userId)).low_balance;
      if (!chosen.enabled || event.before < chosen.below || event.after >= chosen.below) return;
      const user = await createAccountRepository(work.tx).findById(event.userId);
      if (!user || user.deactivatedAt) return;
      const money = (amount: number) => formatMoney(amount, { currency, locale: user.locale });
      await send(
        work,
        user,
        composeLowBalance(
          user.locale,
          user.firstName,
          event.card.nickname,
          money(event.after),
          money(chosen.below),
          publicLink(options.publicUrl, `/faremedia/${event.card.id}`),
        ),
      );
    },

    /**
     * The maintenance pass's alerts: passes ending within each rider's days (not one an active
     * auto-renewal of the same product on the same card replaces) and auto-renewals charging within
     * `renewalNoticeDays`. Each is claimed by its key in the transaction that writes its messages, so
     * it goes once whichever instance swept. How many were sent.
     */
    async sweep(now: Date): Promise<{ alerts: number }> {
      const horizon = new Date(now.getTime() + passEndingLimits.max * day);
      const ending = await db
        .select({ pass: passes, user: users, settings: alertSettings, card: fareMedia.nickname })
        .from(passes)
        .innerJoin(users, eq(users.id, passes.userId))
        .leftJoin(alertSettings, eq(alertSettings.userId, users.id))
        .leftJoin(fareMedia, eq(fareMedia.id, passes.fareMediumId))
        .where(
          and(
            inArray(passes.status, ["available", "active"]),
            gt(passes.expiresAt, now),
            lte(passes.expiresAt, horizon),
            isNull(users.deactivatedAt),
          ),
        );
      const renewing = await db
        .select({
          subscription: subscriptions,
          user: users,
          settings: alertSettings,
          card: fareMedia.nickname,
          product: products.name,
        })
        .from(subscriptions)
        .innerJoin(users, eq(users.id, subscriptions.userId))
        .innerJoin(fareMedia, eq(fareMedia.id, subscriptions.fareMediumId))
        .leftJoin(alertSettings, eq(alertSettings.userId, users.id))
        .leftJoin(products, eq(products.uuid, subscriptions.productId))
        .where(
          and(
            eq(subscriptions.status, "active"),
            gt(subscriptions.renewsAt, now),
            lte(subscriptions.renewsAt, new Date(now.getTime() + renewalNoticeDays * day)),
            isNull(users.deactivatedAt),
          ),
        );
      // Only the ending passes' cards' renewals, not every active subscription, every pass.
      const endingCards = [
        ...new Set(ending.flatMap(({ pass }) => (pass.fareMediumId ? [pass.fareMediumId] : []))),
      ];
      const renewed = new Set(
        endingCards.length === 0
          ? []
          : (
              await db
                .select({ card: subscriptions.fareMediumId, product: subscriptions.productId })
                .from(subscriptions)
                .where(
                  and(eq(subscriptions.status, "active"), inArray(subscriptions.fareMediumId, endingCards)),
                )
            ).map((row) => `${row.card}/${row.product}`),
      );
      // Alerts already sent are skipped with one read, not a transaction each, every pass.
      const candidateKeys = [
        ...ending.flatMap(({ pass }) =>
          pass.expiresAt ? [`pass_ending:${pass.id}:${pass.expiresAt.toISOString()}`] : [],
        ),
        ...renewing.flatMap(({ subscription }) =>
          subscription.renewsAt
            ? [`renewal_soon:${subscription.id}:${subscription.renewsAt.toISOString()}`]
            : [],
        ),
      ];
      const alreadySent = new Set(
        candidateKeys.length === 0
          ? []
          : (
              await db
                .select({ key: alertDeliveries.key })
                .from(alertDeliveries)
                .where(inArray(alertDeliveries.key, candidateKeys))
            ).map((row) => row.key),
      );
      let sent = 0;
      const claim = async (
        key: string,
        user: User,
        message: { subject: string; body: string; text: string },
      ) => {
        if (alreadySent.has(key)) return;
        const claimed = await inTransaction(db, async (work) => {
          const [row] = await work.tx
            .insert(alertDeliveries)
            .values({ key, userId: user.id, createdAt: now })
            .onConflictDoNothing()
            .returning({ key: alertDeliveries.key });
          if (!row) return false;
          await send(work, user, message);
          return true;
        });
        if (claimed) sent++;
      };
      for (const { pass, user, settings, card } of ending) {
        const chosen = settings
          ? { enabled: settings.passEnding, days: settings.passEndingDays }
          : defaultAlerts.pass_ending;
        if (!pass.expiresAt || !chosen.enabled) continue;
        if (pass.expiresAt.getTime() > now.getTime() + chosen.days * day) continue;
        if (pass.fareMediumId && renewed.has(`${pass.fareMediumId}/${pass.productId}`)) continue;
        await claim(
          `pass_ending:${pass.id}:${pass.expiresAt.toISOString()}`,
          user,
          composePassEnding(
            user.locale,
            user.firstName,
            pass.name,
            card,
            dayText(pass.expiresAt, user.locale),
            publicLink(options.publicUrl, `/account/passhistory/1/${pass.id}`),
          ),
        );
      }
      for (const { subscription, user, settings, card, product } of renewing) {
        const enabled = settings ? settings.renewalSoon : defaultAlerts.renewal_soon.enabled;
        if (!enabled || !subscription.renewsAt || !card) continue;
        await claim(
          `renewal_soon:${subscription.id}:${subscription.renewsAt.toISOString()}`,
          user,
          composeRenewalSoon(
            user.locale,
            user.firstName,
            product ?? "pass",
            card,
            dayText(subscription.renewsAt, user.locale),
            formatMoney(Number(subscription.price), { currency: subscription.currency, locale: user.locale }),
            publicLink(options.publicUrl, `/faremedia/${subscription.fareMediumId}`),
          ),
        );
      }
      return { alerts: sent };
    },

    /** A change to the account's security, always told (it cannot be turned off). */
    async securityChanged(work: UnitOfWork, user: User, change: SecurityChange): Promise<void> {
      await send(
        work,
        user,
        composeSecurityChange(
          user.locale,
          user.firstName,
          change,
          publicLink(options.publicUrl, "/forgotpassword"),
        ),
      );
    },
  };
}

export type AlertService = ReturnType<typeof createAlertService>;
