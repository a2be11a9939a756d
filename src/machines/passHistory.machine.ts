import { assign, fromPromise, setup } from "xstate";
import { errorCodeOf } from "../domain/envelope.ts";
import type { PassDetail, PassPage, PassSummary } from "../domain/transit/passes.ts";
import { isMissingOrder } from "./orderSummary.machine.ts";
import { unprovided } from "./unprovided.ts";

export { pageNumberOf } from "./orderHistory.machine.ts";

/** Where the route points: a page of the history (null when `:page` is not a page number) and a pass. */
export interface PassRoute {
  page: number | null;
  passId: string | null;
}

export interface PassHistoryInput extends PassRoute {
  /** The deployment's `ideal_row_count`. */
  pageSize: number;
}

export interface PassHistoryContext extends PassRoute {
  pageSize: number;
  /** `cursors[n]` is the `after` of page n + 2: the `next` of every page visited, in order. */
  cursors: string[];
  /** The last page, once a page answered without `next`. */
  lastPage: number | null;
  /** The page being fetched: the route's, or one on the way to it. */
  fetching: number;
  /** The passes of the page on screen. */
  passes: PassSummary[];
  /** The pass on screen. */
  pass: PassDetail | null;
  error: number | null;
}

export type PassHistoryEvent =
  | ({ type: "route.changed" } & PassRoute)
  | { type: "passes.retry" }
  | { type: "pass.moved"; pass: PassDetail };

export interface LoadPageInput {
  limit: number;
  after: string | null;
}

/** The `after` of a page: none for the first, the previous page's `next` for the others. */
const cursorOf = (context: PassHistoryContext, page: number): string | null =>
  page <= 1 ? null : (context.cursors[page - 2] ?? null);

/** The nearest page the cursors reach on the way to the route's. */
const firstFetch = (context: PassHistoryContext): number =>
  Math.min(context.page ?? 1, context.cursors.length + 1);

/**
 * What a fetched page teaches: its `next` (the cursor of the page after it) or that it is the last.
 * Passes come and go between two reads (a new purchase, a pass attached), so the newest answer wins: a page
 * that is now the last drops the cursors past it, and a page whose `next` changed drops the cursors
 * learned through the old one.
 */
function learned(context: PassHistoryContext, page: PassPage) {
  // cursors[n] is the `after` of page n + 2, so this page's `next` lives at index fetching - 1.
  const index = context.fetching - 1;
  if (page.next === null) return { cursors: context.cursors.slice(0, index), lastPage: context.fetching };
  const cursors =
    index > context.cursors.length || context.cursors[index] === page.next
      ? context.cursors
      : [...context.cursors.slice(0, index), page.next];
  const lastPage =
    context.lastPage !== null && context.lastPage <= context.fetching ? null : context.lastPage;
  return { cursors, lastPage };
}

const outputOf = ({ event }: { event: { output: PassPage } }) => event.output;
const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/*
 * Pass history (/account/passhistory/:page/:id?), built like order history: the route is the truth
 * (`route.changed` goes through `routing`, which cancels what was loading for the old route); pages
 * are keyset pages of 12, reached through the cursors of the pages visited, so a deep link to page 3
 * walks pages 1 and 2 first. `empty` is a rider without passes; `notFound` is a page past the last, a
 * page number that is not one, and a pass that is not the rider's ("Pass details not found."). In
 * `detail`, the pass moves through its own machine (passMove); `pass.moved` shows where it went.
 */
