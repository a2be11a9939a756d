import { fromPromise } from "xstate";
import { orderHistoryMachine } from "../../machines/orderHistory.machine.ts";
import { orderSummaryMachine } from "../../machines/orderSummary.machine.ts";
import { repurchaseMachine } from "../../machines/repurchase.machine.ts";
import { createOrdersService } from "../../services/orders.service.ts";
import type { LiveDeps } from "./deps.ts";

/** Orders: one order after checkout (a rider's or a guest's), and the rider's order history. */
export interface OrdersLogic {
  /** /ordersummary and /anonymous/ordersummary. */
  orderSummary: typeof orderSummaryMachine;
  /** /account/orders/:page/:id?: the rider's orders by keyset pages, and one order's receipt. */
  orderHistory: typeof orderHistoryMachine;
  /** "Buy again" on a rider's receipt (`instantRepurchase`): the product as sold today, into the cart. */
  repurchase: typeof repurchaseMachine;
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
    repurchase: repurchaseMachine.provide({
      actors: {
        // The cart refresh's search: exactly this product, for that card, in the current language.
        findProduct: fromPromise(async ({ input }) => {
          const found = await deps.catalog.refresh([input.product], input.faremediaId);
          return found.find((product) => product.uuid === input.product) ?? null;
        }),
      },
    }),
  };
}
