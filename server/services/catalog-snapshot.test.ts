import { randomUUID } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canBuyFor } from "../../src/domain/fare-media.ts";
import { productFilterValues, products } from "../db/schema.ts";
import { demoRider } from "../db/seed.ts";
import { childOrganizationId, demoCatalog } from "../db/seed-catalog.ts";
import { ok } from "../http/envelope.ts";
import { localeFromHeader } from "../http/locale.ts";
import {
  type AppliedValue,
  type CatalogQuery,
  type CatalogSnapshot,
  type SortKey,
  scopeOf,
  searchFacets,
  searchProducts,
  sortKeys,
} from "../repositories/catalog.ts";
import { createTestApp, type TestApp } from "../test/helpers.ts";

/**
 * The search answered from the snapshot's precomputed bytes (catalog-snapshot.ts) against the
 * reference it replaced: `searchProducts`/`searchFacets` serialized as Fastify serializes an object,
 * over random requests on the demo catalogue plus generated products full of ties (equal names,
 * prices and priorities), products of the child organisation, inactive ones and fare cards.
 */

let t: TestApp;
let token: string;
type FareMedium = Parameters<typeof canBuyFor>[0] & { faremedia_id: string; rider_type: string };
let fareCards: Array<{ id: string; riderType: string }> = [];
const extra: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const login = await t.app.inject({ method: "POST", url: "/accounts/users/login", payload: demoRider });
  token = login.json().data.access_token;
  const cards = await t.app.inject({
    method: "GET",
    url: "/transit/faremedia",
    headers: { authorization: `Bearer ${token}` },
  });
  // Every card the rider may buy for, so fare-card mode runs with several rider types.
  fareCards = (cards.json().data.fare_mediums as FareMedium[])
    .filter((card) => canBuyFor(card))
    .map((card) => ({ id: card.faremedia_id, riderType: card.rider_type }));
  expect(new Set(fareCards.map((card) => card.riderType)).size).toBeGreaterThan(1);

  // 200 generated products: few distinct names, prices and priorities, so every order has ties.
  const catalog = await t.app.catalog.snapshot();
  const valuesOf = catalog.filters.map(({ values }) => values.map((value) => value.uuid));
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const rows: Array<typeof products.$inferInsert> = [];
  const links: Array<typeof productFilterValues.$inferInsert> = [];
  for (let n = 0; n < 200; n++) {
    const uuid = randomUUID();
    extra.push(uuid);
    const child = random() < 0.2;
    rows.push({
      uuid,
      organizationId: child ? childOrganizationId : t.config.organization.parentUuid,
      name: pick(["Pass", "pass", "Páss", "Ticket", "Zone pass", "Étoile"]),
      shortDescription: "Generated.",
      longDescription: 'Line one.\nLine "two" </script>',
      alertMessage: random() < 0.2 ? pick(["Mind the gap.", "Ünïcode ✓"]) : null,
      listPrice: pick([100, 250, 250, 900]),
      subType: random() < 0.15 ? "PHYSICAL_PASS" : "DIGITAL_PASS",
      serviceType: pick(["bus", "rail", "ferry"]),
      active: random() < 0.9,
      themeBackgroundColor: "#0b5cad",
      listPriority: pick([1, 5, 5, 50, 1_000]),
      riderTypes: pick([[], ["ADULT"], ["YOUTH", "SENIOR"], ...fareCards.map((card) => [card.riderType])]),
      translations:
        random() < 0.5 ? { es: { name: `Producto ${n % 7}` }, vi: { short_description: "Vé" } } : {},
    });
    for (const values of valuesOf) {
      if (random() < 0.6) links.push({ productUuid: uuid, valueUuid: pick(values) });
    }
  }
  await t.database.db.insert(products).values(rows);
  await t.database.db.insert(productFilterValues).values(links);
});
afterAll(() => t.close());

