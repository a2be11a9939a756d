import { screen } from "@testing-library/react";
import { expect } from "vitest";
import { createActor } from "xstate";
import { ClaimCard } from "../../src/views/guest-card/ClaimCard.tsx";
import { cardClaimModel } from "./specs/cardClaim.ts";
import { describeViewModel } from "./view-harness.tsx";

const reasons: Record<number, string> = {
  42216: "This card is already linked to an account.",
  42214: "Open the card again with its number and security code, then add it.",
  50301: "The card could not be added. Please try again.",
};

describeViewModel({
  model: cardClaimModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(logic, { input, clock, inspect }).start();
    return { element: <ClaimCard actor={actor} />, actor: () => actor };
  },
  environment: ["xstate.done.actor.claim", "xstate.error.actor.claim"],
  gestures: {
    "claim.start": async (user) =>
      user.click(screen.getByRole("button", { name: /^(Add to my account|Sign in to add it)$/ })),
  },
  sees: {
    idle: (snapshot) => {
      const { signedIn, failure } = snapshot.context;
      expect(
        screen.getByRole("button", { name: signedIn ? "Add to my account" : "Sign in to add it" }),
      ).toBeEnabled();
      const create = screen.queryByRole("link", { name: "Create an account" });
      if (signedIn) expect(create).toBeNull();
      else expect(create).toHaveAttribute("href", "/signup");
      if (failure === null) expect(screen.queryByRole("alert")).toBeNull();
      else expect(screen.getByRole("alert")).toHaveTextContent(reasons[failure] ?? "");
    },
    claiming: () => expect(screen.getByRole("button", { name: "Please wait…" })).toBeDisabled(),
    done: () => expect(screen.getByRole("button", { name: "Please wait…" })).toBeDisabled(),
  },
});
