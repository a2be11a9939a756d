import { assign, fromPromise, setup } from "xstate";
import {
  type AppliedFilter,
  appliedFilterNames,
  clampQuantity,
  type Filter,
  type Product,
  type ProductPage,
  presetFilters,
  quantityLimits,
  withFilter,
} from "../domain/catalog.ts";
import { errorCodeOf } from "../domain/envelope.ts";
import { languageChangesStandIn } from "./languageChanges.ts";
import { unprovided } from "./unprovided.ts";

export interface ProductsInput {
  /** Filter value codes the route names (a service, PHYSICAL or DIGITAL), applied once filters load. */
  presets: string[];
  /** Fare-card mode: the chosen card's products are listed without asking for a filter first. */
  faremediaId: string | null;
}

export interface SearchInput {
  applied: AppliedFilter[];
  faremediaId: string | null;
}

export interface ProductsContext {
  presets: string[];
  faremediaId: string | null;
  filters: Filter[];
  applied: AppliedFilter[];
  products: Product[];
  total: number;
  /** Quantity chosen on each product card (1 until changed). */
  quantities: Record<string, number>;
  error: number | null;
}

export type ProductsEvent =
  | { type: "products.filter"; filter: string; value: string | null }
  | { type: "products.clear" }
  | { type: "products.retry" }
  /** The language changed: filters and products come again in it. */
  | { type: "products.reload" }
  | { type: "products.quantity"; uuid: string; quantity: number };

/*
 * The products page (spec section 2): the filter card and the product list. Filters load first (the
 * route's presets are applied once they are known); every change of a filter loads the filters again
 * (the values still leading somewhere) and then the products. Without an applied filter the page asks
 * to "select from the options to view products", except in fare-card mode, which lists what can go on
 * the chosen card. Each card's quantity stays within 0..20.
 */
export const productsMachine = setup({
  types: {
    input: {} as ProductsInput,
    context: {} as ProductsContext,
    events: {} as ProductsEvent,
  },
  actors: {
    /** Sends `products.reload` at each language switch while the page runs (src/app/live/language-changes.ts). */
    languageChanges: languageChangesStandIn(),
    fetchFilters: fromPromise<Filter[], SearchInput>(unprovided("fetchFilters")),
    fetchProducts: fromPromise<ProductPage, SearchInput>(unprovided("fetchProducts")),
  },
  actions: {
    assignFilters: assign((_, filters: Filter[]) => ({ filters, error: null })),
    applyPresets: assign(({ context }) => ({
      applied: presetFilters(context.filters, context.presets),
      presets: [],
    })),
    assignProducts: assign((_, page: ProductPage) => ({
      products: page.results,
      total: page.total,
      error: null,
    })),
    assignError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    applyFilter: assign(({ context }, change: { filter: string; value: string | null }) => ({
      applied: withFilter(context.applied, change.filter, change.value),
    })),
    clearFilters: assign({ applied: [], products: [], total: 0 }),
    setQuantity: assign(({ context }, change: { uuid: string; quantity: number }) => ({
      quantities: { ...context.quantities, [change.uuid]: clampQuantity(change.quantity) },
    })),
  },
  guards: {
    /** Judged on the filters just loaded (guards run before the actions that store them). */
    presetsPending: ({ context }, filters: Filter[]) =>
      context.presets.length > 0 && presetFilters(filters, context.presets).length > 0,
    listable: ({ context }) => context.applied.length > 0 || context.faremediaId !== null,
  },
}).createMachine({
  id: "products",
  context: ({ input }) => ({
    presets: input.presets,
    faremediaId: input.faremediaId,
    filters: [],
    applied: [],
    products: [],
    total: 0,
    quantities: {},
    error: null,
  }),
  initial: "loadingFilters",
  // The filters and products come again in a new language.
  invoke: { id: "languageChanges", src: "languageChanges", input: ({ self }) => ({ machine: self }) },
  on: {
    "products.quantity": { actions: { type: "setQuantity", params: ({ event }) => event } },
    // Any change of filter (or language) starts over from the filters; the old list stays shown.
    "products.filter": {
      target: ".loadingFilters",
      actions: { type: "applyFilter", params: ({ event }) => event },
    },
    "products.clear": { target: ".loadingFilters", actions: "clearFilters" },
    "products.reload": ".loadingFilters",
  },
  states: {
    loadingFilters: {
      tags: ["busy"],
      invoke: {
        id: "fetchFilters",
        src: "fetchFilters",
        input: ({ context }) => ({ applied: context.applied, faremediaId: context.faremediaId }),
        onDone: [
          {
            // The route named values: apply them, then ask again for the filters they leave.
            guard: { type: "presetsPending", params: ({ event }) => event.output },
            target: "loadingFilters",
            reenter: true,
            actions: [{ type: "assignFilters", params: ({ event }) => event.output }, "applyPresets"],
          },
          { target: "deciding", actions: { type: "assignFilters", params: ({ event }) => event.output } },
        ],
        onError: {
          target: "failed",
          actions: { type: "assignError", params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    failed: {
      on: { "products.retry": "loadingFilters" },
    },
    deciding: {
      always: [{ guard: "listable", target: "loadingProducts" }, { target: "empty" }],
    },
    empty: {},
    loadingProducts: {
      tags: ["busy"],
      invoke: {
        id: "fetchProducts",
        src: "fetchProducts",
        input: ({ context }) => ({ applied: context.applied, faremediaId: context.faremediaId }),
        onDone: {
          target: "listing",
          actions: { type: "assignProducts", params: ({ event }) => event.output },
        },
        onError: {
          target: "productsFailed",
          actions: { type: "assignError", params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    listing: {},
    productsFailed: {
      on: { "products.retry": "loadingProducts" },
    },
  },
});

export const selectQuantity = (snapshot: { context: ProductsContext }, uuid: string) =>
  snapshot.context.quantities[uuid] ?? quantityLimits.initial;

/** What a cart item bought from this page carries: the fare card, the applied filters and their names. */
export const selectPurchaseContext = ({ context }: { context: ProductsContext }) => ({
  faremediaId: context.faremediaId,
  appliedFilters: context.applied,
  filterName: appliedFilterNames(context.filters, context.applied),
});
