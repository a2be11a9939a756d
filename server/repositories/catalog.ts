import { PGlite } from "@electric-sql/pglite";
import { asc, eq } from "drizzle-orm";
import type { Filter, ItineraryEnd, Product } from "../../src/domain/catalog.ts";
import type { Database } from "../db/client.ts";
import {
  appMeta,
  catalogFilters,
  catalogFilterValues,
  organizations,
  type ProductTexts,
  productFilterValues,
  products,
  type Translations,
} from "../db/schema.ts";

/** One applied filter, already checked to belong to the catalogue being searched. */
export interface AppliedValue {
  filterUuid: string;
  valueUuid: string;
}

export const sortKeys = ["list_priority", "name", "list_price"] as const;
export type SortKey = (typeof sortKeys)[number];

export interface CatalogQuery {
  /** Portal language code whose texts win (es, vi); English otherwise. */
  locale: string;
  /** Organisations whose products are searched. */
  organizationIds: string[];
  applied: AppliedValue[];
  /** Fare-card mode: only products valid for this rider type, never a physical card. */
  fareCard: { riderType: string } | null;
  /** The cart refresh: exactly these products (whatever the filters). */
  keywords: string[] | null;
  sort: Array<{ key: SortKey; order: "asc" | "desc" }>;
  limit: number;
}

/** A product as search answers it: spec section 3's fields, and the filter values it has. */
export type ProductResult = Product & { filter_values: Array<{ filter_uuid: string; value_uuid: string }> };
export type FilterResult = Filter;

/** The text of `field` in `locale`, falling back to the English column. */
function localized<Texts>(
  translations: Translations<Texts>,
  locale: string,
  field: keyof Texts,
  english: string,
): string {
  const text = translations[locale]?.[field];
  return typeof text === "string" && text.length > 0 ? text : english;
}

export type ProductRow = typeof products.$inferSelect;
export type FilterRow = typeof catalogFilters.$inferSelect;
export type ValueRow = typeof catalogFilterValues.$inferSelect;

export interface ProductEntry {
  row: ProductRow;
  legacyUuid: string;
  /** Filter value uuids of the product. */
  values: Set<string>;
}

/**
 * The whole active catalogue in memory, as of one `catalog_version`. Searching it costs no query: a
 * trigger bumps the version on every change of the catalogue tables (whichever server made it), and
 * each search first compares the version, one indexed read (on PGlite skipped while no statement at
 * all ran since the last one; see `statementCounter`). The search's own indexes and reply bytes are
 * derived per snapshot in services/catalog-snapshot.ts.
 */
export interface CatalogSnapshot {
  version: string;
  organizations: Map<string, { id: string; parentId: string | null }>;
  filters: Array<{ filter: FilterRow; values: ValueRow[] }>;
  values: Map<string, { row: ValueRow; kind: FilterRow["kind"] }>;
  /** Active products in the default order (list_priority, then name and uuid). */
  products: ProductEntry[];
  /** For each filter value, the positions in `products` of the products having it, ascending. */
  postings: Map<string, number[]>;
}

async function loadSnapshot(db: Database, version: string): Promise<CatalogSnapshot> {
  const [orgRows, filterRows, valueRows, productRows, linkRows] = await Promise.all([
    db.select().from(organizations),
    db.select().from(catalogFilters).orderBy(asc(catalogFilters.position), asc(catalogFilters.uuid)),
    db
      .select()
      .from(catalogFilterValues)
      .orderBy(asc(catalogFilterValues.position), asc(catalogFilterValues.value)),
    db.select().from(products).where(eq(products.active, true)),
    db.select().from(productFilterValues),
  ]);
  const organizationsById = new Map(orgRows.map((row) => [row.id, row]));
  const kinds = new Map(filterRows.map((row) => [row.uuid, row.kind]));
  const entries = new Map<string, ProductEntry>(
    productRows.map((row) => [
      row.uuid,
      { row, legacyUuid: organizationsById.get(row.organizationId)?.legacyUuid ?? "", values: new Set() },
    ]),
  );
  for (const link of linkRows) entries.get(link.productUuid)?.values.add(link.valueUuid);
  const ordered = [...entries.values()].sort(
    (a, b) =>
      a.row.listPriority - b.row.listPriority ||
      a.row.name.localeCompare(b.row.name) ||
      a.row.uuid.localeCompare(b.row.uuid),
  );
  const postings = new Map<string, number[]>();
  for (const [position, entry] of ordered.entries()) {
    for (const value of entry.values) {
      const list = postings.get(value) ?? [];
      list.push(position);
      postings.set(value, list);
    }
  }
  return {
    version,
    organizations: new Map(orgRows.map((row) => [row.id, { id: row.id, parentId: row.parentId }])),
    filters: filterRows.map((filter) => ({
      filter,
      values: valueRows.filter((value) => value.filterUuid === filter.uuid),
    })),
    values: new Map(
      valueRows.map((row) => [row.uuid, { row, kind: kinds.get(row.filterUuid) ?? "ATTRIBUTE" }]),
    ),
    products: ordered,
    postings,
  };
}

