import { screen, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";
import { type AnyEventObject, createActor } from "xstate";
import { formatMoney } from "../../src/domain/money.ts";
import { AutoloadView } from "../../src/views/wallet/AutoloadView.tsx";
import { mastercard } from "../support/wallet.ts";
import { autoloadModel } from "./specs/autoload.ts";
import { describeViewModel } from "./view-harness.tsx";

const money = (amount: number) => formatMoney(amount, { currency: "USD", locale: "en" });

async function retype(user: UserEvent, name: string, value: string) {
  const field = screen.getByRole("textbox", { name });
  await user.clear(field);
  if (value !== "") await user.type(field, value);
}

const triggerNames: Record<string, string> = {
  threshold: "The balance is low",
  weekly: "Every week",
  monthly: "Every month",
};
const weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const question = () => screen.getByRole("alertdialog", { name: "Remove autoload?" });

describeViewModel({
  model: autoloadModel,
  mount(logic, { input, clock, inspect }) {
    if (!input) throw new Error("every autoload walk has an input");
    const actor = createActor(logic, { clock, input, inspect }).start();
    return { element: <AutoloadView autoload={actor} money={money} locale="en" />, actor: () => actor };
  },
  environment: [
    "xstate.done.actor.loadMethods",
    "xstate.error.actor.loadMethods",
    "xstate.done.actor.saveAutoload",
    "xstate.error.actor.saveAutoload",
    "xstate.done.actor.removeAutoload",
    "xstate.error.actor.removeAutoload",
  ],
  gestures: {
    "autoload.edit": (user) =>
      user.click(screen.getByRole("button", { name: /^(Add autoload|Edit autoload)$/ })),
    "autoload.change": async (user, event: AnyEventObject) => {
      const values = event.values as Record<string, string | number>;
      if (values.trigger !== undefined)
        await user.click(screen.getByRole("radio", { name: triggerNames[String(values.trigger)] }));
      if (values.weekday !== undefined)
        await user.selectOptions(
          screen.getByRole("combobox", { name: "Day of the week" }),
          weekdays[Number(values.weekday)] ?? "",
        );
      if (values.monthDay !== undefined)
        await user.selectOptions(
          screen.getByRole("combobox", { name: "Day of the month" }),
          String(values.monthDay),
        );
      if (values.threshold !== undefined)
        await retype(user, "When the balance is at or below", String(values.threshold));
      if (values.amount !== undefined) await retype(user, "Amount to load", String(values.amount));
      if (values.method === mastercard.id)
        await user.click(screen.getByRole("radio", { name: /Mastercard •••• 4444/ }));
    },
    "autoload.save": (user) => user.click(screen.getByRole("button", { name: "Save autoload" })),
    "autoload.cancel": async (user) => {
      const keep = screen.queryByRole("button", { name: "Keep autoload" });
      await user.click(keep ?? screen.getByRole("button", { name: "Cancel" }));
    },
    "autoload.resume": (user) => user.click(screen.getByRole("button", { name: "Resume" })),
    "autoload.remove": (user) => user.click(screen.getByRole("button", { name: "Remove autoload" })),
    "autoload.confirmRemove": (user) =>
      user.click(within(question()).getByRole("button", { name: "Remove autoload" })),
  },
  sees: {
    methods: () => expect(screen.getByRole("status")).toHaveTextContent("Loading autoload…"),
    idle: (s) => {
      expect(screen.queryByRole("alertdialog")).toBeNull();
      const current = s.context.autoload;
      if (current) {
        expect(screen.getByRole("button", { name: "Edit autoload" })).toBeEnabled();
        expect(screen.getByText(money(current.amount))).toBeVisible();
        if (current.status === "paused") {
          expect(screen.getByText(/^Paused:/)).toHaveTextContent(`Paused: ${current.paused_reason}`);
          expect(screen.getByRole("button", { name: "Resume" })).toBeEnabled();
        } else {
          expect(screen.queryByRole("button", { name: "Resume" })).toBeNull();
        }
        if (current.trigger === "weekly") expect(screen.getByText("Every week on Monday")).toBeVisible();
      } else {
        expect(screen.getByRole("button", { name: "Add autoload" })).toBeEnabled();
      }
      if (s.context.removeFailed)
        expect(screen.getByRole("alert")).toHaveTextContent(
          "Failed to remove autoload. Please try again later.",
        );
    },
    editing: (s) => {
      expect(screen.getByRole("button", { name: "Save autoload" })).toBeEnabled();
      expect(screen.getByRole("radio", { name: triggerNames[s.context.draft.trigger] })).toBeChecked();
      if (s.context.problems.amount)
        expect(screen.getByRole("textbox", { name: "Amount to load" })).toHaveAttribute(
          "aria-invalid",
          "true",
        );
      if (s.context.failure)
        expect(screen.getByRole("alert")).toHaveTextContent("Payment method is not valid");
      if (s.context.methods.length === 0)
        expect(screen.getByRole("link", { name: "Add a payment method" })).toHaveAttribute(
          "href",
          "/account/paymentmethods",
        );
    },
    saving: () => expect(screen.getByRole("button", { name: "Please wait…" })).toBeDisabled(),
    confirmingRemove: (s) => {
      expect(question()).toHaveTextContent(
        s.context.target.kind === "wallet"
          ? "Value is no longer loaded automatically into your wallet."
          : "Value is no longer loaded automatically onto this card.",
      );
      expect(within(question()).getByRole("button", { name: "Keep autoload" })).toBeEnabled();
    },
    removing: () => {
      expect(screen.getByRole("button", { name: "Remove autoload" })).toBeDisabled();
      expect(screen.queryByRole("alertdialog")).toBeNull();
    },
  },
});
