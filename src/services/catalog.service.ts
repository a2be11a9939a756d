import type { AppliedFilter, Filter, Product, ProductPage } from "../domain/catalog.ts";
import type { FareMedium } from "../domain/fare-media.ts";
import { type HttpClient, required } from "./http.ts";

interface SearchReply<Result> {
  results: Result[];
  total?: number;
  applied_filters: AppliedFilter[];
}

/** Products sorted as the spec asks: list_priority ascending. */
const sort = [{ key_name: "list_priority", order: "asc" }];

/**
 * Product search (spec section 7): signed-in riders use /v3.0/product/search, guests the anonymous one;
 * `faremedia_id` in fare-card mode; child_organization_uuid when the deployment names one.
 */
export function createCatalogService(http: HttpClient, transit: () => string, signedIn: () => boolean) {
  async function search<Result>(body: Record<string, unknown>): Promise<SearchReply<Result>> {
    const path = signedIn() ? "/v3.0/product/search" : "/anonymous/v3.0/product/search";
    // The HTTP client adds the deployment's child organisation (child_organization_uuid) when it has one.
    const reply = await http.request<SearchReply<Result>>(`${transit()}${path}`, {
      method: "POST",
      body: { sort, ...body },
    });
    return required(reply, `POST ${path}`);
  }
  const card = (faremediaId: string | null) =>
    faremediaId && signedIn() ? { faremedia_id: faremediaId } : {};
  return {
    async filters(applied: AppliedFilter[], faremediaId: string | null): Promise<Filter[]> {
      return (await search<Filter>({ return: "FILTER", applied_filters: applied, ...card(faremediaId) }))
        .results;
    },
    async products(applied: AppliedFilter[], faremediaId: string | null): Promise<ProductPage> {
      const reply = await search<Product>({
        return: "ENTITY",
        applied_filters: applied,
        ...card(faremediaId),
      });
      return { results: reply.results, total: reply.total ?? reply.results.length };
    },
    /** The cart refresh: exactly these products, in the current language. */
    async refresh(uuids: string[], faremediaId: string | null): Promise<Product[]> {
      if (uuids.length === 0) return [];
      return (
        await search<Product>({
          return: "ENTITY",
          applied_filters: [],
          keyword_search: uuids,
          ...card(faremediaId),
        })
      ).results;
    },
  };
}

/** GET {transit}/faremedia: the signed-in rider's fare cards. */
export function createFareMediaService(http: HttpClient, transit: () => string) {
  return {
    async list(): Promise<FareMedium[]> {
      const reply = await http.request<{ fare_mediums: FareMedium[] }>(`${transit()}/faremedia`);
      return required(reply, "GET /faremedia").fare_mediums;
    },
  };
}
