import compress from "@fastify/compress";
import Fastify, { type FastifyInstance } from "fastify";
import { defaultLocale, type PortalConfig } from "../src/domain/portal-config.ts";
import type { TrustProxy } from "./config/env.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { type Clock, systemClock } from "./domain/clock.ts";
import { configureHashing, type HashingLimits } from "./domain/password.ts";
import accounts from "./domains/accounts.ts";
import addresses from "./domains/addresses.ts";
import alerts from "./domains/alerts.ts";
import catalog from "./domains/catalog.ts";
import checkout from "./domains/checkout.ts";
import dev from "./domains/dev.ts";
import fareMedia from "./domains/fare-media.ts";
import passes from "./domains/passes.ts";
import paymentMethods from "./domains/payment-methods.ts";
import portal from "./domains/portal.ts";
import wallet from "./domains/wallet.ts";
import { formDefinition } from "./forms/definitions.ts";
import type { AppleVerifier } from "./gateways/apple.ts";
import type { CaptchaVerifier } from "./gateways/captcha.ts";
import type { DeliveryConfig } from "./gateways/delivery.ts";
import type { FacebookSettings } from "./gateways/facebook.ts";
import type { GoogleSettings } from "./gateways/google.ts";
import type { PaymentGateway } from "./gateways/payments/gateway.ts";
import { clientErrorHandler, frameworkErrors, hstsFor } from "./http/framework-errors.ts";
import { redactPaths, serializeError, serializeRequest } from "./http/logging.ts";
import auth from "./plugins/auth.ts";
import captcha from "./plugins/captcha.ts";
import clockPlugin from "./plugins/clock.ts";
import configPlugin from "./plugins/config.ts";
import dbPlugin from "./plugins/db.ts";
import errors from "./plugins/errors.ts";
import identities from "./plugins/identities.ts";
import input from "./plugins/input.ts";
import ledger from "./plugins/ledger.ts";
import maintenance, { type MaintenanceReport } from "./plugins/maintenance.ts";
import organizationScope from "./plugins/organization-scope.ts";
import outbox from "./plugins/outbox.ts";
import { readPortalPage } from "./plugins/page.ts";
import passwordWork, { defaultPasswordWorkPerAddress } from "./plugins/password-work.ts";
import payments from "./plugins/payments.ts";
import requestBudgets, { databaseRateLimitStore } from "./plugins/rate-limit-store.ts";
import security from "./plugins/security.ts";
import spa from "./plugins/spa.ts";
import type { TwoFactorRateLimits } from "./routes/accounts/two-factor.ts";
import type { AccountRateLimits } from "./routes/accounts/users.ts";
import { offeredConfig } from "./routes/portal-config.ts";

export interface AppOptions {
  database: DatabaseHandle;
  portalConfig: PortalConfig;
  /** Built SPA to serve; null serves only the API. */
  staticDir: string | null;
  /** The flows site (npm run flows) to serve at /flows; null to not serve it. */
  flowsDir?: string | null;
  devMailbox: boolean;
  logLevel?: string;
  /** Where log lines go (tests capture them); standard output when absent. */
  logStream?: { write(line: string): void };
  rateLimitPerMinute?: number;
  /**
   * Where per-address request budgets are counted: in the database, shared by every instance on it
   * (the default on PostgreSQL), or in this process (the default on PGlite, which one process owns).
   */
  rateLimitStore?: "database" | "memory";
  /** Origin of emailed links and redirects (PUBLIC_URL), never the request's Host; null means http://localhost:8080. */
  publicUrl?: string | null;
  /** Email and SMS providers (main.ts reads them from the environment); the sandbox when absent. */
  delivery?: DeliveryConfig;
  accountRateLimits?: AccountRateLimits;
  twoFactorRateLimits?: TwoFactorRateLimits;
  /** The sandbox verifier unless one is given (main.ts gives reCAPTCHA when RECAPTCHA_SECRET is set). */
  captchaVerifier?: CaptchaVerifier;
  /** Bearer token of agency operators (POST /accounts/invites); null turns the operator API off. */
  operatorToken?: string | null;
  /** Sign in with Apple: the Services ID and key set (main.ts reads APPLE_CLIENT_ID, APPLE_JWKS_URL). */
  apple?: AppleVerifier | null;
  /** Google sign-in with the agency's client (GOOGLE_CLIENT_ID and _SECRET); the sandbox's when absent. */
  google?: GoogleSettings | null;
  /** Facebook Login with the agency's app (FACEBOOK_APP_ID and _SECRET); the sandbox's when absent. */
  facebook?: FacebookSettings | null;
  /**
   * The sandbox identity provider (SANDBOX_IDP, on outside production): serves /sandbox-idp and
   * completes every provider given no credentials of its own. Off when absent.
   */
  sandboxIdp?: boolean;
  /** POST /accounts/users/connected_accounts per minute and address (10). */
  connectedAccountLinksPerMinute?: number;
  /**
   * The payment gateway (attach and charges); when absent the sandbox (random token key, its books in
   * `database`, times from `clock`). The sandbox also serves /sandbox-gateway.
   */
  paymentGateway?: PaymentGateway;
  /** Draws order numbers (tests make two orders draw the same); random when absent. */
  orderNumbers?: () => string;
  /** Told of every route as it is registered (the fuzz test enumerates them). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
  /** Fastify's trustProxy (TRUST_PROXY): which proxies' X-Forwarded-* to believe; off by default. */
  trustProxy?: TrustProxy;
  /** Parallel password hashes and the line behind them (`defaultHashingLimits`: one per core, two per core waiting). */
  hashingLimits?: HashingLimits;
  /** Password requests one address may have in progress (`defaultPasswordWorkPerAddress`, 2). */
  passwordWorkPerAddress?: number;
  /** Where expiries read the time (sessions, tokens, codes, invites, budgets); the system clock when absent. */
  clock?: Clock;
  /**
   * The background passes (plugins/maintenance.ts): main.ts runs one as the server listens, then every
   * 30 s; off when absent (tests run the services themselves).
   */
  maintenance?: { everyMs: number; afterFirstPass?: (report: MaintenanceReport) => void };
}