/** The organisations a search covers and those whose filters it shows (see `scope` below). */
export function scopeOf(
  snapshot: CatalogSnapshot,
  parentUuid: string,
  childUuid: string | null,
): { products: string[]; filters: string[] } | null {
  if (childUuid) {
    const child = snapshot.organizations.get(childUuid);
    if (!child) return null;
    return { products: [child.id], filters: child.parentId ? [child.id, child.parentId] : [child.id] };
  }
  const ids = [...snapshot.organizations.values()]
    .filter((org) => org.id === parentUuid || org.parentId === parentUuid)
    .map((org) => org.id);
  return { products: ids, filters: ids };
}

/** Every condition of the search except the applied filters. */
function inBase(query: CatalogQuery) {
  const organizations = new Set(query.organizationIds);
  const keywords = query.keywords ? new Set(query.keywords) : null;
  const fareCard = query.fareCard;
  return ({ row }: ProductEntry) =>
    organizations.has(row.organizationId) &&
    (!keywords || keywords.has(row.uuid)) &&
    (!fareCard ||
      (row.subType !== "PHYSICAL_PASS" &&
        (row.riderTypes.length === 0 || row.riderTypes.includes(fareCard.riderType))));
}

/**
 * Positions (ascending, so in the default order) of the products matching the base conditions and
 * every one of `applied`: the shortest posting list, checked against the others.
 */
function matching(
  snapshot: CatalogSnapshot,
  base: (entry: ProductEntry) => boolean,
  applied: readonly AppliedValue[],
): number[] {
  const lists = applied
    .map((entry) => snapshot.postings.get(entry.valueUuid) ?? [])
    .sort((a, b) => a.length - b.length);
  const [shortest, ...others] = lists;
  const result: number[] = [];
  if (!shortest) {
    for (const [position, entry] of snapshot.products.entries()) if (base(entry)) result.push(position);
    return result;
  }
  const needed = applied.map((entry) => entry.valueUuid);
  for (const position of shortest) {
    const entry = snapshot.products[position];
    if (entry && base(entry) && (others.length === 0 || needed.every((value) => entry.values.has(value)))) {
      result.push(position);
    }
  }
  return result;
}

export const compareBy: Record<SortKey, (a: ProductRow, b: ProductRow) => number> = {
  list_priority: (a, b) => a.listPriority - b.listPriority,
  name: (a, b) => a.name.localeCompare(b.name),
  list_price: (a, b) => a.listPrice - b.listPrice,
};

export const isDefaultSort = (sort: CatalogQuery["sort"]) =>
  sort.length === 0 || (sort.length === 1 && sort[0]?.key === "list_priority" && sort[0].order === "asc");

