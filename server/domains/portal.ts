import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createOrganizationRepository, type OrganizationRepository } from "../repositories/organizations.ts";
import healthRoutes from "../routes/health.ts";
import portalConfigRoutes from "../routes/portal-config.ts";
import captchaRoutes from "../routes/transit/captcha.ts";
import formRoutes from "../routes/transit/forms.ts";
import orgConfigRoutes from "../routes/transit/org-config.ts";

declare module "fastify" {
  interface FastifyInstance {
    organizations: OrganizationRepository;
  }
}

/**
 * The portal domain: what the portal boots from and every screen shares: health, the portal and
 * organization configuration, the server-driven forms and the captcha.
 */
export default fp(
  async function portal(app: FastifyInstance) {
    app.decorate("organizations", createOrganizationRepository(app.db));
    await app.register(healthRoutes);
    await app.register(portalConfigRoutes);
    await app.register(orgConfigRoutes, { prefix: "/transit" });
    await app.register(formRoutes, { prefix: "/transit" });
    await app.register(captchaRoutes, { prefix: "/transit" });
  },
  { name: "portal", dependencies: ["db", "config", "identities", "captcha", "security"] },
);
