import { expect } from "vitest";
import type { PassPage } from "../../../src/domain/transit/passes.ts";
import { passHistoryMachine, selectPageLinks } from "../../../src/machines/passHistory.machine.ts";
import {
  cloudPass,
  devicePass,
  passEmptyPage as emptyPage,
  passOnlyPage as onlyPage,
  passPageOne as pageOne,
  passPageThree as pageThree,
  passPageTwo as pageTwo,
  unknownPassId,
} from "../../support/passes.ts";
import { defineModel, type EventSamples } from "../harness.ts";
import { networkError, notFoundError } from "./orderSummary.ts";

type ActorEvents =
  | "xstate.done.actor.loadPage"
  | "xstate.error.actor.loadPage"
  | "xstate.done.actor.loadPass"
  | "xstate.error.actor.loadPass";

export const pageSize = 12;
const passId = cloudPass.id;

export const events = {
  "route.changed": [
    { type: "route.changed", page: 1, passId: null },
    { type: "route.changed", page: 2, passId: null },
    { type: "route.changed", page: 3, passId: null },
    { type: "route.changed", page: 1, passId },
    { type: "route.changed", page: 2, passId: unknownPassId },
    // /account/passhistory/first: not a page number.
    { type: "route.changed", page: null, passId: null },
  ],
  "passes.retry": [{ type: "passes.retry" }],
  "pass.moved": [
    { type: "pass.moved", pass: devicePass },
    { type: "pass.moved", pass: { ...devicePass, id: unknownPassId } },
  ],
  "xstate.done.actor.loadPage": [
    { type: "xstate.done.actor.loadPage", output: pageOne },
    { type: "xstate.done.actor.loadPage", output: pageTwo },
    { type: "xstate.done.actor.loadPage", output: pageThree },
    { type: "xstate.done.actor.loadPage", output: onlyPage },
    { type: "xstate.done.actor.loadPage", output: emptyPage },
  ],
  "xstate.error.actor.loadPage": [{ type: "xstate.error.actor.loadPage", error: networkError }],
  "xstate.done.actor.loadPass": [{ type: "xstate.done.actor.loadPass", output: cloudPass }],
  "xstate.error.actor.loadPass": [
    { type: "xstate.error.actor.loadPass", error: notFoundError },
    { type: "xstate.error.actor.loadPass", error: networkError },
  ],
} satisfies EventSamples<typeof passHistoryMachine, ActorEvents>;

/** What each page of the rider's history is, by the cursor it is asked with. */
const pageAfter: Record<string, PassPage[]> = {
  first: [pageOne, onlyPage, emptyPage],
  "cursor-page-2": [pageTwo],
  "cursor-page-3": [pageThree],
};

const route = events["route.changed"];
const page = events["xstate.done.actor.loadPage"];
const pass = events["xstate.done.actor.loadPass"];
const passFailed = events["xstate.error.actor.loadPass"];
const pageFailed = events["xstate.error.actor.loadPage"][0];

