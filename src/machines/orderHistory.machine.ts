import type { OrderDetail, OrderPage, OrderSummary } from "../domain/checkout/order.ts";
import { createKeysetHistoryMachine, type KeysetHistoryContext } from "./keysetHistory.ts";

export {
  type KeysetRoute as OrderRoute,
  type LoadPageInput,
  maxPageNumber,
  pageNumberOf,
  routeOf,
  selectPageLinks,
} from "./keysetHistory.ts";

export type OrderHistoryContext = KeysetHistoryContext<OrderSummary, OrderDetail>;

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
