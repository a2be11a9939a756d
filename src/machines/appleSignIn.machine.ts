import { fromPromise, setup } from "xstate";
import type { SignInResult } from "../domain/session.ts";
import { unprovided } from "./unprovided.ts";

/** The segments of /redirect/{state}/{id_token}/{email}/{first_name}/{last_name}. */
export interface AppleReturnInput {
  state: string;
  idToken: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** What POST /users/login takes for Apple (spec section 7). */
export interface AppleLoginPayload {
  access_token: string;
  login_type: "AppleId";
  email?: string;
  first_name?: string;
  last_name?: string;
}

/** Apple's redirect writes the literal 'undefined' for what it did not send (spec section 4). */
const given = (value: string): string | null => {
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed !== "undefined" ? trimmed : null;
};

export function appleLoginPayload(input: AppleReturnInput): AppleLoginPayload {
  const email = given(input.email);
  const firstName = given(input.firstName);
  const lastName = given(input.lastName);
  return {
    access_token: input.idToken,
    login_type: "AppleId",
    ...(email ? { email } : {}),
    ...(firstName ? { first_name: firstName } : {}),
    ...(lastName ? { last_name: lastName } : {}),
  };
}

export interface AppleReturnContext {
  state: string;
  payload: AppleLoginPayload;
}

/*
 * The return from Apple sign-in (spec section 4). `checking` compares the state in the URL with the
 * one stored (as a digest) when the rider left for Apple; only a match goes on to `processing`, which
 * sends the id_token to /users/login ("Processing apple sign in!"). The accepted sign-in is handed to
 * the session, which goes on exactly as after a password (two-factor when enrolled). A wrong state, a
 * missing token or a refused sign-in all end in `failed`: "Failed to login by Apple sign in." and
 * /login.
 */
export const appleSignInMachine = setup({
  types: {
    input: {} as AppleReturnInput,
    context: {} as AppleReturnContext,
  },
  actors: {
    /** Whether `state` is the one stored before leaving for Apple (the stored one is used up). */
    checkState: fromPromise<boolean, { state: string }>(unprovided("checkState")),
    appleLogin: fromPromise<SignInResult, AppleLoginPayload>(unprovided("appleLogin")),
  },
  actions: {
    /** Gives the accepted sign-in to the session machine. */
    handOver: (_, _result: SignInResult) => unprovided("handOver")(),
    notifyFailed: unprovided("notifyFailed"),
    goToLogin: unprovided("goToLogin"),
  },
  guards: {
    /** The state is the stored one and Apple sent a token. */
    canSignIn: ({ context }, stateMatches: boolean) =>
      stateMatches && given(context.payload.access_token) !== null,
  },
}).createMachine({
  id: "appleSignIn",
  context: ({ input }) => ({ state: input.state, payload: appleLoginPayload(input) }),
  initial: "checking",
  states: {
    checking: {
      tags: ["busy"],
      invoke: {
        id: "checkState",
        src: "checkState",
        input: ({ context }) => ({ state: context.state }),
        onDone: [
          {
            guard: { type: "canSignIn", params: ({ event }) => event.output },
            target: "processing",
          },
          { target: "failed" },
        ],
        onError: "failed",
      },
    },
    processing: {
      tags: ["busy"],
      invoke: {
        id: "appleLogin",
        src: "appleLogin",
        input: ({ context }) => context.payload,
        onDone: {
          target: "signedIn",
          actions: { type: "handOver", params: ({ event }) => event.output },
        },
        onError: "failed",
      },
    },
    signedIn: { type: "final" },
    failed: { type: "final", entry: ["notifyFailed", "goToLogin"] },
  },
});
