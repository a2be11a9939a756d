import { screen } from "@testing-library/react";
import { expect } from "vitest";
import type { AnyEventObject } from "xstate";
import { createActor, fromPromise } from "xstate";
import { formDefinition } from "../../server/forms/definitions.ts";
import type { FormDefinition, FormValues } from "../../src/domain/forms.ts";
import { formatMoney } from "../../src/domain/money.ts";
import { formMachine } from "../../src/machines/form.machine.ts";
import { DeactivationView } from "../../src/views/account/DeactivationView.tsx";
import { languageNeverChanges } from "../support/language.ts";
import { cardUuid, deactivationModel } from "./specs/deactivation.ts";
import { describeViewModel } from "./view-harness.tsx";

/** The password form for real; deactivating answers like the server. */
const submitted: FormValues[] = [];
const confirmForm = formMachine.provide({
  actors: {
    languageChanges: languageNeverChanges,
    fetchForm: fromPromise<FormDefinition, { method: string; language: string }>(async () =>
      formDefinition("DELETE_ACCOUNT", "en"),
    ),
    submitForm: fromPromise<unknown, { method: string; values: FormValues }>(async ({ input }) => {
      submitted.push(input.values);
      return { status: "deactivated" };
    }),
  },
});
const money = (minor: number) => formatMoney(minor, { currency: "USD", locale: "en" });

describeViewModel({
  model: deactivationModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(logic.provide({ actors: { confirmForm } }), { input, clock, inspect }).start();
    return { element: <DeactivationView deactivation={actor} money={money} />, actor: () => actor };
  },
  environment: ["xstate.done.actor.loadInfo", "xstate.error.actor.loadInfo"],
  gestures: {
    "deactivation.start": async (user) =>
      user.click(screen.getByRole("button", { name: "Deactivate account" })),
    "deactivation.cancel": async (user) =>
      user.click(screen.getByRole("button", { name: "Keep my account" })),
    "deactivation.retry": async (user) => user.click(screen.getByRole("button", { name: "Try again" })),
    "deactivation.continue": async (user) => user.click(screen.getByRole("button", { name: "Continue" })),
    "deactivation.back": async (user) => user.click(screen.getByRole("button", { name: "Back" })),
    "deactivation.choose": async (user, event: AnyEventObject) =>
      user.click(
        screen.getByRole("radio", {
          name:
            event.choice === "transfer" ? "Transfer $12.50 to a payment method" : /Continue without transfer/,
        }),
      ),
    "deactivation.selectCard": async (user, event: AnyEventObject) => {
      // Only the rider's own cards are offered; another card cannot be picked at all.
      if (event.uuid !== cardUuid) return;
      if (!screen.queryByRole("radio", { name: "Visa ending 4242" })) {
        await user.click(screen.getByRole("radio", { name: "Transfer $12.50 to a payment method" }));
      }
      await user.click(screen.getByRole("radio", { name: "Visa ending 4242" }));
    },
    "xstate.done.actor.confirmForm": async (user) => {
      await user.type(await screen.findByLabelText("Current Password"), "transit-demo-2026");
      await user.click(screen.getByRole("button", { name: "Deactivate my account" }));
      await screen.findByText("Your account was deactivated.");
      expect(submitted.at(-1)?.current_password).toBe("transit-demo-2026");
      expect(["forfeit", "transfer"]).toContain(submitted.at(-1)?.balance_action);
    },
  },
  sees: {
    idle: () => expect(screen.getByRole("button", { name: "Deactivate account" })).toBeEnabled(),
    loading: () => expect(screen.getByRole("status")).toHaveTextContent("Checking your balance…"),
    failed: () =>
      expect(screen.getByRole("alert")).toHaveTextContent(
        "Account could not be deactivated at this time. Please try again later.",
      ),
    choosing: (snapshot) => {
      expect(
        screen.getByText("Your wallet and digital cards hold $12.50. What should happen to it?"),
      ).toBeVisible();
      // Where no method can receive the balance, forfeiting is the only choice, and the way to keep it
      // is said.
      const payout = (snapshot.context.info?.payment_methods.length ?? 0) > 0;
      expect(screen.queryByRole("radio", { name: "Transfer $12.50 to a payment method" }) !== null).toBe(
        payout,
      );
      expect(screen.queryByText(/This balance cannot be paid out to a payment method\./) !== null).toBe(
        !payout,
      );
      expect(screen.getByRole("radio", { name: /Continue without transfer/ })).toBeVisible();
      if (snapshot.context.problem === "selectCard") {
        expect(screen.getByRole("alert")).toHaveTextContent("Please select card to continue");
      }
      if (snapshot.context.problem === "chooseOption") {
        expect(screen.getByRole("alert")).toHaveTextContent(
          "Choose what happens to your balance to continue.",
        );
      }
      if (snapshot.context.choice) {
        const name =
          snapshot.context.choice === "transfer"
            ? "Transfer $12.50 to a payment method"
            : /Continue without transfer/;
        expect(screen.getByRole("radio", { name })).toBeChecked();
      }
    },
    confirming: (snapshot) => {
      expect(screen.getByRole("button", { name: "Back" })).toBeVisible();
      if (snapshot.context.choice === "forfeit") {
        expect(screen.getByText("Your balance of $12.50 will be forfeited permanently.")).toBeVisible();
      }
    },
    deactivated: () => expect(screen.getByRole("status")).toHaveTextContent("Your account was deactivated."),
  },
});