interface Body {
  return: "FILTER" | "ENTITY";
  sort?: Array<{ key_name: SortKey; order: "asc" | "desc" }>;
  applied_filters?: Array<{ filter_uuid: string; filter_value: string }>;
  keyword_search?: string[];
  per_page?: number;
  faremedia_id?: string;
}

interface Request {
  body: Body;
  language: string | null;
  child: boolean;
  signedIn: boolean;
}

/** The reply the route gave before the snapshot answered it: the reference objects, stringified. */
function referenceBody(catalog: CatalogSnapshot, request: Request): string {
  const scope = scopeOf(
    catalog,
    t.config.organization.parentUuid,
    request.child ? childOrganizationId : null,
  );
  if (!scope) throw new Error("no scope");
  const applied: AppliedValue[] = (request.body.applied_filters ?? []).map((entry) => ({
    filterUuid: entry.filter_uuid,
    valueUuid: entry.filter_value,
  }));
  const query: CatalogQuery = {
    locale: localeFromHeader(request.language ?? undefined),
    organizationIds: scope.products,
    applied,
    fareCard: request.body.faremedia_id
      ? { riderType: fareCards.find((card) => card.id === request.body.faremedia_id)?.riderType ?? "" }
      : null,
    keywords: request.body.keyword_search ?? null,
    sort: (request.body.sort ?? [{ key_name: "list_priority", order: "asc" }]).map((entry) => ({
      key: entry.key_name,
      order: entry.order,
    })),
    limit: request.body.per_page ?? 100,
  };
  const appliedFilters = request.body.applied_filters ?? [];
  if (request.body.return === "FILTER") {
    return JSON.stringify(
      ok({
        return: "FILTER",
        results: searchFacets(catalog, query, scope.filters),
        applied_filters: appliedFilters,
      }),
    );
  }
  const { results, total } = searchProducts(catalog, query);
  return JSON.stringify(ok({ return: "ENTITY", results, total, applied_filters: appliedFilters }));
}

function send(request: Request) {
  const headers: Record<string, string> = {};
  if (request.signedIn) headers.authorization = `Bearer ${token}`;
  if (request.language !== null) headers["accept-language"] = request.language;
  const path = request.signedIn ? "/transit/v3.0/product/search" : "/transit/anonymous/v3.0/product/search";
  const query = request.child ? `?child_organization_uuid=${childOrganizationId}` : "";
  return t.app.inject({ method: "POST", url: `${path}${query}`, payload: request.body, headers });
}

/** Random valid requests: filters drawn from those the scope shows, one value per filter. */
async function requestArbitrary(): Promise<fc.Arbitrary<Request>> {
  const catalog = await t.app.catalog.snapshot();
  const ids = [...extra, ...Object.values(demoCatalog.products)];
  const scoped = (child: boolean) => {
    const scope = scopeOf(catalog, t.config.organization.parentUuid, child ? childOrganizationId : null);
    return catalog.filters.filter(({ filter }) => scope?.filters.includes(filter.organizationId));
  };
  const sortEntry = fc.record({
    key_name: fc.constantFrom(...sortKeys),
    order: fc.constantFrom("asc" as const, "desc" as const),
  });
  return fc
    .record({
      kind: fc.constantFrom("ENTITY" as const, "FILTER" as const),
      sort: fc.option(fc.array(sortEntry, { maxLength: 3 }), { nil: undefined }),
      picks: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 4 }),
      keywords: fc.option(
        fc.array(fc.oneof(fc.constantFrom(...ids), fc.uuid({ version: 4 })), { maxLength: 12 }),
        { nil: undefined },
      ),
      perPage: fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
      language: fc.constantFrom(null, "es", "vi", "en", "es-ES,es;q=0.9", "fr", "zh-TW", "xx"),
      child: fc.boolean(),
      fareCard: fc.option(fc.nat(), { nil: undefined }),
    })
    .map(({ kind, sort, picks, keywords, perPage, language, child, fareCard }): Request => {
      const filters = scoped(child);
      const applied = new Map<string, string>();
      for (const [filterPick, valuePick] of picks) {
        const entry = filters[filterPick % filters.length];
        const value = entry?.values[valuePick % entry.values.length];
        if (entry && value) applied.set(entry.filter.uuid, value.uuid);
      }
      const body: Body = { return: kind };
      if (sort) body.sort = sort;
      if (applied.size > 0) {
        body.applied_filters = [...applied].map(([filter_uuid, filter_value]) => ({
          filter_uuid,
          filter_value,
        }));
      }
      if (keywords) body.keyword_search = keywords;
      if (perPage !== undefined) body.per_page = perPage;
      const card = fareCard === undefined ? undefined : fareCards[fareCard % fareCards.length];
      if (card) body.faremedia_id = card.id;
      const signedIn = card !== undefined;
      return { body, language, child, signedIn };
    });
}

