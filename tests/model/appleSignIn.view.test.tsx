import { screen } from "@testing-library/react";
import { expect } from "vitest";
import { createActor } from "xstate";
import { AppleReturnView } from "../../src/views/session/AppleReturnView.tsx";
import { appleSignInModel } from "./specs/appleSignIn.ts";
import { describeViewModel } from "./view-harness.tsx";

describeViewModel({
  model: appleSignInModel,
  mount(logic, { input, clock }) {
    const actor = createActor(logic, { input, clock }).start();
    return { element: <AppleReturnView apple={actor} />, actor: () => actor };
  },
  environment: [
    "xstate.done.actor.checkState",
    "xstate.error.actor.checkState",
    "xstate.done.actor.appleLogin",
    "xstate.error.actor.appleLogin",
  ],
  gestures: {},
  sees: {
    checking: () => expect(screen.getByRole("status")).toHaveTextContent("Processing apple sign in!"),
    processing: () => expect(screen.getByRole("status")).toHaveTextContent("Processing apple sign in!"),
    signedIn: () => expect(screen.getByRole("status")).toHaveTextContent("Signing you in…"),
    failed: () => expect(screen.getByRole("alert")).toHaveTextContent("Failed to login by Apple sign in."),
  },
});