/** One product as search answers it, its texts in `locale` (English where it has none). */
export function productResult(snapshot: CatalogSnapshot, entry: ProductEntry, locale: string): ProductResult {
  const { row: product, legacyUuid, values } = entry;
  const end = (uuid: string): ItineraryEnd | null => {
    const value = snapshot.values.get(uuid)?.row;
    return value
      ? {
          uuid: value.uuid,
          value: value.value,
          long_name: localized(value.translations, locale, "short_description", value.shortDescription),
        }
      : null;
  };
  const own = [...values].flatMap((uuid) => {
    const value = snapshot.values.get(uuid);
    return value ? [value] : [];
  });
  const origin = own.find((value) => value.kind === "ORIGIN");
  const destination = own.find((value) => value.kind === "DESTINATION");
  const text = (field: keyof ProductTexts, english: string) =>
    localized(product.translations, locale, field, english);
  return {
    uuid: product.uuid,
    name: text("name", product.name),
    alert_message: product.alertMessage ? text("alert_message", product.alertMessage) : null,
    short_description: text("short_description", product.shortDescription),
    long_description: text("long_description", product.longDescription),
    list_price: product.listPrice,
    product_image_path: product.imagePath,
    sub_type: product.subType,
    service_type: product.serviceType,
    shipping_enabled: product.shippingEnabled,
    organization: { uuid: product.organizationId, legacy_uuid: legacyUuid },
    theme: { background_color: product.themeBackgroundColor },
    subscription: { subscription_allowed: product.subscriptionAllowed },
    list_priority: product.listPriority,
    rider_types: product.riderTypes,
    itinerary:
      origin || destination
        ? {
            origin: origin ? end(origin.row.uuid) : null,
            destination: destination ? end(destination.row.uuid) : null,
          }
        : null,
    filter_values: own.map((value) => ({
      filter_uuid: value.row.filterUuid,
      value_uuid: value.row.uuid,
    })),
  };
}

/** ENTITY: the matching products, sorted, at most `limit`, and how many matched in all. */
export function searchProducts(
  snapshot: CatalogSnapshot,
  query: CatalogQuery,
): { results: ProductResult[]; total: number } {
  const found = matching(snapshot, inBase(query), query.applied).flatMap((position) => {
    const entry = snapshot.products[position];
    return entry ? [entry] : [];
  });
  // Products are kept in the default order, so only another order needs a sort.
  if (!isDefaultSort(query.sort)) {
    found.sort((a, b) => {
      for (const { key, order } of query.sort) {
        const difference = compareBy[key](a.row, b.row);
        if (difference !== 0) return order === "asc" ? difference : -difference;
      }
      return 0;
    });
  }
  const results = found.slice(0, query.limit).map((entry) => productResult(snapshot, entry, query.locale));
  return { results, total: found.length };
}

/**
 * FILTER: every filter with the values that still lead to a product, given the other applied
 * filters (a facet never narrows itself, so an applied value can be changed in one step).
 */
export function searchFacets(
  snapshot: CatalogSnapshot,
  query: CatalogQuery,
  filterOrganizations: string[],
): FilterResult[] {
  const base = inBase(query);
  const marks = (positions: number[]) => {
    const set = new Uint8Array(snapshot.products.length);
    for (const position of positions) set[position] = 1;
    return set;
  };
  // The products a value of filter F must reach: those matching every applied filter but F's.
  const everyApplied = marks(matching(snapshot, base, query.applied));
  const allBut = new Map(
    query.applied.map((applied) => [
      applied.filterUuid,
      marks(
        matching(
          snapshot,
          base,
          query.applied.filter((other) => other !== applied),
        ),
      ),
    ]),
  );
  const reaches = (valueUuid: string, filterUuid: string) => {
    const within = allBut.get(filterUuid) ?? everyApplied;
    return (snapshot.postings.get(valueUuid) ?? []).some((position) => within[position] === 1);
  };
  const appliedBy = new Map(query.applied.map((applied) => [applied.filterUuid, applied.valueUuid]));
  const organizations = new Set(filterOrganizations);
  return snapshot.filters.flatMap(({ filter, values }): FilterResult[] => {
    if (!organizations.has(filter.organizationId)) return [];
    const applied = appliedBy.get(filter.uuid) ?? null;
    const shown = values.filter((value) => value.uuid === applied || reaches(value.uuid, filter.uuid));
    return shown.length === 0 ? [] : [filterResult(filter, shown, applied, query.locale)];
  });
}

