import { fromPromise } from "xstate";
import { walletMachine } from "../../machines/wallet.machine.ts";
import { createWalletService } from "../../services/wallet.service.ts";
import type { LiveDeps } from "./deps.ts";

/**
 * The rider's wallet balance (/account/paymentmethods), apart from ./wallet.ts: the page that shows
 * the balance loads the machines that move money (loads, transfers, autoload) only when one opens.
 */
export function createWalletBalanceLogic(deps: LiveDeps): { wallet: typeof walletMachine } {
  const wallet = createWalletService(deps.http, deps.transitBase);
  return {
    wallet: walletMachine.provide({
      actors: { loadWallet: fromPromise(() => wallet.wallet()) },
    }),
  };
}
