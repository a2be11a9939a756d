import { fromPromise, setup } from "xstate";
import {
  type AppleLoginPayload,
  type AppleReturnInput,
  appleLoginPayload,
  given,
} from "../domain/accounts.ts";
import type { SignInResult } from "../domain/session.ts";
import { unprovided } from "./unprovided.ts";

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
