import { act, screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { type AnyEventObject, createActor } from "xstate";
import { selectPageLinks } from "../../src/machines/orderHistory.machine.ts";
import { FollowRoute, OrderHistoryView } from "../../src/views/orders/OrderHistoryView.tsx";
import { passOrder } from "../support/orders.ts";
import { money, seeReceipt } from "../support/receipt.ts";
import { orderHistoryModel } from "./specs/orderHistory.ts";
import { describeViewModel } from "./view-harness.tsx";

/** The address of a route of the history (a page that is no number is written as a word). */
const pathOf = (route: { page: number | null; orderId: string | null }) =>
  `/account/orders/${route.page ?? "first"}${route.orderId ? `/${route.orderId}` : ""}`;

let location = memoryLocation({ path: "/account/orders/1" });

describeViewModel({
  model: orderHistoryModel,
  mount(logic, { input, clock }) {
    location = memoryLocation({ path: pathOf(input ?? { page: 1, orderId: null }) });
    const actor = createActor(logic, { input, clock }).start();
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
    "xstate.done.actor.loadOrder",
    "xstate.error.actor.loadOrder",
  ],
  gestures: {
    // A link on the screen when there is one (Next, Previous, an order, Back); else the address bar.
    "route.changed": async (user, event: AnyEventObject) => {
      const path = pathOf({ page: event.page, orderId: event.orderId });
      const link = screen.queryAllByRole("link").find((candidate) => candidate.getAttribute("href") === path);
      if (link) await user.click(link);
      else act(() => location.navigate(path));
    },
    "orders.retry": async (user) => user.click(screen.getByRole("button", { name: "Try again" })),
    "receipt.print": async (user) => user.click(screen.getByRole("button", { name: "Print receipt" })),
  },
  sees: {
    loadingPage: () => expect(screen.getByRole("status")).toHaveTextContent("Loading your orders…"),
    listing: (snapshot) => {
      const { orders, page } = snapshot.context;
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
          String(order.item_count),
          money(order.total),
          order.status === "paid" ? "Paid" : order.status === "refunded" ? "Refunded" : "Partially refunded",
        ]);
      });
      const pages = within(screen.getByRole("navigation", { name: "Order history pages" }));
      expect(pages.getByText(`Page ${page}`)).toBeVisible();
      const { previous, next } = selectPageLinks(snapshot);
      const previousLink = pages.queryByRole("link", { name: "Previous" });
      const nextLink = pages.queryByRole("link", { name: "Next" });
      if (previous === null) expect(previousLink).toBeNull();
      else expect(previousLink).toHaveAttribute("href", `/account/orders/${previous}`);
      if (next === null) expect(nextLink).toBeNull();
      else expect(nextLink).toHaveAttribute("href", `/account/orders/${next}`);
    },
    empty: () => {
      expect(screen.getByText("You have no orders yet.")).toBeVisible();
      expect(screen.getByRole("link", { name: "Browse products" })).toHaveAttribute("href", "/products");
      expect(screen.queryByRole("table")).toBeNull();
    },
    loadingOrder: () => expect(screen.getByRole("status")).toHaveTextContent("Loading your order…"),
    detail: (snapshot) => {
      seeReceipt(passOrder);
      expect(screen.getByRole("link", { name: "Back to order history" })).toHaveAttribute(
        "href",
        `/account/orders/${snapshot.context.page}`,
      );
      expect(screen.getByRole("button", { name: "Print receipt" })).toBeEnabled();
    },
    notFound: (snapshot) => {
      const { orderId } = snapshot.context;
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