export const passHistoryModel = defineModel({
  name: "passHistory",
  machine: passHistoryMachine,
  inputs: [
    { pageSize, page: 1, passId: null },
    // A bookmark of page 3.
    { pageSize, page: 3, passId: null },
    // A bookmark of one order's detail.
    { pageSize, page: 2, passId },
  ],
  deferred: ["loadPage", "loadPass"],
  events,
  pathKinds: ["shortest", "edge"],
  filterEvents: (snapshot, event) => {
    const { context } = snapshot;
    // The route changes to another route: the same address again is no change.
    if (event.type === "route.changed") {
      return event.page !== context.page || event.passId !== context.passId;
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
      return answers.includes(event.output as PassPage) && known;
    }
    // Only the rider's own pass is there; a server answering it for an unknown id is a mistake the
    // machine refuses (not found), never shows.
    if (event.type === "xstate.done.actor.loadPass")
      return context.passId === passId || context.passId === unknownPassId;
    if (event.type === "xstate.error.actor.loadPass" && event.error === notFoundError) {
      return context.passId === unknownPassId;
    }
    return true;
  },
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.page,
      snapshot.context.passId,
      snapshot.context.cursors,
      snapshot.context.lastPage,
      snapshot.context.fetching,
      snapshot.context.passes.map((entry) => entry.id),
      snapshot.context.pass?.id ?? null,
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
      name: "a listed page is the route's page and has passes",
      holds: (s) => !s.matches("listing") || (s.context.page !== null && s.context.passes.length > 0),
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
      name: "a pass is shown only for the route's pass",
      holds: (s) =>
        s.context.pass === null || (s.matches("detail") && s.context.pass.id === s.context.passId),
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
      expect(context.passes).toEqual([]);
    },
    listing: (snapshot) => {
      const { context } = snapshot;
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(context.passId).toBeNull();
      const expected = [pageOne, pageTwo, pageThree, onlyPage].filter(
        (candidate) => candidate.passes === context.passes,
      );
      expect(expected).toHaveLength(1);
      const links = selectPageLinks(snapshot);
      expect(links.previous).toBe(context.page === 1 ? null : (context.page ?? 0) - 1);
      expect(links.next).toBe(expected[0]?.next ? (context.page ?? 0) + 1 : null);
    },
    empty: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(snapshot.context.passes).toEqual([]);
      expect(snapshot.context.page).toBe(1);
      expect(snapshot.context.passId).toBeNull();
      expect(snapshot.context.lastPage).toBe(1);
      expect(selectPageLinks(snapshot)).toEqual({ previous: null, next: null });
    },
    loadingPass: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.loadPass?.getSnapshot().input).toEqual({ id: snapshot.context.passId });
      expect(snapshot.context.pass).toBeNull();
    },
    detail: (snapshot) => {
      expect(snapshot.context.pass?.id).toBe(snapshot.context.passId);
      expect([cloudPass, devicePass]).toContain(snapshot.context.pass);
    },
    notFound: (snapshot) => {
      const { context } = snapshot;
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(context.passes).toEqual([]);
      expect(context.pass).toBeNull();
      expect(context.error).toBeNull();
      // A pass that is not there, an address that is no page, or a page past the last.
      expect(context.passId !== null || context.page === null || context.page > 1).toBe(true);
    },
    failed: (snapshot) => {
      expect(snapshot.context.error).toBe(50301);
      expect(snapshot.can({ type: "passes.retry" })).toBe(true);
      expect(snapshot.context.pass).toBeNull();
    },
  },
  journeys: [
    {
      name: "page forward and back: page 2 comes by page 1's cursor, page 1 again by none",
      events: [page[0], route[1], page[1], route[0], page[0]],
      expected: "listing",
      ends: (snapshot) => {
        expect(snapshot.context.page).toBe(1);
        expect(snapshot.context.passes).toBe(pageOne.passes);
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
        expect(snapshot.context.passes).toBe(pageThree.passes);
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
        expect(snapshot.context.passes).toEqual([]);
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
      name: "a pass's detail opens from its page",
      events: [page[0], route[3], pass[0]],
      expected: "detail",
      ends: (snapshot) => expect(snapshot.context.pass).toBe(cloudPass),
    },
    {
      name: "a pass moved from its detail shows where it went",
      events: [page[0], route[3], pass[0], events["pass.moved"][0]],
      expected: "detail",
      ends: (snapshot) => expect(snapshot.context.pass).toBe(devicePass),
    },
    {
      name: "a moved pass that is another one than the detail's is ignored",
      events: [page[0], route[3], pass[0], events["pass.moved"][1]],
      expected: "detail",
      ends: (snapshot) => expect(snapshot.context.pass).toBe(cloudPass),
    },
    {
      name: "a bookmarked detail loads only the pass",
      input: 2,
      events: [pass[0]],
      expected: "detail",
      ends: (snapshot) => expect(snapshot.context.cursors).toEqual([]),
    },
    {
      name: "back to pass history from a detail lists its page again",
      events: [page[0], route[3], pass[0], route[0]],
      expected: "loadingPage",
      ends: (snapshot) => expect(snapshot.context.pass).toBeNull(),
    },
    {
      name: "another pass than the address names is never shown: not found, and nothing is asked again",
      events: [page[0], route[4], pass[0]],
      expected: "notFound",
      ends: (snapshot) => {
        expect(snapshot.context.pass).toBeNull();
        expect(snapshot.children.loadPass).toBeUndefined();
      },
    },
    {
      name: "a pass that is not the rider's is not found",
      events: [page[0], route[4], passFailed[0]],
      expected: "notFound",
      ends: (snapshot) => expect(snapshot.context.passId).toBe(unknownPassId),
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
      events: [passFailed[1]],
      expected: "failed",
    },
    {
      name: "a lost connection is retried on the same route",
      events: [pageFailed, events["passes.retry"][0], page[0]],
      expected: "listing",
      ends: (snapshot) => expect(snapshot.context.error).toBeNull(),
    },
    {
      name: "a lost connection on the way to page 3 keeps the cursors walked so far",
      input: 1,
      events: [page[0], pageFailed, events["passes.retry"][0]],
      expected: "loadingPage",
      ends: (snapshot) => {
        expect(snapshot.context.fetching).toBe(2);
        expect(snapshot.context.cursors).toEqual(["cursor-page-2"]);
      },
    },
    {
      name: "a failed detail is retried",
      input: 2,
      events: [passFailed[1], events["passes.retry"][0], pass[0]],
      expected: "detail",
    },
    {
      name: "a rider without passes sees the empty history",
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
