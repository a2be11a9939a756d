import { screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { createActor } from "xstate";
import { LanguageSelect } from "../../src/views/layout/LanguageSelect.tsx";
import { portalConfig } from "../support/fixtures.ts";
import { languageModel } from "./specs/language.ts";
import { describeViewModel } from "./view-harness.tsx";

const picker = () => screen.getByRole("combobox", { name: "Language" });
const displayName = (code: string) =>
  portalConfig.locales.find((locale) => locale.code === code)?.display_name;

describeViewModel({
  model: languageModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(logic, { input, clock, inspect }).start();
    return {
      element: <LanguageSelect language={actor} locales={portalConfig.locales} />,
      actor: () => actor,
    };
  },
  environment: ["xstate.done.actor.activateLocale", "xstate.error.actor.activateLocale"],
  gestures: {
    // Pick the language in the dropdown; a language the deployment does not offer is not in it.
    "language.change": async (user, event) => {
      await user.click(picker());
      const name = displayName(String(event.locale));
      const option = name ? screen.queryByRole("option", { name }) : null;
      if (option) await user.click(option);
      else await user.keyboard("{Escape}");
    },
  },
  sees: {
    loading: () => expect(picker()).toHaveAttribute("data-disabled"),
    "loading.starting": (snapshot) =>
      expect(picker()).toHaveTextContent(displayName(snapshot.context.current) ?? ""),
    "loading.switching": (snapshot) =>
      expect(picker()).toHaveTextContent(displayName(snapshot.context.current) ?? ""),
    ready: (snapshot) => {
      expect(picker()).not.toHaveAttribute("data-disabled");
      expect(within(picker()).getByText(displayName(snapshot.context.current) ?? "")).toBeVisible();
    },
  },
});
