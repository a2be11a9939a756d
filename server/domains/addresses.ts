import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import addressRoutes from "../routes/transit/addresses.ts";
import { type AddressService, createAddressService } from "../services/addresses.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Riders' shipping addresses (`addresses` is taken: Fastify's listening addresses). */
    shippingAddresses: AddressService;
  }
}

/** The addresses domain: riders' shipping addresses, under /transit. */
export default fp(
  async function addresses(app: FastifyInstance) {
    app.decorate("shippingAddresses", createAddressService({ db: app.db }));
    await app.register(addressRoutes, { prefix: "/transit" });
  },
  { name: "addresses", dependencies: ["db", "auth"] },
);
