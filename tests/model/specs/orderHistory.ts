import { expect } from "vitest";
import type { OrderDetail, OrderPage, OrderSummary } from "../../../src/domain/checkout/order.ts";
import { orderHistoryMachine } from "../../../src/machines/orderHistory.machine.ts";
import {
  emptyPage,
  onlyPage,
  pageOne,
  pageThree,
  pageTwo,
  passOrder,
  unknownOrderId,
} from "../../support/orders.ts";
import type { EventSamples } from "../harness.ts";
import { keysetHistorySpec } from "./keysetHistory.ts";

/** The receipts printed during a walk. */
const orderHistoryEffects: string[] = [];

/** The order history's own event: its detail prints the receipt. */
const detailEvents = {
  "receipt.print": [{ type: "receipt.print" }],
} satisfies Partial<EventSamples<typeof orderHistoryMachine>>;

export const orderHistoryModel = keysetHistorySpec<OrderPage, OrderSummary, OrderDetail>({
  name: "orderHistory",
  machine: orderHistoryMachine.provide({
    actions: {
      printReceipt: ({ context }) => void orderHistoryEffects.push(`print ${context.detail?.number}`),
    },
  }),
  pages: { one: pageOne, two: pageTwo, three: pageThree, only: onlyPage, empty: emptyPage },
  itemsOf: (page) => page.orders,
  keyOf: (order) => order.number,
  detail: passOrder,
  unknownId: unknownOrderId,
  detailEvents,
  seesDetail: (snapshot) => expect(snapshot.can({ type: "receipt.print" })).toBe(true),
  noun: "order",
  journeys: ({ firstPage, openDetail, detailLoaded }) => [
    {
      name: "an order's detail opens and its receipt prints",
      before: () => void orderHistoryEffects.splice(0),
      events: [firstPage, openDetail, detailLoaded, detailEvents["receipt.print"][0]],
      expected: "detail",
      ends: (snapshot) => {
        expect(snapshot.context.detail).toBe(passOrder);
        expect(orderHistoryEffects).toEqual(["print TP-00001042"]);
      },
    },
  ],
});
