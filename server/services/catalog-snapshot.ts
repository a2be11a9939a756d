import {
  type CatalogQuery,
  type CatalogSnapshot,
  compareBy,
  filterResult,
  isDefaultSort,
  productResult,
  type SortKey,
} from "../repositories/catalog.ts";

/**
 * Product search answered from the in-memory catalogue snapshot (issue 16): the reply bytes are
 * spliced from per-language product JSON computed once per snapshot, the filters resolved by one
 * bitset per filter value, the orders precomputed per sort key, and only one page of products read.
 * The replies are byte for byte those of `searchProducts`/`searchFacets` in repositories/catalog.ts
 * serialized by Fastify (the reference the parity test compares against). A new catalogue version
 * is a new snapshot, hence a new index: nothing here is ever invalidated by hand.
 */

/** Bit `i` of word `i >>> 5`: one bit per position in `snapshot.products` (the default order). */
type Bits = Uint32Array;

interface SearchIndex {
  size: number;
  words: number;
  /** Product position of each uuid (the cart refresh asks by uuid). */
  positionOf: Map<string, number>;
  valueBits: Map<string, Bits>;
  /** The base conditions without keywords (organisations, fare card), by `baseKey`. */
  bases: Map<string, Bits>;
  /** Per sort key: each position's rank (equal ranks compare equal). */
  ranks: Map<SortKey, Int32Array>;
  /** Per sort key and order: positions by rank, ties in the default order. */
  orders: Map<string, Int32Array>;
  /** Per language: each product's JSON as UTF-8, made on first use. */
  json: Map<string, Array<Buffer | undefined>>;
  /** ENTITY bodies already spliced, by page (least recently used first), and their bytes in all. */
  pages: Map<string, Buffer>;
  pageBytes: number;
}

/** Spliced ENTITY bodies kept per snapshot: a few hundred pages of 100 products. */
const maxPageBytes = 32 * 1024 * 1024;

const indexes = new WeakMap<CatalogSnapshot, SearchIndex>();

function indexOf(snapshot: CatalogSnapshot): SearchIndex {
  const known = indexes.get(snapshot);
  if (known) return known;
  const size = snapshot.products.length;
  const words = (size + 31) >>> 5;
  const valueBits = new Map<string, Bits>();
  for (const [value, positions] of snapshot.postings) {
    const bits = new Uint32Array(words);
    for (const position of positions)
      bits[position >>> 5] = (bits[position >>> 5] ?? 0) | (1 << (position & 31));
    valueBits.set(value, bits);
  }
  const index: SearchIndex = {
    size,
    words,
    positionOf: new Map(snapshot.products.map((entry, position) => [entry.row.uuid, position])),
    valueBits,
    bases: new Map(),
    ranks: new Map(),
    orders: new Map(),
    json: new Map(),
    pages: new Map(),
    pageBytes: 0,
  };
  indexes.set(snapshot, index);
  return index;
}

/** Bases kept per snapshot: one per scope and rider type asked, a handful in practice. */
const maxBases = 64;

function baseBits(snapshot: CatalogSnapshot, index: SearchIndex, query: CatalogQuery): Bits {
  const organizations = new Set(query.organizationIds);
  const fareCard = query.fareCard;
  const keep = (position: number) => {
    const row = snapshot.products[position]?.row;
    return (
      row !== undefined &&
      organizations.has(row.organizationId) &&
      (!fareCard ||
        (row.subType !== "PHYSICAL_PASS" &&
          (row.riderTypes.length === 0 || row.riderTypes.includes(fareCard.riderType))))
    );
  };
  if (query.keywords) {
    const bits = new Uint32Array(index.words);
    for (const uuid of query.keywords) {
      const position = index.positionOf.get(uuid);
      if (position !== undefined && keep(position))
        bits[position >>> 5] = (bits[position >>> 5] ?? 0) | (1 << (position & 31));
    }
    return bits;
  }
  const key = JSON.stringify([[...organizations].sort(), fareCard?.riderType ?? null]);
  const known = index.bases.get(key);
  if (known) return known;
  const bits = new Uint32Array(index.words);
  for (let position = 0; position < index.size; position++) {
    if (keep(position)) bits[position >>> 5] = (bits[position >>> 5] ?? 0) | (1 << (position & 31));
  }
  if (index.bases.size >= maxBases) index.bases.clear();
  index.bases.set(key, bits);
  return bits;
}

