import type { FareMedium } from "../../src/domain/fare-media.ts";
import type { Database } from "../db/client.ts";
import { type LedgerAccount, ledgerAccounts } from "../domain/ledger-accounts.ts";
import type { Executor } from "../repositories/accounts.ts";
import { createFareMediaRepository, type FareMediumRow, fareMediumOf } from "../repositories/fare-media.ts";
import type { LedgerService } from "./ledger.ts";

/**
 * Fare cards as riders see them: the card's row with its general funds and commuter benefits, each
 * the balance of its ledger account in the deployment's currency.
 */
export function createFareMediaService(options: {
  db: Database;
  ledger: LedgerService;
  currency: () => string;
}) {
  const { db, ledger } = options;
  const cards = createFareMediaRepository(db);

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

  return {
    async listForUser(userId: string): Promise<FareMedium[]> {
      return withBalances(db, await cards.listForUser(userId));
    },
    /** One of the rider's own cards; null for anyone else's (or none). */
    async findForUser(userId: string, id: string): Promise<FareMedium | null> {
      const row = await cards.findForUser(userId, id);
      return row ? ((await withBalances(db, [row]))[0] ?? null) : null;
    },
  };
}

export type FareMediaService = ReturnType<typeof createFareMediaService>;
