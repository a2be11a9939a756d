import { screen, within } from "@testing-library/react";
import { useState } from "react";
import { expect } from "vitest";
import { type AnyEventObject, createActor } from "xstate";
import { GuestCardView } from "../../src/views/guest-card/GuestCardView.tsx";
import { money } from "../support/receipt.ts";
import { guestCardModel } from "./specs/guestCard.ts";
import { describeViewModel } from "./view-harness.tsx";

/**
 * The add value panel, as far as the card's page is concerned: once value is added it says so (with
 * the order) and tells the page, which reads the card again. What it says must outlive that reading.
 */
function AddValueStandIn({ onChanged }: { onChanged: () => void }) {
  const [added, setAdded] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setAdded(true);
          onChanged();
        }}
      >
        Value added (stand-in)
      </button>
      {added ? <p data-testid="added">$10.00 added. Order TP-00000001.</p> : null}
    </>
  );
}

describeViewModel({
  model: guestCardModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(logic, { input, clock, inspect }).start();
    return {
      element: (
        <GuestCardView
          guest={actor}
          money={money}
          addValue={({ onChanged }) => <AddValueStandIn onChanged={onChanged} />}
        />
      ),
      actor: () => actor,
    };
  },
  environment: [
    "xstate.done.actor.openCard",
    "xstate.error.actor.openCard",
    "xstate.done.actor.loadCard",
    "xstate.error.actor.loadCard",
    "xstate.done.actor.loadActivity",
    "xstate.error.actor.loadActivity",
    "xstate.done.actor.finish",
    "xstate.error.actor.finish",
  ],
  gestures: {
    "form.change": async (user, event: AnyEventObject) => {
      const [key, value] = Object.entries(event.values as Record<string, string>)[0] ?? ["", ""];
      const field = screen.getByLabelText(key === "cardNumber" ? /Card number/ : /Security code/);
      await user.clear(field);
      await user.type(field, value);
    },
    "form.submit": async (user) => user.click(screen.getByRole("button", { name: "View card" })),
    "card.retry": async (user) => user.click(screen.getByRole("button", { name: "Try again" })),
    // The add value panel calls back once value was added.
    "card.refresh": async (user) =>
      user.click(screen.getByRole("button", { name: "Value added (stand-in)" })),
    "activity.more": async (user) => {
      const more = screen.queryByRole("button", { name: "Show more" });
      if (more) await user.click(more);
    },
    "card.done": async (user) => user.click(screen.getByRole("button", { name: "Done" })),
  },
  sees: {
    form: (snapshot) => {
      const number = screen.getByLabelText(/Card number/);
      const code = screen.getByLabelText(/Security code/);
      expect(number).toHaveValue(snapshot.context.cardNumber);
      expect(code).toHaveValue(snapshot.context.securityCode);
      const { problems, notice } = snapshot.context;
      if (problems.cardNumber === "required")
        expect(number).toHaveAccessibleDescription("Card number can not be empty.");
      else if (problems.cardNumber === "invalid")
        expect(number).toHaveAccessibleDescription("Card number is not valid.");
      if (problems.securityCode) expect(code).toHaveAccessibleDescription("Security code can not be empty.");
      const said = screen.queryByTestId("guest-notice");
      if (notice === null) expect(said).toBeNull();
      else if (notice.kind === "noMatch") expect(said).toHaveTextContent("No matches found.");
      else if (notice.kind === "throttled")
        expect(said).toHaveTextContent(`Too many attempts, try again in ${notice.minutes} minutes`);
      else if (notice.kind === "expired") expect(said).toHaveTextContent("Your card session has expired.");
      else if (notice.kind === "done") expect(said).toHaveTextContent("You are done with this card.");
      else expect(said).toHaveTextContent("The card could not be opened.");
      expect(screen.getByRole("button", { name: "View card" })).toBeEnabled();
    },
    opening: () => expect(screen.getByRole("button", { name: "Please wait…" })).toBeDisabled(),
    loadingCard: () => expect(screen.getByRole("status")).toHaveTextContent("Loading the card…"),
    "card.refreshing": () => {
      // Read again in place: the card and what adding value said stay (issue 34).
      expect(within(screen.getByTestId("guest-card")).getByRole("button", { name: "Done" })).toBeVisible();
      expect(screen.getByTestId("added")).toHaveTextContent("Order TP-00000001");
    },
    card: (snapshot) => {
      const card = within(screen.getByTestId("guest-card"));
      expect(card.getByRole("heading", { name: snapshot.context.card?.printed_card_number })).toBeVisible();
      const [year, month, day] = (snapshot.context.card?.expiration_date ?? "").split("-");
      expect(card.getByTestId("card-expires")).toHaveTextContent(`Expires ${month}/${day}/${year}`);
      expect(card.getByTestId("general-funds")).toHaveTextContent(
        money(snapshot.context.card?.balance_detail.general_funds ?? 0),
      );
      expect(screen.getAllByTestId("pass")).toHaveLength(snapshot.context.card?.passes.length ?? 0);
      expect(screen.getByRole("button", { name: "Done" })).toBeEnabled();
    },
    "card.loadingActivity": (snapshot) => {
      if (snapshot.context.activity.length === 0)
        expect(screen.getByRole("status")).toHaveTextContent("Loading the card's activity…");
      else expect(screen.getByRole("button", { name: "Loading…" })).toBeDisabled();
    },
    "card.activity": (snapshot) => {
      const { activity, activityNext, error } = snapshot.context;
      if (activity.length > 0) {
        expect(within(screen.getByTestId("activity")).getAllByRole("row").slice(1)).toHaveLength(
          activity.length,
        );
      }
      if (error !== null) expect(screen.getByRole("alert")).toHaveTextContent("activity could not be loaded");
      else if (activityNext !== null) expect(screen.getByRole("button", { name: "Show more" })).toBeEnabled();
      else expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
    },
    cardFailed: () => {
      expect(screen.getByRole("alert")).toHaveTextContent("The card could not be loaded.");
      expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
    },
    leaving: () => expect(screen.getByRole("status")).toHaveTextContent("Closing the card…"),
  },
});
