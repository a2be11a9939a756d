import type { FastifyReply } from "fastify";
import { type ApiError, type Envelope, ErrorCode } from "../../src/domain/envelope.ts";

export function ok<Data>(data: Data): Envelope<Data> {
  return { data, errors: [] };
}

/** Replies with an error envelope; `message` is English for logs and API users, the portal maps `code`. */
export function fail(reply: FastifyReply, status: number, errors: ApiError[]): FastifyReply {
  return reply
    .code(status)
    .type("application/json; charset=utf-8")
    .send({ data: null, errors } satisfies Envelope<null>);
}

export function notFound(reply: FastifyReply, message = "Not found"): FastifyReply {
  return fail(reply, 404, [{ code: ErrorCode.notFound, message }]);
}

/** Route prefixes answered with JSON envelopes, never with the SPA. */
const apiPrefixes = ["/accounts/", "/transit/", "/portal-config", "/dev/", "/healthz"] as const;

export function isApiPath(url: string): boolean {
  const path = url.split("?")[0] ?? url;
  return apiPrefixes.some((prefix) => path === prefix.replace(/\/$/, "") || path.startsWith(prefix));
}
