import { msg } from "@lingui/core/macro";
import { navigate } from "wouter/use-browser-location";
import { fromPromise } from "xstate";
import type { IdentityProvider } from "../../domain/identity.ts";
import type { NoticeCode } from "../../domain/notices.ts";
import { addNoticeTexts, type NoticeTexts } from "../../i18n/notices.ts";
import { connectedAccountsMachine } from "../../machines/connectedAccounts.machine.ts";
import { socialReturnMachine } from "../../machines/socialReturn.machine.ts";
import { createConnectedAccountsService } from "../../services/connected-accounts.service.ts";
import type { LiveDeps } from "./deps.ts";
import { socialSignInService } from "./social-sign-in.ts";

/** Where the connected accounts screen lives; a failed connection comes back to it in history state. */
const connectedAccountsPath = "/account/connected-accounts";

/**
 * Sign in with Apple, Google and Facebook, and connecting them to the signed-in rider (issue 14): the
 * providers' return routes and /account/connected-accounts (the sign-in buttons: ./social-sign-in.ts).
 */
export interface ConnectedAccountsLogic {
  /** The return from a provider: Apple's /redirect/..., /oauth/google/return, /oauth/facebook/return. */
  socialReturn: typeof socialReturnMachine;
  /** /account/connected-accounts: the rider's identities, connected and disconnected. */
  connectedAccounts: typeof connectedAccountsMachine;
}

const signInFailed: Record<IdentityProvider, NoticeCode> = {
  apple: "appleSignInFailed",
  google: "googleSignInFailed",
  facebook: "facebookSignInFailed",
};

/** The notices this feature announces (src/i18n/notices.ts). */
export const connectedAccountsNotices = {
  appleSignInFailed: msg`Failed to login by Apple sign in.`,
  googleSignInFailed: msg`Failed to login by Google sign in.`,
  facebookSignInFailed: msg`Failed to login by Facebook sign in.`,
  accountConnected: msg`The account is connected. You can sign in with it now.`,
  accountDisconnected: msg`The account is disconnected.`,
} satisfies NoticeTexts;

export function createConnectedAccountsLogic(deps: LiveDeps): ConnectedAccountsLogic {
  addNoticeTexts(connectedAccountsNotices);
  const social = socialSignInService(deps);
  const connected = createConnectedAccountsService(deps.http, deps.accountsBase);
  return {
    socialReturn: socialReturnMachine.provide({
      actors: {
        takeTrip: fromPromise(({ input }) => social.takeTrip(input.state)),
        signIn: fromPromise(({ input }) => social.signIn(input)),
        linkAccount: fromPromise(({ input }) => connected.connect(input)),
      },
      actions: {
        // The provider goes with the sign-in, so analytics' sign_in names its method.
        handOver: ({ context }, result) =>
          deps.bus.send({ type: "session.handOver", result, provider: context.input.provider }),
        notifyFailed: (_, provider) => deps.bus.send({ type: "notify.error", code: signInFailed[provider] }),
        goToLogin: () => navigate("/login", { replace: true }),
        notifyLinked: () => deps.bus.send({ type: "notify.success", code: "accountConnected" }),
        goToConnectedAccounts: (_, failure) =>
          navigate(connectedAccountsPath, {
            replace: true,
            state: failure ? { linkFailure: failure } : null,
          }),
      },
    }),
    connectedAccounts: connectedAccountsMachine.provide({
      actors: {
        loadAccounts: fromPromise(() => connected.list()),
        beginLink: fromPromise(({ input }) => social.begin(input.provider, "link")),
        disconnectAccount: fromPromise(({ input }) => connected.disconnect(input.provider)),
      },
      actions: {
        notifyDisconnected: () => deps.bus.send({ type: "notify.success", code: "accountDisconnected" }),
      },
    }),
  };
}
