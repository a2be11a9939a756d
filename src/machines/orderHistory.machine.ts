import type { OrderDetail, OrderPage, OrderSummary } from "../domain/checkout/order.ts";
import { createKeysetHistoryMachine } from "./keysetHistory.ts";

/*
 * Order history (/account/orders/:page/:id?): the keyset history (keysetHistory.ts) of the rider's
 * orders; `notFound` is also an order that is not the rider's, and an order's detail prints its receipt
 * (`receipt.print`).
 */
export const orderHistoryMachine = createKeysetHistoryMachine<OrderPage, OrderSummary, OrderDetail>({
  id: "orderHistory",
  itemsOf: (page) => page.orders,
  prints: true,
});
