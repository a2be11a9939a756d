import { screen, within } from "@testing-library/react";
import { expect } from "vitest";
import type { OrderDetail } from "../../src/domain/checkout/order.ts";
import { formatMoney } from "../../src/domain/money.ts";
import { passOrder } from "./orders.ts";

/** Money as the portal shows it to an English-speaking rider in the demo deployment. */
export const money = (minorUnits: number) => formatMoney(minorUnits, { currency: "USD", locale: "en" });

/** What every receipt shows, for either order of the walks. */
export function seeReceipt(order: OrderDetail) {
  const receipt = within(screen.getByRole("article", { name: `Receipt for order ${order.number}` }));
  expect(receipt.getByText("Metro Transit Authority")).toBeVisible();
  expect(receipt.getAllByText(order.number).length).toBeGreaterThan(0);
  expect(receipt.getByText(order.email)).toBeVisible();
  const items = within(receipt.getAllByRole("table")[0] as HTMLElement)
    .getAllByRole("row")
    .slice(1);
  expect(items).toHaveLength(order.items.length);
  order.items.forEach((item, index) => {
    const row = within(items[index] as HTMLElement);
    expect(row.getByRole("rowheader")).toHaveTextContent(item.name);
    expect(row.getAllByRole("cell").map((cell) => cell.textContent)).toEqual([
      String(item.quantity),
      money(item.unit_price),
      money(item.line_total),
    ]);
    expect(row.queryByText("Auto-renew") !== null).toBe(item.auto_renew);
  });
  expect(receipt.getByText("Total").nextElementSibling).toHaveTextContent(money(order.total));
  expect(receipt.getByText("Subtotal").nextElementSibling).toHaveTextContent(money(order.subtotal));
  // The shipping address and method as the receipt's own fields, the fare card's last four (issue 47).
  if (order.shipping_address) {
    expect(receipt.getByTestId("order-shipping-address")).toHaveTextContent(
      `${order.shipping_address.firstName} ${order.shipping_address.lastName}, ${order.shipping_address.address_1}`,
    );
  } else expect(receipt.queryByTestId("order-shipping-address")).toBeNull();
  if (order.shipping_method) {
    expect(receipt.getByTestId("order-shipping-method")).toHaveTextContent(order.shipping_method.name);
  } else expect(receipt.queryByTestId("order-shipping-method")).toBeNull();
  const card = order.fare_medium?.card_number ?? order.card_number;
  if (card) expect(receipt.getByTestId("order-card")).toHaveTextContent(card.slice(-4));
  else expect(receipt.queryByTestId("order-card")).toBeNull();
  // Shipping only where something is shipped: a digital order shows no "Shipping $0.00" (issue 34).
  if (order.shipping_method) {
    expect(receipt.getByText("Shipping").nextElementSibling).toHaveTextContent(money(order.shipping));
  } else {
    expect(receipt.queryByText("Shipping")).toBeNull();
  }
  if (order === passOrder) {
    // MM/dd/yyyy in English (spec section 9), then the time of day.
    expect(receipt.getAllByText("Date")[0]?.nextElementSibling).toHaveTextContent(/^11\/20\/2026 \d/);
    expect(receipt.getByText("Promo WELCOME10").nextElementSibling).toHaveTextContent("-$8.80");
    expect(receipt.getByText("Visa •••• 4242")).toBeVisible();
    expect(receipt.getByText("Wallet").nextElementSibling).toHaveTextContent("$30.00");
    expect(receipt.getByText("Auto-renewing pass added to the fare card •••• 0015")).toBeVisible();
    expect(receipt.getByText("Stored value added to the fare card •••• 0015")).toBeVisible();
    expect(receipt.getByText("Partially refunded")).toBeVisible();
    const history = within(receipt.getByRole("region", { name: "History" }));
    expect(history.getByText("Sale")).toBeVisible();
    expect(history.getByText("Refund")).toBeVisible();
  } else {
    expect(receipt.queryByText(/^Promo/)).toBeNull();
    expect(receipt.getByText("Mastercard •••• 4444")).toBeVisible();
    expect(
      receipt.getByText(
        "Card to be shipped to Ana Lima, 1 Main St, Springfield, IL 62701, United States by Priority mail",
      ),
    ).toBeVisible();
    const history = within(receipt.getByRole("region", { name: "History" }));
    expect(history.getByText("Unpaid")).toBeVisible();
    expect(history.getByText("Cash")).toBeVisible();
  }
}
