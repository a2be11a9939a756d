import type { IdentityProvider } from "../../domain/identity.ts";
import { createSocialSignInService } from "../../services/social-sign-in.service.ts";
import type { LiveDeps } from "./deps.ts";

/** The "Sign in with Apple / Google / Facebook" buttons (issue 14), on the sign-in and sign-up pages. */
export interface SocialSignInLogic {
  /** Leaves for a provider to sign in (or sign up) with it. */
  beginSocialSignIn: (provider: IdentityProvider) => Promise<void>;
}

/** The trip to a provider and back (the return and the connected accounts screen use it too). */
export function socialSignInService(deps: LiveDeps) {
  return createSocialSignInService(
    deps.http,
    { accounts: deps.accountsBase, login: deps.loginBase },
    {
      crypto: deps.browser.crypto,
      storage: deps.browser.sessionStorage,
      go: (url) => deps.browser.location.assign(url),
      now: () => Date.now(),
    },
  );
}

export function createSocialSignInLogic(deps: LiveDeps): SocialSignInLogic {
  const social = socialSignInService(deps);
  return { beginSocialSignIn: (provider) => social.begin(provider, "signIn") };
}
