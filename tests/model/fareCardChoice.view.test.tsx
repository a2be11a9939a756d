import { screen } from "@testing-library/react";
import { expect } from "vitest";
import { createActor } from "xstate";
import { formatMoney } from "../../src/domain/money.ts";
import { FareCardChoice } from "../../src/views/shop/FareCardChoiceView.tsx";
import { cartItem } from "../support/fixtures.ts";
import { quietCart } from "../support/forms.ts";
import { fareCardChoiceModel, phone } from "./specs/fareCardChoice.ts";
import { describeViewModel } from "./view-harness.tsx";

let cart = createActor(quietCart, { input: { items: [], maxQuantity: 20, guest: false } });

describeViewModel({
  model: fareCardChoiceModel,
  mount(logic, { clock, inspect }) {
    const actor = createActor(logic, { clock, inspect }).start();
    cart = createActor(quietCart, { input: { items: [], maxQuantity: 20, guest: false } }).start();
    const money = (minor: number) => formatMoney(minor, { currency: "USD", locale: "en" });
    return { element: <FareCardChoice choice={actor} cart={cart} money={money} />, actor: () => actor };
  },
  environment: ["xstate.done.actor.loadCards", "xstate.error.actor.loadCards"],
  gestures: {
    "fareCards.choose": async (user, event) => {
      // The cart holds the phone card's pass when the sample says so.
      if (event.cartCard)
        cart.send({
          type: "cart.add",
          item: cartItem({ quantity: 1, faremediaId: phone.faremedia_id }),
          buyNow: false,
        });
      await user.click(screen.getByRole("button", { name: /^Commute card/ }));
    },
    "fareCards.confirm": async (user) => user.click(screen.getByRole("button", { name: "Yes, clear cart" })),
    "fareCards.cancel": async (user) => user.click(screen.getByRole("button", { name: "Keep my cart" })),
    "fareCards.retry": async (user) => user.click(screen.getByRole("button", { name: "Try again" })),
  },
  sees: {
    loading: () => expect(screen.getByText("Loading your fare cards…")).toBeVisible(),
    failed: () => expect(screen.getByRole("alert")).toHaveTextContent("Your fare cards could not be loaded."),
    choosing: () => {
      expect(screen.getByRole("button", { name: /^Commute card/ })).toBeVisible();
      expect(screen.getByRole("button", { name: /^Phone card/ })).toBeVisible();
      expect(screen.queryByRole("button", { name: /Lost card|Paper ticket/ })).not.toBeInTheDocument();
    },
    confirmingClear: () =>
      expect(screen.getByRole("alertdialog", { name: "Start a new cart?" })).toHaveTextContent(
        "Your cart holds products for another fare card. Clear it to buy for Commute card?",
      ),
    chosen: () => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument(),
  },
});
