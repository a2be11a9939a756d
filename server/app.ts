import compress from "@fastify/compress";
import Fastify, { type FastifyInstance } from "fastify";
import { defaultLocale, type PortalConfig } from "../src/domain/portal-config.ts";
import type { TrustProxy } from "./config/env.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { type Clock, systemClock } from "./domain/clock.ts";
import { configureHashing, type HashingLimits } from "./domain/password.ts";
import { formDefinition } from "./forms/definitions.ts";
import type { AppleVerifier } from "./gateways/apple.ts";
import type { CaptchaVerifier } from "./gateways/captcha.ts";
import type { DeliveryConfig } from "./gateways/delivery.ts";
import type { FacebookSettings } from "./gateways/facebook.ts";
import type { GoogleSettings } from "./gateways/google.ts";
import type { PaymentGateway } from "./gateways/payments/gateway.ts";
import { SandboxPaymentGateway } from "./gateways/payments/sandbox.ts";
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
import ledgerPlugin from "./plugins/ledger.ts";
import maintenance, { type MaintenanceReport } from "./plugins/maintenance.ts";
import outboxPlugin from "./plugins/outbox.ts";
import { readPortalPage } from "./plugins/page.ts";
import passwordWork, { defaultPasswordWorkPerAddress } from "./plugins/password-work.ts";
import paymentsPlugin from "./plugins/payments.ts";
import requestBudgets, { databaseRateLimitStore } from "./plugins/rate-limit-store.ts";
import security from "./plugins/security.ts";
import spa from "./plugins/spa.ts";
import { type CatalogRepository, createCatalogRepository } from "./repositories/catalog.ts";
import { createInviteRepository, type InviteRepository } from "./repositories/invites.ts";
import { createOrganizationRepository, type OrganizationRepository } from "./repositories/organizations.ts";
import { createTwoFactorRepository, type TwoFactorRepository } from "./repositories/two-factor.ts";
import appleRoutes from "./routes/accounts/apple.ts";
import connectedAccountRoutes from "./routes/accounts/connected-accounts.ts";
import deactivationRoutes from "./routes/accounts/deactivation.ts";
import inviteRoutes from "./routes/accounts/invites.ts";
import oauthRoutes from "./routes/accounts/oauth.ts";
import securityQuestionRoutes from "./routes/accounts/security-questions.ts";
import twoFactorRoutes, {
  defaultTwoFactorRateLimits,
  type TwoFactorRateLimits,
} from "./routes/accounts/two-factor.ts";
import userRoutes, { type AccountRateLimits, defaultAccountRateLimits } from "./routes/accounts/users.ts";
import devCardRoutes from "./routes/dev-cards.ts";
import devMailboxRoutes from "./routes/dev-mailbox.ts";
import devTransitRoutes from "./routes/dev-transit.ts";
import healthRoutes from "./routes/health.ts";
import portalConfigRoutes, { offeredConfig } from "./routes/portal-config.ts";
import sandboxGatewayRoutes from "./routes/sandbox-gateway.ts";
import sandboxIdpRoutes from "./routes/sandbox-idp.ts";
import addressRoutes from "./routes/transit/addresses.ts";
import captchaRoutes from "./routes/transit/captcha.ts";
import catalogRoutes from "./routes/transit/catalog.ts";
import checkoutRoutes from "./routes/transit/checkout.ts";
import deviceRoutes from "./routes/transit/devices.ts";
import fareCardRoutes from "./routes/transit/fare-cards.ts";
import formRoutes from "./routes/transit/forms.ts";
import guestCardRoutes from "./routes/transit/guest-card.ts";
import orderRoutes from "./routes/transit/orders.ts";
import orgConfigRoutes from "./routes/transit/org-config.ts";
import passRoutes from "./routes/transit/passes.ts";
import paymentMethodRoutes from "./routes/transit/payment-methods.ts";
import transactionRoutes from "./routes/transit/transactions.ts";
import walletRoutes from "./routes/transit/wallet.ts";
import { type AddressService, createAddressService } from "./services/addresses.ts";
import { type AutoloadScheduler, createAutoloadScheduler } from "./services/autoload-scheduler.ts";
import { type AutoloadService, createAutoloadService } from "./services/autoloads.ts";
import { type CardTokenService, createCardTokenService } from "./services/card-tokens.ts";
import { type CardTransferService, createCardTransferService } from "./services/card-transfers.ts";
import {
  type ConnectedAccountService,
  createConnectedAccountService,
} from "./services/connected-accounts.ts";
import { createDeviceService, type DeviceService } from "./services/devices.ts";
import { createFareCapService, type FareCapService } from "./services/fare-caps.ts";
import { createFareMediaService, type FareMediaService } from "./services/fare-media.ts";
import { createIdentityVerifier } from "./services/identities.ts";
import { createOrderService, type OrderService } from "./services/orders.ts";
import { createPassDestinationService, type PassDestinationService } from "./services/pass-destinations.ts";
import { createPassService, type PassService } from "./services/passes.ts";
import { createPaymentMethodService, type PaymentMethodService } from "./services/payment-methods.ts";
import { createPricingService, type PricingService } from "./services/pricing.ts";
import { createRenewalService, type RenewalService } from "./services/renewals.ts";
import { createTapService, type TapService } from "./services/taps.ts";
import { createWalletService, type WalletService } from "./services/wallet.ts";

