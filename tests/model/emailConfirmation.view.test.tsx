import { screen } from "@testing-library/react";
import { expect } from "vitest";
import { createActor } from "xstate";
import { EmailConfirmationView } from "../../src/views/screens/AuthScreens.tsx";
import { emailConfirmationModel } from "./specs/emailConfirmation.ts";
import { describeViewModel } from "./view-harness.tsx";

describeViewModel({
  model: emailConfirmationModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(logic, { input, clock, inspect }).start();
    return { element: <EmailConfirmationView confirmation={actor} />, actor: () => actor };
  },
  environment: [
    "xstate.done.actor.confirmEmail",
    "xstate.error.actor.confirmEmail",
    "xstate.after.redirect.emailConfirmation.confirmed",
  ],
  gestures: {
    "confirmation.retry": async (user) => user.click(screen.getByRole("button", { name: "Try again" })),
  },
  sees: {
    confirming: () => expect(screen.getByRole("status")).toHaveTextContent("Confirming your email…"),
    confirmed: () => {
      expect(screen.getByRole("status")).toHaveTextContent("Your email is confirmed.");
      expect(screen.getByRole("status")).toHaveTextContent("We will take you to sign in in 5 seconds.");
    },
    failed: () =>
      expect(screen.getByRole("alert")).toHaveTextContent("Something went wrong, please try again!"),
    invalid: () =>
      expect(screen.getByRole("alert")).toHaveTextContent(
        "This confirmation link is invalid or was already used.",
      ),
    redirected: () => expect(screen.getByRole("link", { name: "Back to sign in" })).toBeVisible(),
  },
});
