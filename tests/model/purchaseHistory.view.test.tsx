import { screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { createActor } from "xstate";
import { PurchaseHistoryView } from "../../src/views/passes/PurchaseHistoryView.tsx";
import { money } from "../support/receipt.ts";
import { purchaseHistoryModel } from "./specs/purchaseHistory.ts";
import { describeViewModel } from "./view-harness.tsx";

describeViewModel({
  model: purchaseHistoryModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(logic, { input, clock, inspect }).start();
    return {
      element: <PurchaseHistoryView purchases={actor} money={money} />,
      actor: () => actor,
    };
  },
  environment: ["xstate.done.actor.loadTransactions", "xstate.error.actor.loadTransactions"],
  gestures: {
    "transactions.more": async (user) => {
      const more = screen.queryByRole("button", { name: "Show more" });
      if (more) await user.click(more);
    },
    "transactions.retry": async (user) => user.click(screen.getByRole("button", { name: "Try again" })),
  },
  sees: {
    loading: () => expect(screen.getByRole("status")).toHaveTextContent("Loading your purchases…"),
    shown: (snapshot) => {
      const rows = within(screen.getByRole("table", { name: "Purchase history" }))
        .getAllByRole("row")
        .slice(1);
      expect(rows).toHaveLength(snapshot.context.transactions.length);
      snapshot.context.transactions.forEach((entry, index) => {
        const row = within(rows[index] as HTMLElement);
        expect(row.getByRole("rowheader")).toHaveTextContent(entry.transaction_number);
        const cells = row.getAllByRole("cell").map((cell) => cell.textContent);
        expect(cells[1]).toContain(entry.items[0]?.name);
        expect(cells[2]).toBe(money(entry.amount));
        expect(cells[3]).toBe(entry.payment_method.label);
      });
      const more = screen.queryByRole("button", { name: "Show more" });
      if (snapshot.context.next === null) expect(more).toBeNull();
      else expect(more).toBeEnabled();
      if (snapshot.context.error !== null)
        expect(screen.getByRole("alert")).toHaveTextContent("More purchases could not be loaded.");
    },
    loadingMore: () => expect(screen.getByRole("button", { name: "Loading…" })).toBeDisabled(),
    empty: () => expect(screen.getByText("No bank-card taps yet.")).toBeVisible(),
    failed: () => {
      expect(screen.getByRole("alert")).toHaveTextContent("Your purchases could not be loaded.");
      expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
    },
  },
});