declare module "fastify" {
  interface FastifyInstance {
    organizations: OrganizationRepository;
    twoFactor: TwoFactorRepository;
    invites: InviteRepository;
    catalog: CatalogRepository;
    /** The rider's fare cards with their balances, summed from the ledger. */
    fareMedia: FareMediaService;
    /** A rider's connected identities (services/connected-accounts.ts). */
    connectedAccounts: ConnectedAccountService;
    /** Riders' saved payment methods: tokens attached through `payments`, listed, renamed, removed. */
    paymentMethods: PaymentMethodService;
    /** Riders' shipping addresses (`addresses` is taken: Fastify's listening addresses). */
    shippingAddresses: AddressService;
    /** The checkout's prices: catalogue lines, promo codes and shipping methods (services/pricing.ts). */
    pricing: PricingService;
    /** Where a cart's passes and stored value may go: fare cards, the account (services/pass-destinations.ts). */
    passDestinations: PassDestinationService;
    /** Placing, reading and refunding orders (services/orders.ts). */
    orders: OrderService;
    /** Fare caps of a card's rider type and its progress in the current period (services/fare-caps.ts). */
    fareCaps: FareCapService;
    /** A rider's passes: history, details, attach, move (services/passes.ts). */
    passes: PassService;
    /** A rider's devices holding passes (services/devices.ts). */
    devices: DeviceService;
    /** Guests' card tokens: issued from a card's number and code, resolved by requireCardToken (services/card-tokens.ts). */
    cardTokens: CardTokenService;
    /** Balance transfers between a rider's cards (services/card-transfers.ts). */
    cardTransfers: CardTransferService;
    /** Loads onto cards and the wallet, through orders.placeLoad; settles pending loads (services/wallet.ts). */
    wallet: WalletService;
    /** Auto-renewed passes renewed when due: `runDue(now)` (services/renewals.ts). */
    renewals: RenewalService;
    /** Autoloads saved and removed, and `runDue(now)` of the scheduler (services/autoloads.ts, autoload-scheduler.ts). */
    autoloads: AutoloadService & AutoloadScheduler;
    /** Taps at readers: fare cards and bank cards, the simulator's routes, riders' transactions (services/taps.ts). */
    taps: TapService;
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
  const hsts = hstsFor(options.publicUrl ?? null);
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

