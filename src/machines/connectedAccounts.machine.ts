import { assign, fromPromise, setup } from "xstate";
import { ErrorCode, errorCodeOf } from "../domain/envelope.ts";
import {
  type ConnectedAccount,
  type ConnectedAccounts,
  type IdentityProvider,
  isIdentityProvider,
} from "../domain/identity.ts";
import type { LinkFailure } from "./socialReturn.machine.ts";
import { unprovided } from "./unprovided.ts";

/** What failed: the list, a connection (from the provider's return) or a disconnection. */
export interface ConnectedAccountsFailure {
  kind: "load" | "connect" | "disconnect";
  provider: IdentityProvider | null;
  /** The server's error code; null when there is no reply to word (a cancelled or forged return). */
  code: number | null;
}

export interface ConnectedAccountsInput {
  /** A connection that failed on the provider's return, to show once the list is read. */
  returned: LinkFailure | null;
}

export interface ConnectedAccountsContext {
  accounts: ConnectedAccount[];
  /** The providers this deployment offers, in the server's order. */
  providers: IdentityProvider[];
  passwordSet: boolean;
  /** The provider being disconnected or left for. */
  target: IdentityProvider | null;
  failure: ConnectedAccountsFailure | null;
}

export type ConnectedAccountsEvent =
  | { type: "accounts.retry" }
  | { type: "connect.start"; provider: IdentityProvider }
  | { type: "disconnect.ask"; provider: IdentityProvider }
  | { type: "disconnect.confirm" }
  | { type: "disconnect.cancel" };

const isConnected = (context: ConnectedAccountsContext, provider: IdentityProvider) =>
  context.accounts.some((account) => account.provider === provider);

/** Disconnecting it would leave the rider without a way to sign in (the server's 42225 too). */
export const isLastWayIn = (context: ConnectedAccountsContext, provider: IdentityProvider): boolean =>
  !context.passwordSet && context.accounts.length === 1 && context.accounts[0]?.provider === provider;

/*
 * /account/connected-accounts: the providers the deployment offers, each connected (as an email, since
 * a date) or not. `leaving` starts the trip to a provider to connect it (`left`: the browser goes there), and the
 * provider's return connects it (the socialReturn machine), coming back here with a notice or the
 * reason, which arrives as input and shows once the list is read. `confirming` asks before a
 * disconnection; one that would leave the rider no way to sign in (no password, no other identity) is
 * refused here with the server's own reason, before anything is asked or sent. `empty` is a deployment
 * that offers no provider.
 */