/** The base conditions and every applied value but those of `except` (a filter uuid). */
function matchingBits(
  snapshot: CatalogSnapshot,
  index: SearchIndex,
  query: CatalogQuery,
  except: string | null = null,
): Bits {
  const result = baseBits(snapshot, index, query).slice();
  for (const applied of query.applied) {
    if (applied.filterUuid === except) continue;
    const bits = index.valueBits.get(applied.valueUuid);
    // A value no product has: nothing matches.
    if (!bits) return new Uint32Array(index.words);
    for (let word = 0; word < index.words; word++) result[word] = (result[word] ?? 0) & (bits[word] ?? 0);
  }
  return result;
}

function popcount(bits: Bits): number {
  let count = 0;
  for (const word of bits) {
    const pairs = word - ((word >>> 1) & 0x55555555);
    const nibbles = (pairs & 0x33333333) + ((pairs >>> 2) & 0x33333333);
    count += Math.imul((nibbles + (nibbles >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return count;
}

const has = (bits: Bits, position: number) => ((bits[position >>> 5] ?? 0) & (1 << (position & 31))) !== 0;

/** Each position's rank for `key`: the default order sorted by the key, equal neighbours sharing a rank. */
function ranksOf(snapshot: CatalogSnapshot, index: SearchIndex, key: SortKey): Int32Array {
  const known = index.ranks.get(key);
  if (known) return known;
  const compare = compareBy[key];
  const row = (position: number) => {
    const entry = snapshot.products[position];
    if (!entry) throw new Error(`no product at ${position}`);
    return entry.row;
  };
  const sorted = Array.from({ length: index.size }, (_, position) => position).sort(
    (a, b) => compare(row(a), row(b)) || a - b,
  );
  const ranks = new Int32Array(index.size);
  let rank = 0;
  for (const [at, position] of sorted.entries()) {
    const before = sorted[at - 1];
    if (before !== undefined && compare(row(before), row(position)) !== 0) rank++;
    ranks[position] = rank;
  }
  index.ranks.set(key, ranks);
  return ranks;
}

/** Positions in the order of one sort key (asc or desc), ties in the default order. */
function orderOf(snapshot: CatalogSnapshot, index: SearchIndex, key: SortKey, order: "asc" | "desc") {
  const name = `${key} ${order}`;
  const known = index.orders.get(name);
  if (known) return known;
  const ranks = ranksOf(snapshot, index, key);
  const sign = order === "asc" ? 1 : -1;
  const positions = Int32Array.from({ length: index.size }, (_, position) => position).sort(
    (a, b) => sign * ((ranks[a] ?? 0) - (ranks[b] ?? 0)) || a - b,
  );
  index.orders.set(name, positions);
  return positions;
}

/** The first `limit` matching positions in the query's order. */
function page(snapshot: CatalogSnapshot, index: SearchIndex, query: CatalogQuery, bits: Bits): number[] {
  const found: number[] = [];
  if (query.limit <= 0) return found;
  const [only, ...more] = query.sort;
  if (isDefaultSort(query.sort)) {
    for (let word = 0; word < index.words; word++) {
      let rest = bits[word] ?? 0;
      while (rest !== 0) {
        const lowest = rest & -rest;
        found.push((word << 5) + 31 - Math.clz32(lowest));
        if (found.length >= query.limit) return found;
        rest ^= lowest;
      }
    }
    return found;
  }
  if (only && more.length === 0) {
    for (const position of orderOf(snapshot, index, only.key, only.order)) {
      if (!has(bits, position)) continue;
      found.push(position);
      if (found.length >= query.limit) break;
    }
    return found;
  }
  // Several keys: sort every match by their ranks (the stable sort of the reference, on integers).
  const ranked = query.sort.map(({ key, order }) => ({
    ranks: ranksOf(snapshot, index, key),
    sign: order === "asc" ? 1 : -1,
  }));
  for (let position = 0; position < index.size; position++) if (has(bits, position)) found.push(position);
  found.sort((a, b) => {
    for (const { ranks, sign } of ranked) {
      const difference = (ranks[a] ?? 0) - (ranks[b] ?? 0);
      if (difference !== 0) return sign * difference;
    }
    return a - b;
  });
  return found.slice(0, query.limit);
}

/** A product's JSON in `locale`, as UTF-8 bytes ready to splice (made once per snapshot and language). */
function productBytes(
  snapshot: CatalogSnapshot,
  index: SearchIndex,
  position: number,
  locale: string,
): Buffer {
  let bytes = index.json.get(locale);
  if (!bytes) {
    bytes = new Array<Buffer | undefined>(index.size);
    index.json.set(locale, bytes);
  }
  const known = bytes[position];
  if (known !== undefined) return known;
  const entry = snapshot.products[position];
  if (!entry) throw new Error(`no product at ${position}`);
  const made = Buffer.from(JSON.stringify(productResult(snapshot, entry, locale)));
  bytes[position] = made;
  return made;
}

/** What the reply echoes of the applied filters: exactly the two fields of each. */
export type EchoedFilters = Array<{ filter_uuid: string; filter_value: string }>;

const entityHead = Buffer.from('{"data":{"return":"ENTITY","results":[');
const comma = Buffer.from(",");

/**
 * The body of an ENTITY reply, the bytes of `JSON.stringify(ok({ return, results, total,
 * applied_filters }))`: sent as they are, they cost no UTF-8 encoding per request either.
 */
export function entityReplyBody(
  snapshot: CatalogSnapshot,
  query: CatalogQuery,
  echoed: EchoedFilters,
): Buffer {
  const index = indexOf(snapshot);
  const bits = matchingBits(snapshot, index, query);
  const positions = page(snapshot, index, query, bits);
  const tail = `],"total":${popcount(bits)},"applied_filters":${JSON.stringify(echoed)}},"errors":[]}`;
  // The same page (same products, language and tail) is the same bytes: splice it once.
  const key = `${query.locale}|${positions.join(",")}|${tail}`;
  const known = index.pages.get(key);
  if (known) {
    index.pages.delete(key);
    index.pages.set(key, known);
    return known;
  }
  const parts: Buffer[] = [entityHead];
  for (const [at, position] of positions.entries()) {
    if (at > 0) parts.push(comma);
    parts.push(productBytes(snapshot, index, position, query.locale));
  }
  parts.push(Buffer.from(tail));
  const body = Buffer.concat(parts);
  index.pages.set(key, body);
  index.pageBytes += body.length;
  for (const [oldest, bytes] of index.pages) {
    if (index.pageBytes <= maxPageBytes) break;
    index.pages.delete(oldest);
    index.pageBytes -= bytes.length;
  }
  return body;
}

/** The body of a FILTER reply, as `JSON.stringify(ok({ return, results, applied_filters }))`. */
export function facetsReplyBody(
  snapshot: CatalogSnapshot,
  query: CatalogQuery,
  filterOrganizations: readonly string[],
  echoed: EchoedFilters,
): string {
  const index = indexOf(snapshot);
  const everyApplied = matchingBits(snapshot, index, query);
  const allBut = new Map(
    query.applied.map((applied) => [
      applied.filterUuid,
      matchingBits(snapshot, index, query, applied.filterUuid),
    ]),
  );
  const reaches = (valueUuid: string, filterUuid: string) => {
    const within = allBut.get(filterUuid) ?? everyApplied;
    const bits = index.valueBits.get(valueUuid);
    if (!bits) return false;
    for (let word = 0; word < index.words; word++)
      if (((bits[word] ?? 0) & (within[word] ?? 0)) !== 0) return true;
    return false;
  };
  const appliedBy = new Map(query.applied.map((applied) => [applied.filterUuid, applied.valueUuid]));
  const organizations = new Set(filterOrganizations);
  const results = snapshot.filters.flatMap(({ filter, values }) => {
    if (!organizations.has(filter.organizationId)) return [];
    const applied = appliedBy.get(filter.uuid) ?? null;
    const shown = values.filter((value) => value.uuid === applied || reaches(value.uuid, filter.uuid));
    return shown.length === 0 ? [] : [filterResult(filter, shown, applied, query.locale)];
  });
  return JSON.stringify({ data: { return: "FILTER", results, applied_filters: echoed }, errors: [] });
}
