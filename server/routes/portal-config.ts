import type { FastifyInstance } from "fastify";
import type { PortalConfig } from "../../src/domain/portal-config.ts";
import { ok } from "../http/envelope.ts";

/**
 * GET /portal-config: the deployment's portal configuration the SPA boots from. A provider's sign-in
 * is offered only when the deployment turns it on and this server can also complete it (its client
 * id, or the sandbox identity provider).
 */
export default async function portalConfigRoutes(app: FastifyInstance) {
  const offered = offeredConfig(app);
  app.get("/portal-config", async () => ok(offered));
}

/** The configuration as the SPA gets it: GET /portal-config, and written into its page (plugins/spa.ts). */
export function offeredConfig(app: FastifyInstance): PortalConfig {
  const { socialSignIn } = app.portalConfig;
  return {
    ...app.portalConfig,
    socialSignIn: {
      apple: socialSignIn.apple && app.apple !== null,
      google: socialSignIn.google && app.google !== null,
      facebook: socialSignIn.facebook && app.facebook !== null,
    },
  };
}
