import { assign, fromPromise, setup } from "xstate";
import { errorCodeOf } from "../domain/envelope.ts";
import type { Wallet } from "../domain/transit/wallet.ts";
import { unprovided } from "./unprovided.ts";

export interface WalletContext {
  wallet: Wallet | null;
  error: number | null;
}

export type WalletEvent = { type: "wallet.reload" } | { type: "wallet.retry" };

/*
 * The rider's wallet on /account/paymentmethods: `loading` reads it (again after a load, "wallet.reload"),
 * `ready` shows its balance with "Add value", `failed` keeps the error code and retries by hand
 * ("wallet.retry").
 */
export const walletMachine = setup({
  types: {
    context: {} as WalletContext,
    events: {} as WalletEvent,
    children: {} as { loadWallet: "loadWallet" },
  },
  actors: { loadWallet: fromPromise<Wallet>(unprovided("loadWallet")) },
  actions: {
    assignWallet: assign((_, wallet: Wallet) => ({ wallet, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: "wallet",
  context: { wallet: null, error: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "loadWallet",
        src: "loadWallet",
        onDone: { target: "ready", actions: { type: "assignWallet", params: ({ event }) => event.output } },
        onError: {
          target: "failed",
          actions: { type: "assignError", params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    ready: { on: { "wallet.reload": "loading" } },
    failed: { on: { "wallet.retry": { target: "loading", actions: "clearError" } } },
  },
});
