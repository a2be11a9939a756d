import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { canBuyFor } from "../../../src/domain/fare-media.ts";
import { fail, ok } from "../../http/envelope.ts";
import { localeFromHeader } from "../../http/locale.ts";
import {
  type AppliedValue,
  type CatalogQuery,
  type SortKey,
  scopeOf,
  sortKeys,
} from "../../repositories/catalog.ts";
import { entityReplyBody, facetsReplyBody } from "../../services/catalog-snapshot.ts";

interface SearchBody {
  return: "FILTER" | "ENTITY";
  sort?: Array<{ key_name: SortKey; order: "asc" | "desc" }>;
  applied_filters?: Array<{ filter_uuid: string; filter_value: string }>;
  faremedia_id?: string;
  keyword_search?: string[];
  per_page?: number;
}

/** Products a page asks for at most; a search matching more says how many in `total`. */
const defaultPageSize = 100;

const uuid = { type: "string", format: "uuid" } as const;

function searchSchema(withFareCard: boolean) {
  return {
    // No query of its own: a child organisation is taken out of it first (plugins/organization-scope.ts).
    querystring: { type: "object", additionalProperties: false, properties: {} },
    body: {
      type: "object",
      required: ["return"],
      additionalProperties: false,
      properties: {
        return: { type: "string", enum: ["FILTER", "ENTITY"] },
        sort: {
          type: "array",
          maxItems: sortKeys.length,
          items: {
            type: "object",
            required: ["key_name", "order"],
            additionalProperties: false,
            properties: {
              key_name: { type: "string", enum: sortKeys },
              order: { type: "string", enum: ["asc", "desc"] },
            },
          },
        },
        applied_filters: {
          type: "array",
          maxItems: 20,
          items: {
            type: "object",
            required: ["filter_uuid", "filter_value"],
            additionalProperties: false,
            properties: { filter_uuid: uuid, filter_value: uuid },
          },
        },
        keyword_search: { type: "array", maxItems: 100, items: uuid },
        per_page: { type: "integer", minimum: 1, maximum: defaultPageSize },
        ...(withFareCard ? { faremedia_id: uuid } : {}),
      },
    },
  };
}

/**
 * POST /transit/v3.0/product/search (signed in) and /transit/anonymous/v3.0/product/search (guests):
 * spec section 7. `return: FILTER` answers the filters with the values that still lead somewhere;
 * `ENTITY` the products, sorted (list_priority ascending unless asked otherwise). `faremedia_id` (signed
 * in only) keeps what can go on that card for its rider type; `keyword_search` (the cart refresh) asks
 * for exact product uuids. Texts come in the `Accept-Language` language.
 */
export default async function catalogRoutes(app: FastifyInstance) {
  async function search(request: FastifyRequest<{ Body: SearchBody }>, reply: FastifyReply) {
    const body = request.body;
    const catalog = await app.catalog.snapshot();
    const scope = scopeOf(catalog, app.portalConfig.organization.parentUuid, request.childOrganization);
    if (!scope) return fail(reply, 404, [{ code: ErrorCode.notFound, message: "Organization not found." }]);

    const requested = body.applied_filters ?? [];
    const filters = catalog.filters.filter(({ filter }) => scope.filters.includes(filter.organizationId));
    const applied: AppliedValue[] = [];
    for (const [index, entry] of requested.entries()) {
      const filter = filters.find((candidate) => candidate.filter.uuid === entry.filter_uuid);
      const field = `applied_filters/${index}`;
      if (!filter?.values.some((value) => value.uuid === entry.filter_value)) {
        return fail(reply, 400, [
          { code: ErrorCode.validation, message: "This filter value does not exist.", field },
        ]);
      }
      if (applied.some((other) => other.filterUuid === entry.filter_uuid)) {
        return fail(reply, 400, [
          { code: ErrorCode.validation, message: "A filter can be applied only once.", field },
        ]);
      }
      applied.push({ filterUuid: entry.filter_uuid, valueUuid: entry.filter_value });
    }

    let fareCard: CatalogQuery["fareCard"] = null;
    if (body.faremedia_id) {
      const user = request.account?.user;
      const card = user ? await app.fareMedia.findForUser(user.id, body.faremedia_id) : null;
      if (!card) return fail(reply, 404, [{ code: ErrorCode.notFound, message: "Fare card not found." }]);
      if (!canBuyFor(card)) {
        return fail(reply, 422, [
          { code: ErrorCode.fareCardUnavailable, message: "This fare card cannot be used for purchases." },
        ]);
      }
      fareCard = { riderType: card.rider_type };
    }

    const query: CatalogQuery = {
      locale: localeFromHeader(request.headers["accept-language"]),
      organizationIds: scope.products,
      applied,
      fareCard,
      keywords: body.keyword_search ?? null,
      sort: (body.sort ?? [{ key_name: "list_priority", order: "asc" }]).map((entry) => ({
        key: entry.key_name,
        order: entry.order,
      })),
      limit: body.per_page ?? defaultPageSize,
    };
    const appliedFilters = requested.map(({ filter_uuid, filter_value }) => ({ filter_uuid, filter_value }));
    // Bytes spliced from the snapshot's precomputed product JSON: no object per product, no
    // serialization of the whole page per request (services/catalog-snapshot.ts).
    const payload =
      body.return === "FILTER"
        ? facetsReplyBody(catalog, query, scope.filters, appliedFilters)
        : entityReplyBody(catalog, query, appliedFilters);
    return reply.type("application/json; charset=utf-8").send(payload);
  }

  app.post<{ Body: SearchBody }>(
    "/v3.0/product/search",
    { schema: searchSchema(true), preHandler: app.requireRider },
    search,
  );
  app.post<{ Body: SearchBody }>("/anonymous/v3.0/product/search", { schema: searchSchema(false) }, search);

  /** GET /transit/faremedia: the signed-in rider's fare cards (spec section 7: data.fare_mediums). */
  app.get("/faremedia", { preHandler: app.requireRider }, async (request) => {
    const user = request.account?.user;
    return ok({ fare_mediums: user ? await app.fareMedia.listForUser(user.id) : [] });
  });
}