/** One filter as FILTER answers it, with the values `shown`, its texts in `locale`. */
export function filterResult(
  filter: FilterRow,
  shown: readonly ValueRow[],
  applied: string | null,
  locale: string,
): FilterResult {
  return {
    uuid: filter.uuid,
    display_name: localized(filter.translations, locale, "display_name", filter.displayName),
    filter_type: filter.filterType,
    kind: filter.kind,
    applied,
    values: shown.map((value) => ({
      uuid: value.uuid,
      value: value.value,
      short_description: localized(value.translations, locale, "short_description", value.shortDescription),
      image_url: value.imageUrl,
      accessibility_text: value.accessibilityText
        ? localized(value.translations, locale, "accessibility_text", value.accessibilityText)
        : null,
    })),
  };
}

/**
 * PGlite is one connection inside this process, so the catalogue can change only through statements
 * this process hands it: a count of them says whether anything at all ran since a version read, and
 * when nothing did, that read still holds. Counted where PGlite queues every query, exec and
 * transaction statement (`_runExclusiveQuery`, first in first out); one counter per client, however
 * many repositories share it. Null for PostgreSQL, which other servers change too.
 */
const statementCounters = new WeakMap<PGlite, { count: number }>();
function statementCounter(db: Database): (() => number) | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) return null;
  let counter = statementCounters.get(client);
  if (!counter) {
    const created = { count: 0 };
    const queue = client._runExclusiveQuery.bind(client);
    client._runExclusiveQuery = <T>(work: () => Promise<T>): Promise<T> => {
      created.count++;
      return queue(work);
    };
    statementCounters.set(client, created);
    counter = created;
  }
  const counted = counter;
  return () => counted.count;
}

export function createCatalogRepository(db: Database) {
  let current: CatalogSnapshot | null = null;
  let loading: { version: string; promise: Promise<CatalogSnapshot> } | null = null;
  const statements = statementCounter(db);
  /** PGlite: the statement count at which `current` was last known current (only our read since). */
  let currentAt = -1;

  const readVersion = async () => {
    const rows = await db
      .select({ value: appMeta.value })
      .from(appMeta)
      .where(eq(appMeta.key, "catalog_version"));
    return rows[0]?.value ?? "0";
  };
  /**
   * The catalogue version as of some moment after the call: every search must see every change
   * committed before it arrived. Searches arriving while a read is running cannot use that read (it
   * may have started before their change committed), so they share the next one, started as soon as
   * the running one ends: under load (PostgreSQL) one read serves a batch of searches instead of each
   * paying its own. `before`: the PGlite statement count just before the read was issued.
   */
  interface Read {
    version: string;
    before: number;
  }
  let running: Promise<Read> | null = null;
  let next: Promise<Read> | null = null;
  const start = () => {
    const before = statements?.() ?? -1;
    const read = readVersion().then((version) => ({ version, before }));
    running = read;
    const clear = () => {
      if (running === read) running = null;
    };
    read.then(clear, clear);
    return read;
  };
  const version = (): Promise<Read> => {
    if (!running) return start();
    if (!next) {
      const after = running.then(
        () => undefined,
        () => undefined,
      );
      next = after.then(() => {
        next = null;
        return start();
      });
    }
    return next;
  };

  /** The catalogue as of now: the cached snapshot unless the catalogue version moved on. */
  async function snapshot(): Promise<CatalogSnapshot> {
    // PGlite: no statement at all since the read that found `current` current, so it still is.
    if (current && statements && statements() === currentAt) return current;
    const read = await version();
    const now = read.version;
    if (current?.version !== now) {
      // A load of an older version may be running: it could miss a change this search must see.
      if (loading?.version !== now) {
        const promise = loadSnapshot(db, now);
        const started = { version: now, promise };
        loading = started;
        const clear = () => {
          if (loading === started) loading = null;
        };
        promise.then(clear, clear);
      }
      current = await loading.promise;
    }
    // Only this read ran since `before` if the count is one more: then no later read is needed.
    if (current.version === now && read.before >= 0) currentAt = read.before + 1;
    return current;
  }

  return { snapshot };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
