import { screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { createActor } from "xstate";
import { formatMoney } from "../../src/domain/money.ts";
import { CartDrawer } from "../../src/views/layout/CartDrawer.tsx";
import { CartButton } from "../../src/views/layout/TopBar.tsx";
import { cartModel } from "./specs/cart.ts";
import { describeViewModel } from "./view-harness.tsx";

const drawer = () => screen.queryByRole("dialog", { name: "Shopping cart" });

describeViewModel({
  model: cartModel,
  mount(logic, { input, clock }) {
    const actor = createActor(logic, { input, clock }).start();
    const money = (minor: number) => formatMoney(minor, { currency: "USD", locale: "en" });
    return {
      element: (
        <>
          <CartButton cart={actor} />
          <CartDrawer cart={actor} money={money} />
        </>
      ),
      actor: () => actor,
    };
  },
  // Signing out clears the cart from outside it.
  environment: ["cart.clear"],
  gestures: {
    "cart.open": async (user) =>
      user.click(screen.getByRole("button", { name: /^Shopping cart, \d+ items?$/ })),
    "cart.close": async (user) => user.click(screen.getByRole("button", { name: "Close cart" })),
  },
  sees: {
    closed: (snapshot) => {
      expect(drawer()).not.toBeInTheDocument();
      const count = snapshot.context.items.reduce((sum, item) => sum + item.quantity, 0);
      expect(
        screen.getByRole("button", { name: `Shopping cart, ${count} ${count === 1 ? "item" : "items"}` }),
      ).toBeVisible();
    },
    open: () => {
      const open = drawer();
      if (!open) throw new Error("the cart drawer is not open");
      const empty = within(open).queryByText("Your shopping cart is empty.");
      const subtotal = within(open).queryByText("Subtotal");
      expect(Boolean(empty) !== Boolean(subtotal), "either the empty text or a subtotal").toBe(true);
    },
  },
});
