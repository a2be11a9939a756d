import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import deviceRoutes from "../routes/transit/devices.ts";
import passRoutes from "../routes/transit/passes.ts";
import { createDeviceService, type DeviceService } from "../services/devices.ts";
import { createPassService, type PassService } from "../services/passes.ts";
import { createRenewalService, type RenewalService } from "../services/renewals.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** A rider's passes: history, details, attach, move (services/passes.ts). */
    passes: PassService;
    /** A rider's devices holding passes (services/devices.ts). */
    devices: DeviceService;
    /** Auto-renewed passes renewed when due: `runDue(now)` (services/renewals.ts). */
    renewals: RenewalService;
  }
}

/**
 * The passes domain: riders' passes and the devices holding them, under /transit; its maintenance
 * renews the auto-renewed passes that are due (through the order domain).
 */
export default fp(
  async function passes(app: FastifyInstance, options: { publicUrl: string | null }) {
    const { db, clock, portalConfig: config } = app;
    const renewals = createRenewalService({
      db,
      clock,
      orders: app.orders,
      pricing: app.pricing,
      outbox: app.outbox,
      publicUrl: options.publicUrl,
    });
    app.decorate("passes", createPassService({ db, clock, currency: () => config.currency_code }));
    app.decorate("devices", createDeviceService({ db, clock }));
    app.decorate("renewals", renewals);
    app.maintenance.add("due", {
      failed: "renewal run failed",
      run: async () => {
        await renewals.runDue();
        return undefined;
      },
    });

    await app.register(passRoutes, { prefix: "/transit" });
    await app.register(deviceRoutes, { prefix: "/transit" });
  },
  {
    name: "passes",
    dependencies: ["db", "clock", "config", "outbox", "maintenance", "checkout", "auth"],
  },
);