/** A hop count as the function Fastify runs for one (its types take no number). */
function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === "number" ? (_address, hop) => hop < trust : trust;
}

/** Bytes accepted in a request body; forms and carts are small. */
export const bodyLimit = 64 * 1024;

/** Infrastructure first, then repositories, then one route plugin per resource. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const publicUrl = options.publicUrl ?? null;
  const operatorToken = options.operatorToken ?? null;
  const hsts = hstsFor(publicUrl);
  const app = Fastify({
    logger: {
      level: options.logLevel ?? "silent",
      redact: { paths: redactPaths, censor: "[redacted]" },
      serializers: { err: serializeError, req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    routerOptions: { maxParamLength: 100 },
    frameworkErrors: frameworkErrors(hsts),
    clientErrorHandler,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true } },
  });

  const { onRoute } = options;
  if (onRoute) app.addHook("onRoute", (route) => onRoute(route));
  // The line is the process's (one thread pool): an app given limits sets them, others keep the current ones.
  if (options.hashingLimits) configureHashing(options.hashingLimits);
  await app.register(errors);
  await app.register(input);
  await app.register(organizationScope);
  // Replies over 1 KiB go out as Brotli (quality 4) or gzip to a client that accepts them; request
  // bodies are never inflated (a compressed body is refused as before, so no zip bomb gets in).
  await app.register(compress, { threshold: 1024, globalDecompression: false });
  await app.register(passwordWork, {
    perAddress: options.passwordWorkPerAddress ?? defaultPasswordWorkPerAddress,
  });
  const page = readPortalPage(options.staticDir);
  const sharedBudgets =
    (options.rateLimitStore ?? (options.database.driver === "postgres" ? "database" : "memory")) ===
    "database";
  await app.register(security, {
    rateLimitPerMinute: options.rateLimitPerMinute ?? 600,
    ...(sharedBudgets
      ? { rateLimitStore: databaseRateLimitStore(options.database.db, options.clock ?? systemClock) }
      : {}),
    styleHashes: page?.styleHashes ?? [],
    captcha: options.portalConfig.captcha,
    analytics: options.portalConfig.analytics,
    hsts,
  });

  // Shared infrastructure: each a named plugin that domains declare in their `dependencies`.
  await app.register(clockPlugin, { clock: options.clock });
  await app.register(dbPlugin, { database: options.database });
  await app.register(configPlugin, { portalConfig: options.portalConfig });
  await app.register(maintenance, options.maintenance ?? {});
  await app.register(requestBudgets);
  await app.register(outbox, { delivery: options.delivery });
  await app.register(payments, { gateway: options.paymentGateway });
  await app.register(identities, {
    sandbox: options.sandboxIdp ?? false,
    publicUrl,
    google: options.google,
    facebook: options.facebook,
    apple: options.apple,
  });
  await app.register(ledger);
  await app.register(captcha, { verifier: options.captchaVerifier });
  await app.register(auth);

  // One plugin per domain (server/domains/), after the domains it depends on. Maintenance passes run
  // each stage's tasks in this order: the wallet's autoloads before the passes' renewals.
  await app.register(portal);
  await app.register(alerts, { publicUrl });
  await app.register(fareMedia);
  await app.register(catalog);
  await app.register(paymentMethods);
  await app.register(addresses);
  await app.register(checkout, {
    publicUrl,
    operatorToken,
    ...(options.orderNumbers ? { orderNumbers: options.orderNumbers } : {}),
  });
  await app.register(wallet, { publicUrl });
  await app.register(passes, { publicUrl });
  await app.register(accounts, {
    publicUrl,
    operatorToken,
    ...(options.accountRateLimits ? { accountRateLimits: options.accountRateLimits } : {}),
    ...(options.twoFactorRateLimits ? { twoFactorRateLimits: options.twoFactorRateLimits } : {}),
    ...(options.connectedAccountLinksPerMinute
      ? { connectedAccountLinksPerMinute: options.connectedAccountLinksPerMinute }
      : {}),
  });
  await app.register(dev, { devMailbox: options.devMailbox, publicUrl });
  const config = offeredConfig(app);
  // Every guest's first screen holds the sign-in form (the session machine), in the default language.
  const firstLanguage = defaultLocale(config);
  await app.register(spa, {
    root: options.staticDir,
    page,
    flows: options.flowsDir ?? null,
    config,
    forms: { language: firstLanguage, forms: [formDefinition("SIGN_IN", firstLanguage)] },
  });

  return app;
}
