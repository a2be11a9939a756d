import { expect } from "vitest";
import { walletMachine } from "../../../src/machines/wallet.machine.ts";
import { networkError, wallet } from "../../support/wallet.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents = "xstate.done.actor.loadWallet" | "xstate.error.actor.loadWallet";

const events = {
  "wallet.reload": [{ type: "wallet.reload" }],
  "wallet.retry": [{ type: "wallet.retry" }],
  "xstate.done.actor.loadWallet": [
    { type: "xstate.done.actor.loadWallet", output: wallet },
    { type: "xstate.done.actor.loadWallet", output: { ...wallet, balance: 4_500 } },
  ],
  "xstate.error.actor.loadWallet": [{ type: "xstate.error.actor.loadWallet", error: networkError }],
} satisfies EventSamples<typeof walletMachine, ActorEvents>;

const reload = events["wallet.reload"][0];
const retry = events["wallet.retry"][0];
const [loaded, loadedAgain] = events["xstate.done.actor.loadWallet"];
const lost = events["xstate.error.actor.loadWallet"][0];

export const walletModel = defineModel({
  name: "wallet",
  machine: walletMachine,
  deferred: ["loadWallet"],
  events,
  serialize: (s) => JSON.stringify([s.value, s.context.wallet?.balance ?? null, s.context.error]),
  invariants: [
    { name: "an error only while failed", holds: (s) => (s.context.error !== null) === s.matches("failed") },
    { name: "ready has the wallet", holds: (s) => !s.matches("ready") || s.context.wallet !== null },
  ],
  states: {
    loading: (s) => {
      expect(s.hasTag("busy")).toBe(true);
      expect(s.can(reload)).toBe(false);
      expect(s.can(retry)).toBe(false);
    },
    ready: (s) => {
      expect(s.context.wallet).not.toBeNull();
      expect(s.context.error).toBeNull();
      expect(s.can(reload)).toBe(true);
    },
    failed: (s) => {
      expect(s.context.error).toBe(50301);
      expect(s.can(retry)).toBe(true);
      expect(s.can(reload)).toBe(false);
    },
  },
  journeys: [
    {
      name: "the wallet's balance, read again after a load",
      events: [loaded, reload, loadedAgain],
      expected: "ready",
      ends: (s) => expect(s.context.wallet?.balance).toBe(4_500),
    },
    {
      name: "a lost connection is retried by hand",
      events: [lost, retry, loaded],
      expected: "ready",
      ends: (s) => expect(s.context.error).toBeNull(),
    },
    {
      name: "a failed read keeps its code",
      events: [lost],
      expected: "failed",
    },
  ],
});
