import { fromPromise } from "xstate";
import { orderHistoryMachine } from "../../machines/orderHistory.machine.ts";
import { orderSummaryMachine } from "../../machines/orderSummary.machine.ts";
import { createOrdersService } from "../../services/orders.service.ts";
import type { LiveDeps } from "./deps.ts";

/** Orders: one order after checkout (a rider's or a guest's), and the rider's order history. */
export interface OrdersLogic {
  /** /ordersummary and /anonymous/ordersummary. */
  orderSummary: typeof orderSummaryMachine;
  /** /account/orders/:page/:id?: the rider's orders by keyset pages, and one order's receipt. */
  orderHistory: typeof orderHistoryMachine;
}

export function createOrdersLogic(deps: LiveDeps): OrdersLogic {
  const orders = createOrdersService(deps.http, deps.transitBase);
  const printReceipt = () => deps.browser.print();
  return {
    orderSummary: orderSummaryMachine.provide({
      actors: {
        loadOrder: fromPromise(({ input }) =>
          input.link === null ? orders.detail(input.id) : orders.guestDetail(input.id, input.link),
        ),
      },
      actions: { printReceipt },
    }),
    orderHistory: orderHistoryMachine.provide({
      actors: {
        loadPage: fromPromise(({ input }) => orders.page(input.limit, input.after)),
        loadDetail: fromPromise(({ input }) => orders.detail(input.id)),
      },
      actions: { printReceipt },
    }),
  };
}
