import type { FastifyInstance } from "fastify";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { statementRangeMessages, statementRangeProblem } from "../../../src/domain/transit/statement.ts";
import { fail, ok } from "../../http/envelope.ts";
import { localeFromHeader } from "../../http/locale.ts";
import { riderOf } from "../../plugins/auth.ts";

/** `GET /transit/statement?from&to` (src/domain/transit/statement.ts): the signed-in rider's statement. */
export default async function statementRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { from: string; to: string } }>(
    "/statement",
    {
      preHandler: app.requireVerifiedRider,
      schema: {
        querystring: {
          type: "object",
          required: ["from", "to"],
          additionalProperties: false,
          properties: {
            from: { type: "string", maxLength: 10 },
            to: { type: "string", maxLength: 10 },
          },
        },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const problem = statementRangeProblem(from, to);
      if (problem) {
        return fail(reply, 400, [
          {
            code: ErrorCode.validation,
            message: statementRangeMessages[problem],
            field: problem === "invalid" ? "from" : "to",
          },
        ]);
      }
      const statement = await app.statements.statement(
        riderOf(request).id,
        from,
        to,
        localeFromHeader(request.headers["accept-language"]),
      );
      return ok({ statement });
    },
  );
}
