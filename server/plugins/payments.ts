import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { PaymentGateway } from "../gateways/payments/gateway.ts";
import { createSandboxGateway } from "../gateways/payments/sandbox.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Saves payment methods and charges them: the sandbox unless `paymentGateway` is given. */
    payments: PaymentGateway;
  }
}

/**
 * `app.payments`: the gateway given, or the sandbox (random token key, its books in the database, times
 * from the clock). The dev domain serves the sandbox's pages (/sandbox-gateway).
 */
export default fp(
  async function payments(app: FastifyInstance, options: { gateway?: PaymentGateway }) {
    const { clock } = app;
    app.decorate(
      "payments",
      options.gateway ?? createSandboxGateway({ now: () => clock.now(), database: app.db }),
    );
  },
  { name: "payments", dependencies: ["db", "clock"] },
);