export const passHistoryMachine = setup({
  types: {
    context: {} as PassHistoryContext,
    events: {} as PassHistoryEvent,
    input: {} as PassHistoryInput,
    children: {} as { loadPage: "loadPage"; loadPass: "loadPass" },
  },
  actors: {
    loadPage: fromPromise<PassPage, LoadPageInput>(unprovided("loadPage")),
    loadPass: fromPromise<PassDetail, { id: string }>(unprovided("loadPass")),
  },
  actions: {
    assignRoute: assign((_, route: PassRoute) => ({ page: route.page, passId: route.passId })),
    startWalk: assign(({ context }) => ({ fetching: firstFetch(context) })),
    stepForward: assign(({ context }, page: PassPage) => ({
      ...learned(context, page),
      fetching: context.fetching + 1,
    })),
    showPage: assign(({ context }, page: PassPage) => ({ ...learned(context, page), passes: page.passes })),
    learnPage: assign(({ context }, page: PassPage) => learned(context, page)),
    assignPass: assign((_, pass: PassDetail) => ({ pass, error: null })),
    clearShown: assign({ passes: [], pass: null, error: null }),
    assignError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
  },
  guards: {
    /** The pass the address names, not another one. */
    isAddressedPass: ({ context }, pass: PassDetail) => pass.id === context.passId,
    isNotAPage: ({ context }) => context.page === null,
    isPassRoute: ({ context }) => context.passId !== null,
    isPastLastPage: ({ context }) =>
      context.lastPage !== null && context.page !== null && context.page > context.lastPage,
    /** The route's page, with passes to list. */
    isRoutePageWithPasses: ({ context }, page: PassPage) =>
      context.fetching === context.page && page.passes.length > 0,
    /** The first page, empty: the rider has no passes. */
    isEmptyHistory: ({ context }) => context.fetching === context.page && context.page === 1,
    /** A page on the way to the route's, with more after it. */
    leadsOn: ({ context }, page: PassPage) =>
      context.fetching !== context.page && page.next !== null && page.passes.length > 0,
    isMissingPass: (_, error: unknown) => isMissingOrder(error),
  },
}).createMachine({
  id: "passHistory",
  context: ({ input }) => ({
    pageSize: input.pageSize,
    page: input.page,
    passId: input.passId,
    cursors: [],
    lastPage: null,
    fetching: 1,
    passes: [],
    pass: null,
    error: null,
  }),
  on: {
    "route.changed": {
      target: ".routing",
      actions: {
        type: "assignRoute",
        params: ({ event }) => ({ page: event.page, passId: event.passId }),
      },
    },
  },
  initial: "routing",
  states: {
    routing: {
      always: [
        { guard: "isNotAPage", target: "notFound", actions: "clearShown" },
        { guard: "isPassRoute", target: "loadingPass", actions: "clearShown" },
        { guard: "isPastLastPage", target: "notFound", actions: "clearShown" },
        { target: "loadingPage", actions: ["clearShown", "startWalk"] },
      ],
    },
    loadingPage: {
      tags: ["busy"],
      invoke: {
        id: "loadPage",
        src: "loadPage",
        input: ({ context }) => ({ limit: context.pageSize, after: cursorOf(context, context.fetching) }),
        onDone: [
          {
            guard: { type: "isRoutePageWithPasses", params: outputOf },
            target: "listing",
            actions: { type: "showPage", params: outputOf },
          },
          { guard: "isEmptyHistory", target: "empty", actions: { type: "showPage", params: outputOf } },
          {
            guard: { type: "leadsOn", params: outputOf },
            target: "loadingPage",
            reenter: true,
            actions: { type: "stepForward", params: outputOf },
          },
          { target: "notFound", actions: { type: "learnPage", params: outputOf } },
        ],
        onError: { target: "failed", actions: { type: "assignError", params: errorOf } },
      },
    },
    listing: {},
    empty: {},
    loadingPass: {
      tags: ["busy"],
      invoke: {
        id: "loadPass",
        src: "loadPass",
        input: ({ context }) => ({ id: context.passId ?? "" }),
        onDone: [
          {
            guard: { type: "isAddressedPass", params: ({ event }) => event.output },
            target: "detail",
            actions: { type: "assignPass", params: ({ event }) => event.output },
          },
          // Another pass than the one asked for is a server's mistake: never show it.
          { target: "notFound" },
        ],
        onError: [
          { guard: { type: "isMissingPass", params: errorOf }, target: "notFound" },
          { target: "failed", actions: { type: "assignError", params: errorOf } },
        ],
      },
    },
    detail: {
      on: {
        "pass.moved": {
          guard: { type: "isAddressedPass", params: ({ event }) => event.pass },
          actions: { type: "assignPass", params: ({ event }) => event.pass },
        },
      },
    },
    notFound: {},
    failed: {
      on: { "passes.retry": { target: "routing" } },
    },
  },
});

/** Previous and Next, as page numbers to link to (null: there is none). */
export const selectPageLinks = (snapshot: {
  context: PassHistoryContext;
}): { previous: number | null; next: number | null } => {
  const { page, cursors } = snapshot.context;
  if (page === null) return { previous: null, next: null };
  return { previous: page > 1 ? page - 1 : null, next: cursors.length >= page ? page + 1 : null };
};
