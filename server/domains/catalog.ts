import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type CatalogRepository, createCatalogRepository } from "../repositories/catalog.ts";
import catalogRoutes from "../routes/transit/catalog.ts";

declare module "fastify" {
  interface FastifyInstance {
    catalog: CatalogRepository;
  }
}

/** The catalog domain: products, their filters and what a card may buy, under /transit. */
export default fp(
  async function catalog(app: FastifyInstance) {
    app.decorate("catalog", createCatalogRepository(app.db));
    await app.register(catalogRoutes, { prefix: "/transit" });
  },
  { name: "catalog", dependencies: ["db", "config", "fare-media", "auth"] },
);
