import type { FastifyInstance } from "fastify";
import { ok } from "../http/envelope.ts";

/** GET /portal-config: the deployment's portal configuration the SPA boots from. */
export default async function portalConfigRoutes(app: FastifyInstance) {
  app.get("/portal-config", async () => ok(app.portalConfig));
}
