import type { Database } from "../db/client.ts";
import { type Clock, systemClock } from "../domain/clock.ts";
import type { Outbox } from "../gateways/outbox.ts";
import { composeEmail } from "../mail/templates.ts";
import { createAccountRepository } from "../repositories/accounts.ts";
import { createInviteRepository, type Invite } from "../repositories/invites.ts";
import { publicLink } from "./links.ts";
import { inTransaction, isUniqueViolation } from "./transaction.ts";

export interface InviteServiceOptions {
  db: Database;
  outbox: Outbox;
  publicUrl: string | null;
  /** Decides expiries and budget windows; the system clock unless given. */
  clock?: Clock;
}

export interface InviteInput {
  email: string;
  firstName: string;
  lastName: string;
  locale: string;
  invitedBy: string;
}

/** Invites by an agency operator: the invite and its mail commit together or not at all. */
export function createInviteService(options: InviteServiceOptions) {
  const { db, outbox } = options;
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();

  return {
    async invite(input: InviteInput): Promise<{ result: "hasAccount" } | { result: "ok"; invite: Invite }> {
      return inTransaction(db, async (work) => {
        if (await createAccountRepository(work.tx).findByEmail(input.email)) return { result: "hasAccount" };
        const { token, invite } = await createInviteRepository(work.tx).issue(input, now());
        const { subject, body } = composeEmail(
          "invite",
          invite.locale,
          publicLink(options.publicUrl, `/invite/${token}`),
          invite.firstName || invite.email,
        );
        const stored = await outbox.write(work.tx, {
          channel: "email",
          recipient: invite.email,
          subject,
          body,
        });
        work.afterCommit(() => outbox.dispatch(stored));
        return { result: "ok", invite };
      });
    },

    /** Accepts an invite once; null when it is not open any more or the email got an account meanwhile. */
    async accept(token: string, account: { passwordHash: string; firstName: string; lastName: string }) {
      try {
        return await createInviteRepository(db).accept(token, account, now());
      } catch (error) {
        // A sign-up with the same email committed between the check and the insert.
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },
  };
}

export type InviteService = ReturnType<typeof createInviteService>;
