import { screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { type AnyEventObject, createActor } from "xstate";
import { LinkCardDialog } from "../../src/views/fare-cards/LinkCardDialog.tsx";
import { cardLinkModel } from "./specs/cardLink.ts";
import { describeViewModel } from "./view-harness.tsx";

const labels = { number: "Card number", code: "Security code", nickname: "Nickname (optional)" } as const;

const refusals: Record<number, string> = {
  42214: "No matches found. Check the card number and security code and try again.",
  42215: "More than one match found. Please contact customer service to link this card.",
  42216: "This card is already linked to an account.",
  42217: "The selected card is blocked and cannot be linked.",
  40401: "Card not found.",
  42901: "Too many attempts, try again in 5 minutes",
  50301: "The card could not be linked. Please try again.",
};

const problems: Record<string, (label: string) => string> = {
  required: (label) => `${label} can not be empty.`,
  invalid: (label) => `${label} is not valid.`,
  tooLong: (label) => `${label} must not exceed 40 characters`,
};

const linkDialog = () => screen.getByRole("dialog", { name: "Link a card" });

describeViewModel({
  model: cardLinkModel,
  mount(logic, { clock, inspect }) {
    const actor = createActor(logic, { clock, inspect }).start();
    return { element: <LinkCardDialog link={actor} />, actor: () => actor };
  },
  environment: ["xstate.done.actor.link", "xstate.error.actor.link"],
  gestures: {
    "link.open": async (user) => user.click(screen.getByRole("button", { name: "Link a card" })),
    "link.change": async (user, event: AnyEventObject) => {
      for (const [key, value] of Object.entries(event.values as Record<string, string>)) {
        const field = within(linkDialog()).getByRole("textbox", { name: labels[key as keyof typeof labels] });
        await user.clear(field);
        if (value !== "") await user.type(field, value);
      }
    },
    "link.submit": async (user) =>
      user.click(within(linkDialog()).getByRole("button", { name: "Link card" })),
    "link.cancel": async (user) => user.click(within(linkDialog()).getByRole("button", { name: "Cancel" })),
  },
  sees: {
    closed: () => {
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(screen.getByRole("button", { name: "Link a card" })).toBeEnabled();
    },
    editing: (snapshot) => {
      const form = within(linkDialog());
      const { draft, failure } = snapshot.context;
      for (const key of ["number", "code", "nickname"] as const) {
        const field = form.getByRole("textbox", { name: labels[key] });
        expect(field).toHaveValue(draft[key]);
        const problem = snapshot.context.problems[key];
        if (problem) expect(field).toHaveAccessibleDescription(problems[problem]?.(labels[key]) ?? "");
        else expect(field).not.toHaveAttribute("aria-invalid", "true");
      }
      if (failure) expect(form.getByRole("alert")).toHaveTextContent(refusals[failure.code] ?? "");
      else expect(form.queryByRole("alert")).toBeNull();
      expect(form.getByRole("button", { name: "Link card" })).toBeEnabled();
    },
    linking: () => {
      expect(within(linkDialog()).getByRole("button", { name: "Please wait…" })).toBeDisabled();
    },
  },
});
