import { screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { createActor } from "xstate";
import { formatMoney } from "../../src/domain/money.ts";
import { FilterCard, ProductList } from "../../src/views/shop/ProductsView.tsx";
import { quietCart } from "../support/forms.ts";
import { productsModel } from "./specs/products.ts";
import { describeViewModel } from "./view-harness.tsx";

const filterCard = () => screen.getByRole("complementary", { name: "Find your fare" });
const quantityOf = () => screen.getByRole("spinbutton", { name: "Quantity" });

describeViewModel({
  model: productsModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(logic, { input, clock, inspect }).start();
    const cart = createActor(quietCart, { input: { items: [], maxQuantity: 20, guest: false } }).start();
    const money = (minor: number) => formatMoney(minor, { currency: "USD", locale: "en" });
    return {
      element: (
        <>
          <FilterCard products={actor} />
          <ProductList products={actor} cart={cart} money={money} instantBuy />
        </>
      ),
      actor: () => actor,
    };
  },
  // The catalogue's answers, and a change of language (the screen reloads on it).
  environment: [
    "products.reload",
    "xstate.done.actor.fetchFilters",
    "xstate.error.actor.fetchFilters",
    "xstate.done.actor.fetchProducts",
    "xstate.error.actor.fetchProducts",
  ],
  gestures: {
    "products.filter": async (user, event) => {
      const rail = within(filterCard()).getByRole("button", { name: "Rail" });
      const pressed = rail.getAttribute("aria-pressed") === "true";
      // Pressing Rail applies it; pressing it again takes it off.
      if ((event.value !== null) !== pressed) await user.click(rail);
    },
    "products.clear": async (user) => user.click(screen.getByRole("button", { name: "Clear filters" })),
    "products.retry": async (user) => user.click(screen.getByRole("button", { name: "Try again" })),
    "products.quantity": async (user, event) => {
      await user.clear(quantityOf());
      await user.type(quantityOf(), String(event.quantity));
    },
  },
  sees: {
    loadingFilters: () => expect(filterCard()).toHaveAttribute("aria-busy", "true"),
    failed: () => expect(screen.getByRole("alert")).toHaveTextContent("The products could not be loaded."),
    empty: () => {
      expect(screen.getByText("select from the options to view products")).toBeVisible();
      expect(within(filterCard()).getByRole("button", { name: "Rail" })).toHaveAttribute(
        "aria-pressed",
        "false",
      );
    },
    loadingProducts: () => expect(filterCard()).toHaveAttribute("aria-busy", "true"),
    listing: (snapshot) => {
      const card = screen.getByRole("article", { name: "Day Pass" });
      expect(within(card).getByText("$5.00")).toBeVisible();
      expect(within(card).getByText("Includes transfers.")).toBeVisible();
      const quantity = snapshot.context.quantities["a2000000-0000-4000-8000-000000000001"] ?? 1;
      expect(quantityOf()).toHaveValue(String(quantity));
      const add = within(card).getByRole("button", { name: /^Add to cart/ });
      if (quantity === 0) expect(add).toBeDisabled();
      else expect(add).toBeEnabled();
    },
    productsFailed: () =>
      expect(screen.getByRole("alert")).toHaveTextContent("The products could not be loaded."),
  },
});
