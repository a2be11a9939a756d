import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ErrorCode } from "../../src/domain/envelope.ts";
import { fail } from "../http/envelope.ts";

/**
 * C0 controls (but tab, line feed and carriage return) and DEL. PostgreSQL refuses NUL in text
 * ("invalid byte sequence for encoding UTF8: 0x00"), and no field of the portal wants the others.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string is safe to store and echo: no control characters and no lone surrogates. */
export function isCleanText(value: string): boolean {
  return !controlCharacters.test(value) && !loneSurrogate.test(value);
}

/** The path (`body.first_name`, `query.q`, `params.id`) of the first unclean string in `value`, or null. */
function findUncleanText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === "string") return isCleanText(value) ? null : path;
  if (value === null || typeof value !== "object" || depth > 32) return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUncleanText(item, `${path}.${index}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isCleanText(key)) return path;
    const found = findUncleanText(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * What every route may assume of its input, so no route file has to repeat it:
 * - an empty body sent as `application/json` is `{}` (a logout or a resend with no fields is still
 *   a logout or a resend, never "not valid JSON" that leaves the old token working);
 * - no string in the body, query or params holds a control character or a lone surrogate (a NUL
 *   reaching PostgreSQL is a 500); such a request is a 400 envelope before validation.
 */
export default fp(async function input(app: FastifyInstance) {
  const strictJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, {});
    return strictJson(request, text, done);
  });

  app.addHook("preValidation", async (request: FastifyRequest, reply: FastifyReply) => {
    const field =
      findUncleanText(request.params, "params") ??
      findUncleanText(request.query, "query") ??
      findUncleanText(request.body, "body");
    if (!field) return undefined;
    return fail(reply, 400, [
      {
        code: ErrorCode.validation,
        message: `${field} must not contain control characters`,
        field: field.replace(/^(body|query|params)\.?/, ""),
      },
    ]);
  });
});
