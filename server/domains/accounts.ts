import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createInviteRepository, type InviteRepository } from "../repositories/invites.ts";
import appleRoutes from "../routes/accounts/apple.ts";
import connectedAccountRoutes from "../routes/accounts/connected-accounts.ts";
import deactivationRoutes from "../routes/accounts/deactivation.ts";
import inviteRoutes from "../routes/accounts/invites.ts";
import oauthRoutes from "../routes/accounts/oauth.ts";
import securityQuestionRoutes from "../routes/accounts/security-questions.ts";
import twoFactorRoutes, {
  defaultTwoFactorRateLimits,
  type TwoFactorRateLimits,
} from "../routes/accounts/two-factor.ts";
import userRoutes, { type AccountRateLimits, defaultAccountRateLimits } from "../routes/accounts/users.ts";
import { type AccountService, createAccountService } from "../services/accounts.ts";
import {
  type ConnectedAccountService,
  createConnectedAccountService,
} from "../services/connected-accounts.ts";
import { createDeactivationService, type DeactivationService } from "../services/deactivation.ts";
import { createIdentityVerifier } from "../services/identities.ts";
import { createInviteService, type InviteService } from "../services/invites.ts";
import {
  createSecurityQuestionsService,
  type SecurityQuestionsService,
} from "../services/security-questions.ts";
import { createSignInService, type SignInService } from "../services/sign-in.ts";
import { createSignInThrottle } from "../services/sign-in-throttle.ts";
import { createTwoFactorService, type TwoFactorService } from "../services/two-factor.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Sign-up, email confirmation, profile, password change and reset (services/accounts.ts). */
    accountService: AccountService;
    /** Signing in with a password or a provider's credential, then the texted code (services/sign-in.ts). */
    signIn: SignInService;
    /** Two-factor by text message: enrolment and the sign-in's code step (services/two-factor.ts). */
    twoFactor: TwoFactorService;
    /** A rider's security questions and the reset's check of them (services/security-questions.ts). */
    securityQuestions: SecurityQuestionsService;
    /** Open invites, looked up by their token (repositories/invites.ts). */
    invites: InviteRepository;
    /** Inviting by email and accepting an invite (services/invites.ts). */
    inviteService: InviteService;
    /** What a deactivation leaves behind, and deactivating (services/deactivation.ts). */
    deactivation: DeactivationService;
    /** A rider's connected identities (services/connected-accounts.ts). */
    connectedAccounts: ConnectedAccountService;
  }
}

/**
 * The accounts domain: riders' accounts, sign-in and two-factor, security questions, connected
 * accounts, invites and deactivation, under /accounts.
 */
export default fp(
  async function accounts(
    app: FastifyInstance,
    options: {
      publicUrl: string | null;
      operatorToken: string | null;
      accountRateLimits?: AccountRateLimits;
      twoFactorRateLimits?: TwoFactorRateLimits;
      /** POST /accounts/users/connected_accounts per minute and address (10). */
      connectedAccountLinksPerMinute?: number;
    },
  ) {
    const { db, clock, outbox, portalConfig: config } = app;
    const accountService = createAccountService({
      db,
      outbox,
      publicUrl: options.publicUrl,
      requireVerifiedEmail: () => config.requiredAccountVerification,
      clock,
      securityChanged: (work, user, change) => app.alerts.securityChanged(work, user, change),
    });
    const twoFactor = createTwoFactorService({
      db,
      outbox,
      senderName: () => config.shortDisplayName,
      clock,
      securityChanged: (work, user, change) => app.alerts.securityChanged(work, user, change),
    });
    const { apple, google, facebook } = app;
    app.decorate("accountService", accountService);
    app.decorate("twoFactor", twoFactor);
    app.decorate(
      "signIn",
      createSignInService({
        accounts: accountService,
        sessions: app.accounts,
        twoFactor,
        config: () => config,
        apple: () => apple,
        google: () => google,
        facebook: () => facebook,
        clock,
      }),
    );
    app.decorate(
      "securityQuestions",
      createSecurityQuestionsService({ db, config: () => config, throttle: createSignInThrottle(db), clock }),
    );
    app.decorate("invites", createInviteRepository(db));
    app.decorate("inviteService", createInviteService({ db, outbox, publicUrl: options.publicUrl, clock }));
    app.decorate(
      "deactivation",
      createDeactivationService({ db, ledger: app.ledger, currency: () => config.currency_code, clock }),
    );
    app.decorate(
      "connectedAccounts",
      createConnectedAccountService({
        db,
        clock,
        identities: createIdentityVerifier({
          config: () => config,
          apple: () => apple,
          google: () => google,
          facebook: () => facebook,
        }),
      }),
    );

    const limits = options.accountRateLimits ?? defaultAccountRateLimits;
    await app.register(userRoutes, { prefix: "/accounts", limits, service: "accounts" });
    // The transit service's sign-in (loginService) and profile update (spec section 7).
    await app.register(userRoutes, { prefix: "/transit", limits, service: "transit" });
    await app.register(twoFactorRoutes, {
      prefix: "/accounts",
      limits: options.twoFactorRateLimits ?? defaultTwoFactorRateLimits,
    });
    await app.register(deactivationRoutes, { prefix: "/accounts" });
    await app.register(securityQuestionRoutes, { prefix: "/accounts", limits });
    await app.register(appleRoutes, { prefix: "/accounts", publicUrl: options.publicUrl });
    await app.register(oauthRoutes, { prefix: "/accounts" });
    await app.register(connectedAccountRoutes, {
      prefix: "/accounts",
      ...(options.connectedAccountLinksPerMinute
        ? { linksPerMinute: options.connectedAccountLinksPerMinute }
        : {}),
    });
    await app.register(inviteRoutes, { prefix: "/accounts", operatorToken: options.operatorToken });
  },
  {
    name: "accounts",
    dependencies: [
      "db",
      "clock",
      "config",
      "outbox",
      "ledger",
      "identities",
      "captcha",
      "auth",
      "alerts",
      "security",
      "password-work",
    ],
  },
);
