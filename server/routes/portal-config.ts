import type { FastifyInstance } from "fastify";
import { ok } from "../http/envelope.ts";

/**
 * GET /portal-config: the deployment's portal configuration the SPA boots from. A provider's sign-in
 * is offered only when the deployment turns it on and this server can also complete it (its client
 * id, or the sandbox identity provider).
 */
export default async function portalConfigRoutes(app: FastifyInstance) {
  const { socialSignIn } = app.portalConfig;
  const offered = {
    ...app.portalConfig,
    socialSignIn: {
      apple: socialSignIn.apple && app.apple !== null,
      google: socialSignIn.google && app.google !== null,
      facebook: socialSignIn.facebook && app.facebook !== null,
    },
  };
  app.get("/portal-config", async () => ok(offered));
}
