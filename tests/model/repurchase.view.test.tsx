import { screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { createActor } from "xstate";
import { OrderReceipt } from "../../src/views/orders/OrderReceipt.tsx";
import { passOrder, shippedOrder } from "../support/orders.ts";
import { money } from "../support/receipt.ts";
import { repurchaseModel } from "./specs/repurchase.ts";
import { describeViewModel } from "./view-harness.tsx";

/** Two receipts with "Buy again": the digital order's and the shipped one's. */
const receiptOf = (number: string) =>
  within(screen.getByRole("article", { name: `Receipt for order ${number}` }));
const buyAgain = (name: string) => screen.getByRole("button", { name: `Buy again: ${name}` });

describeViewModel({
  model: repurchaseModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(logic, { input, clock, inspect }).start();
    const receipt = (order: typeof passOrder) => (
      <OrderReceipt
        order={order}
        money={money}
        locale="en"
        organisation="Metro Transit Authority"
        repurchase={actor}
      />
    );
    return {
      element: (
        <>
          {receipt(passOrder)}
          {receipt(shippedOrder)}
        </>
      ),
      actor: () => actor,
    };
  },
  environment: ["xstate.done.actor.findProduct", "xstate.error.actor.findProduct"],
  gestures: {
    "repurchase.start": async (user, event) => user.click(buyAgain(event.wanted.name)),
  },
  sees: {
    ready: () => {
      for (const name of ["Adult Monthly Rail Pass", "Adult Fare Card"]) {
        expect(buyAgain(name)).toHaveTextContent("Buy again");
        expect(buyAgain(name)).toBeEnabled();
      }
    },
    "ready.idle": () => {
      expect(buyAgain("Adult Monthly Rail Pass")).toBeEnabled();
      expect(buyAgain("Adult Fare Card")).toBeEnabled();
      // Value added to a card is not bought again from a receipt.
      expect(
        receiptOf(passOrder.number).queryByRole("button", { name: /^Buy again: Stored Value/ }),
      ).toBeNull();
      expect(screen.queryByRole("alert")).toBeNull();
    },
    finding: (s) => {
      const wanted = s.context.wanted?.name ?? "";
      const other = wanted === "Adult Fare Card" ? "Adult Monthly Rail Pass" : "Adult Fare Card";
      expect(buyAgain(wanted)).toHaveAttribute("aria-busy", "true");
      expect(buyAgain(wanted)).toBeDisabled();
      expect(screen.getByRole("status")).toHaveTextContent(`Looking up ${wanted}…`);
      expect(buyAgain(other)).toBeDisabled();
    },
    "ready.handedOver": () => {
      expect(buyAgain("Adult Monthly Rail Pass")).toBeEnabled();
      expect(screen.queryByRole("alert")).toBeNull();
    },
    "ready.unavailable": (s) => {
      const name = s.context.wanted?.name ?? "";
      expect(screen.getByRole("alert")).toHaveTextContent(
        `${name} is no longer offered, so it cannot be bought again.`,
      );
      expect(screen.getByRole("link", { name: "Choose another product" })).toHaveAttribute(
        "href",
        "/products",
      );
    },
    "ready.failed": () => {
      expect(screen.getByRole("alert")).toHaveTextContent(
        "You are not connected to the internet. Please connect to the internet and try again.",
      );
      expect(buyAgain("Adult Monthly Rail Pass")).toBeEnabled();
    },
  },
});
