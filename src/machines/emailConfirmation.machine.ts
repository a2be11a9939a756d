import { assign, fromPromise, setup } from "xstate";
import { isTokenShaped } from "../domain/accounts.ts";
import { ErrorCode, errorCodeOf } from "../domain/envelope.ts";
import { unprovided } from "./unprovided.ts";

export interface EmailConfirmationInput {
  /** The token from the emailed link (/confirm/{token}); null when the link had none. */
  token: string | null;
}

export interface EmailConfirmationContext {
  token: string | null;
  error: number | null;
}

export type EmailConfirmationEvent = { type: "confirmation.retry" };

/** Spec section 9: after confirming, the rider goes to sign-in after 5 seconds. */
const redirectAfterMs = 5000;

/*
 * Confirming an email from its link (spec section 4). A link without a token, or with a truncated or garbled one, is invalid at once.
 * `confirming` spends the single-use token; `confirmed` says so and goes to sign-in after 5 seconds;
 * an unknown, used or expired token is `invalid` for good, while a failure to reach the server
 * (`failed`) can be retried without a new email.
 */
export const emailConfirmationMachine = setup({
  types: {
    input: {} as EmailConfirmationInput,
    context: {} as EmailConfirmationContext,
    events: {} as EmailConfirmationEvent,
  },
  actors: {
    confirmEmail: fromPromise<void, { token: string }>(unprovided("confirmEmail")),
  },
  actions: {
    goToLogin: unprovided("goToLogin"),
    /** A signed-in rider's stored record learns that the email is now confirmed. */
    refreshSession: unprovided("refreshSession"),
    assignError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    clearError: assign({ error: null }),
  },
  guards: {
    hasToken: ({ context }) => isTokenShaped(context.token),
    tokenRefused: (_, code: number) => code === ErrorCode.tokenInvalid || code === ErrorCode.validation,
  },
  delays: { redirect: redirectAfterMs },
}).createMachine({
  id: "emailConfirmation",
  context: ({ input }) => ({ token: input.token, error: null }),
  initial: "checking",
  states: {
    checking: {
      always: [{ guard: "hasToken", target: "confirming" }, { target: "invalid" }],
    },
    confirming: {
      tags: ["busy"],
      invoke: {
        id: "confirmEmail",
        src: "confirmEmail",
        input: ({ context }) => ({ token: context.token ?? "" }),
        onDone: { target: "confirmed", actions: "refreshSession" },
        onError: [
          {
            guard: {
              type: "tokenRefused",
              params: ({ event }: { event: { error: unknown } }) => errorCodeOf(event.error),
            },
            target: "invalid",
            actions: {
              type: "assignError",
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
          },
          {
            target: "failed",
            actions: {
              type: "assignError",
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
          },
        ],
      },
    },
    confirmed: {
      after: { redirect: { target: "redirected", actions: "goToLogin" } },
    },
    failed: {
      on: { "confirmation.retry": { target: "confirming", actions: "clearError" } },
    },
    invalid: {},
    redirected: { type: "final" },
  },
});
