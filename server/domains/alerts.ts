import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type AlertSettingsInput, lowBalanceLimits, passEndingLimits } from "../../src/domain/alerts.ts";
import { ok } from "../http/envelope.ts";
import { type AlertService, createAlertService } from "../services/alerts.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The alerts riders chose, and the messages they make (services/alerts.ts). */
    alerts: AlertService;
  }
}

const toggle = {
  type: "object",
  required: ["enabled"],
  additionalProperties: false,
  properties: { enabled: { type: "boolean" } },
} as const;

const settingsSchema = {
  body: {
    type: "object",
    required: ["low_balance", "pass_ending", "renewal_soon", "autoload_paused"],
    additionalProperties: false,
    properties: {
      low_balance: {
        type: "object",
        required: ["enabled", "below"],
        additionalProperties: false,
        properties: {
          enabled: { type: "boolean" },
          below: { type: "integer", minimum: lowBalanceLimits.min, maximum: lowBalanceLimits.max },
        },
      },
      pass_ending: {
        type: "object",
        required: ["enabled", "days"],
        additionalProperties: false,
        properties: {
          enabled: { type: "boolean" },
          days: { type: "integer", minimum: passEndingLimits.min, maximum: passEndingLimits.max },
        },
      },
      renewal_soon: toggle,
      autoload_paused: toggle,
    },
  },
} as const;

/**
 * The alerts domain (issue 35): `app.alerts`, which the fare media, accounts and wallet domains tell
 * of what happened, and the rider's settings under /accounts/users/alerts (src/domain/alerts.ts).
 */
export default fp(
  async function alerts(app: FastifyInstance, options: { publicUrl: string | null }) {
    const service = createAlertService({ db: app.db, outbox: app.outbox, publicUrl: options.publicUrl });
    app.decorate("alerts", service);
    app.maintenance.add("due", {
      failed: "alert sweep failed",
      run: async () => service.sweep(app.clock.now()),
    });

    await app.register(
      async (scoped) => {
        scoped.get("/users/alerts", { preHandler: scoped.requireRider }, async (request) => {
          if (!request.account) throw new Error("requireRider let an anonymous request through");
          return ok({ alerts: await service.settings(request.account.user) });
        });
        scoped.put<{ Body: AlertSettingsInput }>(
          "/users/alerts",
          { preHandler: scoped.requireRider, schema: settingsSchema },
          async (request) => {
            if (!request.account) throw new Error("requireRider let an anonymous request through");
            const saved = await service.save(request.account.user, request.body, app.clock.now());
            return ok({ alerts: saved });
          },
        );
      },
      { prefix: "/accounts" },
    );
  },
  { name: "alerts", dependencies: ["db", "clock", "outbox", "auth", "maintenance"] },
);
