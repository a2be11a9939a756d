import { MfaStatus } from "../../src/domain/session.ts";
import type { Database } from "../db/client.ts";
import { type Clock, systemClock } from "../domain/clock.ts";
import type { Outbox } from "../gateways/outbox.ts";
import { createAccountRepository, type User } from "../repositories/accounts.ts";
import {
  type CodeCheck,
  createTwoFactorRepository,
  type MfaPurpose,
  mfaResendAfterMs,
} from "../repositories/two-factor.ts";
import type { SecurityAlert } from "./accounts.ts";
import { inTransaction, type UnitOfWork } from "./transaction.ts";

export interface TwoFactorServiceOptions {
  db: Database;
  outbox: Outbox;
  /** The deployment's short name, first in every text. */
  senderName: () => string;
  /** Decides expiries and budget windows; the system clock unless given. */
  clock?: Clock;
  /** Tells the rider two-factor was turned on or off, in the change's transaction (services/alerts.ts). */
  securityChanged?: SecurityAlert;
}

/**
 * Two-factor codes by text message. A code and the text that carries it commit together (a code never
 * exists without its text, nor a text without its code), and a verified code and the change it allows
 * (enrolment, turning it off, the full session) commit together.
 */
export function createTwoFactorService(options: TwoFactorServiceOptions) {
  const { db, outbox } = options;
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  const accounts = createAccountRepository(db);
  const codes = createTwoFactorRepository(db);

  /** Issues a new code for `purpose` (the old one stops working) and writes its text. Never logged. */
  const textCode = async (
    work: UnitOfWork,
    user: User,
    purpose: MfaPurpose,
    phone: string,
    sessionId: string | null,
  ) => {
    const code = await codes.with(work.tx).issue({ userId: user.id, purpose, phone, sessionId, now: now() });
    const stored = await outbox.write(work.tx, {
      channel: "sms",
      recipient: phone,
      body: `${options.senderName()}: your verification code is ${code}. It expires in 10 minutes.`,
    });
    work.afterCommit(() => outbox.dispatch(stored));
  };

  return {
    /**
     * Sends a new code for `purpose`, unless one went out less than 30 seconds ago. The rider's row is
     * locked while deciding, so parallel requests send one text, not one each.
     */
    sendCode(
      user: User,
      purpose: MfaPurpose,
      phone: string,
      sessionId: string | null,
    ): Promise<"sent" | "tooSoon"> {
      return inTransaction(db, async (work) => {
        await accounts.with(work.tx).lock(user.id);
        const last = await codes.with(work.tx).lastSentAt(user.id, purpose);
        if (last !== null && now().getTime() - last.getTime() < mfaResendAfterMs) return "tooSoon";
        await textCode(work, user, purpose, phone, sessionId);
        return "sent";
      });
    },

    /** Right credentials with two-factor on: a pending session and the code texted for it. */
    startSignIn(user: User): Promise<string> {
      return inTransaction(db, async (work) => {
        const pending = await accounts.with(work.tx).startSession(user.id, now(), { mfaPending: true });
        if (user.mfaPhone) await textCode(work, user, "sign_in", user.mfaPhone, pending.sessionId);
        return pending.token;
      });
    },

    /** The code of a pending sign-in: a full session instead of the pending one, or why not. */
    async verifySignIn(
      userId: string,
      sessionId: string,
      code: string,
    ): Promise<{ result: Exclude<CodeCheck, "ok"> } | { result: "ok"; token: string; expiresAt: Date }> {
      const at = now();
      return inTransaction(db, async ({ tx }) => {
        const repo = accounts.with(tx);
        const checked = await codes.with(tx).check({ userId, purpose: "sign_in", code, sessionId, now: at });
        if (checked.result === "exhausted") await repo.revokeSession(sessionId, at);
        if (checked.result !== "ok") return { result: checked.result };
        await repo.revokeSession(sessionId, at);
        const session = await repo.startSession(userId, at);
        return { result: "ok", token: session.token, expiresAt: session.expiresAt };
      });
    },

    /** Turns two-factor on with the number the code went to, or off, when the code is right. */
    async confirmChange(
      user: User,
      purpose: "enrol" | "disable",
      code: string,
    ): Promise<{ result: Exclude<CodeCheck, "ok"> } | { result: "ok"; user: User }> {
      return inTransaction(db, async (work) => {
        const { tx } = work;
        const checked = await codes
          .with(tx)
          .check({ userId: user.id, purpose, code, sessionId: null, now: now() });
        if (checked.result !== "ok") return { result: checked.result };
        if (purpose === "enrol" && !checked.phone) return { result: "none" };
        const updated = await accounts
          .with(tx)
          .change(
            user.id,
            purpose === "enrol"
              ? { mfaEnrollmentStatus: MfaStatus.enrolled, mfaPhone: checked.phone }
              : { mfaEnrollmentStatus: MfaStatus.off, mfaPhone: null },
          );
        // Turned on: to the new phone too; turned off: to the phone it had.
        await options.securityChanged?.(
          work,
          purpose === "enrol" ? updated : user,
          purpose === "enrol" ? "twoFactorOn" : "twoFactorOff",
        );
        return { result: "ok", user: updated };
      });
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
