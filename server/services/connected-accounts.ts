import {
  type ConnectedAccount,
  type ConnectedAccounts,
  type IdentityProvider,
  isIdentityProvider,
  type SocialCredential,
} from "../../src/domain/identity.ts";
import type { Database } from "../db/client.ts";
import type { Clock } from "../domain/clock.ts";
import { createAccountRepository, type User } from "../repositories/accounts.ts";
import type { IdentityVerifier } from "./identities.ts";
import { inTransaction } from "./transaction.ts";

export type LinkOutcome =
  | { result: "invalid" }
  | { result: "taken" }
  | { result: "providerConnected" }
  | { result: "ok"; account: ConnectedAccount };

export type UnlinkOutcome = { result: "notConnected" } | { result: "lastWay" } | { result: "ok" };

const wire = (
  row: { email: string | null; linkedAt: Date },
  provider: IdentityProvider,
): ConnectedAccount => ({
  provider,
  email: row.email,
  linked_at: row.linkedAt.toISOString(),
});

/**
 * Connected accounts: the identities (Apple, Google, Facebook) a signed-in rider may sign in with.
 * A credential is verified exactly as sign-in verifies it, then connected to this rider. Changes run
 * with the rider's row locked, so parallel unlinks cannot remove the last way to sign in together and
 * parallel links of one provider connect one identity.
 */
export function createConnectedAccountService(options: {
  db: Database;
  clock: Clock;
  identities: IdentityVerifier;
}) {
  const { db, clock, identities } = options;
  const accounts = createAccountRepository(db);

  return {
    async list(user: User): Promise<ConnectedAccounts> {
      const rows = await accounts.identitiesOf(user.id);
      return {
        accounts: rows.flatMap((row) => (isIdentityProvider(row.provider) ? [wire(row, row.provider)] : [])),
        password_set: user.passwordSet,
        providers: identities.offered(),
      };
    },

    /**
     * Connects the credential's identity to the rider: refused when it does not verify or the
     * provider is not offered, when the identity is another rider's, or when the rider has another
     * identity of that provider. Connecting the identity the rider already has answers it again.
     */
    async link(user: User, credential: SocialCredential): Promise<LinkOutcome> {
      const identity = await identities.verify(credential);
      if (!identity) return { result: "invalid" };
      const { provider } = credential;
      return inTransaction(db, async ({ tx }): Promise<LinkOutcome> => {
        const repo = accounts.with(tx);
        await repo.lock(user.id);
        const owner = await repo.findByIdentity(provider, identity.subject);
        if (owner && owner.id !== user.id) return { result: "taken" };
        const current = (await repo.identitiesOf(user.id)).find((row) => row.provider === provider);
        if (current && current.subject !== identity.subject) return { result: "providerConnected" };
        if (current) return { result: "ok", account: wire(current, provider) };
        const linked = await repo.linkIdentity(
          user.id,
          { provider, subject: identity.subject, email: identity.email },
          clock.now(),
        );
        // Another rider connected this identity at the same moment (the unique index decided).
        if (!linked) return { result: "taken" };
        const row = (await repo.identitiesOf(user.id)).find((each) => each.provider === provider);
        if (!row) throw new Error("a linked identity was not found");
        return { result: "ok", account: wire(row, provider) };
      });
    },

    /** Disconnects the rider's identity of a provider, unless it is their last way to sign in. */
    async unlink(user: User, provider: IdentityProvider): Promise<UnlinkOutcome> {
      return inTransaction(db, async ({ tx }): Promise<UnlinkOutcome> => {
        const repo = accounts.with(tx);
        await repo.lock(user.id);
        // Read again under the lock: a password reset may have set one since the request began.
        const fresh = await repo.findById(user.id);
        const rows = await repo.identitiesOf(user.id);
        if (!rows.some((row) => row.provider === provider)) return { result: "notConnected" };
        if (!fresh?.passwordSet && rows.length <= 1) return { result: "lastWay" };
        await repo.unlinkIdentity(user.id, provider);
        return { result: "ok" };
      });
    },
  };
}

export type ConnectedAccountService = ReturnType<typeof createConnectedAccountService>;
