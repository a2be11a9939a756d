import { assign, fromPromise, setup } from "xstate";
import { type AppleReturnInput, appleLoginPayload, given } from "../domain/accounts.ts";
import { errorCodeOf } from "../domain/envelope.ts";
import type {
  ConnectedAccount,
  IdentityProvider,
  SocialCredential,
  SocialLoginPayload,
  SocialTrip,
  TakenTrip,
} from "../domain/identity.ts";
import type { SignInResult } from "../domain/session.ts";
import { unprovided } from "./unprovided.ts";

/** What the return route read: Google's and Facebook's query, or Apple's /redirect segments. */
export type SocialReturnInput =
  | { provider: "google" | "facebook"; state: string; code: string; error: string }
  | ({ provider: "apple" } & AppleReturnInput);

/** A connection that did not happen, for the connected accounts screen (code null: no reply to word). */
export interface LinkFailure {
  provider: IdentityProvider;
  code: number | null;
}

export interface SocialReturnContext {
  input: SocialReturnInput;
  /** The trip this tab started, once read and matched. */
  trip: SocialTrip | null;
  /** Why a connection did not happen (linkFailed). */
  linkFailure: LinkFailure | null;
}

/** A trip older than this is refused like a state that does not match. */
export const tripLifetimeMs = 10 * 60 * 1000;

/** The credential the return carries, once the trip is known (Google's needs the trip's nonce). */
export function credentialOf(input: SocialReturnInput, trip: SocialTrip | null): SocialCredential | null {
  switch (input.provider) {
    case "google": {
      const code = given(input.code);
      return code && trip?.nonce ? { provider: "google", code, nonce: trip.nonce } : null;
    }
    case "facebook": {
      const code = given(input.code);
      return code ? { provider: "facebook", code } : null;
    }
    case "apple": {
      const payload = appleLoginPayload(input);
      if (given(payload.access_token) === null) return null;
      return {
        provider: "apple",
        id_token: payload.access_token,
        ...(payload.first_name ? { first_name: payload.first_name } : {}),
        ...(payload.last_name ? { last_name: payload.last_name } : {}),
      };
    }
  }
}

/** What POST /users/login takes for the credential (Apple keeps its spec payload, email included). */
export function loginPayloadOf(input: SocialReturnInput, trip: SocialTrip | null): SocialLoginPayload | null {
  const credential = credentialOf(input, trip);
  if (credential === null) return null;
  switch (credential.provider) {
    case "google":
      return { login_type: "Google", code: credential.code, nonce: credential.nonce };
    case "facebook":
      return { login_type: "Facebook", code: credential.code };
    case "apple":
      return input.provider === "apple" ? appleLoginPayload(input) : null;
  }
}

/** The trip is this tab's, for this provider, fresh, and the provider sent a credential, not an error. */
function tripHolds(input: SocialReturnInput, taken: TakenTrip): boolean {
  const { trip } = taken;
  if (trip === null || !taken.stateMatches || trip.provider !== input.provider) return false;
  const age = taken.now - trip.startedAt;
  if (age < 0 || age > tripLifetimeMs) return false;
  if (input.provider !== "apple" && given(input.error) !== null) return false;
  return credentialOf(input, trip) !== null;
}

/*
 * The return from a provider (Apple's /redirect, Google's and Facebook's /oauth/{provider}/return).
 * `checking` reads the trip this tab stored before leaving, once (it is removed whatever follows), so
 * a replayed or forged return finds nothing; only a trip for this provider, with the URL's state, at
 * most 10 minutes old and answered with a credential goes on. What the trip was for decides the rest:
 * `signingIn` sends the credential to /users/login and hands the accepted sign-in to the session
 * (two-factor, the deactivated notice and the post-sign-in route are the session's), `failed` says
 * "Failed to login by <Provider> sign in." and goes to /login; `linking` connects the identity to the
 * signed-in rider, and both `linked` and `linkFailed` go back to the connected accounts screen, with a
 * success notice or the reason. A link trip that fails its checks goes back there too: the rider is
 * signed in and was connecting, not signing in.
 */
