import { expect } from "vitest";
import type { AnyEventObject } from "xstate";
import {
  type createKeysetHistoryMachine,
  type KeysetPage,
  selectPageLinks,
} from "../../../src/machines/keysetHistory.ts";
import type { Journey, ModelSpec, Snap } from "../harness.ts";
import { networkError, notFoundError } from "./orderSummary.ts";

/** A history machine the factory made, over its page, entry and detail. */
export type KeysetHistoryMachine<Page extends KeysetPage, Item, Detail extends { id: string }> = ReturnType<
  typeof createKeysetHistoryMachine<Page, Item, Detail>
>;

const pageSize = 12;

/** What one history's spec brings: its machine, its pages and detail, and what differs. */
export interface KeysetHistoryFixtures<Page extends KeysetPage, Item, Detail extends { id: string }> {
  name: string;
  machine: KeysetHistoryMachine<Page, Item, Detail>;
  /** Pages 1 to 3 (by cursors "cursor-page-2" and "cursor-page-3"), a page 1 that is the only one, an empty one. */
  pages: { one: Page; two: Page; three: Page; only: Page; empty: Page };
  itemsOf: (page: Page) => Item[];
  /** What identifies an entry in a serialized snapshot. */
  keyOf: (item: Item) => string;
  /** The rider's entry whose detail the samples open, and an id that is none of the rider's. */
  detail: Detail;
  unknownId: string;
  /** Samples of the detail's own events. */
  detailEvents: Record<string, [AnyEventObject, ...AnyEventObject[]]>;
  /** What holds in `detail`. */
  seesDetail: (snapshot: Snap<KeysetHistoryMachine<Page, Item, Detail>>) => void;
  /** "order" or "pass", for the journeys' names. */
  noun: string;
  /** The detail's own journeys (its extra events), and what opening it shows, from these steps. */
  journeys: (steps: {
    /** Page 1, with a next page. */
    firstPage: AnyEventObject;
    /** The route to the rider's entry, from page 1. */
    openDetail: AnyEventObject;
    /** The rider's entry, loaded. */
    detailLoaded: AnyEventObject;
  }) => Array<Journey<KeysetHistoryMachine<Page, Item, Detail>>>;
}

/**
 * The model of a keyset history (order history, pass history): the same routes, pages, walks,
 * invariants and journeys for every history the factory makes; each spec adds its detail's own.
 */
