import { I18nProvider } from "@lingui/react";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
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

describe("OrderReceipt", () => {
  it("wraps a long receipt email after its @ or before a dot, never inside a word", () => {
    render(
      <I18nProvider i18n={i18n}>
        <OrderReceipt
          order={order}
          money={(minor) => `$${(minor / 100).toFixed(2)}`}
          locale="en"
          organisation="Metro"
        />
      </I18nProvider>,
    );
    const sentTo = screen.getByText("Receipt sent to").nextElementSibling;
    expect(sentTo?.textContent).toBe(order.email);
    expect(sentTo?.querySelectorAll("wbr").length).toBe(8);
  });
});
