import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { DeliveryConfig } from "../gateways/delivery.ts";
import { createOutbox, type Outbox } from "../gateways/outbox.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Mail and texts, written in the work's transaction and delivered once it committed (gateways/outbox.ts). */
    outbox: Outbox;
  }
}

/** `app.outbox`, whose delivery worker starts when the app is ready and stops when it closes. */
export default fp(
  async function outbox(app: FastifyInstance, options: { delivery?: DeliveryConfig }) {
    const outbox = createOutbox(app.db, options.delivery, app.log);
    app.decorate("outbox", outbox);
    app.addHook("onReady", async () => outbox.start());
    app.addHook("onClose", async () => outbox.stop());
  },
  { name: "outbox", dependencies: ["db"] },
);
