import { screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { createActor } from "xstate";
import { AlertSettingsView } from "../../src/views/alerts/AlertSettingsView.tsx";
import { money } from "../support/receipt.ts";
import { alertSettingsModel } from "./specs/alertSettings.ts";
import { describeViewModel } from "./view-harness.tsx";

const toggles = {
  lowBalance: "When a card's balance goes under an amount",
  passEnding: "When a pass is about to end",
  renewalSoon: "Three days before an auto-renewal charges",
  autoloadPaused: "When an autoload pauses",
} as const;

describeViewModel({
  model: alertSettingsModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(logic, { input, clock, inspect }).start();
    return { element: <AlertSettingsView alerts={actor} money={money} />, actor: () => actor };
  },
  environment: [
    "xstate.done.actor.loadAlerts",
    "xstate.error.actor.loadAlerts",
    "xstate.done.actor.saveAlerts",
    "xstate.error.actor.saveAlerts",
  ],
  gestures: {
    "alerts.toggle": async (user, event) =>
      user.click(screen.getByRole("checkbox", { name: toggles[event.alert as keyof typeof toggles] })),
    "alerts.below": async (user, event) => {
      const field = screen.getByRole("textbox", { name: "Tell me under" });
      await user.clear(field);
      await user.type(field, event.text);
    },
    "alerts.days": async (user, event) => {
      const field = screen.getByRole("textbox", { name: "Days before it ends" });
      await user.clear(field);
      await user.type(field, event.text);
    },
    "alerts.save": async (user) => user.click(screen.getByRole("button", { name: "Save alerts" })),
    "alerts.retry": async (user) => user.click(screen.getByRole("button", { name: "Try again" })),
  },
  sees: {
    loading: () => expect(screen.getByRole("status")).toHaveTextContent("Loading your alerts…"),
    loadFailed: () => {
      expect(screen.getByRole("alert")).toHaveTextContent("Your alerts could not be loaded.");
      expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
    },
    editing: (snapshot) => {
      const { context } = snapshot;
      const checked = (name: string) => (screen.getByRole("checkbox", { name }) as HTMLInputElement).checked;
      for (const alert of Object.keys(toggles) as Array<keyof typeof toggles>)
        expect(checked(toggles[alert])).toBe(context.on[alert]);
      const below = screen.queryByRole("textbox", { name: "Tell me under" });
      if (context.on.lowBalance) {
        expect(below).toHaveValue(context.below);
        if (context.problems.includes("below"))
          expect(below).toHaveAccessibleDescription(/Enter an amount from \$1\.00 to \$1,000\.00\./);
      } else expect(below).toBeNull();
      const days = screen.queryByRole("textbox", { name: "Days before it ends" });
      if (context.on.passEnding) {
        expect(days).toHaveValue(context.days);
        if (context.problems.includes("days"))
          expect(days).toHaveAccessibleDescription(/Enter a number of days from 1 to 30\./);
      } else expect(days).toBeNull();
      const channels = within(screen.getByTestId("alert-channels"));
      expect(channels.getByText(context.saved?.channels.email ?? "")).toBeVisible();
      expect(screen.getByText("Always sent")).toBeVisible();
      if (context.error !== null)
        expect(screen.getByRole("alert")).toHaveTextContent("Your alerts could not be saved.");
      expect(screen.getByRole("button", { name: "Save alerts" })).toBeEnabled();
    },
    saving: () => expect(screen.getByRole("button", { name: "Saving…" })).toBeDisabled(),
  },
});
