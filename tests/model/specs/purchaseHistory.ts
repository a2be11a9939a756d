import { expect } from "vitest";
import { purchaseHistoryMachine } from "../../../src/machines/purchaseHistory.machine.ts";
import { transactionEmptyPage, transactionPageOne, transactionPageTwo } from "../../support/passes.ts";
import { defineModel, type EventSamples } from "../harness.ts";
import { networkError } from "./orderSummary.ts";

type ActorEvents = "xstate.done.actor.loadTransactions" | "xstate.error.actor.loadTransactions";

const events = {
  "transactions.more": [{ type: "transactions.more" }],
  "transactions.retry": [{ type: "transactions.retry" }],
  "xstate.done.actor.loadTransactions": [
    { type: "xstate.done.actor.loadTransactions", output: transactionPageOne },
    { type: "xstate.done.actor.loadTransactions", output: transactionPageTwo },
    { type: "xstate.done.actor.loadTransactions", output: transactionEmptyPage },
  ],
  "xstate.error.actor.loadTransactions": [
    { type: "xstate.error.actor.loadTransactions", error: networkError },
  ],
} satisfies EventSamples<typeof purchaseHistoryMachine, ActorEvents>;

const loaded = events["xstate.done.actor.loadTransactions"];
const failed = events["xstate.error.actor.loadTransactions"][0];
const more = events["transactions.more"][0];

export const purchaseHistoryModel = defineModel({
  name: "purchaseHistory",
  machine: purchaseHistoryMachine,
  inputs: [{ pageSize: 12 }],
  deferred: ["loadTransactions"],
  events,
  pathKinds: ["shortest", "edge"],
  filterEvents: (snapshot, event) => {
    // The first page is page one or none at all; the page after it is page two.
    if (event.type === "xstate.done.actor.loadTransactions") {
      const after = snapshot.children.loadTransactions?.getSnapshot().input?.after ?? null;
      return after === null ? event.output !== transactionPageTwo : event.output === transactionPageTwo;
    }
    return true;
  },
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.transactions.map((entry) => entry.id),
      snapshot.context.next,
      snapshot.context.error,
    ]),
  invariants: [
    {
      name: "no transaction is listed twice",
      holds: (s) =>
        new Set(s.context.transactions.map((entry) => entry.id)).size === s.context.transactions.length,
    },
    {
      name: "the list is never shown empty",
      holds: (s) => !s.matches("shown") || s.context.transactions.length > 0,
    },
  ],
  states: {
    loading: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.loadTransactions?.getSnapshot().input).toEqual({ limit: 12, after: null });
    },
    shown: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(snapshot.can(more)).toBe(snapshot.context.next !== null);
    },
    loadingMore: (snapshot) => {
      expect(snapshot.children.loadTransactions?.getSnapshot().input).toEqual({
        limit: 12,
        after: snapshot.context.next,
      });
      expect(snapshot.context.transactions.length).toBeGreaterThan(0);
    },
    empty: (snapshot) => expect(snapshot.context.transactions).toEqual([]),
    failed: (snapshot) => {
      expect(snapshot.context.error).toBe(50301);
      expect(snapshot.context.transactions).toEqual([]);
    },
  },
  journeys: [
    {
      name: "Show more appends the older page and then there is no more",
      events: [loaded[0], more, loaded[1]],
      expected: "shown",
      ends: (snapshot) => {
        expect(snapshot.context.transactions).toEqual([
          ...transactionPageOne.transactions,
          ...transactionPageTwo.transactions,
        ]);
        expect(snapshot.context.next).toBeNull();
        expect(snapshot.can(more)).toBe(false);
      },
    },
    {
      name: "a rider without bank-card taps sees the empty state",
      events: [loaded[2]],
      expected: "empty",
    },
    {
      name: "an older page that could not be read keeps the list and can be asked again",
      events: [loaded[0], more, failed],
      expected: "shown",
      ends: (snapshot) => {
        expect(snapshot.context.error).toBe(50301);
        expect(snapshot.context.transactions).toEqual(transactionPageOne.transactions);
        expect(snapshot.can(more)).toBe(true);
      },
    },
    {
      name: "asking again clears the failure",
      events: [loaded[0], more, failed, more],
      expected: "loadingMore",
      ends: (snapshot) => expect(snapshot.context.error).toBeNull(),
    },
    {
      name: "a first page that could not be read is retried by hand",
      events: [failed, events["transactions.retry"][0], loaded[0]],
      expected: "shown",
      ends: (snapshot) => expect(snapshot.context.error).toBeNull(),
    },
  ],
});
