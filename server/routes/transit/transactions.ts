import type { FastifyInstance } from "fastify";
import { maxOrderPageSize } from "../../../src/domain/checkout/order.ts";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { fail, ok } from "../../http/envelope.ts";
import { localeFromHeader } from "../../http/locale.ts";
import { riderOf } from "../../plugins/auth.ts";
import { decodeTapCursor } from "../../services/taps.ts";

const pageSchema = {
  querystring: {
    type: "object",
    additionalProperties: false,
    properties: {
      limit: { type: "string", pattern: "^[0-9]{1,3}$" },
      after: { type: "string", maxLength: 200 },
    },
  },
} as const;

/** Purchase history's bank-card taps (src/domain/transit/passes.ts Transaction): the rider's own, keyset pages. */
export default async function transactionRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { limit?: string; after?: string } }>(
    "/transactions",
    { schema: pageSchema, preHandler: app.requireVerifiedRider },
    async (request, reply) => {
      const limit =
        request.query.limit === undefined ? app.portalConfig.ideal_row_count : Number(request.query.limit);
      if (limit < 1 || limit > maxOrderPageSize) {
        return fail(reply, 400, [
          { code: ErrorCode.validation, message: `limit is 1 to ${maxOrderPageSize}.`, field: "limit" },
        ]);
      }
      const after = request.query.after === undefined ? null : decodeTapCursor(request.query.after);
      if (request.query.after !== undefined && after === null) {
        return fail(reply, 400, [
          { code: ErrorCode.validation, message: "after is not a page cursor.", field: "after" },
        ]);
      }
      return ok(
        await app.taps.transactions(
          riderOf(request).id,
          limit,
          after,
          localeFromHeader(request.headers["accept-language"]),
        ),
      );
    },
  );
}
