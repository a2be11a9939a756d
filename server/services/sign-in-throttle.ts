import { createHash } from "node:crypto";
import type { Database } from "../db/client.ts";
import { normalizeEmail } from "../repositories/accounts.ts";
import { createAttemptBudgetRepository } from "../repositories/attempt-budgets.ts";

/**
 * Password sign-in budgets. Design (issue 10):
 * - Keys are SHA-256 of the normalised email (never the account), so an unknown email is counted,
 *   locked and answered exactly like a known one: the throttle cannot tell anyone which emails exist.
 * - Each attempt is taken from the budget *before* the password is checked, in one atomic upsert per
 *   key: 20 parallel guesses get 5 checks and 15 refusals, on any number of servers.
 * - Budget 1, per email and address: `perAddress` attempts per window. One attacker's address runs
 *   out; the owner, from another address, does not.
 * - Budget 2, per email from everywhere: `perEmail` attempts per window, slower, against guessing
 *   from many addresses. Only attempts budget 1 let through count here, so one address cannot use
 *   it up. A right password gives its attempt back and resets its address's budget; an attempt the
 *   server was too busy to check (503) is given back to both.
 * - Resetting the password by the emailed link clears both budgets of that email: whoever reads the
 *   mailbox is never kept out for long.
 */
export interface SignInBudget {
  perAddress: number;
  perEmail: number;
  windowMs: number;
}

export const defaultSignInBudget: SignInBudget = {
  perAddress: 5,
  perEmail: 50,
  windowMs: 15 * 60 * 1000,
};

const digest = (value: string) => createHash("sha256").update(value).digest("hex");

/** Budget keys: `login/<email hash>` from everywhere, `login/<email hash>/<address hash>` per address. */
const signInKeys = (email: string, address: string) => {
  const everywhere = `login/${digest(normalizeEmail(email))}`;
  return { everywhere, addressPrefix: `${everywhere}/`, perAddress: `${everywhere}/${digest(address)}` };
};

/** Windows are pruned once every this many attempts (cheap, and no timer). */
const pruneEvery = 500;

export function createSignInThrottle(db: Database, budget: SignInBudget = defaultSignInBudget) {
  const budgets = createAttemptBudgetRepository(db);
  let attempts = 0;
  return {
    budget,
    /** Takes one attempt for `email` from `address`: false when either budget is spent (answer 429). */
    async take(email: string, address: string, now: Date): Promise<boolean> {
      if (++attempts % pruneEvery === 0)
        await budgets.prune("login/", new Date(now.getTime() - budget.windowMs));
      const keys = signInKeys(email, address);
      if ((await budgets.take(keys.perAddress, now, budget.windowMs)) > budget.perAddress) return false;
      return (await budgets.take(keys.everywhere, now, budget.windowMs)) <= budget.perEmail;
    },
    /**
     * The attempt was never checked (the server was too busy to hash: 503): both budgets get it back,
     * so a rider who retries while the server is loaded is never locked out by the server's load.
     */
    async notChecked(email: string, address: string): Promise<void> {
      const keys = signInKeys(email, address);
      await budgets.giveBack(keys.perAddress);
      await budgets.giveBack(keys.everywhere);
    },
    /** The right password: this address starts afresh and the attempt is given back. */
    async succeeded(email: string, address: string): Promise<void> {
      const keys = signInKeys(email, address);
      await budgets.clear(keys.perAddress);
      await budgets.giveBack(keys.everywhere);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

/** Forgets every sign-in budget of `email` (inside the password reset's transaction). */
export async function clearSignInBudgets(tx: Database, email: string): Promise<void> {
  const keys = signInKeys(email, "");
  await createAttemptBudgetRepository(tx).clear(keys.everywhere, keys.addressPrefix);
}
