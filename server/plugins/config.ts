import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { PortalConfig } from "../../src/domain/portal-config.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The deployment's configuration (server/config/portal-config.ts). */
    portalConfig: PortalConfig;
  }
}

/** `app.portalConfig`: the deployment's configuration, read once at start. */
export default fp(
  async function config(app: FastifyInstance, options: { portalConfig: PortalConfig }) {
    app.decorate("portalConfig", options.portalConfig);
  },
  { name: "config" },
);
