import { expect } from "vitest";
import type { Filter, Product } from "../../../src/domain/catalog.ts";
import { productsMachine } from "../../../src/machines/products.machine.ts";
import { languageNeverChanges } from "../../support/language.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents =
  | "xstate.done.actor.fetchFilters"
  | "xstate.error.actor.fetchFilters"
  | "xstate.done.actor.fetchProducts"
  | "xstate.error.actor.fetchProducts";

const service = "c1000000-0000-4000-8000-000000000001";
const rail = "c2000000-0000-4000-8000-000000000102";
const rider = "c1000000-0000-4000-8000-000000000003";

export const filters: Filter[] = [
  {
    uuid: service,
    display_name: "Service",
    filter_type: "list",
    kind: "ATTRIBUTE",
    applied: null,
    values: [
      {
        uuid: "c2000000-0000-4000-8000-000000000101",
        value: "bus",
        short_description: "Bus",
        image_url: null,
        accessibility_text: null,
      },
      { uuid: rail, value: "rail", short_description: "Rail", image_url: null, accessibility_text: null },
    ],
  },
  {
    uuid: rider,
    display_name: "Rider",
    filter_type: "dropdown",
    kind: "ATTRIBUTE",
    applied: null,
    values: [
      {
        uuid: "c2000000-0000-4000-8000-000000000301",
        value: "ADULT",
        short_description: "Adult",
        image_url: null,
        accessibility_text: null,
      },
    ],
  },
];

export const dayPass: Product = {
  uuid: "a2000000-0000-4000-8000-000000000001",
  name: "Day Pass",
  alert_message: null,
  short_description: "Unlimited bus and rail rides until the end of the service day.",
  long_description: "Valid for one service day from first tap.\nIncludes transfers.",
  list_price: 500,
  product_image_path: null,
  sub_type: "DIGITAL_PASS",
  service_type: "bus",
  shipping_enabled: false,
  organization: { uuid: "5f0c1d8e-2b7a-4c51-9a8e-0d3c6f1e7a21", legacy_uuid: "MTA-0001" },
  theme: { background_color: "#1b6e3a" },
  subscription: { subscription_allowed: false },
  list_priority: 3,
  rider_types: ["ADULT"],
  itinerary: null,
};

const failure = { code: 50301, message: "Network Error" };

const events = {
  "products.filter": [
    { type: "products.filter", filter: service, value: rail },
    { type: "products.filter", filter: service, value: null },
  ],
  "products.clear": [{ type: "products.clear" }],
  "products.retry": [{ type: "products.retry" }],
  "products.reload": [{ type: "products.reload" }],
  "products.quantity": [
    { type: "products.quantity", uuid: dayPass.uuid, quantity: 0 },
    { type: "products.quantity", uuid: dayPass.uuid, quantity: 25 },
  ],
  "xstate.done.actor.fetchFilters": [{ type: "xstate.done.actor.fetchFilters", output: filters }],
  "xstate.error.actor.fetchFilters": [{ type: "xstate.error.actor.fetchFilters", error: failure }],
  "xstate.done.actor.fetchProducts": [
    { type: "xstate.done.actor.fetchProducts", output: { results: [dayPass], total: 1 } },
  ],
  "xstate.error.actor.fetchProducts": [{ type: "xstate.error.actor.fetchProducts", error: failure }],
} satisfies EventSamples<typeof productsMachine, ActorEvents>;

