import { createHash } from "node:crypto";
import { setTimeout as wait } from "node:timers/promises";
import type { IdentityProvider } from "../../src/domain/identity.ts";
import type { ProfileUpdate } from "../../src/domain/session.ts";
import type { Database } from "../db/client.ts";
import { type Clock, systemClock } from "../domain/clock.ts";
import { decoyHash, HashingBusyError, hashSecret, verifySecret } from "../domain/password.ts";
import { type PasswordProblem, passwordProblem } from "../domain/password-policy.ts";
import { newToken } from "../domain/tokens.ts";
import type { VerifiedIdentity } from "../gateways/identity.ts";
import type { Outbox, OutgoingMessage } from "../gateways/outbox.ts";
import type { SecurityChange } from "../mail/alerts.ts";
import { composeEmail } from "../mail/templates.ts";
import {
  createAccountRepository,
  type NewUser,
  nobody,
  normalizeEmail,
  type User,
} from "../repositories/accounts.ts";
import { createAttemptBudgetRepository } from "../repositories/attempt-budgets.ts";
import { publicLink } from "./links.ts";
import {
  clearSignInBudgets,
  createSignInThrottle,
  defaultSignInBudget,
  type SignInBudget,
} from "./sign-in-throttle.ts";
import { inTransaction, isUniqueViolation, type UnitOfWork } from "./transaction.ts";

/** Reset mails one email may get per window, whoever asks (no mail-bombing from many addresses). */
interface ResetBudget {
  perEmail: number;
  windowMs: number;
}

const defaultResetBudget: ResetBudget = { perEmail: 5, windowMs: 60 * 60 * 1000 };

/**
 * The least time a forgot-password answer takes: the work of a known email (a token, a mail) costs a
 * few rows more than an unknown one's, and is hidden below it.
 */
const defaultResetAnswerMs = 50;
const answerDelay = () => wait(defaultResetAnswerMs, undefined, { ref: false });

export interface AccountServiceOptions {
  db: Database;
  outbox: Outbox;
  /** Origin of emailed links (PUBLIC_URL). */
  publicUrl: string | null;
  /** Whether riders must confirm their email before account actions (portal configuration). */
  requireVerifiedEmail: () => boolean;
  signInBudget?: SignInBudget;
  resetBudget?: ResetBudget;
  /** Started with each forgot-password request, awaited before it answers (defaultResetAnswerMs). */
  resetAnswerDelay?: () => Promise<void>;
  /** Decides expiries and budget windows; the system clock unless given. */
  clock?: Clock;
  /** Tells the rider of a change to the account's security, in its transaction (services/alerts.ts). */
  securityChanged?: SecurityAlert;
}

/** Writes the alert of a security change in the change's transaction. */
export type SecurityAlert = (work: UnitOfWork, user: User, change: SecurityChange) => Promise<void>;

export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  mobile: string | null;
  locale: string;
}

type MailKind = Parameters<typeof composeEmail>[0];

export type SignInOutcome =
  | { result: "locked" }
  | { result: "mismatch" }
  | { result: "deactivated" }
  | { result: "ok"; user: User };

export type ProfileOutcome =
  | { result: "blocked" }
  | { result: "reauthenticate" }
  | { result: "emailTaken" }
  | { result: "ok"; user: User };

const digest = (value: string) => createHash("sha256").update(value).digest("hex");

/**
 * The accounts rules. Each change and the mail that reports it commit in one transaction, so a
 * failure anywhere leaves nothing half-written (no account without its confirmation mail, no new
 * password with the old sessions alive). Slow password hashing happens before a transaction opens.
 * Sign-up, sign-in and forgot-password do the same work for known and unknown emails.
 */
