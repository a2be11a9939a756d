import type { FastifyInstance } from "fastify";
import { maxOrderPageSize } from "../../../src/domain/checkout/order.ts";
import { ok } from "../../http/envelope.ts";
import { localeFromHeader } from "../../http/locale.ts";
import { riderOf } from "../../plugins/auth.ts";
import { pageOf, pageSchema } from "./paging.ts";

/** Purchase history's bank-card taps (src/domain/transit/passes.ts Transaction): the rider's own, keyset pages. */
export default async function transactionRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { limit?: string; after?: string } }>(
    "/transactions",
    { schema: pageSchema, preHandler: app.requireVerifiedRider },
    async (request, reply) => {
      const page = pageOf(request.query, reply, {
        default: app.portalConfig.ideal_row_count,
        max: maxOrderPageSize,
      });
      if (!page) return reply;
      return ok(
        await app.taps.transactions(
          riderOf(request).id,
          page.limit,
          page.after,
          localeFromHeader(request.headers["accept-language"]),
        ),
      );
    },
  );
}
