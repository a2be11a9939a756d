import { screen } from "@testing-library/react";
import { expect } from "vitest";
import { type AnyEventObject, createActor } from "xstate";
import { TwoFactorSetupView } from "../../src/views/account/AccountViews.tsx";
import { twoFactorSetupModel } from "./specs/twoFactorSetup.ts";
import { describeViewModel } from "./view-harness.tsx";

const labels: Record<string, string> = {
  countryCode: "Country code",
  number: "Phone number",
  password: "Current Password",
  code: "Verification Code",
};

describeViewModel({
  model: twoFactorSetupModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(logic, { input, clock, inspect }).start();
    return { element: <TwoFactorSetupView setup={actor} />, actor: () => actor };
  },
  environment: [
    "xstate.done.actor.loadPhoneRules",
    "xstate.error.actor.loadPhoneRules",
    "xstate.done.actor.sendEnrolCode",
    "xstate.error.actor.sendEnrolCode",
    "xstate.done.actor.confirmEnrolment",
    "xstate.error.actor.confirmEnrolment",
    "xstate.done.actor.sendDisableCode",
    "xstate.error.actor.sendDisableCode",
    "xstate.done.actor.confirmDisable",
    "xstate.error.actor.confirmDisable",
  ],
  gestures: {
    "setup.start": async (user) =>
      user.click(screen.getByRole("button", { name: /^Turn (on|off) two-factor authentication$/ })),
    "setup.cancel": async (user) => user.click(screen.getByRole("button", { name: "Cancel" })),
    "setup.input": async (user, event: AnyEventObject) => {
      const field = screen.getByLabelText(labels[String(event.field)] ?? "");
      await user.clear(field);
      // Letters typed into a number are dropped as they are typed.
      await user.type(field, event.field === "password" ? String(event.value) : `${String(event.value)}x`);
    },
    "setup.submit": async (user) =>
      user.click(
        screen.getByRole("button", { name: /^(Send code|Verify and turn on|Verify and turn off)$/ }),
      ),
    "setup.resend": async (user) => user.click(screen.getByRole("button", { name: "Send a new code" })),
  },
  sees: {
    off: () => {
      expect(screen.getByRole("status")).toHaveTextContent("Two-factor authentication is off.");
      expect(screen.getByRole("button", { name: "Turn on two-factor authentication" })).toBeEnabled();
    },
    on: () => {
      expect(screen.getByRole("status")).toHaveTextContent(
        "Two-factor authentication is on. Codes are sent to •••• 0123.",
      );
      expect(screen.getByRole("button", { name: "Turn off two-factor authentication" })).toBeEnabled();
    },
    enrolling: () => expect(screen.getByRole("button", { name: "Cancel" })).toBeEnabled(),
    "enrolling.phone": (snapshot) => {
      expect(screen.getByLabelText("Country code")).toHaveValue(snapshot.context.values.countryCode);
      expect(screen.getByLabelText("Phone number")).toHaveValue(snapshot.context.values.number);
      expect(screen.getByLabelText("Current Password")).toHaveValue(snapshot.context.values.password);
      expect(screen.getByRole("button", { name: "Send code" })).toBeEnabled();
      if (snapshot.context.problem === "rulesUnavailable") {
        expect(screen.getByRole("alert")).toHaveTextContent(
          "The phone number check could not be loaded. Please try again.",
        );
      } else {
        expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
      }
      if (snapshot.context.problem === "countryRequired") {
        expect(screen.getByText("Country code required.")).toBeVisible();
      }
      if (snapshot.context.problem === "invalid")
        expect(screen.getByText("Enter valid phone number.")).toBeVisible();
      if (snapshot.context.problem === "passwordRequired") {
        expect(screen.getByText("Current Password can not be empty.")).toBeVisible();
      }
      if (snapshot.context.error === 40303) {
        expect(screen.getByRole("alert")).toHaveTextContent(
          "Your current password is not correct. Please try again.",
        );
      }
    },
    "enrolling.awaitingRules": () => {
      expect(screen.getByRole("status")).toHaveTextContent("Please wait…");
      expect(screen.getByRole("button", { name: "Send code" })).toBeDisabled();
    },
    "enrolling.sending": () => expect(screen.getByRole("button", { name: "Send code" })).toBeDisabled(),
    "enrolling.code": (snapshot) => {
      expect(screen.getByText(/It can take about a minute to arrive\./)).toBeVisible();
      expect(screen.getByLabelText("Verification Code")).toHaveValue(snapshot.context.values.code);
      expect(screen.getByRole("button", { name: "Verify and turn on" })).toBeEnabled();
      if (snapshot.context.error === 40005) {
        expect(screen.getByRole("alert")).toHaveTextContent(
          "Invalid verification code. Please try again with valid code.",
        );
      }
      if (snapshot.context.problem === "codeInvalid")
        expect(screen.getByText("Enter the 6-digit code.")).toBeVisible();
    },
    "enrolling.verifying": () => expect(screen.getByRole("status")).toHaveTextContent("Please wait…"),
    disabling: () => expect(screen.getByRole("button", { name: "Cancel" })).toBeEnabled(),
    "disabling.password": (snapshot) => {
      expect(screen.getByLabelText("Current Password")).toHaveValue(snapshot.context.values.password);
      expect(screen.queryByLabelText("Phone number")).not.toBeInTheDocument();
    },
    "disabling.sending": () => expect(screen.getByRole("button", { name: "Send code" })).toBeDisabled(),
    "disabling.code": () => expect(screen.getByRole("button", { name: "Verify and turn off" })).toBeEnabled(),
    "disabling.verifying": () => expect(screen.getByRole("status")).toHaveTextContent("Please wait…"),
  },
});
