import { eq } from "drizzle-orm";
import { type AlertSettings, type AlertSettingsInput, defaultAlerts } from "../../src/domain/alerts.ts";
import { formatMoney } from "../../src/domain/money.ts";
import { alertSettings } from "../db/schema.ts";
import type { Outbox, OutgoingMessage } from "../gateways/outbox.ts";
import { composeLowBalance, composeSecurityChange, type SecurityChange } from "../mail/alerts.ts";
import { createAccountRepository, type Executor, type User } from "../repositories/accounts.ts";
import { publicLink } from "./links.ts";
import type { UnitOfWork } from "./transaction.ts";

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
