import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products as productsTable } from "../../db/schema.ts";
import { demoRider } from "../../db/seed.ts";
import { childOrganizationId, demoCatalog } from "../../db/seed-catalog.ts";
import { createTestApp, type TestApp } from "../../test/helpers.ts";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const reply = await t.app.inject({ method: "POST", url: "/accounts/users/login", payload: demoRider });
  token = reply.json().data.access_token;
});
afterAll(() => t.close());

const { filters, value, products } = demoCatalog;
const cards = {
  commute: "f1000000-0000-4000-8000-000000000001",
  kids: "f1000000-0000-4000-8000-000000000004",
  lost: "f1000000-0000-4000-8000-000000000005",
  paper: "f1000000-0000-4000-8000-000000000006",
  guest: "f1000000-0000-4000-8000-000000000003",
};

interface Product {
  uuid: string;
  name: string;
  sub_type: string;
  list_price: number;
  list_priority: number;
  alert_message: string | null;
  rider_types: string[];
  organization: { uuid: string; legacy_uuid: string };
  subscription: { subscription_allowed: boolean };
  itinerary: {
    origin: { value: string; long_name: string } | null;
    destination: { long_name: string } | null;
  } | null;
}
interface Filter {
  uuid: string;
  display_name: string;
  filter_type: string;
  kind: string;
  applied: string | null;
  values: Array<{ uuid: string; value: string; short_description: string }>;
}

