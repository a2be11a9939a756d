import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { SandboxPaymentGateway } from "../gateways/payments/sandbox.ts";
import devCardRoutes from "../routes/dev-cards.ts";
import devMailboxRoutes from "../routes/dev-mailbox.ts";
import devTransitRoutes from "../routes/dev-transit.ts";
import sandboxGatewayRoutes from "../routes/sandbox-gateway.ts";
import sandboxIdpRoutes from "../routes/sandbox-idp.ts";

/**
 * The dev and sandbox domain: the sandbox payment gateway's pages when it is the gateway, the sandbox
 * identity provider when it is on, and the dev mailbox, tap simulator and card issuer when `devMailbox`.
 */
export default fp(
  async function dev(app: FastifyInstance, options: { devMailbox: boolean; publicUrl: string | null }) {
    const { payments, sandboxIdp } = app;
    if (payments instanceof SandboxPaymentGateway) {
      await app.register(sandboxGatewayRoutes, {
        prefix: "/sandbox-gateway",
        gateway: payments,
        publicUrl: options.publicUrl,
      });
    }
    if (sandboxIdp) await app.register(sandboxIdpRoutes, { prefix: "/sandbox-idp", idp: sandboxIdp });
    if (options.devMailbox) {
      await app.register(devMailboxRoutes);
      await app.register(devTransitRoutes);
      await app.register(devCardRoutes);
    }
  },
  { name: "dev", dependencies: ["payments", "identities", "outbox", "fare-media", "auth", "security"] },
);
