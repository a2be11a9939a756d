import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createLedgerService, type LedgerService } from "../services/ledger.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The ledger's rules: balanced postings and balances as Money (services/ledger.ts). */
    ledger: LedgerService;
  }
}

/** `app.ledger`, which every domain that moves value posts through. */
export default fp(
  async function ledger(app: FastifyInstance) {
    app.decorate("ledger", createLedgerService({ clock: app.clock }));
  },
  { name: "ledger", dependencies: ["clock"] },
);