export const productsModel = defineModel({
  name: "products",
  // Its language switches are walked as `products.reload` events (language-changes.wiring.test.ts).
  machine: productsMachine.provide({ actors: { languageChanges: languageNeverChanges } }),
  inputs: [
    { presets: [], faremediaId: null },
    { presets: ["rail"], faremediaId: null },
    { presets: [], faremediaId: "f1000000-0000-4000-8000-000000000001" },
  ],
  deferred: ["fetchFilters", "fetchProducts"],
  events,
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.applied.length,
      snapshot.context.presets.length,
      snapshot.context.filters.length,
      snapshot.context.products.length,
      snapshot.context.error,
      snapshot.context.quantities[dayPass.uuid] ?? 1,
    ]),
  // Quantities only where a product is shown; filters only once they are known.
  filterEvents: (snapshot, event) => {
    if (event.type === "products.quantity") return snapshot.matches("listing");
    if (event.type === "products.filter" || event.type === "products.clear") {
      const ready = snapshot.context.filters.length > 0 && !snapshot.hasTag("busy");
      const applied = snapshot.context.applied.some((entry) => entry.filter_uuid === service);
      // Rail is pressed to apply it and pressed again to take it off; "Clear filters" shows once applied.
      if (event.type === "products.clear") return ready && snapshot.context.applied.length > 0;
      return ready && applied === ((event as { value?: string | null }).value === null);
    }
    if (event.type === "products.reload") return snapshot.matches("listing") || snapshot.matches("empty");
    return true;
  },
  pathKinds: ["shortest", "edge"],
  invariants: [
    {
      name: "every quantity stays within 0..20",
      holds: (s) => Object.values(s.context.quantities).every((quantity) => quantity >= 0 && quantity <= 20),
    },
    {
      name: "the empty prompt only without applied filters outside fare-card mode",
      holds: (s) => !s.matches("empty") || (s.context.applied.length === 0 && s.context.faremediaId === null),
    },
  ],
  states: {
    loadingFilters: (snapshot) => expect(snapshot.hasTag("busy")).toBe(true),
    failed: (snapshot) => {
      expect(snapshot.context.error).toBe(50301);
      expect(snapshot.can({ type: "products.retry" })).toBe(true);
    },
    empty: (snapshot) => {
      expect(snapshot.context.applied).toEqual([]);
      expect(snapshot.context.filters.length).toBeGreaterThan(0);
    },
    loadingProducts: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.context.applied.length > 0 || snapshot.context.faremediaId !== null).toBe(true);
    },
    listing: (snapshot) => {
      expect(snapshot.context.products).toEqual([dayPass]);
      expect(snapshot.context.error).toBeNull();
    },
    productsFailed: (snapshot) => expect(snapshot.context.error).toBe(50301),
  },
  journeys: [
    {
      name: "without a filter the page asks to choose",
      events: [events["xstate.done.actor.fetchFilters"][0]],
      expected: "empty",
    },
    {
      name: "a route's service is applied once the filters are known, then products load",
      input: 1,
      events: [
        events["xstate.done.actor.fetchFilters"][0],
        events["xstate.done.actor.fetchFilters"][0],
        events["xstate.done.actor.fetchProducts"][0],
      ],
      expected: "listing",
    },
    {
      name: "fare-card mode lists the card's products without a filter",
      input: 2,
      events: [events["xstate.done.actor.fetchFilters"][0], events["xstate.done.actor.fetchProducts"][0]],
      expected: "listing",
    },
    {
      name: "choosing a filter loads filters again, then products",
      events: [
        events["xstate.done.actor.fetchFilters"][0],
        events["products.filter"][0],
        events["xstate.done.actor.fetchFilters"][0],
        events["xstate.done.actor.fetchProducts"][0],
      ],
      expected: "listing",
    },
    {
      name: "taking the last filter off asks to choose again",
      events: [
        events["xstate.done.actor.fetchFilters"][0],
        events["products.filter"][0],
        events["xstate.done.actor.fetchFilters"][0],
        events["xstate.done.actor.fetchProducts"][0],
        events["products.clear"][0],
        events["xstate.done.actor.fetchFilters"][0],
      ],
      expected: "empty",
    },
    {
      name: "a quantity changes on the listed product, nothing is loaded again",
      input: 2,
      events: [
        events["xstate.done.actor.fetchFilters"][0],
        events["xstate.done.actor.fetchProducts"][0],
        events["products.quantity"][0],
      ],
      expected: "listing",
    },
    {
      name: "a new language loads the filters again first",
      input: 2,
      events: [
        events["xstate.done.actor.fetchFilters"][0],
        events["xstate.done.actor.fetchProducts"][0],
        events["products.reload"][0],
      ],
      expected: "loadingFilters",
    },
    {
      name: "failed filters say so",
      events: [events["xstate.error.actor.fetchFilters"][0]],
      expected: "failed",
    },
    {
      name: "failed products say so",
      input: 2,
      events: [events["xstate.done.actor.fetchFilters"][0], events["xstate.error.actor.fetchProducts"][0]],
      expected: "productsFailed",
    },
    {
      name: "failed filters retried",
      events: [events["xstate.error.actor.fetchFilters"][0], events["products.retry"][0]],
      expected: "loadingFilters",
    },
    {
      name: "failed products retried",
      input: 2,
      events: [
        events["xstate.done.actor.fetchFilters"][0],
        events["xstate.error.actor.fetchProducts"][0],
        events["products.retry"][0],
        events["xstate.done.actor.fetchProducts"][0],
      ],
      expected: "listing",
    },
  ],
});