export const socialReturnMachine = setup({
  types: {
    input: {} as SocialReturnInput,
    context: {} as SocialReturnContext,
    children: {} as { takeTrip: "takeTrip"; signIn: "signIn"; linkAccount: "linkAccount" },
  },
  actors: {
    /** The trip stored before leaving (used up), and whether the URL's state is its state. */
    takeTrip: fromPromise<TakenTrip, { state: string }>(unprovided("takeTrip")),
    signIn: fromPromise<SignInResult, SocialLoginPayload>(unprovided("signIn")),
    linkAccount: fromPromise<ConnectedAccount, SocialCredential>(unprovided("linkAccount")),
  },
  actions: {
    assignTrip: assign((_, trip: SocialTrip | null) => ({ trip })),
    assignLinkFailure: assign(({ context }, code: number | null) => ({
      linkFailure: { provider: context.input.provider, code },
    })),
    /** Gives the accepted sign-in to the session machine. */
    handOver: (_, _result: SignInResult) => unprovided("handOver")(),
    notifyFailed: (_, _provider: IdentityProvider) => unprovided("notifyFailed")(),
    goToLogin: unprovided("goToLogin"),
    notifyLinked: (_, _provider: IdentityProvider) => unprovided("notifyLinked")(),
    /** To the connected accounts screen, with why the connection failed when it did. */
    goToConnectedAccounts: (_, _failure: LinkFailure | null) => unprovided("goToConnectedAccounts")(),
  },
  guards: {
    canSignIn: ({ context }, taken: TakenTrip) =>
      tripHolds(context.input, taken) && taken.trip?.intent === "signIn",
    canLink: ({ context }, taken: TakenTrip) =>
      tripHolds(context.input, taken) && taken.trip?.intent === "link",
    wasLinking: (_, taken: TakenTrip) => taken.trip?.intent === "link",
  },
}).createMachine({
  id: "socialReturn",
  context: ({ input }) => ({ input, trip: null, linkFailure: null }),
  initial: "checking",
  states: {
    checking: {
      tags: ["busy"],
      invoke: {
        id: "takeTrip",
        src: "takeTrip",
        input: ({ context }) => ({ state: context.input.state }),
        onDone: [
          {
            guard: { type: "canSignIn", params: ({ event }) => event.output },
            target: "signingIn",
            actions: { type: "assignTrip", params: ({ event }) => event.output.trip },
          },
          {
            guard: { type: "canLink", params: ({ event }) => event.output },
            target: "linking",
            actions: { type: "assignTrip", params: ({ event }) => event.output.trip },
          },
          {
            guard: { type: "wasLinking", params: ({ event }) => event.output },
            target: "linkFailed",
            actions: { type: "assignLinkFailure", params: null },
          },
          { target: "failed" },
        ],
        onError: "failed",
      },
    },
    signingIn: {
      tags: ["busy"],
      invoke: {
        id: "signIn",
        src: "signIn",
        // The guard let only a trip with a credential through.
        input: ({ context }) =>
          loginPayloadOf(context.input, context.trip) ?? { login_type: "Facebook", code: "" },
        onDone: {
          target: "signedIn",
          actions: { type: "handOver", params: ({ event }) => event.output },
        },
        onError: "failed",
      },
    },
    linking: {
      tags: ["busy"],
      invoke: {
        id: "linkAccount",
        src: "linkAccount",
        input: ({ context }) =>
          credentialOf(context.input, context.trip) ?? { provider: "facebook", code: "" },
        onDone: "linked",
        onError: {
          target: "linkFailed",
          actions: { type: "assignLinkFailure", params: ({ event }) => errorCodeOf(event.error) },
        },
      },
    },
    signedIn: { type: "final" },
    failed: {
      type: "final",
      entry: [{ type: "notifyFailed", params: ({ context }) => context.input.provider }, "goToLogin"],
    },
    linked: {
      type: "final",
      entry: [
        { type: "notifyLinked", params: ({ context }) => context.input.provider },
        { type: "goToConnectedAccounts", params: null },
      ],
    },
    linkFailed: {
      type: "final",
      entry: { type: "goToConnectedAccounts", params: ({ context }) => context.linkFailure },
    },
  },
});
