import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import paymentMethodRoutes from "../routes/transit/payment-methods.ts";
import { createPaymentMethodService, type PaymentMethodService } from "../services/payment-methods.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Riders' saved payment methods: tokens attached through `payments`, listed, renamed, removed. */
    paymentMethods: PaymentMethodService;
  }
}

/** The payment methods domain: riders' saved cards and bank accounts, under /transit. */
export default fp(
  async function paymentMethods(app: FastifyInstance) {
    const config = app.portalConfig;
    app.decorate(
      "paymentMethods",
      createPaymentMethodService({
        db: app.db,
        gateway: app.payments,
        clock: app.clock,
        supportDefaultPayment: () => config.supportDefaultPayment,
      }),
    );
    await app.register(paymentMethodRoutes, { prefix: "/transit" });
  },
  { name: "payment-methods", dependencies: ["db", "clock", "config", "payments", "auth"] },
);
