import { and, eq, inArray, like, lt, sql } from "drizzle-orm";
import { ledgerEntries } from "../db/schema.ts";
import type { LedgerAccount, LedgerAccountPrefix } from "../domain/ledger-accounts.ts";
import type { Executor } from "./accounts.ts";

/** One row to write: signed minor units in a currency. */
export interface LedgerRow {
  account: LedgerAccount;
  amount: number;
  currency: string;
}

export interface AccountBalance {
  account: string;
  currency: string;
  /** Signed minor units. */
  amount: number;
}

/** A sum from the database (bigint sums arrive as strings) as a safe integer, or an error. */
function safeInteger(value: string | number | null | undefined): number {
  const number = Number(value ?? 0);
  if (!Number.isSafeInteger(number)) throw new Error(`Ledger sum out of the safe integer range: ${value}`);
  return number;
}

/** `prefix` for LIKE, with LIKE's own wildcards and escape taken literally. */
const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * Ledger rows. Writing a group is one statement; whether it balances is checked by the service before
 * and by the database at commit. Reads sum entries; pass the caller's transaction to see its own
 * writes and to read under the locks it holds.
 */
export function createLedgerRepository(db: Executor) {
  const summed = {
    account: ledgerEntries.account,
    currency: ledgerEntries.currency,
    amount: sql<string>`sum(${ledgerEntries.amount})`,
  };
  const toBalances = (rows: Array<{ account: string; currency: string; amount: string }>): AccountBalance[] =>
    rows.map((row) => ({ account: row.account, currency: row.currency, amount: safeInteger(row.amount) }));

  return {
    with(tx: Executor) {
      return createLedgerRepository(tx);
    },

    async insertGroup(group: {
      entryGroup: string;
      reference: string;
      createdAt: Date;
      rows: readonly LedgerRow[];
    }): Promise<void> {
      await db.insert(ledgerEntries).values(
        group.rows.map((row) => ({
          account: row.account,
          amount: row.amount,
          currency: row.currency,
          entryGroup: group.entryGroup,
          reference: group.reference,
          createdAt: group.createdAt,
        })),
      );
    },

    /** The sum of `account`'s entries in `currency` (0 for an account without any). */
    async balance(account: LedgerAccount, currency: string): Promise<number> {
      const [row] = await db
        .select({ amount: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.account, account), eq(ledgerEntries.currency, currency)));
      return safeInteger(row?.amount);
    },

    /** When value last left `account` in `currency` (its newest negative entry), or null. */
    async lastOut(account: LedgerAccount, currency: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: sql<Date | string | null>`max(${ledgerEntries.createdAt})` })
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.account, account),
            eq(ledgerEntries.currency, currency),
            lt(ledgerEntries.amount, 0),
          ),
        );
      const at = row?.at ?? null;
      return at === null ? null : new Date(at);
    },

    /** Every currency's balance of each of `accounts` that has entries (one query for many cards). */
    async balances(accounts: readonly LedgerAccount[]): Promise<AccountBalance[]> {
      if (accounts.length === 0) return [];
      const rows = await db
        .select(summed)
        .from(ledgerEntries)
        .where(inArray(ledgerEntries.account, [...accounts]))
        .groupBy(ledgerEntries.account, ledgerEntries.currency);
      return toBalances(rows);
    },

    /** Every account whose key starts with `prefix`, with its balance per currency. */
    async balancesByPrefix(prefix: LedgerAccountPrefix): Promise<AccountBalance[]> {
      const rows = await db
        .select(summed)
        .from(ledgerEntries)
        .where(like(ledgerEntries.account, likePrefix(prefix)))
        .groupBy(ledgerEntries.account, ledgerEntries.currency)
        .orderBy(ledgerEntries.account, ledgerEntries.currency);
      return toBalances(rows);
    },

    /** The entries of one group, oldest first (for audits and tests). */
    async group(entryGroup: string) {
      return db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.entryGroup, entryGroup))
        .orderBy(ledgerEntries.id);
    },
  };
}
