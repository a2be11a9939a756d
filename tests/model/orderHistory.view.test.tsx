import { screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { createActor } from "xstate";
import { OrderHistoryView } from "../../src/views/orders/OrderHistoryView.tsx";
import { FollowRoute } from "../../src/views/shared/KeysetPages.tsx";
import { passOrder } from "../support/orders.ts";
import { money, seeReceipt } from "../support/receipt.ts";
import { historyPath, routeGesture, seePager } from "./keysetHistoryView.tsx";
import { orderHistoryModel } from "./specs/orderHistory.ts";
import { describeViewModel } from "./view-harness.tsx";

const base = "/account/orders";

let location = memoryLocation({ path: "/account/orders/1" });

describeViewModel({
  model: orderHistoryModel,
  mount(logic, { input, clock, inspect }) {
    location = memoryLocation({ path: historyPath(base, input ?? { page: 1, id: null }) });
    const actor = createActor(logic, { input, clock, inspect }).start();
    return {
      element: (
        <Router hook={location.hook}>
          <Route path="/account/orders/:page/:id?">
            <FollowRoute history={actor} />
            <OrderHistoryView
              history={actor}
              money={money}
              locale="en"
              organisation="Metro Transit Authority"
            />
          </Route>
        </Router>
      ),
      actor: () => actor,
    };
  },
  environment: [
    "xstate.done.actor.loadPage",
    "xstate.error.actor.loadPage",
    "xstate.done.actor.loadDetail",
    "xstate.error.actor.loadDetail",
  ],
  gestures: {
    "route.changed": routeGesture(base, (path) => location.navigate(path)),
    "history.retry": async (user) => user.click(screen.getByRole("button", { name: "Try again" })),
    "receipt.print": async (user) => user.click(screen.getByRole("button", { name: "Print receipt" })),
  },
  sees: {
    loadingPage: () => expect(screen.getByRole("status")).toHaveTextContent("Loading your orders…"),
    listing: (snapshot) => {
      const { items: orders, page } = snapshot.context;
      expect(screen.getByRole("heading", { name: `Your orders, page ${page}` })).toBeVisible();
      const rows = within(screen.getByRole("table", { name: `Your orders, page ${page}` }))
        .getAllByRole("row")
        .slice(1);
      expect(rows).toHaveLength(orders.length);
      orders.forEach((order, index) => {
        const row = within(rows[index] as HTMLElement);
        expect(row.getByRole("link", { name: order.number })).toHaveAttribute(
          "href",
          `/account/orders/${page}/${order.id}`,
        );
        expect(row.getAllByRole("cell").map((cell) => cell.textContent)).toEqual([
          new Intl.DateTimeFormat("en", { year: "numeric", month: "2-digit", day: "2-digit" }).format(
            new Date(order.created_at),
          ),
          order.card_number,
          // What was bought, not only how many (issue 34).
          order.lines
            .map((line) => (line.quantity > 1 ? `${line.quantity} × ${line.name}` : line.name))
            .join(", "),
          money(order.total),
          order.status === "paid" ? "Paid" : order.status === "refunded" ? "Refunded" : "Partially refunded",
        ]);
      });
      seePager("Order history pages", base, snapshot);
    },
    empty: () => {
      expect(screen.getByText("You have no orders yet.")).toBeVisible();
      expect(screen.getByRole("link", { name: "Browse products" })).toHaveAttribute("href", "/products");
      expect(screen.queryByRole("table")).toBeNull();
    },
    loadingDetail: () => expect(screen.getByRole("status")).toHaveTextContent("Loading your order…"),
    detail: (snapshot) => {
      seeReceipt(passOrder);
      expect(screen.getByRole("link", { name: "Back to order history" })).toHaveAttribute(
        "href",
        `/account/orders/${snapshot.context.page}`,
      );
      expect(screen.getByRole("button", { name: "Print receipt" })).toBeEnabled();
    },
    notFound: (snapshot) => {
      const { id: orderId } = snapshot.context;
      if (orderId === null) {
        expect(screen.getByRole("heading", { name: "Page not found" })).toBeVisible();
        expect(screen.getByRole("status")).toHaveTextContent(
          "This page of your order history does not exist.",
        );
      } else {
        expect(screen.getByRole("heading", { name: "Order not found" })).toBeVisible();
        expect(screen.getByRole("status")).toHaveTextContent("We could not find this order.");
        expect(document.body).not.toHaveTextContent(orderId);
      }
      expect(screen.getByRole("link", { name: "Back to order history" })).toBeVisible();
    },
    failed: () => {
      expect(screen.getByRole("alert")).toHaveTextContent("Your orders could not be loaded.");
      expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
    },
  },
});
