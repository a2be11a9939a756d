import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import checkoutRoutes from "../routes/transit/checkout.ts";
import orderRoutes from "../routes/transit/orders.ts";
import { createOrderService, type OrderService } from "../services/orders.ts";
import { createPassDestinationService, type PassDestinationService } from "../services/pass-destinations.ts";
import { createPricingService, type PricingService } from "../services/pricing.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The checkout's prices: catalogue lines, promo codes and shipping methods (services/pricing.ts). */
    pricing: PricingService;
    /** Where a cart's passes and stored value may go: fare cards, the account (services/pass-destinations.ts). */
    passDestinations: PassDestinationService;
    /** Placing, reading and refunding orders (services/orders.ts). */
    orders: OrderService;
  }
}

/**
 * The orders and checkout domain: quotes, orders (riders' and guests'), refunds and pending value, under
 * /transit; its maintenance repairs the order attempts and refunds a crash left.
 */
export default fp(
  async function checkout(
    app: FastifyInstance,
    options: {
      publicUrl: string | null;
      operatorToken: string | null;
      /** Draws order numbers (tests make two orders draw the same); random when absent. */
      orderNumbers?: () => string;
    },
  ) {
    const { db, clock, portalConfig: config } = app;
    const pricing = createPricingService({ db, catalog: app.catalog, clock, config: () => config });
    const orders = createOrderService({
      db,
      clock,
      config: () => config,
      pricing,
      gateway: app.payments,
      ledger: app.ledger,
      outbox: app.outbox,
      publicUrl: options.publicUrl,
      ...(options.orderNumbers ? { orderNumbers: options.orderNumbers } : {}),
    });
    app.decorate("pricing", pricing);
    app.decorate("passDestinations", createPassDestinationService({ db, config: () => config }));
    app.decorate("orders", orders);

    // The order attempts a crash stopped between the gateway and the commit, and the refunds a crash or
    // a lost gateway answer left pending.
    app.maintenance.add("repair", {
      failed: "order attempt recovery failed",
      run: async () => {
        const repaired = await orders.recoverAttempts();
        if (repaired > 0) app.log.info({ repaired }, "stopped order attempts given back");
        return { repaired };
      },
    });
    app.maintenance.add("repair", {
      failed: "refund recovery failed",
      run: async () => {
        const finished = await orders.recoverRefunds();
        if (finished > 0) app.log.info({ finished }, "pending refunds finished");
        return { finished };
      },
    });

    await app.register(checkoutRoutes, { prefix: "/transit" });
    await app.register(orderRoutes, { prefix: "/transit", operatorToken: options.operatorToken });
  },
  {
    name: "checkout",
    dependencies: [
      "db",
      "clock",
      "config",
      "payments",
      "ledger",
      "outbox",
      "maintenance",
      "catalog",
      "fare-media",
      "auth",
      "security",
    ],
  },
);