export function createAccountService(options: AccountServiceOptions) {
  const { db, outbox } = options;
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  const accounts = createAccountRepository(db);
  const throttle = createSignInThrottle(db, options.signInBudget ?? defaultSignInBudget);
  const resetBudget = options.resetBudget ?? defaultResetBudget;
  let resetRequests = 0;

  const mail = (user: Pick<User, "email" | "locale" | "firstName">, kind: MailKind, path: string) => {
    const { subject, body } = composeEmail(
      kind,
      user.locale,
      publicLink(options.publicUrl, path),
      user.firstName,
    );
    return { channel: "email", recipient: user.email, subject, body } satisfies OutgoingMessage;
  };

  /** The message joins the work's transaction; its delivery starts once that committed. */
  const queue = async (work: UnitOfWork, message: OutgoingMessage) => {
    const stored = await outbox.write(work.tx, message);
    work.afterCommit(() => outbox.dispatch(stored));
  };

  const sendConfirmation = async (work: UnitOfWork, user: User) => {
    const token = await accounts.with(work.tx).issueToken(user.id, "confirm_email", now());
    await queue(work, mail(user, "confirmEmail", `/confirm/${token}`));
  };

  /** The work of requestPasswordReset, without its minimum answer time. */
  const mailResetLink = async (email: string): Promise<void> => {
    const at = now();
    // Ended windows go now and then (by count, so known and unknown emails alike).
    if (++resetRequests % 500 === 0) {
      await createAttemptBudgetRepository(db).prune("reset/", new Date(at.getTime() - resetBudget.windowMs));
    }
    await inTransaction(db, async (work) => {
      const spent = await createAttemptBudgetRepository(work.tx).take(
        `reset/${digest(normalizeEmail(email))}`,
        at,
        resetBudget.windowMs,
      );
      const repo = accounts.with(work.tx);
      const found = await repo.findByEmail(email);
      const user = found && spent <= resetBudget.perEmail ? found : null;
      const token = await repo.issueToken(user?.id ?? nobody, "reset_password", at);
      if (user) await queue(work, mail(user, "resetPassword", `/reset/${token}`));
      else await outbox.write(work.tx, null);
    });
  };

  return {
    /**
     * A new account and its confirmation mail; for an email that has one, a note to its owner instead.
     * The caller hears the same either way, also when parallel sign-ups race for one email (the unique
     * index decides which one inserts; the others mail the owner).
     */
    async signUp(
      input: SignUpInput,
    ): Promise<{ result: "sent" } | { result: "password"; problem: PasswordProblem }> {
      const problem = passwordProblem(input.password, { email: input.email });
      if (problem) return { result: "password", problem };
      const { password, ...rest } = input;
      // Both paths pay for one hash, so a known email answers as slowly as a new one.
      const fields: NewUser = { ...rest, passwordHash: await hashSecret(password) };
      await inTransaction(db, async (work) => {
        const repo = accounts.with(work.tx);
        const created = await repo.createIfNew(fields);
        if (created) return sendConfirmation(work, created);
        const existing = await repo.findByEmail(input.email);
        if (existing) await queue(work, mail(existing, "accountExists", "/forgotpassword"));
      });
      return { result: "sent" };
    },

    /**
     * Checks a password sign-in against the throttle (see sign-in-throttle.ts): a spent budget is
     * "locked" for known and unknown emails alike, before any hashing; otherwise an unknown email is
     * checked against a decoy hash so both cost one scrypt.
     */
    async signIn(email: string, password: string, address: string): Promise<SignInOutcome> {
      if (!(await throttle.take(email, address, now()))) return { result: "locked" };
      const user = await accounts.findByEmail(email);
      let matches: boolean;
      try {
        matches = await verifySecret(password, user?.passwordHash ?? (await decoyHash()));
      } catch (error) {
        // Refused for load (503), not for the password: the attempt was not spent.
        if (error instanceof HashingBusyError) await throttle.notChecked(email, address);
        throw error;
      }
      if (!user || !matches) return { result: "mismatch" };
      await throttle.succeeded(email, address);
      // Only someone who knows the password learns that the account was deactivated.
      if (user.deactivatedAt) return { result: "deactivated" };
      return { result: "ok", user };
    },

    /**
     * The rider behind a provider's verified identity (Apple, Google, Facebook): the rider it is
     * connected to; else the account with that email when the provider verified it (which connects
     * the two; an unverified one never joins an account); else a new account with a random password
     * nobody knows (password_set false; confirmed when the provider verified the email). Null when
     * none may be used (no email, or the account with that email already has another identity of the
     * provider). Parallel first sign-ins of one identity all get the one account and one identity row
     * (the unique indexes decide, no error).
     */
    async riderForIdentity(
      provider: IdentityProvider,
      identity: VerifiedIdentity,
      names: { firstName: string; lastName: string },
    ): Promise<User | null> {
      const known = await accounts.findByIdentity(provider, identity.subject);
      if (known) return known;
      if (!identity.email) return null;
      const byEmail = await accounts.findByEmail(identity.email);
      if (byEmail && !identity.emailVerified) return null;
      const rider =
        byEmail ??
        (await accounts.createIfNew({
          email: identity.email,
          passwordHash: await hashSecret(newToken()),
          ...names,
          mobile: null,
          locale: "en",
          emailConfirmed: identity.emailVerified,
          passwordSet: false,
        })) ??
        (await accounts.findByEmail(identity.email));
      if (!rider) return null;
      await accounts.linkIdentity(
        rider.id,
        { provider, subject: identity.subject, email: identity.email },
        now(),
      );
      return accounts.findByIdentity(provider, identity.subject);
    },

    /**
     * Names, mobile, language and email. Until the email is confirmed only the language may change;
     * email and mobile need the current password; a new email is unconfirmed and gets a link.
     */
    async updateProfile(user: User, update: ProfileUpdate): Promise<ProfileOutcome> {
      const email = normalizeEmail(update.email);
      const emailChanged = email !== user.email;
      const mobileChanged = (update.mobile ?? null) !== user.mobile;
      const namesChanged =
        update.first_name.trim() !== user.firstName || update.last_name.trim() !== user.lastName;
      if (
        (emailChanged || mobileChanged || namesChanged) &&
        options.requireVerifiedEmail() &&
        !user.emailConfirmed
      ) {
        return { result: "blocked" };
      }
      if (emailChanged || mobileChanged) {
        if (!(update.current_password && (await verifySecret(update.current_password, user.passwordHash)))) {
          return { result: "reauthenticate" };
        }
      }
      try {
        return await inTransaction(db, async (work): Promise<ProfileOutcome> => {
          const repo = accounts.with(work.tx);
          if (emailChanged && (await repo.findByEmail(email))) return { result: "emailTaken" };
          const updated = await repo.change(user.id, {
            firstName: update.first_name.trim(),
            lastName: update.last_name.trim(),
            mobile: update.mobile ?? null,
            locale: update.locale.language_code,
            ...(emailChanged ? { email, emailConfirmed: false } : {}),
          });
          if (emailChanged) {
            await sendConfirmation(work, updated);
            // To the address it had: its owner hears of it even when someone else changed it.
            await options.securityChanged?.(work, user, "email");
          }
          return { result: "ok", user: updated };
        });
      } catch (error) {
        // Another rider took the email between the check and the update.
        if (isUniqueViolation(error)) return { result: "emailTaken" };
        throw error;
      }
    },

    /** A new password; every other session ends in the same transaction, this one stays. */
    async changePassword(
      user: User,
      sessionId: string,
      current: string,
      next: string,
    ): Promise<
      { result: "reauthenticate" } | { result: "password"; problem: PasswordProblem } | { result: "ok" }
    > {
      if (!(await verifySecret(current, user.passwordHash))) return { result: "reauthenticate" };
      const problem = passwordProblem(next, { email: user.email });
      if (problem) return { result: "password", problem };
      const passwordHash = await hashSecret(next);
      await inTransaction(db, async (work) => {
        const repo = accounts.with(work.tx);
        await repo.change(user.id, { passwordHash, passwordSet: true });
        await repo.revokeAllSessions(user.id, now(), sessionId);
        await options.securityChanged?.(work, user, "password");
      });
      return { result: "ok" };
    },

    /** Uses a confirmation link: the token and the confirmation commit together. */
    async confirmEmail(token: string): Promise<boolean> {
      return inTransaction(db, async ({ tx }) => {
        const repo = accounts.with(tx);
        const user = await repo.consumeToken(token, "confirm_email", now());
        if (!user) return false;
        await repo.change(user.id, { emailConfirmed: true });
        return true;
      });
    },

    async resendConfirmation(user: User): Promise<void> {
      if (user.emailConfirmed) return;
      await inTransaction(db, (work) => sendConfirmation(work, user));
    },

    /**
     * Mails a reset link to a known email, within the email's reset budget. Known and unknown emails
     * run the same statements in one transaction that writes on both paths (the budget): for an
     * unknown email the token and outbox statements match nothing. What still differs (a few rows)
     * is hidden under a minimum answer time (defaultResetAnswerMs), started before the work.
     */
    async requestPasswordReset(email: string): Promise<void> {
      const floor = (options.resetAnswerDelay ?? answerDelay)();
      try {
        await mailResetLink(email);
      } finally {
        await floor;
      }
    },

    /**
     * Sets a new password with a reset link. The link is used up, the password set, every session
     * ended and the sign-in budgets of the email cleared in one transaction; a password the policy
     * refuses leaves the link usable.
     */
    async resetPassword(
      token: string,
      password: string,
    ): Promise<{ result: "invalid" } | { result: "password"; problem: PasswordProblem } | { result: "ok" }> {
      const anyone = passwordProblem(password);
      if (anyone) return { result: "password", problem: anyone };
      const holder = await accounts.peekToken(token, "reset_password", now());
      if (!holder) return { result: "invalid" };
      const problem = passwordProblem(password, { email: holder.email });
      if (problem) return { result: "password", problem };
      const passwordHash = await hashSecret(password);
      return inTransaction(db, async ({ tx }) => {
        const at = now();
        const repo = accounts.with(tx);
        const user = await repo.consumeToken(token, "reset_password", at);
        if (!user) return { result: "invalid" } as const;
        await repo.change(user.id, { passwordHash, passwordSet: true });
        await repo.revokeAllSessions(user.id, at);
        await clearSignInBudgets(tx, user.email);
        return { result: "ok" } as const;
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
