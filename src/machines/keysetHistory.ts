import { assign, fromPromise, setup } from "xstate";
import { errorCodeOf } from "../domain/envelope.ts";
import { isMissingOrder } from "./orderSummary.machine.ts";
import { unprovided } from "./unprovided.ts";

/** Where the route points: a page of the history (null when `:page` is not a page number) and an entry's detail. */
export interface KeysetRoute {
  page: number | null;
  /** The entry whose detail the route opens (`:id`), or null for a page of the list. */
  id: string | null;
}

interface KeysetHistoryInput extends KeysetRoute {
  /** The deployment's `ideal_row_count`. */
  pageSize: number;
}

export interface KeysetHistoryContext<Item, Detail> extends KeysetRoute {
  pageSize: number;
  /** `cursors[n]` is the `after` of page n + 2: the `next` of every page visited, in order. */
  cursors: string[];
  /** The last page, once a page answered without `next`. */
  lastPage: number | null;
  /** The page being fetched: the route's, or one on the way to it. */
  fetching: number;
  /** The entries of the page on screen. */
  items: Item[];
  /** The entry on screen. */
  detail: Detail | null;
  error: number | null;
}

/** What a keyset page answers besides its entries: the `after` of the page that follows, null on the last. */
export interface KeysetPage {
  next: string | null;
}

export interface LoadPageInput {
  limit: number;
  after: string | null;
}

type KeysetHistoryEvent<Detail> =
  | ({ type: "route.changed" } & KeysetRoute)
  | { type: "history.retry" }
  | { type: "detail.changed"; detail: Detail }
  | { type: "receipt.print" };

export interface KeysetHistoryOptions<Page extends KeysetPage, Item> {
  id: string;
  /** The entries of a page. */
  itemsOf: (page: Page) => Item[];
  /** The detail takes `detail.changed`: a newer copy of itself (a pass moved), ignored when it is another entry. */
  changes?: boolean;
  /** The detail takes `receipt.print`, which runs `printReceipt` (provided by the caller). */
  prints?: boolean;
}

/** Biggest page number a route may name: past it, the address is not a page. */
const maxPageNumber = 100_000;

/** The route's `:page` as a page number: a whole number from 1, as the rider sees it; else null. */
function pageNumberOf(param: string | undefined): number | null {
  if (param === undefined || !/^[1-9][0-9]*$/.test(param)) return null;
  const page = Number(param);
  return page <= maxPageNumber ? page : null;
}

/** The route of `/…/:page/:id?`. */
export function routeOf(params: { page?: string; id?: string }): KeysetRoute {
  return { page: pageNumberOf(params.page), id: params.id ?? null };
}

/** A page as the guards see it: its `next` and how many entries it has. */
interface PageFacts extends KeysetPage {
  size: number;
}

type Cursors = Pick<KeysetHistoryContext<unknown, unknown>, "cursors" | "lastPage" | "fetching" | "page">;

/** The `after` of a page: none for the first, the previous page's `next` for the others. */
const cursorOf = (context: Cursors, page: number): string | null =>
  page <= 1 ? null : (context.cursors[page - 2] ?? null);

/** The nearest page the cursors reach on the way to the route's. */
const firstFetch = (context: Cursors): number => Math.min(context.page ?? 1, context.cursors.length + 1);

/**
 * What a fetched page teaches: its `next` (the cursor of the page after it) or that it is the last.
 * Entries come and go between two reads (a new purchase, a refund, a pass attached), so the newest
 * answer wins: a page that is now the last drops the cursors past it, and a page whose `next` changed
 * drops the cursors learned through the old one.
 */
