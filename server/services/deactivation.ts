import type { Database } from "../db/client.ts";
import { createAccountRepository } from "../repositories/accounts.ts";
import { inTransaction } from "./transaction.ts";

export type DeactivationOutcome =
  | { result: "selectCard" }
  | { result: "transferFailed" }
  | { result: "ok"; forfeited: number };

/**
 * Deactivation (spec section 4). The balance is read with the digital cards locked, and decided on in
 * the transaction that deactivates: the forfeited amount is exactly what the cards held.
 */
export function createDeactivationService(options: { db: Database; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  return {
    deactivate(
      userId: string,
      action: "transfer" | "forfeit",
      paymentMethod: string | undefined,
    ): Promise<DeactivationOutcome> {
      return inTransaction(options.db, async ({ tx }) => {
        const accounts = createAccountRepository(tx);
        const balance = await accounts.lockDigitalBalance(userId);
        if (balance > 0 && action === "transfer") {
          // No saved payment method can take a refund yet, so a transfer cannot succeed; nothing changes.
          return paymentMethod ? { result: "transferFailed" } : { result: "selectCard" };
        }
        await accounts.deactivate(userId, now());
        return { result: "ok", forfeited: balance };
      });
    },
  };
}
