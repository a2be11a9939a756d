import Fastify, { type FastifyInstance } from "fastify";
import type { PortalConfig } from "../src/domain/portal-config.ts";
import type { Database, DatabaseHandle } from "./db/client.ts";
import { createSandboxOutbox, type Outbox } from "./gateways/outbox.ts";
import auth from "./plugins/auth.ts";
import errors from "./plugins/errors.ts";
import security from "./plugins/security.ts";
import spa from "./plugins/spa.ts";
import { type AccountRepository, createAccountRepository } from "./repositories/accounts.ts";
import { createOrganizationRepository, type OrganizationRepository } from "./repositories/organizations.ts";
import { createTwoFactorRepository, type TwoFactorRepository } from "./repositories/two-factor.ts";
import twoFactorRoutes, {
  defaultTwoFactorRateLimits,
  type TwoFactorRateLimits,
} from "./routes/accounts/two-factor.ts";
import userRoutes, { type AccountRateLimits, defaultAccountRateLimits } from "./routes/accounts/users.ts";
import devMailboxRoutes from "./routes/dev-mailbox.ts";
import healthRoutes from "./routes/health.ts";
import portalConfigRoutes from "./routes/portal-config.ts";
import formRoutes from "./routes/transit/forms.ts";
import orgConfigRoutes from "./routes/transit/org-config.ts";

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    databaseDriver: DatabaseHandle["driver"];
    portalConfig: PortalConfig;
    outbox: Outbox;
    organizations: OrganizationRepository;
    accounts: AccountRepository;
    twoFactor: TwoFactorRepository;
  }
}

export interface AppOptions {
  database: DatabaseHandle;
  portalConfig: PortalConfig;
  /** Built SPA to serve; null serves only the API. */
  staticDir: string | null;
  /** The flows site (npm run flows) to serve at /flows; null to not serve it. */
  flowsDir?: string | null;
  devMailbox: boolean;
  logLevel?: string;
  rateLimitPerMinute?: number;
  /** Origin used in emailed links; the request's own origin when null. */
  publicUrl?: string | null;
  accountRateLimits?: AccountRateLimits;
  twoFactorRateLimits?: TwoFactorRateLimits;
}

/** Bytes accepted in a request body; forms and carts are small. */
export const bodyLimit = 64 * 1024;

/** Infrastructure first, then repositories, then one route plugin per resource. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel ?? "silent" },
    bodyLimit,
    trustProxy: false,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true } },
  });

  await app.register(errors);
  await app.register(security, { rateLimitPerMinute: options.rateLimitPerMinute ?? 600 });

  app.decorate("db", options.database.db);
  app.decorate("databaseDriver", options.database.driver);
  app.decorate("portalConfig", options.portalConfig);
  app.decorate("outbox", createSandboxOutbox(options.database.db));
  app.decorate("organizations", createOrganizationRepository(options.database.db));
  app.decorate("accounts", createAccountRepository(options.database.db));
  app.decorate("twoFactor", createTwoFactorRepository(options.database.db));
  await app.register(auth);

  await app.register(healthRoutes);
  await app.register(portalConfigRoutes);
  await app.register(orgConfigRoutes, { prefix: "/transit" });
  await app.register(formRoutes, { prefix: "/transit" });
  await app.register(userRoutes, {
    prefix: "/accounts",
    publicUrl: options.publicUrl ?? null,
    limits: options.accountRateLimits ?? defaultAccountRateLimits,
  });
  await app.register(twoFactorRoutes, {
    prefix: "/accounts",
    limits: options.twoFactorRateLimits ?? defaultTwoFactorRateLimits,
  });
  if (options.devMailbox) await app.register(devMailboxRoutes);
  await app.register(spa, { root: options.staticDir, flows: options.flowsDir ?? null });

  return app;
}
