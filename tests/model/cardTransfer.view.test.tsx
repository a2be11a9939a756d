import { screen } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";
import { type AnyEventObject, createActor } from "xstate";
import { formatMoney } from "../../src/domain/money.ts";
import { TransferView } from "../../src/views/wallet/TransferView.tsx";
import { spare, weekend } from "../support/wallet.ts";
import { cardTransferModel } from "./specs/cardTransfer.ts";
import { describeViewModel } from "./view-harness.tsx";

const money = (amount: number) => formatMoney(amount, { currency: "USD", locale: "en" });
const names: Record<string, RegExp> = {
  [spare.faremedia_id]: /Spare card/,
  [weekend.faremedia_id]: /Weekend card/,
};

async function retype(user: UserEvent, name: string, value: string) {
  const field = screen.getByRole("textbox", { name });
  await user.clear(field);
  if (value !== "") await user.type(field, value);
}

const click = (user: UserEvent, name: string | RegExp) => user.click(screen.getByRole("button", { name }));

describeViewModel({
  model: cardTransferModel,
  mount(logic, { input, clock, inspect }) {
    if (!input) throw new Error("every transfer walk has an input");
    const actor = createActor(logic, { clock, input, inspect }).start();
    return {
      element: <TransferView transfer={actor} money={money} onClose={() => {}} />,
      actor: () => actor,
    };
  },
  environment: ["xstate.done.actor.transfer", "xstate.error.actor.transfer"],
  gestures: {
    "transfer.target": async (user, event: AnyEventObject) => {
      const name = names[String(event.id)];
      // A card that cannot receive is not offered.
      const radio = name ? screen.queryByRole("radio", { name }) : null;
      if (radio) await user.click(radio);
    },
    "transfer.amount": (user, event: AnyEventObject) => retype(user, "Amount", String(event.value)),
    "transfer.review": (user) => click(user, "Review transfer"),
    "transfer.edit": async (user) => {
      const change = screen.queryByRole("button", { name: "Change" });
      await user.click(change ?? screen.getByRole("button", { name: "Try again" }));
    },
    "transfer.confirm": (user) => click(user, "Transfer"),
    "transfer.retry": (user) => click(user, "Try again"),
  },
  sees: {
    onlyOne: () => {
      expect(screen.getByRole("status")).toHaveTextContent("Only one Fare Media card exists on the account");
      expect(screen.getByRole("button", { name: "Close" })).toBeEnabled();
    },
    editing: (snapshot) => {
      expect(screen.getByText(/Commuter benefits stay on the card/)).toBeVisible();
      expect(screen.getByRole("textbox", { name: "Amount" })).toHaveValue(snapshot.context.amount);
      const problem = snapshot.context.problem;
      if (problem === "amountExceeded")
        expect(screen.getByText("Transfer amount should not be exceeded")).toBeVisible();
      if (problem === "amountInvalid") expect(screen.getByText("Amount is not valid.")).toBeVisible();
      if (problem === "chooseCard") expect(screen.getByRole("alert")).toHaveTextContent("Choose the card");
      if (snapshot.context.targets.length === 0)
        expect(screen.getByRole("button", { name: "Review transfer" })).toBeDisabled();
      else expect(screen.getAllByRole("radio")).toHaveLength(snapshot.context.targets.length);
    },
    confirming: () => {
      expect(screen.getByText("$5.00")).toBeVisible();
      expect(screen.getByRole("button", { name: "Transfer" })).toBeEnabled();
    },
    transferring: () => {
      expect(screen.getByRole("button", { name: "Transferring…" })).toBeDisabled();
    },
    interrupted: () => {
      expect(screen.getByRole("alert")).toHaveTextContent("The connection was lost");
      expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
    },
    failed: () => {
      expect(screen.getByRole("alert")).toHaveTextContent("Balance transfer is failed");
    },
    done: () => {
      expect(screen.getByRole("status")).toHaveTextContent("$5.00 moved to Spare card.");
      expect(screen.getByText("$7.50")).toBeVisible();
      expect(screen.getByText("$8.00")).toBeVisible();
    },
  },
});
