import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import walletRoutes from "../routes/transit/wallet.ts";
import { type AutoloadScheduler, createAutoloadScheduler } from "../services/autoload-scheduler.ts";
import { type AutoloadService, createAutoloadService } from "../services/autoloads.ts";
import { createWalletService, type WalletService } from "../services/wallet.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Loads onto cards and the wallet, through orders.placeLoad; settles pending loads (services/wallet.ts). */
    wallet: WalletService;
    /** Autoloads saved and removed, and `runDue(now)` of the scheduler (services/autoloads.ts, autoload-scheduler.ts). */
    autoloads: AutoloadService & AutoloadScheduler;
  }
}

/**
 * The wallet domain: the rider's wallet, loads onto cards and the wallet (orders of kind load),
 * autoloads and transfers between cards, under /transit. Its maintenance runs the due autoloads (and
 * settles loads), and a tap or transfer that takes value off a card runs that card's autoload.
 */
export default fp(
  async function wallet(app: FastifyInstance, options: { publicUrl: string | null }) {
    const { db, clock, portalConfig: config } = app;
    const wallet = createWalletService({ db, clock, orders: app.orders, config: () => config });
    const autoloads = {
      ...createAutoloadService({ db, clock, config: () => config }),
      ...createAutoloadScheduler({
        db,
        clock,
        orders: app.orders,
        outbox: app.outbox,
        publicUrl: options.publicUrl,
        currency: () => config.currency_code,
        settle: (now) => wallet.settle(now),
        ledger: app.ledger,
        wantsPausedAlert: (userId) => app.alerts.wantsAutoloadPaused(userId),
      }),
    };
    app.decorate("wallet", wallet);
    app.decorate("autoloads", autoloads);
    // A tap or transfer may leave the card at its autoload's threshold.
    app.cardValueOut.listen(async (cardId, at) => {
      await autoloads.runDue(at, { cardId });
    });
    app.maintenance.add("due", {
      failed: "autoload run failed",
      run: async () => {
        await autoloads.runDue();
        return undefined;
      },
    });

    await app.register(walletRoutes, { prefix: "/transit" });
  },
  {
    name: "wallet",
    dependencies: [
      "db",
      "clock",
      "config",
      "outbox",
      "maintenance",
      "checkout",
      "fare-media",
      "alerts",
      "auth",
      "security",
    ],
  },
);
