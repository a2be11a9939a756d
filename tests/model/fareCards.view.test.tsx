import { act, screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { type AnyEventObject, createActor } from "xstate";
import { autoRenewMachine } from "../../src/machines/autoRenew.machine.ts";
import { cardBlockMachine } from "../../src/machines/cardBlock.machine.ts";
import { cardReplaceMachine } from "../../src/machines/cardReplace.machine.ts";
import { FareCardsView, FollowCardRoute } from "../../src/views/fare-cards/FareCardsView.tsx";
import { money } from "../support/receipt.ts";
import { fareCardsModel } from "./specs/fareCards.ts";
import { describeViewModel } from "./view-harness.tsx";

const pathOf = (cardId: string | null) => (cardId ? `/faremedia/${cardId}` : "/faremedia");

let location = memoryLocation({ path: "/faremedia" });

const dialog = (name: string) => screen.getByRole("alertdialog", { name });

describeViewModel({
  model: fareCardsModel,
  mount(logic, { input, clock, inspect }) {
    location = memoryLocation({ path: pathOf(input?.cardId ?? null) });
    const actor = createActor(logic, { input, clock, inspect }).start();
    return {
      element: (
        <Router hook={location.hook}>
          <Route path="/faremedia/:cardId?">
            <FollowCardRoute cards={actor} />
            <FareCardsView
              cards={actor}
              machines={{
                cardBlock: cardBlockMachine,
                cardReplace: cardReplaceMachine,
                autoRenew: autoRenewMachine,
              }}
              money={money}
              MoneyActions={() => <p>Money actions</p>}
            />
          </Route>
        </Router>
      ),
      actor: () => actor,
    };
  },
  environment: [
    "xstate.done.actor.load",
    "xstate.error.actor.load",
    "xstate.done.actor.loadActivity",
    "xstate.error.actor.loadActivity",
    "xstate.done.actor.rename",
    "xstate.error.actor.rename",
    "xstate.done.actor.unlink",
    "xstate.error.actor.unlink",
    "xstate.done.actor.remove",
    "xstate.error.actor.remove",
    // Told by the block, auto-renew, money and link machines.
    "card.changed",
    // The language machine's switch (FareCardsScreen.tsx sends it), outside the card's page.
    "card.relabel",
    "card.linked",
  ],
  gestures: {
    // A card in the list, or "All fare cards", when on screen; else the address bar.
    "route.changed": async (user, event: AnyEventObject) => {
      const path = pathOf(event.cardId);
      const link = screen.queryAllByRole("link").find((candidate) => candidate.getAttribute("href") === path);
      if (link) await user.click(link);
      else act(() => location.navigate(path));
    },
    "cards.retry": async (user) => user.click(screen.getByRole("button", { name: "Try again" })),
    "activity.more": async (user) => user.click(screen.getByRole("button", { name: "Show more" })),
    "nickname.edit": async (user) => user.click(screen.getByRole("button", { name: "Edit nickname" })),
    "nickname.change": async (user, event: AnyEventObject) => {
      const field = screen.getByRole("textbox", { name: "Nickname" });
      await user.clear(field);
      await user.type(field, event.value);
    },
    "nickname.submit": async (user) => user.click(screen.getByRole("button", { name: "Save" })),
    "nickname.cancel": async (user) => user.click(screen.getByRole("button", { name: "Cancel" })),
    "unlink.ask": async (user) => user.click(screen.getByRole("button", { name: "Unlink card" })),
    "unlink.confirm": async (user) =>
      user.click(within(dialog("Unlink this card?")).getByRole("button", { name: "Unlink card" })),
    "unlink.cancel": async (user) =>
      user.click(within(dialog("Unlink this card?")).getByRole("button", { name: "Keep it" })),
    "remove.ask": async (user) => user.click(screen.getByRole("button", { name: "Remove card" })),
    "remove.confirm": async (user) =>
      user.click(within(dialog("Remove this card?")).getByRole("button", { name: "Remove card" })),
    "remove.cancel": async (user) =>
      user.click(within(dialog("Remove this card?")).getByRole("button", { name: "Keep it" })),
  },
  sees: {
    loading: (snapshot) => {
      expect(screen.getByRole("status")).toHaveTextContent(
        snapshot.context.cardId && snapshot.context.cards.length > 0
          ? "Loading the card…"
          : "Loading your fare cards…",
      );
    },
    listing: (snapshot) => {
      const { cards } = snapshot.context;
      if (cards.length === 0) {
        expect(screen.getByText(/There are no fare cards on your account yet/)).toBeVisible();
        expect(screen.getByRole("button", { name: "Link a card" })).toBeEnabled();
        return;
      }
      const list = within(screen.getByRole("navigation", { name: "Your cards" }));
      const links = list.getAllByRole("link");
      expect(links.map((link) => link.getAttribute("href"))).toEqual(
        cards.map((card) => `/faremedia/${card.faremedia_id}`),
      );
      for (const [index, card] of cards.entries()) expect(links[index]).toHaveTextContent(card.nickname);
      expect(screen.getByText("Choose a card to see its balance, passes and activity.")).toBeVisible();
    },
    notFound: (snapshot) => {
      expect(screen.getByRole("heading", { name: "Fare card not found" })).toBeVisible();
      expect(document.body).not.toHaveTextContent(snapshot.context.cardId ?? "never");
    },
    failed: () => {
      expect(screen.getByRole("alert")).toHaveTextContent(
        "Failed to load your fare cards. Please try again.",
      );
      expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
    },
    card: (snapshot) => {
      const card = snapshot.context.card;
      expect(
        screen.getByRole("heading", { level: 2, name: card?.nickname, hidden: true }),
      ).toBeInTheDocument();
      expect(screen.getByTestId("card-number")).toHaveTextContent(card?.printed_card_number ?? "");
      // The expiry the server gives, as the deployment writes a day (MM/dd/yyyy in English; issue 47).
      const [year, month, day] = (card?.expiration_date ?? "").split("-");
      expect(screen.getByTestId("card-expires")).toHaveTextContent(`${month}/${day}/${year}`);
      expect(screen.getByTestId("general-funds")).toHaveTextContent(
        money(card?.balance_detail.general_funds ?? 0),
      );
      expect(screen.getAllByTestId("activity-row")).toHaveLength(snapshot.context.activity.length);
      expect(screen.getByText("Money actions")).toBeInTheDocument();
      const current = screen
        .getAllByTestId("fare-card-link")
        .find((link) => link.getAttribute("aria-current"));
      expect(current).toHaveAttribute("href", `/faremedia/${snapshot.context.cardId}`);
    },
    "card.viewing": (snapshot) => {
      expect(screen.getByRole("button", { name: "Edit nickname" })).toBeEnabled();
      const more = screen.queryByRole("button", { name: "Show more" });
      if (snapshot.context.next) expect(more).toBeEnabled();
      else expect(more).toBeNull();
      if (snapshot.context.failure?.kind === "more") {
        expect(screen.getByRole("alert")).toHaveTextContent(
          "Failed to load more activity. Please try again.",
        );
      } else expect(screen.queryByRole("alert")).toBeNull();
      expect(screen.queryByRole("alertdialog")).toBeNull();
    },
    "card.loadingMore": () => {
      expect(screen.getByRole("button", { name: "Loading…" })).toBeDisabled();
    },
    "card.editingNickname": (snapshot) => {
      const field = screen.getByRole("textbox", { name: "Nickname" });
      expect(field).toHaveValue(snapshot.context.nickname);
      const { nicknameProblem } = snapshot.context;
      if (nicknameProblem === "required")
        expect(field).toHaveAccessibleDescription("Nickname can not be empty.");
      else if (nicknameProblem === "tooLong") {
        expect(field).toHaveAccessibleDescription("Nickname must not exceed 40 characters");
      } else expect(field).not.toHaveAttribute("aria-invalid", "true");
      if (snapshot.context.failure) {
        expect(screen.getByRole("alert")).toHaveTextContent("Failed to save the nickname. Please try again.");
      }
      expect(screen.getByRole("button", { name: "Save" })).toBeEnabled();
    },
    "card.savingNickname": () => {
      expect(screen.getByRole("button", { name: "Please wait…" })).toBeDisabled();
    },
    "card.confirmingUnlink": (snapshot) => {
      const question = within(dialog("Unlink this card?"));
      expect(question.getByRole("button", { name: "Unlink card" })).toBeEnabled();
      if (snapshot.context.failure) {
        expect(question.getByRole("alert")).toHaveTextContent(
          "The card could not be unlinked. Please try again.",
        );
      }
    },
    "card.unlinking": () => {
      expect(
        within(dialog("Unlink this card?")).getByRole("button", { name: "Please wait…" }),
      ).toBeDisabled();
    },
    "card.confirmingRemove": (snapshot) => {
      const question = within(dialog("Remove this card?"));
      expect(question.getByRole("button", { name: "Remove card" })).toBeEnabled();
      const { failure } = snapshot.context;
      if (failure?.code === 42223) {
        expect(question.getByRole("alert")).toHaveTextContent(
          "This card still holds value or passes. Transfer its balance to another card first, then remove it.",
        );
      } else if (failure) {
        expect(question.getByRole("alert")).toHaveTextContent(
          "The card could not be removed. Please try again.",
        );
      }
    },
    "card.removing": () => {
      expect(
        within(dialog("Remove this card?")).getByRole("button", { name: "Please wait…" }),
      ).toBeDisabled();
    },
    "card.refreshing": () => {
      expect(screen.getByRole("article")).toHaveAttribute("aria-busy", "true");
    },
  },
});
