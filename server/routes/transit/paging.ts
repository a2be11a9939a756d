import type { FastifyReply } from "fastify";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { fail } from "../../http/envelope.ts";
import { decodeKeysetCursor, type KeysetCursor } from "../../repositories/keyset-cursor.ts";

/** The query of every keyset-paged list: orders, passes and a card's activity. */
export const pageSchema = {
  querystring: {
    type: "object",
    additionalProperties: false,
    properties: {
      limit: { type: "string", pattern: "^[0-9]{1,3}$" },
      after: { type: "string", maxLength: 200 },
    },
  },
} as const;

/** `limit` and `after` of a keyset page, or the 400 already sent. */
export function pageOf(
  query: { limit?: string; after?: string },
  reply: FastifyReply,
  sizes: { default: number; max: number },
): { limit: number; after: KeysetCursor | null } | null {
  const limit = query.limit === undefined ? sizes.default : Number(query.limit);
  if (limit < 1 || limit > sizes.max) {
    fail(reply, 400, [
      { code: ErrorCode.validation, message: `limit is 1 to ${sizes.max}.`, field: "limit" },
    ]);
    return null;
  }
  const after = query.after === undefined ? null : decodeKeysetCursor(query.after);
  if (query.after !== undefined && after === null) {
    fail(reply, 400, [
      { code: ErrorCode.validation, message: "after is not a page cursor.", field: "after" },
    ]);
    return null;
  }
  return { limit, after };
}
