import { expect } from "vitest";
import type { OrderPage } from "../../../src/domain/checkout/order.ts";
import { orderHistoryMachine, selectPageLinks } from "../../../src/machines/orderHistory.machine.ts";
import {
  emptyPage,
  onlyPage,
  orderId,
  pageOne,
  pageThree,
  pageTwo,
  passOrder,
  unknownOrderId,
} from "../../support/orders.ts";
import { defineModel, type EventSamples } from "../harness.ts";
import { networkError, notFoundError } from "./orderSummary.ts";

type ActorEvents =
  | "xstate.done.actor.loadPage"
  | "xstate.error.actor.loadPage"
  | "xstate.done.actor.loadOrder"
  | "xstate.error.actor.loadOrder";

export const pageSize = 12;

export const events = {
  "route.changed": [
    { type: "route.changed", page: 1, orderId: null },
    { type: "route.changed", page: 2, orderId: null },
    { type: "route.changed", page: 3, orderId: null },
    { type: "route.changed", page: 1, orderId },
    { type: "route.changed", page: 2, orderId: unknownOrderId },
    // /account/orders/first: not a page number.
    { type: "route.changed", page: null, orderId: null },
  ],
  "orders.retry": [{ type: "orders.retry" }],
  "receipt.print": [{ type: "receipt.print" }],
  "xstate.done.actor.loadPage": [
    { type: "xstate.done.actor.loadPage", output: pageOne },
    { type: "xstate.done.actor.loadPage", output: pageTwo },
    { type: "xstate.done.actor.loadPage", output: pageThree },
    { type: "xstate.done.actor.loadPage", output: onlyPage },
    { type: "xstate.done.actor.loadPage", output: emptyPage },
  ],
  "xstate.error.actor.loadPage": [{ type: "xstate.error.actor.loadPage", error: networkError }],
  "xstate.done.actor.loadOrder": [{ type: "xstate.done.actor.loadOrder", output: passOrder }],
  "xstate.error.actor.loadOrder": [
    { type: "xstate.error.actor.loadOrder", error: notFoundError },
    { type: "xstate.error.actor.loadOrder", error: networkError },
  ],
} satisfies EventSamples<typeof orderHistoryMachine, ActorEvents>;

/** The receipts printed during a walk. */
export const orderHistoryEffects: string[] = [];

/** What each page of the rider's history is, by the cursor it is asked with. */
const pageAfter: Record<string, OrderPage[]> = {
  first: [pageOne, onlyPage, emptyPage],
  "cursor-page-2": [pageTwo],
  "cursor-page-3": [pageThree],
};

const route = events["route.changed"];
const page = events["xstate.done.actor.loadPage"];
const order = events["xstate.done.actor.loadOrder"];
const orderFailed = events["xstate.error.actor.loadOrder"];
const pageFailed = events["xstate.error.actor.loadPage"][0];