  await app.register(clockPlugin, { clock: options.clock });
  const { clock } = app;
  await app.register(dbPlugin, { database: options.database });
  await app.register(configPlugin, { portalConfig: options.portalConfig });
  await app.register(maintenance, options.maintenance ?? {});
  await app.register(requestBudgets);
  await app.register(outboxPlugin, { delivery: options.delivery });
  const { outbox } = app;
  await app.register(paymentsPlugin, { gateway: options.paymentGateway });
  const payments = app.payments;
  await app.register(identities, {
    sandbox: options.sandboxIdp ?? false,
    publicUrl: options.publicUrl ?? null,
    google: options.google,
    facebook: options.facebook,
    apple: options.apple,
  });
  await app.register(ledgerPlugin);
  const { ledger } = app;
  await app.register(captcha, { verifier: options.captchaVerifier });
  await app.register(auth);
  app.decorate("organizations", createOrganizationRepository(options.database.db));
  app.decorate("twoFactor", createTwoFactorRepository(options.database.db));
  app.decorate(
    "connectedAccounts",
    createConnectedAccountService({
      db: options.database.db,
      clock,
      identities: createIdentityVerifier({
        config: () => app.portalConfig,
        apple: () => app.apple,
        google: () => app.google,
        facebook: () => app.facebook,
      }),
    }),
  );
  app.decorate("invites", createInviteRepository(options.database.db));
  app.decorate("catalog", createCatalogRepository(options.database.db));
  app.decorate(
    "fareMedia",
    createFareMediaService({
      db: options.database.db,
      ledger,
      currency: () => options.portalConfig.currency_code,
      clock,
      organizationId: () => options.portalConfig.organization.parentUuid,
      // Read when a card is shown, after every decorator is in place.
      capProgress: (tx, card, now, locale) => app.fareCaps.progress(tx, card, now, locale),
    }),
  );
  app.decorate(
    "paymentMethods",
    createPaymentMethodService({
      db: options.database.db,
      gateway: payments,
      clock,
      supportDefaultPayment: () => options.portalConfig.supportDefaultPayment,
    }),
  );
  app.decorate("shippingAddresses", createAddressService({ db: options.database.db }));
  app.decorate(
    "pricing",
    createPricingService({
      db: options.database.db,
      catalog: app.catalog,
      clock,
      config: () => options.portalConfig,
    }),
  );
  app.decorate(
    "passDestinations",
    createPassDestinationService({ db: options.database.db, config: () => options.portalConfig }),
  );
  app.decorate(
    "orders",
    createOrderService({
      db: options.database.db,
      clock,
      config: () => options.portalConfig,
      pricing: app.pricing,
      gateway: payments,
      ledger,
      outbox,
      publicUrl: options.publicUrl ?? null,
      ...(options.orderNumbers ? { orderNumbers: options.orderNumbers } : {}),
    }),
  );
  app.decorate(
    "renewals",
    createRenewalService({
      db: options.database.db,
      clock,
      orders: app.orders,
      pricing: app.pricing,
      outbox,
      publicUrl: options.publicUrl ?? null,
    }),
  );
  app.decorate("fareCaps", createFareCapService());
  app.decorate(
    "passes",
    createPassService({ db: options.database.db, clock, currency: () => options.portalConfig.currency_code }),
  );
  app.decorate("devices", createDeviceService({ db: options.database.db, clock }));
  app.decorate(
    "cardTokens",
    createCardTokenService({ db: options.database.db, clock, fareMedia: () => app.fareMedia }),
  );
  app.decorate(
    "cardTransfers",
    createCardTransferService({
      db: options.database.db,
      clock,
      ledger,
      currency: () => options.portalConfig.currency_code,
      // A transfer may leave the source card at its autoload's threshold.
      afterValueOut: () => async (cardId, at) => {
        await app.autoloads.runDue(at, { cardId });
      },
    }),
  );
  app.decorate(
    "wallet",
    createWalletService({
      db: options.database.db,
      clock,
      orders: app.orders,
      config: () => options.portalConfig,
    }),
  );
  app.decorate("autoloads", {
    ...createAutoloadService({ db: options.database.db, clock, config: () => options.portalConfig }),
    ...createAutoloadScheduler({
      db: options.database.db,
      clock,
      orders: app.orders,
      outbox,
      publicUrl: options.publicUrl ?? null,
      currency: () => options.portalConfig.currency_code,
      settle: (now) => app.wallet.settle(now),
    }),
  });
  app.decorate(
    "taps",
    createTapService({
      db: options.database.db,
      clock,
      ledger,
      gateway: payments,
      fareCaps: app.fareCaps,
      currency: () => options.portalConfig.currency_code,
      // A fare tap may leave the card at its autoload's threshold.
      afterValueOut: () => async (cardId, at) => {
        await app.autoloads.runDue(at, { cardId });
      },
    }),
  );

