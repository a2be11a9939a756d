import { randomUUID } from "node:crypto";
import { currencyCode, type Money, minorUnits, money, sum, zero } from "../../src/domain/money.ts";
import { type Clock, systemClock } from "../domain/clock.ts";
import { isLedgerAccount, type LedgerAccount, type LedgerAccountPrefix } from "../domain/ledger-accounts.ts";
import type { Executor } from "../repositories/accounts.ts";
import { createLedgerRepository } from "../repositories/ledger.ts";

export interface LedgerEntry {
  account: LedgerAccount;
  /** Positive adds to the account, negative takes from it. */
  amount: Money;
}

export interface LedgerPosting {
  /** What moved the money: an order number, `deactivation:<user id>`, `opening:<card id>`. */
  reference: string;
  entries: readonly LedgerEntry[];
}

/** A posting the rules refuse before it reaches the database. */
export class LedgerPostingError extends Error {
  override name = "LedgerPostingError";
}

/**
 * The ledger's rules. Money moves only as a posting: a group of entries that sums to zero in every
 * currency, written in the caller's transaction together with the change it pays for. `post` refuses
 * an unbalanced group itself; the database refuses one again at commit (and a rider's account left
 * below zero), whoever wrote it. Balances are read as Money, in the caller's transaction: lock the
 * card (or rider) first when the balance decides what to post.
 */
export function createLedgerService(options: { clock?: Clock } = {}) {
  const clock = options.clock ?? systemClock;
  return {
    /** Writes the posting as one entry group; its id. */
    async post(tx: Executor, posting: LedgerPosting): Promise<string> {
      if (!posting.reference.trim()) throw new LedgerPostingError("A posting needs a reference");
      if (posting.entries.length < 2) throw new LedgerPostingError("A posting needs at least two entries");
      const byCurrency = new Map<string, Money[]>();
      for (const { account, amount } of posting.entries) {
        if (!isLedgerAccount(account)) throw new LedgerPostingError(`Unknown ledger account: ${account}`);
        // Money is made by constructors, but a cast can forge one: check again what goes to the database.
        minorUnits(amount.amount);
        currencyCode(amount.currency);
        if (amount.amount === 0) throw new LedgerPostingError(`A zero entry for ${account}`);
        byCurrency.set(amount.currency, [...(byCurrency.get(amount.currency) ?? []), amount]);
      }
      for (const [currency, amounts] of byCurrency) {
        const total = sum(currency, amounts);
        if (total.amount !== 0) {
          throw new LedgerPostingError(`Posting ${posting.reference} is off by ${total.amount} ${currency}`);
        }
      }
      const entryGroup = randomUUID();
      await createLedgerRepository(tx).insertGroup({
        entryGroup,
        reference: posting.reference,
        createdAt: clock.now(),
        rows: posting.entries.map(({ account, amount }) => ({
          account,
          amount: amount.amount,
          currency: amount.currency,
        })),
      });
      return entryGroup;
    },

    /** The account's balance in `currency`. */
    async balance(tx: Executor, account: LedgerAccount, currency: string): Promise<Money> {
      return money(await createLedgerRepository(tx).balance(account, currency), currency);
    },

    /** When value last left the account in `currency`, or null when it never did. */
    async lastOut(tx: Executor, account: LedgerAccount, currency: string): Promise<Date | null> {
      return createLedgerRepository(tx).lastOut(account, currency);
    },

    /** Each account's balance in `currency` (zero for one without entries), in one query. */
    async balances(
      tx: Executor,
      accounts: readonly LedgerAccount[],
      currency: string,
    ): Promise<Map<LedgerAccount, Money>> {
      const found = new Map<LedgerAccount, Money>(accounts.map((account) => [account, zero(currency)]));
      for (const row of await createLedgerRepository(tx).balances(accounts)) {
        if (row.currency === currency) found.set(row.account as LedgerAccount, money(row.amount, currency));
      }
      return found;
    },

    /** Every account under `prefix` with entries, with its balance in each currency it holds. */
    async balancesByPrefix(
      tx: Executor,
      prefix: LedgerAccountPrefix,
    ): Promise<Array<{ account: LedgerAccount; balance: Money }>> {
      const rows = await createLedgerRepository(tx).balancesByPrefix(prefix);
      return rows.map((row) => ({
        account: row.account as LedgerAccount,
        balance: money(row.amount, row.currency),
      }));
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