export const orderHistoryModel = defineModel({
  name: "orderHistory",
  machine: orderHistoryMachine.provide({
    actions: {
      printReceipt: ({ context }) => void orderHistoryEffects.push(`print ${context.order?.number}`),
    },
  }),
  inputs: [
    { pageSize, page: 1, orderId: null },
    // A bookmark of page 3.
    { pageSize, page: 3, orderId: null },
    // A bookmark of one order's detail.
    { pageSize, page: 2, orderId },
  ],
  deferred: ["loadPage", "loadOrder"],
  events,
  pathKinds: ["shortest", "edge"],
  filterEvents: (snapshot, event) => {
    const { context } = snapshot;
    // The route changes to another route: the same address again is no change.
    if (event.type === "route.changed") {
      return event.page !== context.page || event.orderId !== context.orderId;
    }
    if (event.type === "xstate.done.actor.loadPage") {
      const after = snapshot.children.loadPage?.getSnapshot().input?.after ?? "first";
      const answers = pageAfter[after] ?? [];
      // Once page 1 told whether there is more, it keeps telling the same.
      const known =
        after !== "first" ||
        (context.cursors.length > 0
          ? event.output === pageOne
          : context.lastPage === null || event.output !== pageOne);
      return answers.includes(event.output as OrderPage) && known;
    }
    // Only the rider's own order is there; a server answering it for an unknown id is a mistake the
    // machine refuses (not found), never shows.
    if (event.type === "xstate.done.actor.loadOrder")
      return context.orderId === orderId || context.orderId === unknownOrderId;
    if (event.type === "xstate.error.actor.loadOrder" && event.error === notFoundError) {
      return context.orderId === unknownOrderId;
    }
    return true;
  },
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.page,
      snapshot.context.orderId,
      snapshot.context.cursors,
      snapshot.context.lastPage,
      snapshot.context.fetching,
      snapshot.context.orders.map((entry) => entry.number),
      snapshot.context.order?.id ?? null,
      snapshot.context.error,
    ]),
  invariants: [
    {
      name: "the cursors never reach past the last page",
      holds: (s) => s.context.lastPage === null || s.context.cursors.length < s.context.lastPage,
    },
    {
      name: "the walk never skips a page nor passes the route's",
      holds: (s) =>
        !s.matches("loadingPage") ||
        (s.context.fetching <= s.context.cursors.length + 1 &&
          s.context.page !== null &&
          s.context.fetching <= s.context.page),
    },
    {
      name: "no page past the last is asked for",
      holds: (s) =>
        !s.matches("loadingPage") || s.context.lastPage === null || s.context.fetching <= s.context.lastPage,
    },
    {
      name: "a listed page is the route's page and has orders",
      holds: (s) => !s.matches("listing") || (s.context.page !== null && s.context.orders.length > 0),
    },
    {
      name: "Next is offered only when the page has a next one",
      holds: (s) => {
        const { next } = selectPageLinks(s);
        return (
          next === null || (s.context.page !== null && s.context.cursors[s.context.page - 1] !== undefined)
        );
      },
    },
    {
      name: "an order is shown only for the route's order",
      holds: (s) =>
        s.context.order === null || (s.matches("detail") && s.context.order.id === s.context.orderId),
    },
    {
      name: "an error is kept only while loading has failed",
      holds: (s) => (s.context.error !== null) === s.matches("failed"),
    },
  ],
  states: {
    loadingPage: (snapshot) => {
      const { context } = snapshot;
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.loadPage?.getSnapshot().input).toEqual({
        limit: pageSize,
        after: context.fetching === 1 ? null : context.cursors[context.fetching - 2],
      });
      expect(context.orders).toEqual([]);
    },
    listing: (snapshot) => {
      const { context } = snapshot;
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(context.orderId).toBeNull();
      const expected = [pageOne, pageTwo, pageThree, onlyPage].filter(
        (candidate) => candidate.orders === context.orders,
      );
      expect(expected).toHaveLength(1);
      const links = selectPageLinks(snapshot);
      expect(links.previous).toBe(context.page === 1 ? null : (context.page ?? 0) - 1);
      expect(links.next).toBe(expected[0]?.next ? (context.page ?? 0) + 1 : null);
    },
    empty: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(snapshot.context.orders).toEqual([]);
      expect(snapshot.context.page).toBe(1);
      expect(snapshot.context.orderId).toBeNull();
      expect(snapshot.context.lastPage).toBe(1);
      expect(selectPageLinks(snapshot)).toEqual({ previous: null, next: null });
    },
    loadingOrder: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.loadOrder?.getSnapshot().input).toEqual({ id: snapshot.context.orderId });
      expect(snapshot.context.order).toBeNull();
    },
    detail: (snapshot) => {
      expect(snapshot.context.order?.id).toBe(snapshot.context.orderId);
      expect(snapshot.can({ type: "receipt.print" })).toBe(true);
    },
    notFound: (snapshot) => {
      const { context } = snapshot;
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(context.orders).toEqual([]);
      expect(context.order).toBeNull();
      expect(context.error).toBeNull();
      // An order that is not there, an address that is no page, or a page past the last.
      expect(context.orderId !== null || context.page === null || context.page > 1).toBe(true);
    },
    failed: (snapshot) => {
      expect(snapshot.context.error).toBe(50301);
      expect(snapshot.can({ type: "orders.retry" })).toBe(true);
      expect(snapshot.context.order).toBeNull();
    },
  },
  journeys: [
    {
      name: "page forward and back: page 2 comes by page 1's cursor, page 1 again by none",
      events: [page[0], route[1], page[1], route[0], page[0]],
      expected: "listing",
      ends: (snapshot) => {
        expect(snapshot.context.page).toBe(1);
        expect(snapshot.context.orders).toBe(pageOne.orders);
        expect(snapshot.context.cursors).toEqual(["cursor-page-2", "cursor-page-3"]);
        expect(selectPageLinks(snapshot)).toEqual({ previous: null, next: 2 });
      },
    },
    {
      name: "going back to a visited page asks for it with its kept cursor",
      events: [page[0], route[1], page[1], route[2], page[2], route[1]],
      expected: "loadingPage",
      // The state's assertion checks the request: page 2 after page 1's cursor.
      ends: (snapshot) => expect(snapshot.context.fetching).toBe(2),
    },
    {
      name: "a deep link to page 3 walks pages 1 and 2 first",
      input: 1,
      events: [page[0], page[1], page[2]],
      expected: "listing",
      ends: (snapshot) => {
        expect(snapshot.context.orders).toBe(pageThree.orders);
        expect(snapshot.context.cursors).toEqual(["cursor-page-2", "cursor-page-3"]);
        expect(snapshot.context.lastPage).toBe(3);
        expect(selectPageLinks(snapshot)).toEqual({ previous: 2, next: null });
      },
    },
    {
      name: "on the way to page 3 the walk is at page 2, asked with page 1's cursor",
      input: 1,
      events: [page[0]],
      expected: "loadingPage",
      ends: (snapshot) => {
        expect(snapshot.context.fetching).toBe(2);
        expect(snapshot.context.orders).toEqual([]);
      },
    },
    {
      name: "a deep link past the last page is not found",
      input: 1,
      events: [page[3]],
      expected: "notFound",
      ends: (snapshot) => expect(snapshot.context.lastPage).toBe(1),
    },
    {
      name: "a page past a known last page is not found without asking",
      events: [page[3], route[1]],
      expected: "notFound",
      ends: (snapshot) => expect(snapshot.context.fetching).toBe(1),
    },
    {
      name: "an order's detail opens and its receipt prints",
      before: () => void orderHistoryEffects.splice(0),
      events: [page[0], route[3], order[0], events["receipt.print"][0]],
      expected: "detail",
      ends: (snapshot) => {
        expect(snapshot.context.order).toBe(passOrder);
        expect(orderHistoryEffects).toEqual(["print TP-00001042"]);
      },
    },
    {
      name: "a bookmarked detail loads only the order",
      input: 2,
      events: [order[0]],
      expected: "detail",
      ends: (snapshot) => expect(snapshot.context.cursors).toEqual([]),
    },
    {
      name: "back to order history from a detail lists its page again",
      events: [page[0], route[3], order[0], route[0]],
      expected: "loadingPage",
      ends: (snapshot) => expect(snapshot.context.order).toBeNull(),
    },
    {
      name: "another order than the address names is never shown: not found, and nothing is asked again",
      events: [page[0], route[4], order[0]],
      expected: "notFound",
      ends: (snapshot) => {
        expect(snapshot.context.order).toBeNull();
        expect(snapshot.children.loadOrder).toBeUndefined();
      },
    },
    {
      name: "an order that is not the rider's is not found",
      events: [page[0], route[4], orderFailed[0]],
      expected: "notFound",
      ends: (snapshot) => expect(snapshot.context.orderId).toBe(unknownOrderId),
    },
    {
      name: "a lost connection stops at the failure: nothing is asked again until the rider retries",
      events: [pageFailed],
      expected: "failed",
      ends: (snapshot) => expect(snapshot.context.error).toBe(50301),
    },
    {
      name: "a detail that could not be read stops at the failure too",
      input: 2,
      events: [orderFailed[1]],
      expected: "failed",
    },
    {
      name: "a lost connection is retried on the same route",
      events: [pageFailed, events["orders.retry"][0], page[0]],
      expected: "listing",
      ends: (snapshot) => expect(snapshot.context.error).toBeNull(),
    },
    {
      name: "a lost connection on the way to page 3 keeps the cursors walked so far",
      input: 1,
      events: [page[0], pageFailed, events["orders.retry"][0]],
      expected: "loadingPage",
      ends: (snapshot) => {
        expect(snapshot.context.fetching).toBe(2);
        expect(snapshot.context.cursors).toEqual(["cursor-page-2"]);
      },
    },
    {
      name: "a failed detail is retried",
      input: 2,
      events: [orderFailed[1], events["orders.retry"][0], order[0]],
      expected: "detail",
    },
    {
      name: "a rider without orders sees the empty history",
      events: [page[4]],
      expected: "empty",
    },
    {
      name: "an address that is no page number is not found",
      events: [route[5]],
      expected: "notFound",
    },
    {
      name: "a new route while a page loads replaces the walk",
      input: 1,
      events: [route[0], page[0]],
      expected: "listing",
      ends: (snapshot) => expect(snapshot.context.page).toBe(1),
    },
  ],
});