function learned(context: Cursors, page: KeysetPage): Pick<Cursors, "cursors" | "lastPage"> {
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

/**
 * A history read in keyset pages (order history, pass history: /account/<history>/:page/:id?). The
 * route is the truth: every change of it arrives as `route.changed` and goes through `routing`, which
 * also cancels whatever was loading for the old route, so a late answer can never show the wrong page.
 * Page n is reached through the `next` of page n - 1: the cursors of the pages visited stay in context,
 * and a deep link to page 3 walks pages 1 and 2 first (`loadingPage` again for each step). `empty` is
 * a rider with no entries; `notFound` is a page past the last, a page number that is not one, and an
 * entry that is not the rider's (never told apart). `failed` keeps the route and retries it by hand.
 * The detail takes what `options` turn on: a newer copy of itself (a moved pass), a receipt to print.
 */
export function createKeysetHistoryMachine<Page extends KeysetPage, Item, Detail extends { id: string }>(
  options: KeysetHistoryOptions<Page, Item>,
) {
  type Context = KeysetHistoryContext<Item, Detail>;
  const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
  /** What the guards need of a page: whether it has entries, and its `next`. */
  const factsOf = ({ event }: { event: { output: Page } }): PageFacts => ({
    next: event.output.next,
    size: options.itemsOf(event.output).length,
  });
  /** The route's page on screen, and what it teaches. */
  const shown = (context: Context, page: Page) => ({
    ...learned(context, page),
    items: options.itemsOf(page),
  });
  return setup({
    types: {
      context: {} as Context,
      events: {} as KeysetHistoryEvent<Detail>,
      input: {} as KeysetHistoryInput,
      children: {} as { loadPage: "loadPage"; loadDetail: "loadDetail" },
    },
    actors: {
      loadPage: fromPromise<Page, LoadPageInput>(unprovided("loadPage")),
      loadDetail: fromPromise<Detail, { id: string }>(unprovided("loadDetail")),
    },
    actions: {
      assignRoute: assign((_, route: KeysetRoute) => ({ page: route.page, id: route.id })),
      startWalk: assign(({ context }) => ({ fetching: firstFetch(context) })),
      stepForward: assign(({ context }, page: KeysetPage) => ({
        ...learned(context, page),
        fetching: context.fetching + 1,
      })),
      learnPage: assign(({ context }, page: KeysetPage) => learned(context, page)),
      clearShown: assign({ items: [], detail: null, error: null }),
      assignError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
      printReceipt: unprovided("printReceipt"),
    },
    guards: {
      /** The entry the address names, not another one. */
      isAddressedDetail: ({ context }, detail: { id: string }) => detail.id === context.id,
      isNotAPage: ({ context }) => context.page === null,
      isDetailRoute: ({ context }) => context.id !== null,
      isPastLastPage: ({ context }) =>
        context.lastPage !== null && context.page !== null && context.page > context.lastPage,
      /** The route's page, with entries to list. */
      isRoutePageWithItems: ({ context }, page: PageFacts) =>
        context.fetching === context.page && page.size > 0,
      /** The first page, empty: the rider has no entries. */
      isEmptyHistory: ({ context }) => context.fetching === context.page && context.page === 1,
      /** A page on the way to the route's, with more after it. */
      leadsOn: ({ context }, page: PageFacts) =>
        context.fetching !== context.page && page.next !== null && page.size > 0,
      isMissingDetail: (_, error: unknown) => isMissingOrder(error),
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({
      pageSize: input.pageSize,
      page: input.page,
      id: input.id,
      cursors: [],
      lastPage: null,
      fetching: 1,
      items: [],
      detail: null,
      error: null,
    }),
    on: {
      "route.changed": {
        target: ".routing",
        actions: {
          type: "assignRoute",
          params: ({ event }) => ({ page: event.page, id: event.id }),
        },
      },
    },
    initial: "routing",
    states: {
      routing: {
        always: [
          { guard: "isNotAPage", target: "notFound", actions: "clearShown" },
          { guard: "isDetailRoute", target: "loadingDetail", actions: "clearShown" },
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
              guard: { type: "isRoutePageWithItems", params: factsOf },
              target: "listing",
              actions: assign(({ context, event }) => shown(context, event.output)),
            },
            {
              guard: "isEmptyHistory",
              target: "empty",
              actions: assign(({ context, event }) => shown(context, event.output)),
            },
            {
              guard: { type: "leadsOn", params: factsOf },
              target: "loadingPage",
              reenter: true,
              actions: { type: "stepForward", params: factsOf },
            },
            { target: "notFound", actions: { type: "learnPage", params: factsOf } },
          ],
          onError: { target: "failed", actions: { type: "assignError", params: errorOf } },
        },
      },
      listing: {},
      empty: {},
      loadingDetail: {
        tags: ["busy"],
        invoke: {
          id: "loadDetail",
          src: "loadDetail",
          input: ({ context }) => ({ id: context.id ?? "" }),
          onDone: [
            {
              guard: { type: "isAddressedDetail", params: ({ event }) => event.output },
              target: "detail",
              actions: assign({ detail: ({ event }) => event.output, error: null }),
            },
            // Another entry than the one asked for is a server's mistake: never show it.
            { target: "notFound" },
          ],
          onError: [
            { guard: { type: "isMissingDetail", params: errorOf }, target: "notFound" },
            { target: "failed", actions: { type: "assignError", params: errorOf } },
          ],
        },
      },
      detail: {
        on: {
          ...(options.changes
            ? {
                "detail.changed": {
                  guard: { type: "isAddressedDetail", params: ({ event }) => event.detail },
                  actions: assign({ detail: ({ event }) => event.detail, error: null }),
                },
              }
            : {}),
          ...(options.prints ? { "receipt.print": { actions: "printReceipt" } } : {}),
        },
      },
      notFound: {},
      failed: {
        on: { "history.retry": { target: "routing" } },
      },
    },
  });
}

/** Previous and Next, as page numbers to link to (null: there is none). */
export const selectPageLinks = (snapshot: {
  context: Pick<KeysetHistoryContext<unknown, unknown>, "page" | "cursors">;
}): { previous: number | null; next: number | null } => {
  const { page, cursors } = snapshot.context;
  if (page === null) return { previous: null, next: null };
  return { previous: page > 1 ? page - 1 : null, next: cursors.length >= page ? page + 1 : null };
};
