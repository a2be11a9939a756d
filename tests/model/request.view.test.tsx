import { screen } from "@testing-library/react";
import { expect } from "vitest";
import { createActor } from "xstate";
import { ActionBlocked } from "../../src/views/account/ResendVerification.tsx";
import { requestModel } from "./specs/request.ts";
import { describeViewModel } from "./view-harness.tsx";

const resend = () => screen.getByRole("button", { name: /^(Resend verification email|Sending…)$/ });

describeViewModel({
  model: requestModel,
  mount(logic, { clock, inspect }) {
    const actor = createActor(logic, { clock, inspect }).start();
    return { element: <ActionBlocked resend={actor} />, actor: () => actor };
  },
  environment: ["xstate.done.actor.send", "xstate.error.actor.send"],
  gestures: {
    "request.send": async (user) =>
      user.click(screen.getByRole("button", { name: "Resend verification email" })),
  },
  sees: {
    idle: () => {
      expect(screen.getByRole("heading", { name: "Action Blocked" })).toBeVisible();
      expect(resend()).toBeEnabled();
    },
    sending: () => expect(resend()).toBeDisabled(),
    sent: () => expect(screen.getByRole("status")).toHaveTextContent("We sent you a new verification email."),
    failed: () =>
      expect(screen.getByRole("alert")).toHaveTextContent(
        "Failed to send a verification email. Please try later.",
      ),
  },
});