export const connectedAccountsMachine = setup({
  types: {
    input: {} as ConnectedAccountsInput,
    context: {} as ConnectedAccountsContext,
    events: {} as ConnectedAccountsEvent,
    children: {} as {
      loadAccounts: "loadAccounts";
      beginLink: "beginLink";
      disconnectAccount: "disconnectAccount";
    },
  },
  actors: {
    loadAccounts: fromPromise<ConnectedAccounts>(unprovided("loadAccounts")),
    /** Stores a link trip and sends the browser to the provider. */
    beginLink: fromPromise<void, { provider: IdentityProvider }>(unprovided("beginLink")),
    disconnectAccount: fromPromise<void, { provider: IdentityProvider }>(unprovided("disconnectAccount")),
  },
  actions: {
    assignAccounts: assign(({ context }, loaded: ConnectedAccounts) => ({
      accounts: loaded.accounts,
      providers: loaded.providers,
      passwordSet: loaded.password_set,
      failure: context.failure?.kind === "load" ? null : context.failure,
    })),
    assignTarget: assign((_, provider: IdentityProvider) => ({ target: provider, failure: null })),
    clearTarget: assign({ target: null }),
    dropTarget: assign(({ context }) => ({
      accounts: context.accounts.filter((account) => account.provider !== context.target),
      target: null,
      failure: null,
    })),
    assignFailure: assign((_, failure: ConnectedAccountsFailure) => ({ failure })),
    notifyDisconnected: (_, _provider: IdentityProvider) => unprovided("notifyDisconnected")(),
  },
  guards: {
    hasNoProviders: ({ context }) => context.providers.length === 0,
    canConnect: ({ context }, provider: IdentityProvider) =>
      context.providers.includes(provider) && !isConnected(context, provider),
    isLastWayIn: ({ context }, provider: IdentityProvider) => isLastWayIn(context, provider),
    isConnected: ({ context }, provider: IdentityProvider) => isConnected(context, provider),
  },
}).createMachine({
  id: "connectedAccounts",
  context: ({ input }) => ({
    accounts: [],
    providers: [],
    passwordSet: true,
    target: null,
    failure: input.returned ? { kind: "connect", ...input.returned } : null,
  }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "loadAccounts",
        src: "loadAccounts",
        onDone: { target: "shown", actions: { type: "assignAccounts", params: ({ event }) => event.output } },
        onError: {
          target: "failed",
          actions: {
            type: "assignFailure",
            params: ({ event }) => ({ kind: "load", provider: null, code: errorCodeOf(event.error) }),
          },
        },
      },
    },
    shown: {
      always: { guard: "hasNoProviders", target: "empty" },
      initial: "listing",
      states: {
        listing: {
          on: {
            "connect.start": {
              guard: { type: "canConnect", params: ({ event }) => event.provider },
              target: "leaving",
              actions: { type: "assignTarget", params: ({ event }) => event.provider },
            },
            "disconnect.ask": [
              {
                guard: { type: "isLastWayIn", params: ({ event }) => event.provider },
                actions: {
                  type: "assignFailure",
                  params: ({ event }) => ({
                    kind: "disconnect",
                    provider: event.provider,
                    code: ErrorCode.lastSignInMethod,
                  }),
                },
              },
              {
                guard: { type: "isConnected", params: ({ event }) => event.provider },
                target: "confirming",
                actions: { type: "assignTarget", params: ({ event }) => event.provider },
              },
            ],
          },
        },
        leaving: {
          tags: ["busy"],
          invoke: {
            id: "beginLink",
            src: "beginLink",
            input: ({ context }) => ({ provider: context.target ?? "google" }),
            onDone: "left",
            onError: {
              target: "listing",
              actions: [
                {
                  type: "assignFailure",
                  params: ({ context }) => ({ kind: "connect", provider: context.target, code: null }),
                },
                "clearTarget",
              ],
            },
          },
        },
        /** The browser is on its way to the provider: nothing more to do here. */
        left: { tags: ["busy"] },
        confirming: {
          on: {
            "disconnect.confirm": { target: "disconnecting" },
            "disconnect.cancel": { target: "listing", actions: "clearTarget" },
          },
        },
        disconnecting: {
          tags: ["busy"],
          invoke: {
            id: "disconnectAccount",
            src: "disconnectAccount",
            input: ({ context }) => ({ provider: context.target ?? "google" }),
            onDone: {
              target: "listing",
              actions: [
                { type: "notifyDisconnected", params: ({ context }) => context.target ?? "google" },
                "dropTarget",
              ],
            },
            onError: {
              target: "listing",
              actions: [
                {
                  type: "assignFailure",
                  params: ({ context, event }) => ({
                    kind: "disconnect",
                    provider: context.target,
                    code: errorCodeOf(event.error),
                  }),
                },
                "clearTarget",
              ],
            },
          },
        },
      },
    },
    empty: {},
    failed: {
      on: { "accounts.retry": { target: "loading" } },
    },
  },
});

/** The rider's identity of a provider, if connected. */
export const accountOf = (
  snapshot: { context: ConnectedAccountsContext },
  provider: IdentityProvider,
): ConnectedAccount | null =>
  snapshot.context.accounts.find((account) => account.provider === provider) ?? null;

/** The failed connection a provider's return left in history state, if that is what it holds. */
export function linkFailureOf(state: unknown): LinkFailure | null {
  if (typeof state !== "object" || state === null || !("linkFailure" in state)) return null;
  const failure: unknown = state.linkFailure;
  if (typeof failure !== "object" || failure === null) return null;
  const provider = "provider" in failure ? failure.provider : null;
  const code = "code" in failure ? failure.code : null;
  if (typeof provider !== "string" || !isIdentityProvider(provider)) return null;
  return { provider, code: typeof code === "number" ? code : null };
}