  // Each pass: due autoloads (with load settlement) and renewals, then the order attempts a crash
  // stopped between the gateway and the commit and the refunds a crash or a lost gateway answer left
  // pending; one failing does not stop the others.
  app.maintenance.add("due", {
    failed: "autoload run failed",
    run: async () => {
      await app.autoloads.runDue();
      return undefined;
    },
  });
  app.maintenance.add("due", {
    failed: "renewal run failed",
    run: async () => {
      await app.renewals.runDue();
      return undefined;
    },
  });
  app.maintenance.add("repair", {
    failed: "order attempt recovery failed",
    run: async () => {
      const repaired = await app.orders.recoverAttempts();
      if (repaired > 0) app.log.info({ repaired }, "stopped order attempts given back");
      return { repaired };
    },
  });
  app.maintenance.add("repair", {
    failed: "refund recovery failed",
    run: async () => {
      const finished = await app.orders.recoverRefunds();
      if (finished > 0) app.log.info({ finished }, "pending refunds finished");
      return { finished };
    },
  });

  await app.register(healthRoutes);
  await app.register(portalConfigRoutes);
  await app.register(orgConfigRoutes, { prefix: "/transit" });
  await app.register(formRoutes, { prefix: "/transit" });
  await app.register(captchaRoutes, { prefix: "/transit" });
  await app.register(catalogRoutes, { prefix: "/transit" });
  await app.register(paymentMethodRoutes, { prefix: "/transit" });
  await app.register(addressRoutes, { prefix: "/transit" });
  await app.register(checkoutRoutes, { prefix: "/transit" });
  await app.register(orderRoutes, { prefix: "/transit", operatorToken: options.operatorToken ?? null });
  await app.register(walletRoutes, { prefix: "/transit" });
  await app.register(transactionRoutes, { prefix: "/transit" });
  await app.register(fareCardRoutes, { prefix: "/transit" });
  await app.register(passRoutes, { prefix: "/transit" });
  await app.register(deviceRoutes, { prefix: "/transit" });
  await app.register(guestCardRoutes, { prefix: "/transit" });
  await app.register(userRoutes, {
    prefix: "/accounts",
    publicUrl: options.publicUrl ?? null,
    limits: options.accountRateLimits ?? defaultAccountRateLimits,
  });
  await app.register(twoFactorRoutes, {
    prefix: "/accounts",
    limits: options.twoFactorRateLimits ?? defaultTwoFactorRateLimits,
  });
  await app.register(deactivationRoutes, { prefix: "/accounts" });
  await app.register(securityQuestionRoutes, {
    prefix: "/accounts",
    limits: options.accountRateLimits ?? defaultAccountRateLimits,
  });
  await app.register(appleRoutes, { prefix: "/accounts", publicUrl: options.publicUrl ?? null });
  await app.register(oauthRoutes, { prefix: "/accounts" });
  await app.register(connectedAccountRoutes, {
    prefix: "/accounts",
    ...(options.connectedAccountLinksPerMinute
      ? { linksPerMinute: options.connectedAccountLinksPerMinute }
      : {}),
  });
  await app.register(inviteRoutes, {
    prefix: "/accounts",
    publicUrl: options.publicUrl ?? null,
    operatorToken: options.operatorToken ?? null,
  });
  if (payments instanceof SandboxPaymentGateway) {
    await app.register(sandboxGatewayRoutes, {
      prefix: "/sandbox-gateway",
      gateway: payments,
      publicUrl: options.publicUrl ?? null,
    });
  }
  if (app.sandboxIdp) await app.register(sandboxIdpRoutes, { prefix: "/sandbox-idp", idp: app.sandboxIdp });
  if (options.devMailbox) await app.register(devMailboxRoutes);
  if (options.devMailbox) await app.register(devTransitRoutes);
  if (options.devMailbox) await app.register(devCardRoutes);
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
