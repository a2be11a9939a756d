import { screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { createActor } from "xstate";
import { formatMoney } from "../../src/domain/money.ts";
import { CartDrawer } from "../../src/views/layout/CartDrawer.tsx";
import { CartButton } from "../../src/views/layout/TopBar.tsx";
import { CartDialogs } from "../../src/views/shop/CartDialogs.tsx";
import { cartModel } from "./specs/cart.ts";
import { describeViewModel } from "./view-harness.tsx";

const dialog = (name: string | RegExp) => screen.queryByRole("alertdialog", { name });
const drawer = () => screen.queryByRole("dialog", { name: "Shopping cart" });
const signInDialog = () => screen.queryByRole("dialog", { name: "Please sign in before you checkout" });
const inOpenDialog = () => {
  const open = screen.queryAllByRole("alertdialog")[0] ?? signInDialog();
  if (!open) throw new Error("no dialog is open");
  return within(open);
};

describeViewModel({
  model: cartModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(logic, { input, clock, inspect }).start();
    const money = (minor: number) => formatMoney(minor, { currency: "USD", locale: "en" });
    return {
      element: (
        <>
          <CartButton cart={actor} />
          <CartDrawer cart={actor} money={money} />
          <CartDialogs
            cart={actor}
            signIn={<p>The sign-in form</p>}
            resend={<button type="button">Resend verification email</button>}
          />
        </>
      ),
      actor: () => actor,
    };
  },
  // Played by the products page (adds, buy now, leaving it), /cart (quantities), the session (signing
  // in or out, told by the app machine), the language (refresh) and the catalogue's answer.
  environment: [
    "cart.add",
    "cart.clear",
    // Another tab's storage event (src/app/live.ts).
    "cart.synced",
    "cart.repriced",
    "cart.setQuantity",
    "cart.checkout",
    "cart.session",
    "cart.leftProducts",
    "cart.refresh",
    "xstate.done.actor.refreshProducts",
    "xstate.error.actor.refreshProducts",
  ],
  gestures: {
    "cart.open": async (user) =>
      user.click(screen.getByRole("button", { name: /^Shopping cart, \d+ items?$/ })),
    "cart.close": async (user) => user.click(screen.getByRole("button", { name: "Close cart" })),
    "cart.confirm": async (user) =>
      user.click(inOpenDialog().getByRole("button", { name: /^(I understand, add it|Yes, clear cart)$/ })),
    "cart.cancel": async (user) =>
      user.click(inOpenDialog().getByRole("button", { name: /^(Cancel|Keep my cart)$/ })),
    "cart.subscribe": async (user, event) =>
      user.click(screen.getByRole("button", { name: event.autoRenew ? "Auto-renew" : "One-time purchase" })),
    "cart.dismiss": async (user) =>
      user.click(inOpenDialog().getByRole("button", { name: /^(OK|Not now)$/ })),
    "cart.remove": async (user, event) => {
      const open = drawer();
      if (!open) throw new Error("the drawer is closed");
      const name = event.uuid === "a2000000-0000-4000-8000-000000000001" ? "Day Pass" : String(event.uuid);
      await user.click(within(open).getByRole("button", { name: `Remove ${name}` }));
    },
    "cart.continueAsGuest": async (user) =>
      user.click(screen.getByRole("button", { name: "Continue as guest" })),
  },
  sees: {
    drawer: () => {},
    "drawer.closed": (snapshot) => {
      expect(drawer()).not.toBeInTheDocument();
      const count = snapshot.context.items.reduce((sum, item) => sum + item.quantity, 0);
      // Behind an open dialog the top bar is hidden from assistive technology, but still there.
      expect(
        screen.getByRole("button", {
          name: `Shopping cart, ${count} ${count === 1 ? "item" : "items"}`,
          hidden: true,
        }),
      ).toBeInTheDocument();
    },
    "drawer.open": () => {
      const open = drawer();
      if (!open) throw new Error("the cart drawer is not open");
      const empty = within(open).queryByText("Your shopping cart is empty.");
      const subtotal = within(open).queryByText("Subtotal");
      expect(Boolean(empty) !== Boolean(subtotal), "either the empty text or a subtotal").toBe(true);
    },
    flow: () => {},
    "flow.idle": () => {
      expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
      expect(signInDialog()).not.toBeInTheDocument();
    },
    "flow.confirmingAlert": (snapshot) => {
      const open = dialog("Before you buy");
      if (!open) throw new Error("the alert is not shown");
      expect(within(open).getByText(snapshot.context.pending?.item.alert_message ?? "")).toBeVisible();
    },
    "flow.choosingRenewal": () => expect(dialog("One-time or auto-renew?")).toBeVisible(),
    "flow.confirmingConflict": () => {
      const open = dialog("Start a new cart?");
      if (!open) throw new Error("the conflict is not shown");
      expect(within(open).getByRole("button", { name: "Yes, clear cart" })).toBeVisible();
    },
    "flow.limitReached": (snapshot) => {
      const open = dialog("Order limit");
      if (!open) throw new Error("the limit dialog is not shown");
      expect(
        within(open).getByText(
          snapshot.context.refusal === "orderLimit"
            ? "Sorry! We're unable to process more than 20 tickets in a single order."
            : "You can't add items more than 20 of one product.",
        ),
      ).toBeVisible();
    },
    "flow.actionBlocked": () => {
      const open = dialog("Action Blocked");
      if (!open) throw new Error("Action Blocked is not shown");
      expect(
        within(open).getByText("Unable to complete your request. Please verify your email and try again."),
      ).toBeVisible();
      expect(within(open).getByRole("button", { name: "Resend verification email" })).toBeVisible();
    },
    "flow.signInRequired": () => {
      const open = signInDialog();
      if (!open) throw new Error("the sign-in question is not shown");
      expect(within(open).getByText("The sign-in form")).toBeVisible();
    },
    sync: () => {},
    "sync.idle": () => {},
    "sync.refreshing": () => {},
  },
});
