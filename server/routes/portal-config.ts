import type { FastifyInstance } from "fastify";
import { ok } from "../http/envelope.ts";

/**
 * GET /portal-config: the deployment's portal configuration the SPA boots from. Apple sign-in is
 * offered only when this server can also verify Apple's tokens (APPLE_CLIENT_ID is set).
 */
export default async function portalConfigRoutes(app: FastifyInstance) {
  const offered = {
    ...app.portalConfig,
    socialSignIn: {
      ...app.portalConfig.socialSignIn,
      apple: app.portalConfig.socialSignIn.apple && app.apple !== null,
    },
  };
  app.get("/portal-config", async () => ok(offered));
}
