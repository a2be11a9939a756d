/**
 * The product searches the bench sends, shared by the bench (scripts/bench/search.ts) and its server
 * (scripts/bench-catalog-server.ts), which answers the first one's exact reply from memory on a bare
 * Fastify for comparison.
 */
import { demoCatalog } from "../../server/db/seed-catalog.ts";

export const searchPath = "/transit/anonymous/v3.0/product/search";
export const searchHeaders = { "content-type": "application/json", "accept-language": "es" } as const;

const { filters, value } = demoCatalog;
const sort = [{ key_name: "list_priority", order: "asc" }];
const rail = [
  { filter_uuid: filters.service, filter_value: value("service", "rail") },
  { filter_uuid: filters.rider, filter_value: value("rider", "ADULT") },
];

/** ENTITY with 2 filters: the first 100 of ~800 rail products for adults, in Spanish. */
export const entityTwoFilters = { return: "ENTITY", sort, applied_filters: rail };

/** ENTITY by origin and destination: a few products. */
export const entityItinerary = {
  return: "ENTITY",
  sort,
  applied_filters: [
    { filter_uuid: filters.origin, filter_value: value("origin", "UNS") },
    { filter_uuid: filters.destination, filter_value: value("destination", "APT") },
  ],
};

/** FILTER (the facets) with the same 2 filters. */
export const facetsTwoFilters = { return: "FILTER", sort, applied_filters: rail };