describe("product search from the snapshot", () => {
  it("answers byte for byte what the reference search answered, over random requests", async () => {
    const requests = await requestArbitrary();
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        const reply = await send(request);
        expect(reply.statusCode).toBe(200);
        expect(reply.headers["content-type"]).toBe("application/json; charset=utf-8");
        expect(reply.body).toBe(referenceBody(await t.app.catalog.snapshot(), request));
      }),
      { numRuns: 300 },
    );
  });

  it("pages in the asked order: each page is the start of the whole ordered list", async () => {
    const body = (per_page?: number) => ({
      return: "ENTITY",
      sort: [
        { key_name: "name", order: "desc" },
        { key_name: "list_price", order: "asc" },
      ],
      ...(per_page ? { per_page } : {}),
    });
    const whole = await send({ body: body() as Body, language: "es", child: true, signedIn: false });
    const all = whole.json().data as { results: Array<{ uuid: string }>; total: number };
    expect(all.total).toBeLessThanOrEqual(100);
    for (const size of [1, 2, 7, all.total]) {
      const reply = await send({ body: body(size) as Body, language: "es", child: true, signedIn: false });
      const data = reply.json().data as { results: Array<{ uuid: string }>; total: number };
      expect(data.total).toBe(all.total);
      expect(data.results.map((product) => product.uuid)).toEqual(
        all.results.slice(0, size).map((product) => product.uuid),
      );
    }
  });

  it("compresses the spliced bytes for a client that accepts it, to the same JSON", async () => {
    const body: Body = { return: "ENTITY" };
    const plain = await send({ body, language: "es", child: false, signedIn: false });
    const compressed = await t.app.inject({
      method: "POST",
      url: "/transit/anonymous/v3.0/product/search",
      headers: { "accept-language": "es", "accept-encoding": "gzip" },
      payload: body,
    });
    expect(compressed.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(compressed.rawPayload).toString()).toBe(plain.body);
  });

  it("never answers more than 100 products, however many match", async () => {
    const reply = await send({ body: { return: "ENTITY" }, language: null, child: false, signedIn: false });
    const data = reply.json().data as { results: unknown[]; total: number };
    expect(data.total).toBeGreaterThan(100);
    expect(data.results).toHaveLength(100);
  });

  it("speaks each language from its own precomputed bytes, English where a text is missing", async () => {
    const body: Body = { return: "ENTITY", keyword_search: [demoCatalog.products.dayPass] };
    const names = [];
    for (const language of ["es", "en", "es", "vi", "fr"]) {
      const reply = await send({ body, language, child: false, signedIn: false });
      names.push((reply.json().data.results as Array<{ name: string }>)[0]?.name);
    }
    expect(names[0]).not.toBe(names[1]);
    expect(names[2]).toBe(names[0]);
    expect(names[4]).toBe(names[1]);
  });

  it("sees every kind of catalogue change at the next search: update, transaction, raw SQL, new links", async () => {
    const day = demoCatalog.products.dayPass;
    const nameOf = async () => {
      const reply = await send({
        body: { return: "ENTITY", keyword_search: [day] },
        language: "en",
        child: false,
        signedIn: false,
      });
      return (reply.json().data.results as Array<{ name: string }>)[0]?.name ?? null;
    };
    const original = await nameOf();
    try {
      await t.database.db.update(products).set({ name: "Updated" }).where(eq(products.uuid, day));
      expect(await nameOf()).toBe("Updated");
      await t.database.db.transaction(async (tx) => {
        await tx.update(products).set({ name: "In a transaction" }).where(eq(products.uuid, day));
      });
      expect(await nameOf()).toBe("In a transaction");
      await t.database.db.execute(sql`update products set name = 'Raw SQL' where uuid = ${day}`);
      expect(await nameOf()).toBe("Raw SQL");
      // Several searches with no change in between keep answering the same.
      expect(await nameOf()).toBe("Raw SQL");
      expect(await nameOf()).toBe("Raw SQL");
    } finally {
      await t.database.db
        .update(products)
        .set({ name: original ?? "Day Pass" })
        .where(eq(products.uuid, day));
    }
    expect(await nameOf()).toBe(original);

    const catalog = await t.app.catalog.snapshot();
    const filter = catalog.filters[0];
    const value = filter?.values[0];
    if (!filter || !value) throw new Error("no filter");
    const filtered = async () => {
      const reply = await send({
        body: {
          return: "ENTITY",
          applied_filters: [{ filter_uuid: filter.filter.uuid, filter_value: value.uuid }],
          keyword_search: [extra[0] ?? ""],
        },
        language: null,
        child: false,
        signedIn: false,
      });
      return reply.json().data.total as number;
    };
    const link = { productUuid: extra[0] ?? "", valueUuid: value.uuid };
    await t.database.db
      .delete(productFilterValues)
      .where(eq(productFilterValues.productUuid, link.productUuid));
    await t.database.db
      .update(products)
      .set({ active: true, organizationId: t.config.organization.parentUuid })
      .where(eq(products.uuid, link.productUuid));
    expect(await filtered()).toBe(0);
    await t.database.db.insert(productFilterValues).values(link);
    expect(await filtered()).toBe(1);
  });

  it.each([
    ["an empty body", ""],
    ["a JSON null", "null"],
    ["an array", "[]"],
    ["per_page 0", JSON.stringify({ return: "ENTITY", per_page: 0 })],
    ["per_page 101", JSON.stringify({ return: "ENTITY", per_page: 101 })],
    ["a huge per_page", JSON.stringify({ return: "ENTITY", per_page: 1e300 })],
    ["per_page as text", JSON.stringify({ return: "ENTITY", per_page: "5" })],
    ["a NUL in a keyword", JSON.stringify({ return: "ENTITY", keyword_search: ["\u0000"] })],
    [
      "a NUL in a filter",
      JSON.stringify({
        return: "ENTITY",
        applied_filters: [{ filter_uuid: `${demoCatalog.filters.service}\u0000`, filter_value: "x" }],
      }),
    ],
    ["an unknown return", JSON.stringify({ return: "EVERYTHING" })],
    [
      "too many keywords",
      JSON.stringify({ return: "ENTITY", keyword_search: Array(101).fill(randomUUID()) }),
    ],
  ])("refuses %s with a 400 envelope", async (_, payload) => {
    const reply = await t.app.inject({
      method: "POST",
      url: "/transit/anonymous/v3.0/product/search",
      headers: { "content-type": "application/json" },
      payload,
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().data).toBeNull();
    expect(reply.json().errors[0].code).toBe(40001);
  });

  it("refuses a NUL in the organisation query with a 400 envelope", async () => {
    const reply = await t.app.inject({
      method: "POST",
      url: "/transit/anonymous/v3.0/product/search?child_organization_uuid=%00",
      payload: { return: "ENTITY" },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().data).toBeNull();
  });

  it("refuses a body over the size limit with 413", async () => {
    const reply = await t.app.inject({
      method: "POST",
      url: "/transit/anonymous/v3.0/product/search",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ return: "ENTITY", padding: "x".repeat(70 * 1024) }),
    });
    expect(reply.statusCode).toBe(413);
  });
});
