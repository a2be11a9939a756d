import { type Money, negate, sum } from "../../src/domain/money.ts";
import type { Database } from "../db/client.ts";
import { type Clock, systemClock } from "../domain/clock.ts";
import { ledgerAccounts } from "../domain/ledger-accounts.ts";
import { createAccountRepository, type Executor } from "../repositories/accounts.ts";
import { createFareMediaRepository, type FareMediumRow } from "../repositories/fare-media.ts";
import type { LedgerService } from "./ledger.ts";
import { inTransaction } from "./transaction.ts";

export type DeactivationOutcome =
  | { result: "selectCard" }
  | { result: "transferFailed" }
  | { result: "ok"; forfeited: number };

export interface DeactivationServiceOptions {
  db: Database;
  ledger: LedgerService;
  /** The deployment's currency (portal configuration currency_code). */
  currency: () => string;
  clock?: Clock;
}

/**
 * Deactivation (spec section 4). What stays behind is the rider's wallet and the general funds on their
 * digital cards (physical cards keep theirs for whoever holds them). The balance is read with the
 * rider's row locked (as every order that pays from the wallet locks it) and then those cards, and
 * decided on in the transaction that deactivates: the forfeit is one ledger posting, the wallet's and
 * each card's general funds to `forfeited`, committed with the deactivation or not at all, and the
 * amount reported is exactly what they held.
 */
export function createDeactivationService(options: DeactivationServiceOptions) {
  const { db, ledger } = options;
  const clock = options.clock ?? systemClock;

  /** The wallet's and each card's general funds, read in the caller's transaction. */
  const leftBehind = async (tx: Executor, userId: string, cards: FareMediumRow[]) => {
    const accounts = [
      ledgerAccounts.wallet(userId),
      ...cards.map((card) => ledgerAccounts.fareCard(card.id, "general")),
    ];
    const balances = await ledger.balances(tx, accounts, options.currency());
    return accounts.flatMap((account) => {
      const balance = balances.get(account);
      return balance && balance.amount !== 0 ? [{ account, balance }] : [];
    });
  };
  const total = (held: Array<{ balance: Money }>) =>
    sum(
      options.currency(),
      held.map(({ balance }) => balance),
    );

  return {
    /** What deactivating the account now would leave behind, in minor units. */
    async digitalBalance(userId: string): Promise<number> {
      const cards = await createFareMediaRepository(db).listForUser(userId);
      const digital = cards.filter((card) => card.type === "VIRTUAL");
      return total(await leftBehind(db, userId, digital)).amount;
    },

    deactivate(
      userId: string,
      action: "transfer" | "forfeit",
      paymentMethod: string | undefined,
    ): Promise<DeactivationOutcome> {
      return inTransaction(db, async ({ tx }) => {
        await createAccountRepository(tx).lock(userId);
        const cards = await createFareMediaRepository(tx).lockDigitalForUser(userId);
        const held = await leftBehind(tx, userId, cards);
        const balance = total(held);
        if (balance.amount > 0 && action === "transfer") {
          // Paying a balance out to a saved method needs a gateway payout, which does not exist yet (the
          // gateway refunds only what it captured), so a transfer cannot succeed; nothing changes.
          return paymentMethod ? { result: "transferFailed" } : { result: "selectCard" };
        }
        if (balance.amount !== 0) {
          await ledger.post(tx, {
            reference: `deactivation:${userId}`,
            entries: [
              ...held.map(({ account, balance: amount }) => ({ account, amount: negate(amount) })),
              { account: ledgerAccounts.forfeited, amount: balance },
            ],
          });
        }
        await createAccountRepository(tx).deactivate(userId, clock.now());
        return { result: "ok", forfeited: balance.amount };
      });
    },
  };
}

export type DeactivationService = ReturnType<typeof createDeactivationService>;
