import type { IdentityProvider } from "../../src/domain/identity.ts";
import type { PortalConfig } from "../../src/domain/portal-config.ts";
import { MfaStatus } from "../../src/domain/session.ts";
import type { Clock } from "../domain/clock.ts";
import type { AppleVerifier } from "../gateways/apple.ts";
import type { FacebookClient } from "../gateways/facebook.ts";
import type { GoogleClient } from "../gateways/google.ts";
import type { VerifiedIdentity } from "../gateways/identity.ts";
import { isCleanText } from "../plugins/input.ts";
import type { AccountRepository, User } from "../repositories/accounts.ts";
import type { AccountService } from "./accounts.ts";
import { createIdentityVerifier } from "./identities.ts";
import type { TwoFactorService } from "./two-factor.ts";

/**
 * What a rider who proved who they are gets: a session, or first (two-factor on and enrolled) only a
 * pending token for the code step, with the code texted.
 */
export type SignInGrant =
  | { kind: "session"; token: string; expiresAt: Date; mfaEnrollmentStatus: User["mfaEnrollmentStatus"] }
  | { kind: "codeRequired"; token: string };

export type PasswordSignIn =
  | { result: "locked" }
  | { result: "mismatch" }
  | { result: "deactivated" }
  | { result: "ok"; grant: SignInGrant };

/** Sign-in with a provider (Apple, Google, Facebook). */
export type SocialSignIn =
  | { result: "refused" }
  | { result: "deactivated" }
  | { result: "ok"; grant: SignInGrant };

/** Names for a new account: at most 50 characters, none when the provider gave none or an unclean one. */
const nameOf = (value: string | null | undefined) =>
  value && isCleanText(value) ? value.trim().slice(0, 50) : "";

/**
 * Sign-in's rules (spec section 4), kept out of the route: a password or a provider's identity
 * (Apple, Google, Facebook) proves the rider, and the deployment's two-factor setting decides between
 * a session and the code step. The routes only validate bodies and word the outcomes.
 */
export function createSignInService(options: {
  accounts: AccountService;
  sessions: Pick<AccountRepository, "startSession">;
  twoFactor: Pick<TwoFactorService, "startSignIn">;
  config: () => PortalConfig;
  apple: () => AppleVerifier | null;
  google?: () => GoogleClient | null;
  facebook?: () => FacebookClient | null;
  clock: Clock;
}) {
  const { accounts, sessions, twoFactor, config, clock } = options;
  const identities = createIdentityVerifier(options);

  const grant = async (user: User): Promise<SignInGrant> => {
    if (config().multifactorAuth.enable && user.mfaEnrollmentStatus === MfaStatus.enrolled) {
      // Right credentials, but only a token for the code step until the texted code comes back.
      return { kind: "codeRequired", token: await twoFactor.startSignIn(user) };
    }
    const session = await sessions.startSession(user.id, clock.now());
    return {
      kind: "session",
      token: session.token,
      expiresAt: session.expiresAt,
      mfaEnrollmentStatus: user.mfaEnrollmentStatus,
    };
  };

  /**
   * A verified identity signs in its rider (found, joined by verified email, or opened by
   * `riderForIdentity`); deactivated riders are refused; two-factor applies as for a password.
   */
  const proven = async (
    provider: IdentityProvider,
    identity: VerifiedIdentity | null,
    names: { firstName: string; lastName: string },
  ): Promise<SocialSignIn> => {
    if (!identity) return { result: "refused" };
    const user = await accounts.riderForIdentity(provider, identity, names);
    if (!user) return { result: "refused" };
    if (user.deactivatedAt) return { result: "deactivated" };
    return { result: "ok", grant: await grant(user) };
  };

  return {
    /** Email and password, through the attempt budgets of the accounts service. */
    async withPassword(email: string, password: string, address: string): Promise<PasswordSignIn> {
      const signedIn = await accounts.signIn(email, password, address);
      if (signedIn.result !== "ok") return signedIn;
      return { result: "ok", grant: await grant(signedIn.user) };
    },

    /**
     * Sign in with Apple: only when the deployment offers it and an Apple Services ID (or the sandbox)
     * is configured; the id_token must verify against Apple's keys. Names are those Apple gave at the
     * first authorization (at most 50 characters).
     */
    async withApple(idToken: string, names: { firstName: string; lastName: string }): Promise<SocialSignIn> {
      const identity = await identities.verify({ provider: "apple", id_token: idToken });
      return proven("apple", identity, names);
    },

    /** Sign in with Google: the code is exchanged and its id_token verified, nonce included. */
    async withGoogle(code: string, nonce: string): Promise<SocialSignIn> {
      const identity = await identities.verify({ provider: "google", code, nonce });
      return proven("google", identity, {
        firstName: nameOf(identity?.firstName),
        lastName: nameOf(identity?.lastName),
      });
    },

    /** Sign in with Facebook: the code is exchanged and its token checked with Facebook. */
    async withFacebook(code: string): Promise<SocialSignIn> {
      const identity = await identities.verify({ provider: "facebook", code });
      return proven("facebook", identity, {
        firstName: nameOf(identity?.firstName),
        lastName: nameOf(identity?.lastName),
      });
    },
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
