import type { OrderDetail, OrderPage, OrderSummary } from "../../src/domain/checkout/order.ts";

/** Orders as the order API answers them (src/domain/checkout/order.ts), for service, model and view tests. */

export const orderId = "0b7c2d4e-0000-4000-8000-000000000001";
export const unknownOrderId = "ffffffff-0000-4000-8000-00000000dead";
export const guestLink = "gl_4f1d9a0c7e2b48d1a3c5e6f708192a3b";

/** A digital order for the demo rider's fare card: two passes paid by a split of card and wallet. */
export const passOrder: OrderDetail = {
  id: orderId,
  number: "TP-00001042",
  created_at: "2026-11-20T15:30:00.000Z",
  status: "partially_refunded",
  kind: "digital",
  currency: "USD",
  total: 9900,
  item_count: 3,
  lines: [
    { name: "Adult Monthly Rail Pass", quantity: 1 },
    { name: "Stored Value $10", quantity: 2 },
  ],
  card_number: "•••• 0015",
  items: [
    {
      line: 0,
      product: "5a0f0000-0000-4000-8000-000000000001",
      name: "Adult Monthly Rail Pass",
      sub_type: "PASS",
      quantity: 1,
      unit_price: 8800,
      line_total: 8800,
      discount: 880,
      auto_renew: true,
      fulfilment: "subscription",
      offer_serve: { offer_code: { text: "Unlimited rail rides for a calendar month." } },
    },
    {
      line: 1,
      product: "5a0f0000-0000-4000-8000-000000000002",
      name: "Stored Value $10",
      sub_type: "STORED_VALUE",
      quantity: 2,
      unit_price: 1000,
      line_total: 2000,
      discount: 0,
      auto_renew: false,
      fulfilment: "stored_value",
      offer_serve: null,
    },
  ],
  payments: [
    {
      leg: 0,
      kind: "saved",
      amount: 6900,
      brand: "visa",
      last4: "4242",
      nickname: "Everyday card",
      payment_method: "7a1c0000-0000-4000-8000-000000000001",
      purchase_number: "ch_sbx_3f9a1c77d2",
    },
    {
      leg: 1,
      kind: "wallet",
      amount: 3000,
      brand: null,
      last4: null,
      nickname: null,
      payment_method: null,
      purchase_number: null,
    },
  ],
  entries: [
    { type: "sale", amount: 9900, created_at: "2026-11-20T15:30:00.000Z" },
    { type: "refund", amount: 1000, created_at: "2026-11-21T09:00:00.000Z" },
  ],
  subtotal: 10800,
  shipping: 0,
  discount: 880,
  promo_code: "WELCOME10",
  shipping_method: null,
  shipping_address: null,
  email: "rider@example.com",
  fare_medium: { id: "fm-0015", nickname: "Commute card", card_number: "6000000000000015" },
};

/** A physical order a guest placed: a fare card shipped by priority mail, one one-time card. */
export const shippedOrder: OrderDetail = {
  id: "0b7c2d4e-0000-4000-8000-000000000002",
  number: "TP-00001043",
  created_at: "2026-11-21T18:05:00.000Z",
  status: "paid",
  kind: "physical",
  currency: "USD",
  total: 1250,
  item_count: 1,
  lines: [{ name: "Adult Fare Card", quantity: 1 }],
  card_number: null,
  items: [
    {
      line: 0,
      product: "5a0f0000-0000-4000-8000-000000000003",
      name: "Adult Fare Card",
      sub_type: "PHYSICAL_PASS",
      quantity: 1,
      unit_price: 500,
      line_total: 500,
      discount: 0,
      auto_renew: false,
      fulfilment: "shipment",
      offer_serve: { offer_code: { text: "A reloadable card, shipped to you." } },
    },
  ],
  payments: [
    {
      leg: 0,
      kind: "card",
      amount: 1250,
      brand: "mastercard",
      last4: "4444",
      nickname: null,
      payment_method: null,
      purchase_number: "ch_sbx_8c02e5b1aa",
    },
  ],
  entries: [
    { type: "unpaid", amount: 1250, created_at: "2026-11-21T18:05:00.000Z" },
    { type: "cash", amount: 1250, created_at: "2026-11-21T18:06:00.000Z" },
  ],
  subtotal: 500,
  shipping: 750,
  discount: 0,
  promo_code: null,
  shipping_method: { code: "priority", name: "Priority mail", price: 750, currency: "USD" },
  shipping_address: {
    firstName: "Ana",
    lastName: "Lima",
    address_1: "1 Main St",
    address_2: null,
    country: "US",
    state: "IL",
    city: "Springfield",
    zipCode: "62701",
    email: null,
    isDefault: false,
  },
  email: "guest@example.org",
  fare_medium: null,
};

const summaryOf = (index: number): OrderSummary => ({
  id: `0b7c2d4e-0000-4000-8000-${String(100 + index).padStart(12, "0")}`,
  number: `TP-${String(2000 - index).padStart(8, "0")}`,
  created_at: new Date(Date.UTC(2026, 10, 20, 12) - index * 86_400_000).toISOString(),
  status: index % 5 === 3 ? "refunded" : "paid",
  kind: "digital",
  currency: "USD",
  total: 500 + index * 100,
  item_count: 1 + (index % 3),
  lines: [{ name: index % 2 === 0 ? "Day Pass" : "7-Day Pass", quantity: 1 + (index % 3) }],
  card_number: "•••• 0015",
});

/** The first `count` orders after `skip`, newest first. */
const summaries = (skip: number, count: number): OrderSummary[] =>
  Array.from({ length: count }, (_, index) => summaryOf(skip + index));

/** The list's line of an order. */
const summaryOfDetail = ({
  id,
  number,
  created_at,
  status,
  kind,
  currency,
  total,
  item_count,
  lines,
  card_number,
}: OrderDetail): OrderSummary => ({
  id,
  number,
  created_at,
  status,
  kind,
  currency,
  total,
  item_count,
  lines,
  card_number,
});

/** Three pages of a rider's history at 12 a page: 12, 12 and 2 orders; the newest is passOrder. */
export const pageOne: OrderPage = {
  orders: [summaryOfDetail(passOrder), ...summaries(1, 11)],
  next: "cursor-page-2",
};
export const pageTwo: OrderPage = { orders: summaries(12, 12), next: "cursor-page-3" };
export const pageThree: OrderPage = { orders: summaries(24, 2), next: null };
/** A history of one page only. */
export const onlyPage: OrderPage = { orders: [summaryOfDetail(passOrder), ...summaries(1, 2)], next: null };
export const emptyPage: OrderPage = { orders: [], next: null };
