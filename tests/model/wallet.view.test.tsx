import { screen } from "@testing-library/react";
import { expect } from "vitest";
import { createActor } from "xstate";
import { formatMoney } from "../../src/domain/money.ts";
import { WalletView } from "../../src/views/wallet/WalletView.tsx";
import { walletModel } from "./specs/wallet.ts";
import { describeViewModel } from "./view-harness.tsx";

const money = (amount: number) => formatMoney(amount, { currency: "USD", locale: "en" });

describeViewModel({
  model: walletModel,
  mount(logic, { clock, inspect }) {
    const actor = createActor(logic, { clock, inspect }).start();
    return {
      element: <WalletView wallet={actor} money={money} adding={null} onAddValue={() => {}} />,
      actor: () => actor,
    };
  },
  // "wallet.reload" comes from the add value panel once value is added.
  environment: ["xstate.done.actor.loadWallet", "xstate.error.actor.loadWallet", "wallet.reload"],
  gestures: {
    "wallet.retry": (user) => user.click(screen.getByRole("button", { name: "Try again" })),
  },
  sees: {
    loading: (s) => {
      if (s.context.wallet === null)
        expect(screen.getByRole("status")).toHaveTextContent("Loading your wallet…");
    },
    ready: (s) => {
      expect(screen.getByRole("heading", { name: "Wallet" })).toBeVisible();
      expect(screen.getByText(money(s.context.wallet?.balance ?? 0))).toBeVisible();
      expect(screen.getByRole("button", { name: "Add value to wallet" })).toBeEnabled();
    },
    failed: () => {
      expect(screen.getByRole("alert")).toHaveTextContent("Your wallet could not be loaded.");
    },
  },
});
