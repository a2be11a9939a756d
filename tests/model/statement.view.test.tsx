import { fireEvent, screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { createActor } from "xstate";
import { StatementView } from "../../src/views/statement/StatementView.tsx";
import { money } from "../support/receipt.ts";
import { novemberStatement } from "../support/statement.ts";
import { statementModel } from "./specs/statement.ts";
import { describeViewModel } from "./view-harness.tsx";

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describeViewModel({
  model: statementModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(logic, { input, clock, inspect }).start();
    return { element: <StatementView statement={actor} money={money} />, actor: () => actor };
  },
  environment: ["xstate.done.actor.loadStatement", "xstate.error.actor.loadStatement"],
  gestures: {
    // A date field as a browser changes it: one field at a time, each change sent as it happens.
    "range.change": async (_, event) => {
      if (field("First day").value !== event.from)
        fireEvent.change(field("First day"), { target: { value: event.from } });
      if (field("Last day").value !== event.to)
        fireEvent.change(field("Last day"), { target: { value: event.to } });
    },
    "statement.show": async (user) => {
      const retry = screen.queryByRole("button", { name: "Try again" });
      await user.click(retry ?? screen.getByRole("button", { name: "Show statement" }));
    },
    "statement.print": async (user) => user.click(screen.getByRole("button", { name: "Print" })),
    "statement.download": async (user) => user.click(screen.getByRole("button", { name: "Download CSV" })),
  },
  sees: {
    editing: (snapshot) => {
      expect(field("First day").value).toBe(snapshot.context.from);
      expect(field("Last day").value).toBe(snapshot.context.to);
      expect(screen.queryByTestId("statement")).toBeNull();
      const problem = snapshot.context.problem;
      const messages = {
        invalid: "Enter dates as YYYY-MM-DD.",
        order: "The end date must be on or after the start date.",
        tooLong: "A statement covers at most 366 days.",
      };
      if (problem === null) expect(screen.queryByText(/YYYY-MM-DD|on or after|at most 366/)).toBeNull();
      else
        expect(problem === "invalid" ? field("First day") : field("Last day")).toHaveAccessibleDescription(
          messages[problem],
        );
    },
    loading: () => {
      expect(screen.getByRole("status")).toHaveTextContent("Loading your statement…");
      expect(screen.getByRole("button", { name: "Show statement" })).toBeDisabled();
    },
    shown: () => {
      const sheet = within(screen.getByTestId("statement"));
      expect(sheet.getByRole("heading", { name: "Statement, 11/01/2026 to 11/30/2026" })).toBeVisible();
      const totals = within(screen.getByTestId("statement-totals"));
      expect(totals.getByText("$30.00")).toBeVisible();
      expect(totals.getByText("$35.00")).toBeVisible();
      expect(totals.getByText("$2.50")).toBeVisible();
      expect(totals.getByText("$20.00")).toBeVisible();
      const purchases = sheet.getByRole("table", { name: "Purchases" });
      expect(within(purchases).getAllByRole("row")).toHaveLength(novemberStatement.purchases.length + 1);
      // A purchase refunded in part shows what it cost in the end; times on New York's clock.
      expect(within(purchases).getByRole("row", { name: /TP-00001077/ })).toHaveTextContent("$20.00");
      expect(within(purchases).getByRole("rowheader", { name: "11/02/2026 09:05 AM" })).toBeVisible();
      const loads = sheet.getByRole("table", { name: "Loads" });
      expect(within(loads).getByText("Work card •••• 4321")).toBeVisible();
      expect(within(loads).getByText("Account wallet")).toBeVisible();
      const trips = sheet.getByRole("table", { name: "Trips" });
      expect(within(trips).getByText("10 Crosstown, Main St & 5th Ave")).toBeVisible();
      expect(within(trips).getByText("Fare cap reached")).toBeVisible();
      const benefits = sheet.getByRole("table", { name: "Commuter benefits used" });
      expect(within(benefits).getByText("Mastercard •••• 4444")).toBeVisible();
      expect(sheet.getByRole("button", { name: "Download CSV" })).toBeEnabled();
      expect(sheet.getByRole("button", { name: "Print" })).toBeEnabled();
    },
    failed: () => {
      expect(screen.getByRole("alert")).toHaveTextContent("Your statement could not be loaded.");
      expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
    },
  },
});
