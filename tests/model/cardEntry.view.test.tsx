import { screen } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";
import { type AnyEventObject, createActor } from "xstate";
import type { CardDraft } from "../../src/machines/cardDraft.ts";
import { CardEntryForm } from "../../src/views/checkout/CardEntryForm.tsx";
import { cardEntryModel } from "./specs/cardEntry.ts";
import { describeViewModel } from "./view-harness.tsx";

const cardFields: Partial<Record<keyof CardDraft, string>> = {
  firstName: "First name on card",
  lastName: "Last name on card",
  number: "Card Number",
  expiry: "Expiration (MM/YY)",
  cvv: "CVV",
  address: "Billing Street Address",
  zip: "Zip or Postal Code",
};

const problemTexts: Record<string, (label: string) => string> = {
  required: (label) => `${label} can not be empty.`,
  invalid: (label) => `${label} is not valid.`,
};

async function retype(user: UserEvent, name: string, value: string) {
  const field = screen.getByRole("textbox", { name });
  await user.clear(field);
  if (value !== "") await user.type(field, value);
}

/** The fields show what the machine holds, and a problem it found, as the field's description. */
function fieldsShow(context: { card: CardDraft; problems: Partial<Record<keyof CardDraft, string>> }) {
  for (const [key, label] of Object.entries(cardFields) as Array<[keyof CardDraft, string]>) {
    const field = screen.getByRole("textbox", { name: label });
    expect(field).toHaveValue(String(context.card[key]));
    const problem = context.problems[key];
    const text = problem ? problemTexts[problem]?.(label) : undefined;
    // The number's description also names the brand the digits show ("Visa Card Number is not valid.").
    if (text) expect(field).toHaveAccessibleDescription(expect.stringContaining(text));
  }
}

describeViewModel({
  model: cardEntryModel,
  mount(logic, { input, clock, inspect }) {
    if (!input) throw new Error("every card entry walk has an input");
    const actor = createActor(logic, { clock, input, inspect }).start();
    return {
      element: (
        <CardEntryForm
          entry={actor}
          id="card-entry"
          heading="Card for this order"
          note="The card is used for this order only and is not saved."
          onCancel={() => {}}
        />
      ),
      actor: () => actor,
    };
  },
  environment: [
    "xstate.done.actor.loadCardRules",
    "xstate.error.actor.loadCardRules",
    "xstate.done.actor.tokenizeCard",
    "xstate.error.actor.tokenizeCard",
  ],
  gestures: {
    "card.change": async (user, event: AnyEventObject) => {
      for (const [field, value] of Object.entries(event.values as Record<string, string>)) {
        const label = cardFields[field as keyof CardDraft];
        if (label) await retype(user, label, value);
      }
    },
    // While the checks download, the button says "Please wait…" and is disabled: a click does nothing.
    "card.use": (user) =>
      user.click(
        screen.queryByRole("button", { name: "Use this card" }) ??
          screen.getByRole("button", { name: "Please wait…" }),
      ),
  },
  sees: {
    // The rider may type while the checks download; "Use this card" waits for them.
    loading: (s) => {
      expect(screen.getByRole("form", { name: "Card for this order" })).toBeVisible();
      expect(screen.getByRole("button", { name: "Please wait…" })).toBeDisabled();
      expect(screen.getByRole("button", { name: "Cancel" })).toBeEnabled();
      for (const [key, label] of Object.entries(cardFields) as Array<[keyof CardDraft, string]>) {
        expect(screen.getByRole("textbox", { name: label })).toHaveValue(String(s.context.card[key]));
      }
    },
    ready: (s) => {
      expect(screen.getByRole("button", { name: "Use this card" })).toBeEnabled();
      fieldsShow(s.context);
      if (s.context.failure?.code === 50301) {
        expect(screen.getByRole("alert")).toHaveTextContent("The connection was lost. Please try again.");
      } else if (s.context.failure) {
        expect(screen.getByRole("alert")).toHaveTextContent(s.context.failure.message);
      } else {
        expect(screen.queryByRole("alert")).toBeNull();
      }
    },
    tokenizing: () => {
      expect(screen.getByRole("button", { name: "Please wait…" })).toBeDisabled();
      expect(screen.queryByRole("alert")).toBeNull();
    },
    // Done: the parent closes the form by leaving its card state (the checkout's and the loads' tests).
    tokenized: () => expect(screen.getByRole("textbox", { name: "Card Number" })).toHaveValue(""),
    lost: () => expect(screen.getByRole("form", { name: "Card for this order" })).toBeVisible(),
  },
});