function search(
  body: Record<string, unknown>,
  options: { guest?: boolean; language?: string; query?: string; auth?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (!options.guest) headers.authorization = `Bearer ${options.auth ?? token}`;
  if (options.language) headers["accept-language"] = options.language;
  const path = options.guest ? "/transit/anonymous/v3.0/product/search" : "/transit/v3.0/product/search";
  return t.app.inject({ method: "POST", url: `${path}${options.query ?? ""}`, payload: body, headers });
}
const apply = (filter: keyof typeof filters, code: string) => ({
  filter_uuid: filters[filter],
  filter_value: value(filter, code),
});
async function entities(body: Record<string, unknown>, options: Parameters<typeof search>[1] = {}) {
  const reply = await search({ return: "ENTITY", ...body }, options);
  expect(reply.statusCode).toBe(200);
  return reply.json().data as { results: Product[]; total: number; applied_filters: unknown[] };
}
async function facets(body: Record<string, unknown>, options: Parameters<typeof search>[1] = {}) {
  const reply = await search({ return: "FILTER", ...body }, options);
  expect(reply.statusCode).toBe(200);
  return reply.json().data.results as Filter[];
}

describe("POST /transit/(anonymous/)v3.0/product/search", () => {
  it("lists the whole demo catalogue by list_priority for a guest", async () => {
    const data = await entities({ sort: [{ key_name: "list_priority", order: "asc" }] }, { guest: true });
    expect(data.total).toBeGreaterThanOrEqual(40);
    expect(data.results).toHaveLength(data.total);
    const priorities = data.results.map((product) => product.list_priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
    expect(new Set(data.results.map((product) => product.organization.uuid)).size).toBe(2);
    expect(data.results.some((product) => product.sub_type === "PHYSICAL_PASS")).toBe(true);
    expect(data.results.some((product) => product.alert_message)).toBe(true);
    expect(data.results.some((product) => product.subscription.subscription_allowed)).toBe(true);
  });

  it("sorts as asked", async () => {
    const data = await entities({ sort: [{ key_name: "list_price", order: "desc" }] }, { guest: true });
    const prices = data.results.map((product) => product.list_price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it("narrows by every applied filter at once", async () => {
    const data = await entities(
      { applied_filters: [apply("service", "rail"), apply("origin", "UNS")] },
      { guest: true },
    );
    expect(data.results.length).toBe(3);
    for (const product of data.results) {
      expect(product.itinerary?.origin?.value).toBe("UNS");
      expect(product.name).toMatch(/^Rail One-Way: Union Station to /);
    }
    expect(data.applied_filters).toEqual([apply("service", "rail"), apply("origin", "UNS")]);
  });

  it("keeps to physical fare cards with the PHYSICAL fare type", async () => {
    const data = await entities({ applied_filters: [apply("fareType", "PHYSICAL")] }, { guest: true });
    expect(data.results.length).toBe(5);
    expect(data.results.every((product) => product.sub_type === "PHYSICAL_PASS")).toBe(true);
  });

  it("answers the filters with the values that still lead to a product", async () => {
    const all = await facets({}, { guest: true });
    expect(all.map((filter) => filter.display_name)).toEqual([
      "Service",
      "Fare type",
      "Rider",
      "Duration",
      "Origin",
      "Destination",
    ]);
    expect(all[0]).toMatchObject({ filter_type: "list", applied: null });
    expect(all[2]).toMatchObject({ filter_type: "dropdown" });
    expect(all.find((filter) => filter.kind === "ORIGIN")?.values).toHaveLength(7);

    const ferry = await facets({ applied_filters: [apply("service", "ferry")] }, { guest: true });
    const service = ferry.find((filter) => filter.uuid === filters.service);
    // A facet does not narrow itself: the other services stay offered.
    expect(service?.values.map((entry) => entry.value)).toEqual(["bus", "rail", "ferry"]);
    expect(service?.applied).toBe(value("service", "ferry"));
    const origins = ferry.find((filter) => filter.kind === "ORIGIN")?.values.map((entry) => entry.value);
    expect(origins).toEqual(["HPP", "IST", "NSH"]);
    // No physical fare card rides the ferry.
    expect(
      ferry.find((filter) => filter.uuid === filters.fareType)?.values.map((entry) => entry.value),
    ).toEqual(["DIGITAL"]);
  });

  it("speaks the Accept-Language language, names and itineraries included", async () => {
    const es = await entities(
      { applied_filters: [apply("origin", "UNS"), apply("destination", "APT")] },
      { guest: true, language: "es-ES,es;q=0.9" },
    );
    expect(es.results[0]?.name).toBe("Tren de ida: Estación Union a Aeropuerto");
    expect(es.results[0]?.itinerary?.destination?.long_name).toBe("Aeropuerto");
    expect(es.results[0]?.alert_message).toMatch(/^Los trenes al aeropuerto/);
    const vi = await facets({}, { guest: true, language: "vi-VI" });
    expect(vi[0]?.display_name).toBe("Dịch vụ");
    const de = await entities({ keyword_search: [products.dayPass] }, { guest: true, language: "de-DE" });
    expect(de.results[0]?.name).toBe("Day Pass");
  });

  it("refreshes exact products by keyword_search (the cart)", async () => {
    const data = await entities(
      { applied_filters: [], keyword_search: [products.dayPass, products.ferryTenRide, crypto.randomUUID()] },
      { guest: true },
    );
    expect(data.results.map((product) => product.uuid).sort()).toEqual(
      [products.dayPass, products.ferryTenRide].sort(),
    );
  });

  it("keeps to one organisation with child_organization_uuid", async () => {
    const data = await entities(
      {},
      { guest: true, query: `?child_organization_uuid=${childOrganizationId}` },
    );
    expect(data.results.length).toBeGreaterThan(0);
    expect(data.results.every((product) => product.organization.uuid === childOrganizationId)).toBe(true);
    const missing = await search(
      { return: "ENTITY" },
      { guest: true, query: "?child_organization_uuid=00000000-0000-4000-8000-000000000000" },
    );
    expect(missing.statusCode).toBe(404);
  });

  it("in fare-card mode offers only what the card's rider type may carry, never a fare card", async () => {
    const adult = await entities({ faremedia_id: cards.commute });
    expect(adult.results.every((product) => product.sub_type !== "PHYSICAL_PASS")).toBe(true);
    expect(
      adult.results.every(
        (product) => product.rider_types.length === 0 || product.rider_types.includes("ADULT"),
      ),
    ).toBe(true);
    expect(adult.results.map((product) => product.uuid)).toContain(products.weekPass);
    const youth = await entities({ faremedia_id: cards.kids });
    expect(youth.results.map((product) => product.uuid)).not.toContain(products.weekPass);
    expect(youth.results.some((product) => product.rider_types.includes("YOUTH"))).toBe(true);
    const riders = (await facets({ faremedia_id: cards.kids })).find(
      (filter) => filter.uuid === filters.rider,
    );
    expect(riders?.values.map((entry) => entry.value)).toEqual(["YOUTH"]);
  });

  it.each([
    ["a blocked card", cards.lost, 422, 42202],
    ["a card type that cannot carry passes", cards.paper, 422, 42202],
    ["someone else's card", cards.guest, 404, 40401],
    ["an unknown card", "00000000-0000-4000-8000-000000000000", 404, 40401],
  ])("refuses fare-card mode for %s", async (_, card, status, code) => {
    const reply = await search({ return: "ENTITY", faremedia_id: card });
    expect(reply.statusCode).toBe(status);
    expect(reply.json()).toMatchObject({ data: null, errors: [{ code }] });
  });

  it("asks a guest to use the anonymous search, and never takes a fare card from one", async () => {
    const signedOut = await search({ return: "ENTITY" }, { auth: "x".repeat(40) });
    expect(signedOut.statusCode).toBe(401);
    const withCard = await search({ return: "ENTITY", faremedia_id: cards.commute }, { guest: true });
    expect(withCard.statusCode).toBe(400);
  });

  it.each([
    ["no return", {}],
    ["an unknown return", { return: "ALL" }],
    ["an unknown sort key", { return: "ENTITY", sort: [{ key_name: "uuid", order: "asc" }] }],
    ["a bad order", { return: "ENTITY", sort: [{ key_name: "name", order: "up" }] }],
    [
      "a filter that is not a uuid",
      { return: "ENTITY", applied_filters: [{ filter_uuid: "1", filter_value: "2" }] },
    ],
    ["an extra field", { return: "ENTITY", page: 2 }],
    ["keywords that are not uuids", { return: "ENTITY", keyword_search: ["day pass"] }],
    ["a page too big", { return: "ENTITY", per_page: 1000 }],
    [
      "a value of another filter",
      {
        return: "ENTITY",
        applied_filters: [{ filter_uuid: filters.service, filter_value: value("rider", "ADULT") }],
      },
    ],
    [
      "the same filter twice",
      { return: "ENTITY", applied_filters: [apply("service", "bus"), apply("service", "rail")] },
    ],
  ])("rejects %s with 400 in the envelope", async (_, body) => {
    const reply = await search(body, { guest: true });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().data).toBeNull();
    expect(reply.json().errors[0].code).toBe(40001);
  });

  it("sees a catalogue change made by another server at the next search", async () => {
    const rename = (name: string) =>
      t.database.db.update(productsTable).set({ name }).where(eq(productsTable.uuid, products.dayPass));
    await entities({ keyword_search: [products.dayPass] }, { guest: true });
    await rename("Renamed Day Pass");
    try {
      const data = await entities({ keyword_search: [products.dayPass] }, { guest: true });
      expect(data.results[0]?.name).toBe("Renamed Day Pass");
      await t.database.db
        .update(productsTable)
        .set({ active: false })
        .where(eq(productsTable.uuid, products.dayPass));
      expect((await entities({ keyword_search: [products.dayPass] }, { guest: true })).results).toEqual([]);
    } finally {
      await rename("Day Pass");
      await t.database.db
        .update(productsTable)
        .set({ active: true })
        .where(eq(productsTable.uuid, products.dayPass));
    }
  });

  it("pages with per_page and says how many matched", async () => {
    const data = await entities({ per_page: 5 }, { guest: true });
    expect(data.results).toHaveLength(5);
    expect(data.total).toBeGreaterThan(5);
  });
});

describe("GET /transit/faremedia", () => {
  it("lists the rider's own cards, with balances and status, never a security code", async () => {
    const reply = await t.app.inject({
      method: "GET",
      url: "/transit/faremedia",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reply.statusCode).toBe(200);
    const list = reply.json().data.fare_mediums as Array<Record<string, unknown>>;
    expect(list.map((card) => card.faremedia_id).sort()).toEqual(
      [
        "f1000000-0000-4000-8000-000000000001",
        "f1000000-0000-4000-8000-000000000002",
        cards.kids,
        cards.lost,
        cards.paper,
      ].sort(),
    );
    const commute = list.find((card) => card.faremedia_id === cards.commute);
    expect(commute).toMatchObject({
      nickname: "Commute card",
      stored_value: 5_250,
      balance: { general_funds: 1_250, commuter_benefits: 4_000 },
      blocked: false,
    });
    expect(list.find((card) => card.faremedia_id === cards.lost)).toMatchObject({
      status: "BLOCKED",
      blocked: true,
    });
    expect(JSON.stringify(list)).not.toMatch(/security|hash/i);
  });

  it("needs a signed-in rider", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/transit/faremedia" });
    expect(reply.statusCode).toBe(401);
  });
});
