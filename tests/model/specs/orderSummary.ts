import { expect } from "vitest";
import { orderSummaryMachine } from "../../../src/machines/orderSummary.machine.ts";
import { guestLink, orderId, passOrder, shippedOrder } from "../../support/orders.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents = "xstate.done.actor.loadOrder" | "xstate.error.actor.loadOrder";

export const notFoundError = { code: 40401, message: "Order not found" };
export const networkError = { code: 50301, message: "Network Error" };
export const serverError = { code: 50001, message: "Something went wrong, please try again!" };

const events = {
  "order.retry": [{ type: "order.retry" }],
  "receipt.print": [{ type: "receipt.print" }],
  "xstate.done.actor.loadOrder": [
    { type: "xstate.done.actor.loadOrder", output: passOrder },
    { type: "xstate.done.actor.loadOrder", output: shippedOrder },
  ],
  "xstate.error.actor.loadOrder": [
    { type: "xstate.error.actor.loadOrder", error: notFoundError },
    { type: "xstate.error.actor.loadOrder", error: networkError },
    { type: "xstate.error.actor.loadOrder", error: serverError },
  ],
} satisfies EventSamples<typeof orderSummaryMachine, ActorEvents>;

/** The receipts printed during a walk. */
const orderSummaryEffects: string[] = [];

const done = events["xstate.done.actor.loadOrder"];
const failed = events["xstate.error.actor.loadOrder"];

export const orderSummaryModel = defineModel({
  name: "orderSummary",
  machine: orderSummaryMachine.provide({
    actions: {
      printReceipt: ({ context }) => void orderSummaryEffects.push(`print ${context.order?.number}`),
    },
  }),
  inputs: [
    // A rider just after checkout.
    { orderId, guest: false, link: null },
    // A guest, back by the link in the receipt email.
    { orderId: shippedOrder.id, guest: true, link: guestLink },
    // A guest whose address lost its link.
    { orderId: shippedOrder.id, guest: true, link: null },
  ],
  deferred: ["loadOrder"],
  events,
  // A rider reads their order, a guest the order their link opens; another order in the answer is a
  // server's mistake the machine refuses (not found): walked for the rider only.
  filterEvents: (snapshot, event) =>
    event.type !== "xstate.done.actor.loadOrder" ||
    (event.output as { id: string }).id === snapshot.context.orderId ||
    !snapshot.context.guest,
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.orderId,
      snapshot.context.link,
      snapshot.context.order?.id ?? null,
      snapshot.context.error,
    ]),
  invariants: [
    {
      name: "a rider's order is never asked for with a link",
      holds: (s) => s.context.guest || s.context.link === null,
    },
    {
      name: "the order shown is the one the address names",
      holds: (s) => s.context.order === null || s.context.order.id === s.context.orderId,
    },
    {
      name: "an error is kept only while the load has failed",
      holds: (s) => (s.context.error !== null) === s.matches("failed"),
    },
  ],
  states: {
    loading: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.loadOrder?.getSnapshot().input).toEqual({
        id: snapshot.context.orderId,
        link: snapshot.context.guest ? guestLink : null,
      });
    },
    ready: (snapshot) => {
      expect(snapshot.context.order?.id).toBe(snapshot.context.orderId);
      expect(snapshot.can({ type: "receipt.print" })).toBe(true);
      expect(snapshot.can({ type: "order.retry" })).toBe(false);
    },
    notFound: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(snapshot.context.order).toBeNull();
      expect(snapshot.context.error).toBeNull();
      expect(snapshot.can({ type: "receipt.print" })).toBe(false);
      expect(snapshot.can({ type: "order.retry" })).toBe(false);
    },
    failed: (snapshot) => {
      expect([50301, 50001]).toContain(snapshot.context.error);
      expect(snapshot.context.order).toBeNull();
      expect(snapshot.can({ type: "order.retry" })).toBe(true);
    },
  },
  journeys: [
    {
      name: "a rider's order is shown and its receipt printed",
      before: () => void orderSummaryEffects.splice(0),
      events: [done[0], events["receipt.print"][0]],
      expected: "ready",
      ends: (snapshot) => {
        expect(snapshot.context.order).toEqual(passOrder);
        expect(orderSummaryEffects).toEqual(["print TP-00001042"]);
      },
    },
    {
      name: "another order than the address names is never shown: not found, and nothing is asked again",
      events: [done[1]],
      expected: "notFound",
      ends: (snapshot) => {
        expect(snapshot.context.order).toBeNull();
        expect(snapshot.children.loadOrder).toBeUndefined();
      },
    },
    {
      name: "a guest's link opens the order",
      input: 1,
      events: [done[1]],
      expected: "ready",
      ends: (snapshot) => expect(snapshot.context.order?.number).toBe(shippedOrder.number),
    },
    {
      name: "a guest without a link is not found, and nothing is asked",
      input: 2,
      events: [],
      expected: "notFound",
    },
    {
      name: "a wrong link is not found",
      input: 1,
      events: [failed[0]],
      expected: "notFound",
    },
    {
      name: "an unknown order is not found",
      events: [failed[0]],
      expected: "notFound",
    },
    {
      name: "a lost connection is retried and the order comes",
      events: [failed[1], events["order.retry"][0], done[0]],
      expected: "ready",
      ends: (snapshot) => expect(snapshot.context.error).toBeNull(),
    },
    {
      name: "a server error can be retried too",
      events: [failed[2]],
      expected: "failed",
      ends: (snapshot) => expect(snapshot.context.error).toBe(50001),
    },
  ],
});
