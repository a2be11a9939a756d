import type { FastifyInstance } from "fastify";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { formDefinition, formMethods } from "../../forms/definitions.ts";
import { fail, ok } from "../../http/envelope.ts";

interface GetFormBody {
  form_method: string;
  langCode?: string;
}

/** POST /transit/api/get_form: a server-driven form definition in the asked language. */
export default async function formRoutes(app: FastifyInstance) {
  app.post<{ Body: GetFormBody }>(
    "/api/get_form",
    {
      schema: {
        body: {
          type: "object",
          required: ["form_method"],
          additionalProperties: false,
          properties: {
            form_method: { type: "string", minLength: 1, maxLength: 40 },
            langCode: { type: "string", pattern: "^[A-Za-z]{2,3}([-_][A-Za-z]{2,4})?$" },
          },
        },
      },
    },
    async (request, reply) => {
      const method = formMethods.find((candidate) => candidate === request.body.form_method.toUpperCase());
      if (!method) {
        return fail(reply, 404, [{ code: ErrorCode.formNotFound, message: "Failed to fetch the form" }]);
      }
      return ok(formDefinition(method, request.body.langCode ?? "en"));
    },
  );
}
