import { screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { createActor } from "xstate";
import { ReportLostButton } from "../../src/views/fare-cards/ReportLostPanel.tsx";
import { cardReplaceModel } from "./specs/cardReplace.ts";
import { describeViewModel } from "./view-harness.tsx";

const question = () => screen.getByRole("alertdialog", { name: "Report this card lost or stolen?" });
const reasons: Record<number, string> = {
  42231: "A load on this card is still being processed. Try again in a few minutes.",
  42202: "This card cannot be replaced online. Please contact customer service.",
  50301: "The card could not be reported. Please try again.",
};

describeViewModel({
  model: cardReplaceModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(logic, { input, clock, inspect }).start();
    return { element: <ReportLostButton actor={actor} />, actor: () => actor };
  },
  environment: ["xstate.done.actor.replace", "xstate.error.actor.replace"],
  gestures: {
    "replace.ask": async (user) => user.click(screen.getByRole("button", { name: "Report lost or stolen" })),
    "replace.confirm": async (user) =>
      user.click(within(question()).getByRole("button", { name: "Block and replace" })),
    "replace.cancel": async (user) =>
      user.click(within(question()).getByRole("button", { name: "Keep this card" })),
  },
  sees: {
    idle: (snapshot) => {
      expect(screen.queryByRole("alertdialog")).toBeNull();
      const report = screen.queryByRole("button", { name: "Report lost or stolen" });
      if (snapshot.context.canReplace) expect(report).toBeEnabled();
      else expect(report).toBeNull();
    },
    confirming: (snapshot) => {
      const dialog = within(question());
      expect(dialog.getByText(/blocked at once and for good/)).toBeVisible();
      expect(dialog.getByText(/new digital card on your phone/)).toBeVisible();
      expect(dialog.getByRole("button", { name: "Block and replace" })).toBeEnabled();
      const { failure } = snapshot.context;
      if (failure === null) expect(dialog.queryByRole("alert")).toBeNull();
      else expect(dialog.getByRole("alert")).toHaveTextContent(reasons[failure] ?? "");
    },
    replacing: () => {
      expect(within(question()).getByRole("button", { name: "Please wait…" })).toBeDisabled();
    },
    done: () => {
      expect(screen.queryByRole("alertdialog")).toBeNull();
    },
  },
});
