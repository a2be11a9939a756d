import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ErrorCode } from "../../src/domain/envelope.ts";
import { fail } from "../http/envelope.ts";
import { uuidPattern } from "../routes/transit/schemas.ts";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The child organisation a transit call names (`?child_organization_uuid=`), or null. The catalogue
     * and the organisation's config are scoped by it; a rider's own records are the agency's as a whole.
     */
    childOrganization: string | null;
  }
}

/**
 * Every transit-service call may name the deployment's child organisation in its query (spec section
 * 7: the portal adds it to each one when a child is configured). It is taken out of the query before
 * the route's own schema sees it, so no route has to list it, and kept as `request.childOrganization`.
 */
export default fp(
  async function organizationScope(app: FastifyInstance) {
    app.decorateRequest("childOrganization", null);
    app.addHook("preValidation", async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.url.startsWith("/transit/")) return undefined;
      const query = request.query as Record<string, unknown> | null | undefined;
      if (!query || typeof query !== "object" || !("child_organization_uuid" in query)) return undefined;
      const value = query.child_organization_uuid;
      delete query.child_organization_uuid;
      if (typeof value !== "string" || !uuidPattern.test(value)) {
        return fail(reply, 400, [
          {
            code: ErrorCode.validation,
            message: "child_organization_uuid is not an organisation id.",
            field: "child_organization_uuid",
          },
        ]);
      }
      request.childOrganization = value.toLowerCase();
      return undefined;
    });
  },
  { name: "organization-scope" },
);
