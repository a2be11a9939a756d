import { screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { type AnyEventObject, createActor } from "xstate";
import {
  RenewButton,
  RenewDialog,
  StopRenewButton,
  StopRenewQuestion,
} from "../../src/views/fare-cards/AutoRenewParts.tsx";
import { commuteDetail } from "../support/fare-cards.ts";
import { autoRenewModel } from "./specs/autoRenew.ts";
import { describeViewModel } from "./view-harness.tsx";

const renewDialog = () => screen.getByRole("dialog", { name: "Renew Monthly Pass" });
const stopQuestion = () => screen.getByRole("alertdialog", { name: "Stop renewing automatically?" });
const methodNames: Record<string, string> = {
  "m1000000-0000-4000-8000-000000000001": "Visa •••• 4242",
  "m1000000-0000-4000-8000-000000000002": "Mastercard •••• 4444",
};

describeViewModel({
  model: autoRenewModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(logic, { input, clock, inspect }).start();
    const renewal = commuteDetail.auto_renew[0];
    return {
      element: (
        <Router hook={memoryLocation({ path: "/faremedia" }).hook}>
          {commuteDetail.passes.map((pass) => (
            <RenewButton key={pass.id} actor={actor} pass={pass} />
          ))}
          {renewal ? <StopRenewButton actor={actor} renewal={renewal} /> : null}
          <RenewDialog actor={actor} card={commuteDetail} />
          <StopRenewQuestion actor={actor} card={commuteDetail} />
        </Router>
      ),
      actor: () => actor,
    };
  },
  environment: [
    "xstate.done.actor.loadMethods",
    "xstate.error.actor.loadMethods",
    "xstate.done.actor.enable",
    "xstate.error.actor.enable",
    "xstate.done.actor.stop",
    "xstate.error.actor.stop",
    // A pass whose product does not renew has no button: only a forged event asks about it.
    "renew.open",
    // Only the rider's own methods are offered.
    "renew.method",
  ],
  gestures: {
    "renew.mode": async (user, event: AnyEventObject) =>
      user.click(
        within(renewDialog()).getByRole("radio", {
          name: event.mode === "once" ? /^Buy once/ : /^Renew automatically/,
        }),
      ),
    "renew.submit": async (user) => {
      const dialog = within(renewDialog());
      const submit = dialog.getAllByRole("button").find((button) => button.getAttribute("type") === "submit");
      if (!submit) throw new Error("no submit button");
      await user.click(submit);
    },
    "renew.cancel": async (user) => user.click(within(renewDialog()).getByRole("button", { name: "Cancel" })),
    "methods.retry": async (user) =>
      user.click(within(renewDialog()).getByRole("button", { name: "Try again" })),
    "stop.ask": async (user) => user.click(screen.getByRole("button", { name: /^Stop renewing/ })),
    "stop.confirm": async (user) =>
      user.click(within(stopQuestion()).getByRole("button", { name: "Stop renewing" })),
    "stop.cancel": async (user) =>
      user.click(within(stopQuestion()).getByRole("button", { name: "Keep renewing" })),
  },
  sees: {
    idle: () => {
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(screen.queryByRole("alertdialog")).toBeNull();
      // Only the pass whose product renews is offered.
      expect(screen.getAllByRole("button", { name: /^Renew automatically/ })).toHaveLength(1);
    },
    loadingMethods: () => {
      expect(within(renewDialog()).getByText("Loading your payment methods…")).toBeVisible();
    },
    choosing: (snapshot) => {
      const dialog = within(renewDialog());
      const { mode, methods, method, failure, methodMissing } = snapshot.context;
      expect(dialog.getByRole("radio", { name: /^Renew automatically/ })).toHaveProperty(
        "checked",
        mode === "auto",
      );
      expect(dialog.getByRole("radio", { name: /^Buy once/ })).toHaveProperty("checked", mode === "once");
      if (mode === "auto" && failure?.kind === "methods") {
        expect(dialog.getByRole("alert")).toHaveTextContent(
          "Failed to load your payment methods. Please try again.",
        );
      } else if (mode === "auto" && methods.length === 0) {
        expect(dialog.getByRole("link", { name: "Add one in Payment Methods" })).toHaveAttribute(
          "href",
          "/account/paymentmethods",
        );
      } else if (mode === "auto") {
        const group = within(dialog.getByRole("radiogroup", { name: "Payment method" }));
        for (const candidate of methods) {
          expect(group.getByRole("radio", { name: methodNames[candidate.id] })).toHaveProperty(
            "checked",
            candidate.id === method,
          );
        }
        if (methodMissing) expect(dialog.getByRole("alert")).toHaveTextContent("Choose a payment method.");
      }
      if (failure?.kind === "enable") {
        expect(dialog.getByRole("alert")).toHaveTextContent(
          "Automatic renewal could not be turned on. Please try again.",
        );
      }
    },
    enabling: () => {
      expect(within(renewDialog()).getByRole("button", { name: "Please wait…" })).toBeDisabled();
    },
    confirmingStop: (snapshot) => {
      const dialog = within(stopQuestion());
      expect(dialog.getByText(/Weekly Pass will not renew again/)).toBeVisible();
      if (snapshot.context.failure) {
        expect(dialog.getByRole("alert")).toHaveTextContent(
          "Automatic renewal could not be removed. Please try again.",
        );
      }
    },
    stopping: () => {
      expect(within(stopQuestion()).getByRole("button", { name: "Please wait…" })).toBeDisabled();
    },
    done: () => {
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(screen.queryByRole("alertdialog")).toBeNull();
    },
  },
});
