import { screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { expect } from "vitest";
import { createActor } from "xstate";
import { OrderSummaryView } from "../../src/views/orders/OrderSummaryView.tsx";
import { passOrder, shippedOrder } from "../support/orders.ts";
import { money, seeReceipt } from "../support/receipt.ts";
import { orderSummaryModel } from "./specs/orderSummary.ts";
import { describeViewModel } from "./view-harness.tsx";

/** The screen's frame, as src/views/shared/Screen.tsx draws it: one h1. */
function Frame({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section>
      <h1>{title}</h1>
      {children}
    </section>
  );
}

describeViewModel({
  model: orderSummaryModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(logic, { input, clock, inspect }).start();
    return {
      element: (
        <OrderSummaryView
          summary={actor}
          money={money}
          locale="en"
          organisation="Metro Transit Authority"
          Frame={Frame}
        />
      ),
      actor: () => actor,
    };
  },
  environment: ["xstate.done.actor.loadOrder", "xstate.error.actor.loadOrder"],
  gestures: {
    "order.retry": async (user) => user.click(screen.getByRole("button", { name: "Try again" })),
    "receipt.print": async (user) => user.click(screen.getByRole("button", { name: "Print receipt" })),
  },
  sees: {
    loading: () => {
      expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Your order");
      expect(screen.getByRole("status")).toHaveTextContent("Loading your order…");
    },
    ready: (snapshot) => {
      const order = snapshot.context.order === passOrder ? passOrder : shippedOrder;
      expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Thank you for your order");
      expect(screen.getByText(/^Your order number is/)).toHaveTextContent(
        `Your order number is ${order.number}. A receipt was sent to ${order.email}.`,
      );
      seeReceipt(order);
      expect(screen.getByRole("button", { name: "Print receipt" })).toBeEnabled();
      expect(screen.getByRole("link", { name: "Continue shopping" })).toHaveAttribute("href", "/products");
      const history = screen.queryByRole("link", { name: "View order history" });
      const note = screen.queryByText(/The link in your receipt email brings you back/);
      if (snapshot.context.guest) {
        expect(history).toBeNull();
        expect(note).toBeVisible();
      } else {
        expect(history).toHaveAttribute("href", "/account/orders/1");
        expect(note).toBeNull();
      }
    },
    notFound: (snapshot) => {
      expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Order not found");
      expect(screen.getByRole("status")).toHaveTextContent("We could not find this order.");
      // The same for a wrong link and an unknown id, and the id from the address is never repeated.
      expect(document.body).not.toHaveTextContent(snapshot.context.orderId);
      expect(screen.queryByRole("button", { name: "Print receipt" })).toBeNull();
      expect(screen.getByRole("link", { name: "Continue shopping" })).toHaveAttribute("href", "/products");
    },
    failed: () => {
      expect(screen.getByRole("alert")).toHaveTextContent("Your order could not be loaded.");
      expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
    },
  },
});
