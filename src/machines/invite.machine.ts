import { assign, fromPromise, setup } from "xstate";
import type { InviteDetails } from "../domain/accounts.ts";
import { isTokenShaped } from "../domain/accounts.ts";
import { ErrorCode, errorCodeOf } from "../domain/envelope.ts";
import { formMachine } from "./form.machine.ts";
import { unprovided } from "./unprovided.ts";

export interface InviteInput {
  /** The token from the mailed link (/invite/{token}); null when the link had none. */
  token: string | null;
  language: string;
}

export interface InviteContext {
  token: string | null;
  language: string;
  invite: InviteDetails | null;
  error: number | null;
}

export type InviteEvent = { type: "invite.retry" };

/*
 * Accepting an invite (spec route /invite/{token?}). A link without a token (or a truncated, garbled one) is `invalid` at once
 * ("Invalid user information"); otherwise the invite is looked up (`loading`): an unknown, used or
 * expired one is `invalid` for good, an unreachable server can be retried (`failed`). `ready` shows
 * who is invited and runs the server-driven ACCEPT_INVITE form (names and a new password) with the
 * token as a hidden value; once accepted the account exists with its email confirmed.
 */
export const inviteMachine = setup({
  types: {
    input: {} as InviteInput,
    context: {} as InviteContext,
    events: {} as InviteEvent,
    children: {} as { loadInvite: "loadInvite"; acceptForm: "acceptForm" },
  },
  actors: {
    loadInvite: fromPromise<InviteDetails, { token: string }>(unprovided("loadInvite")),
    acceptForm: formMachine,
  },
  actions: {
    notifyAccepted: unprovided("notifyAccepted"),
    assignInvite: assign((_, invite: InviteDetails) => ({ invite, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    clearError: assign({ error: null }),
  },
  guards: {
    hasToken: ({ context }) => isTokenShaped(context.token),
    inviteRefused: (_, code: number) =>
      code === ErrorCode.inviteInvalid || code === ErrorCode.notFound || code === ErrorCode.validation,
  },
}).createMachine({
  id: "invite",
  context: ({ input }) => ({ token: input.token, language: input.language, invite: null, error: null }),
  initial: "checking",
  states: {
    checking: {
      always: [{ guard: "hasToken", target: "loading" }, { target: "invalid" }],
    },
    loading: {
      tags: ["busy"],
      invoke: {
        id: "loadInvite",
        src: "loadInvite",
        input: ({ context }) => ({ token: context.token ?? "" }),
        onDone: {
          target: "ready",
          actions: { type: "assignInvite", params: ({ event }) => event.output },
        },
        onError: [
          {
            guard: {
              type: "inviteRefused",
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
    failed: {
      on: { "invite.retry": { target: "loading", actions: "clearError" } },
    },
    ready: {
      invoke: {
        id: "acceptForm",
        src: "acceptForm",
        input: ({ context }) => ({
          method: "ACCEPT_INVITE",
          language: context.language,
          initial: {
            first_name: context.invite?.first_name ?? "",
            last_name: context.invite?.last_name ?? "",
          },
          hidden: { token: context.token ?? "" },
        }),
        onDone: { target: "accepted", actions: "notifyAccepted" },
      },
    },
    accepted: { type: "final" },
    invalid: {},
  },
});
