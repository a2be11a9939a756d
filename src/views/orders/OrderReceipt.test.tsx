import { I18nProvider } from "@lingui/react";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { passOrder } from "../../../tests/support/orders.ts";
import type { OrderDetail } from "../../domain/checkout/order.ts";
import { i18n } from "../../i18n/i18n.ts";
import { OrderReceipt } from "./OrderReceipt.tsx";

const order: OrderDetail = {
  id: "8c1f6a0e-3f7c-4e59-9a50-1a2b3c4d5e6f",
  number: "TP-00001234",
  created_at: "2026-12-06T15:04:00.000Z",
  status: "paid",
  kind: "digital",
  currency: "USD",
  total: 500,
  item_count: 1,
  lines: [{ name: "Day Pass", quantity: 1 }],
  card_number: null,
  items: [],
  payments: [],
  entries: [],
  subtotal: 500,
  shipping: 0,
  discount: 0,
  promo_code: null,
  shipping_method: null,
  shipping_address: null,
  email: "gia.guest.with.a.long.name@mail.example.com",
  fare_medium: null,
};

const receiptOf = (detail: OrderDetail) =>
  render(
    <I18nProvider i18n={i18n}>
      <OrderReceipt
        order={detail}
        money={(minor) => `$${(minor / 100).toFixed(2)}`}
        locale="en"
        organisation="Metro"
      />
    </I18nProvider>,
  );

describe("OrderReceipt", () => {
  it("shows each item's offer under its name, and each card leg's purchase number (issue 47)", () => {
    receiptOf(passOrder);
    const pass = screen.getByRole("rowheader", { name: /Adult Monthly Rail Pass/ });
    expect(pass).toHaveTextContent("Unlimited rail rides for a calendar month.");
    // Stored value was sold under no offer text: its line is the name alone.
    expect(screen.getByRole("rowheader", { name: /Stored Value/ })).toHaveTextContent(/^Stored Value \$10$/);
    // The card leg's purchase number is a field of its own; the wallet leg went through no gateway.
    const numbers = screen.getAllByText("Purchase number");
    expect(numbers.map((label) => label.nextElementSibling?.textContent)).toEqual(["ch_sbx_3f9a1c77d2"]);
  });

  it("wraps a long receipt email after its @ or before a dot, never inside a word", () => {
    receiptOf(order);
    const sentTo = screen.getByText("Receipt sent to").nextElementSibling;
    expect(sentTo?.textContent).toBe(order.email);
    expect(sentTo?.querySelectorAll("wbr").length).toBe(8);
  });
});
