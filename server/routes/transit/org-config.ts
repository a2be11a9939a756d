import type { FastifyInstance } from "fastify";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { fail, ok } from "../../http/envelope.ts";
import { localeFromHeader } from "../../http/locale.ts";

interface OrgConfigQuery {
  config_type: string;
}

/**
 * GET /transit/org_config: the organisation's config entries of one type (e.g. service_level_{type}),
 * their values in the Accept-Language language where the agency gave one.
 */
export default async function orgConfigRoutes(app: FastifyInstance) {
  app.get<{ Querystring: OrgConfigQuery }>(
    "/org_config",
    {
      schema: {
        querystring: {
          type: "object",
          required: ["config_type"],
          additionalProperties: false,
          properties: {
            config_type: { type: "string", pattern: "^[A-Z][A-Z_]{0,63}$" },
          },
        },
      },
    },
    async (request, reply) => {
      // A child organisation named in the query (plugins/organization-scope.ts), else the parent.
      const organizationId = request.childOrganization ?? app.portalConfig.organization.parentUuid;
      if (!(await app.organizations.exists(organizationId))) {
        return fail(reply, 404, [{ code: ErrorCode.notFound, message: "Organization not found." }]);
      }
      const entries = await app.organizations.configEntries(
        organizationId,
        request.query.config_type,
        localeFromHeader(request.headers["accept-language"]),
      );
      return ok({ organization_uuid: organizationId, organization_config: entries });
    },
  );
}