export function keysetHistorySpec<Page extends KeysetPage, Item, Detail extends { id: string }>(
  fixtures: KeysetHistoryFixtures<Page, Item, Detail>,
): ModelSpec<KeysetHistoryMachine<Page, Item, Detail>> {
  const { pages, itemsOf, noun, unknownId } = fixtures;
  const id = fixtures.detail.id;
  const samples = {
    "route.changed": [
      { type: "route.changed", page: 1, id: null },
      { type: "route.changed", page: 2, id: null },
      { type: "route.changed", page: 3, id: null },
      { type: "route.changed", page: 1, id },
      { type: "route.changed", page: 2, id: unknownId },
      // /account/<history>/first: not a page number.
      { type: "route.changed", page: null, id: null },
    ],
    "history.retry": [{ type: "history.retry" }],
    "xstate.done.actor.loadPage": [
      { type: "xstate.done.actor.loadPage", output: pages.one },
      { type: "xstate.done.actor.loadPage", output: pages.two },
      { type: "xstate.done.actor.loadPage", output: pages.three },
      { type: "xstate.done.actor.loadPage", output: pages.only },
      { type: "xstate.done.actor.loadPage", output: pages.empty },
    ],
    "xstate.error.actor.loadPage": [{ type: "xstate.error.actor.loadPage", error: networkError }],
    "xstate.done.actor.loadDetail": [{ type: "xstate.done.actor.loadDetail", output: fixtures.detail }],
    "xstate.error.actor.loadDetail": [
      { type: "xstate.error.actor.loadDetail", error: notFoundError },
      { type: "xstate.error.actor.loadDetail", error: networkError },
    ],
  } satisfies Record<string, [AnyEventObject, ...AnyEventObject[]]>;
  const events = { ...samples, ...fixtures.detailEvents };

  /** What each page of the rider's history is, by the cursor it is asked with. */
  const pageAfter: Record<string, unknown[]> = {
    first: [pages.one, pages.only, pages.empty],
    "cursor-page-2": [pages.two],
    "cursor-page-3": [pages.three],
  };
  const route = samples["route.changed"];
  const page = samples["xstate.done.actor.loadPage"];
  const detail = samples["xstate.done.actor.loadDetail"];
  const detailFailed = samples["xstate.error.actor.loadDetail"];
  const pageFailed = samples["xstate.error.actor.loadPage"][0];
  const retry = samples["history.retry"][0];

  return {
    name: fixtures.name,
    machine: fixtures.machine,
    inputs: [
      { pageSize, page: 1, id: null },
      // A bookmark of page 3.
      { pageSize, page: 3, id: null },
      // A bookmark of one entry's detail.
      { pageSize, page: 2, id },
    ],
    deferred: ["loadPage", "loadDetail"],
    events,
    pathKinds: ["shortest", "edge"],
    filterEvents: (snapshot, event) => {
      const { context } = snapshot;
      // The route changes to another route: the same address again is no change.
      if (event.type === "route.changed") return event.page !== context.page || event.id !== context.id;
      if (event.type === "xstate.done.actor.loadPage") {
        const after = snapshot.children.loadPage?.getSnapshot().input?.after ?? "first";
        const answers = pageAfter[after] ?? [];
        // Once page 1 told whether there is more, it keeps telling the same.
        const known =
          after !== "first" ||
          (context.cursors.length > 0
            ? event.output === pages.one
            : context.lastPage === null || event.output !== pages.one);
        return answers.includes(event.output) && known;
      }
      // Only the rider's own entry is there; a server answering it for an unknown id is a mistake the
      // machine refuses (not found), never shows.
      if (event.type === "xstate.done.actor.loadDetail") return context.id === id || context.id === unknownId;
      if (event.type === "xstate.error.actor.loadDetail" && event.error === notFoundError) {
        return context.id === unknownId;
      }
      return true;
    },
    serialize: (snapshot) =>
      JSON.stringify([
        snapshot.value,
        snapshot.context.page,
        snapshot.context.id,
        snapshot.context.cursors,
        snapshot.context.lastPage,
        snapshot.context.fetching,
        snapshot.context.items.map(fixtures.keyOf),
        snapshot.context.detail?.id ?? null,
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
          !s.matches("loadingPage") ||
          s.context.lastPage === null ||
          s.context.fetching <= s.context.lastPage,
      },
      {
        name: `a listed page is the route's page and has entries`,
        holds: (s) => !s.matches("listing") || (s.context.page !== null && s.context.items.length > 0),
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
        name: `a detail is shown only for the route's ${noun}`,
        holds: (s) =>
          s.context.detail === null || (s.matches("detail") && s.context.detail.id === s.context.id),
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
        expect(context.items).toEqual([]);
      },
      listing: (snapshot) => {
        const { context } = snapshot;
        expect(snapshot.hasTag("busy")).toBe(false);
        expect(context.id).toBeNull();
        const expected = [pages.one, pages.two, pages.three, pages.only].filter(
          (candidate) => itemsOf(candidate) === context.items,
        );
        expect(expected).toHaveLength(1);
        const links = selectPageLinks(snapshot);
        expect(links.previous).toBe(context.page === 1 ? null : (context.page ?? 0) - 1);
        expect(links.next).toBe(expected[0]?.next ? (context.page ?? 0) + 1 : null);
      },
      empty: (snapshot) => {
        expect(snapshot.hasTag("busy")).toBe(false);
        expect(snapshot.context.items).toEqual([]);
        expect(snapshot.context.page).toBe(1);
        expect(snapshot.context.id).toBeNull();
        expect(snapshot.context.lastPage).toBe(1);
        expect(selectPageLinks(snapshot)).toEqual({ previous: null, next: null });
      },
      loadingDetail: (snapshot) => {
        expect(snapshot.hasTag("busy")).toBe(true);
        expect(snapshot.children.loadDetail?.getSnapshot().input).toEqual({ id: snapshot.context.id });
        expect(snapshot.context.detail).toBeNull();
      },
      detail: (snapshot) => {
        expect(snapshot.context.detail?.id).toBe(snapshot.context.id);
        fixtures.seesDetail(snapshot);
      },
      notFound: (snapshot) => {
        const { context } = snapshot;
        expect(snapshot.hasTag("busy")).toBe(false);
        expect(context.items).toEqual([]);
        expect(context.detail).toBeNull();
        expect(context.error).toBeNull();
        // An entry that is not there, an address that is no page, or a page past the last.
        expect(context.id !== null || context.page === null || context.page > 1).toBe(true);
      },
      failed: (snapshot) => {
        expect(snapshot.context.error).toBe(50301);
        expect(snapshot.can({ type: "history.retry" })).toBe(true);
        expect(snapshot.context.detail).toBeNull();
      },
    },
    journeys: [
      {
        name: "page forward and back: page 2 comes by page 1's cursor, page 1 again by none",
        events: [page[0], route[1], page[1], route[0], page[0]],
        expected: "listing",
        ends: (snapshot) => {
          expect(snapshot.context.page).toBe(1);
          expect(snapshot.context.items).toBe(itemsOf(pages.one));
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
          expect(snapshot.context.items).toBe(itemsOf(pages.three));
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
          expect(snapshot.context.items).toEqual([]);
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
      ...fixtures.journeys({ firstPage: page[0], openDetail: route[3], detailLoaded: detail[0] }),
      {
        name: `a bookmarked detail loads only the ${noun}`,
        input: 2,
        events: [detail[0]],
        expected: "detail",
        ends: (snapshot) => expect(snapshot.context.cursors).toEqual([]),
      },
      {
        name: `back to ${noun} history from a detail lists its page again`,
        events: [page[0], route[3], detail[0], route[0]],
        expected: "loadingPage",
        ends: (snapshot) => expect(snapshot.context.detail).toBeNull(),
      },
      {
        name: `another ${noun} than the address names is never shown: not found, and nothing is asked again`,
        events: [page[0], route[4], detail[0]],
        expected: "notFound",
        ends: (snapshot) => {
          expect(snapshot.context.detail).toBeNull();
          expect(snapshot.children.loadDetail).toBeUndefined();
        },
      },
      {
        name: `a ${noun} that is not the rider's is not found`,
        events: [page[0], route[4], detailFailed[0]],
        expected: "notFound",
        ends: (snapshot) => expect(snapshot.context.id).toBe(unknownId),
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
        events: [detailFailed[1]],
        expected: "failed",
      },
      {
        name: "a lost connection is retried on the same route",
        events: [pageFailed, retry, page[0]],
        expected: "listing",
        ends: (snapshot) => expect(snapshot.context.error).toBeNull(),
      },
      {
        name: "a lost connection on the way to page 3 keeps the cursors walked so far",
        input: 1,
        events: [page[0], pageFailed, retry],
        expected: "loadingPage",
        ends: (snapshot) => {
          expect(snapshot.context.fetching).toBe(2);
          expect(snapshot.context.cursors).toEqual(["cursor-page-2"]);
        },
      },
      {
        name: "a failed detail is retried",
        input: 2,
        events: [detailFailed[1], retry, detail[0]],
        expected: "detail",
      },
      {
        name: `a rider without ${noun === "pass" ? "passes" : `${noun}s`} sees the empty history`,
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
  };
}
