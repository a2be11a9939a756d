import { screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { createActor } from "xstate";
import { BlockButtons } from "../../src/views/fare-cards/CardBlockPanel.tsx";
import { commuteDetail } from "../support/fare-cards.ts";
import { cardBlockModel } from "./specs/cardBlock.ts";
import { describeViewModel } from "./view-harness.tsx";

const question = () => screen.getByRole("alertdialog", { name: "Block this card?" });

describeViewModel({
  model: cardBlockModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(logic, { input, clock, inspect }).start();
    const can = {
      ...commuteDetail.can,
      block: input?.canBlock ?? false,
      unblock: input?.canUnblock ?? false,
    };
    return { element: <BlockButtons actor={actor} card={{ can }} />, actor: () => actor };
  },
  environment: [
    "xstate.done.actor.block",
    "xstate.error.actor.block",
    "xstate.done.actor.unblock",
    "xstate.error.actor.unblock",
  ],
  gestures: {
    "block.ask": async (user) => user.click(screen.getByRole("button", { name: "Block card" })),
    "block.confirm": async (user) =>
      user.click(within(question()).getByRole("button", { name: "Block card" })),
    "block.cancel": async (user) =>
      user.click(within(question()).getByRole("button", { name: "Keep it active" })),
    unblock: async (user) => user.click(screen.getByRole("button", { name: "Unblock card" })),
  },
  sees: {
    idle: (snapshot) => {
      expect(screen.queryByRole("alertdialog")).toBeNull();
      const block = screen.queryByRole("button", { name: "Block card" });
      const unblock = screen.queryByRole("button", { name: "Unblock card" });
      if (snapshot.context.canBlock) expect(block).toBeEnabled();
      else expect(block).toBeNull();
      if (snapshot.context.canUnblock) expect(unblock).toBeEnabled();
      else expect(unblock).toBeNull();
      if (snapshot.context.failure) {
        expect(screen.getByRole("alert")).toHaveTextContent(
          "The card could not be unblocked. Please try again.",
        );
      }
    },
    confirmingBlock: (snapshot) => {
      const dialog = within(question());
      expect(dialog.getByText(/Blocking stops all use of the card/)).toBeVisible();
      expect(dialog.getByText(/lost or stolen/)).toBeVisible();
      expect(dialog.getByRole("button", { name: "Block card" })).toBeEnabled();
      if (snapshot.context.failure) {
        expect(dialog.getByRole("alert")).toHaveTextContent(
          "The card could not be blocked. Please try again.",
        );
      }
    },
    blocking: () => {
      expect(within(question()).getByRole("button", { name: "Please wait…" })).toBeDisabled();
    },
    unblocking: () => {
      expect(screen.getByRole("button", { name: "Please wait…" })).toBeDisabled();
    },
    done: () => {
      expect(screen.queryByRole("alertdialog")).toBeNull();
    },
  },
});
