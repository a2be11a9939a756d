import type { PortalConfig } from "../../src/domain/portal-config.ts";
import { MfaStatus } from "../../src/domain/session.ts";
import type { Clock } from "../domain/clock.ts";
import type { AppleVerifier } from "../gateways/apple.ts";
import type { AccountRepository, User } from "../repositories/accounts.ts";
import type { AccountService } from "./accounts.ts";
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

export type AppleSignIn =
  | { result: "refused" }
  | { result: "deactivated" }
  | { result: "ok"; grant: SignInGrant };

/**
 * Sign-in's rules (spec section 4), kept out of the route: a password or an Apple id_token proves the
 * rider, and the deployment's two-factor setting decides between a session and the code step. The
 * routes only validate bodies and word the outcomes.
 */
export function createSignInService(options: {
  accounts: AccountService;
  sessions: Pick<AccountRepository, "startSession">;
  twoFactor: Pick<TwoFactorService, "startSignIn">;
  config: () => PortalConfig;
  apple: () => AppleVerifier | null;
  clock: Clock;
}) {
  const { accounts, sessions, twoFactor, config, clock } = options;

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

  return {
    /** Email and password, through the attempt budgets of the accounts service. */
    async withPassword(email: string, password: string, address: string): Promise<PasswordSignIn> {
      const signedIn = await accounts.signIn(email, password, address);
      if (signedIn.result !== "ok") return signedIn;
      return { result: "ok", grant: await grant(signedIn.user) };
    },

    /**
     * Sign in with Apple: only when the deployment offers it and an Apple Services ID is configured; the
     * id_token must verify against Apple's keys, and the rider is found, linked or opened by
     * `riderForApple`. Names are those Apple gave at the first authorization (at most 50 characters).
     */
    async withApple(idToken: string, names: { firstName: string; lastName: string }): Promise<AppleSignIn> {
      const verifier = options.apple();
      if (!config().socialSignIn.apple || !verifier) return { result: "refused" };
      const identity = await verifier.verify(idToken);
      if (!identity) return { result: "refused" };
      const user = await accounts.riderForApple(identity, names);
      if (!user) return { result: "refused" };
      if (user.deactivatedAt) return { result: "deactivated" };
      return { result: "ok", grant: await grant(user) };
    },
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
