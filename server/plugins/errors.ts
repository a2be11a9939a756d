import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { ErrorCode } from "../../src/domain/envelope.ts";
import { HashingBusyError } from "../domain/password.ts";
import { fail } from "../http/envelope.ts";
import { narrowedIssues } from "../http/validation-issues.ts";

/**
 * Turns every failure into the `{ data, errors }` envelope: schema violations and bad JSON are 400,
 * oversize bodies 413, rate limits 429, a full password-hashing line 503 with Retry-After; anything unexpected is logged and answered 500 without details.
 */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const errors = narrowedIssues(error.validation).map((issue) => {
        const field =
          issue.instancePath.replace(/^\//, "").replaceAll("/", ".") ||
          (typeof issue.params?.missingProperty === "string" ? issue.params.missingProperty : undefined);
        const where = error.validationContext ?? "body";
        return {
          code: ErrorCode.validation,
          message: `${where}${field ? `.${field}` : ""} ${issue.message ?? "is not valid"}`,
          ...(field ? { field } : {}),
        };
      });
      return fail(reply, 400, errors);
    }
    switch (error.code) {
      case "FST_ERR_CTP_INVALID_JSON_BODY":
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
        return fail(reply, 400, [
          { code: ErrorCode.malformedJson, message: "The request body is not valid JSON." },
        ]);
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return fail(reply, 413, [
          { code: ErrorCode.payloadTooLarge, message: "The request body is too large." },
        ]);
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return fail(reply, 415, [
          { code: ErrorCode.validation, message: "Send the body as application/json." },
        ]);
    }
    if (error instanceof HashingBusyError) {
      reply.header("Retry-After", "1");
      return fail(reply, 503, [
        { code: ErrorCode.busy, message: "The service is busy. Try again in a moment." },
      ]);
    }
    if (error.statusCode === 429) {
      return fail(reply, 429, [
        { code: ErrorCode.rateLimited, message: "Too many requests. Try again shortly." },
      ]);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return fail(reply, error.statusCode, [{ code: ErrorCode.validation, message: error.message }]);
    }
    request.log.error({ err: error }, "unhandled error");
    return fail(reply, 500, [
      { code: ErrorCode.internal, message: "Something went wrong, please try again!" },
    ]);
  });
});
