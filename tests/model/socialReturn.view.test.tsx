import { screen } from "@testing-library/react";
import { expect } from "vitest";
import { createActor } from "xstate";
import { SocialReturnView } from "../../src/views/session/SocialReturnView.tsx";
import { socialReturnModel } from "./specs/socialReturn.ts";
import { describeViewModel } from "./view-harness.tsx";

const processing = {
  apple: "Processing apple sign in!",
  google: "Processing Google sign in!",
  facebook: "Processing Facebook sign in!",
};
const failure = {
  apple: "Failed to login by Apple sign in.",
  google: "Failed to login by Google sign in.",
  facebook: "Failed to login by Facebook sign in.",
};
const names = { apple: "Apple", google: "Google", facebook: "Facebook" };

describeViewModel({
  model: socialReturnModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(logic, { input, clock, inspect }).start();
    return { element: <SocialReturnView social={actor} />, actor: () => actor };
  },
  environment: [
    "xstate.done.actor.takeTrip",
    "xstate.error.actor.takeTrip",
    "xstate.done.actor.signIn",
    "xstate.error.actor.signIn",
    "xstate.done.actor.linkAccount",
    "xstate.error.actor.linkAccount",
  ],
  gestures: {},
  sees: {
    checking: (s) =>
      expect(screen.getByRole("status")).toHaveTextContent(processing[s.context.input.provider]),
    signingIn: (s) =>
      expect(screen.getByRole("status")).toHaveTextContent(processing[s.context.input.provider]),
    linking: (s) =>
      expect(screen.getByRole("status")).toHaveTextContent(`Connecting ${names[s.context.input.provider]}…`),
    signedIn: () => expect(screen.getByRole("status")).toHaveTextContent("Signing you in…"),
    failed: (s) => expect(screen.getByRole("alert")).toHaveTextContent(failure[s.context.input.provider]),
    linked: () => expect(screen.getByRole("status")).toHaveTextContent("Back to your connected accounts…"),
    linkFailed: () =>
      expect(screen.getByRole("status")).toHaveTextContent("Back to your connected accounts…"),
  },
});
