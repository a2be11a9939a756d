import { assign, fromPromise, setup } from "xstate";
import type { DeactivationInfo } from "../domain/accounts.ts";
import { errorCodeOf } from "../domain/envelope.ts";
import { formMachine } from "./form.machine.ts";
import { unprovided } from "./unprovided.ts";

export type BalanceChoice = "transfer" | "forfeit";

export interface DeactivationInput {
  language: string;
}

export interface DeactivationContext {
  language: string;
  info: DeactivationInfo | null;
  choice: BalanceChoice | null;
  paymentMethod: string | null;
  /** Why "Continue" did not go on: no option chosen, or a transfer without a card. */
  problem: "chooseOption" | "selectCard" | null;
  error: number | null;
}

export type DeactivationEvent =
  | { type: "deactivation.start" }
  | { type: "deactivation.cancel" }
  | { type: "deactivation.retry" }
  | { type: "deactivation.choose"; choice: BalanceChoice }
  | { type: "deactivation.selectCard"; uuid: string }
  | { type: "deactivation.continue" }
  | { type: "deactivation.back" };

/*
 * Deactivating the account (spec section 4), where the deployment allows it. `loading` asks what
 * would be left behind; with a balance the rider `choosing`s between transferring it to a saved
 * payment method and forfeiting it for good ("Please select card to continue" until a card is chosen
 * for a transfer; where no method can receive it, forfeiting is the only choice). `confirming` runs a password form whose hidden values carry the choice; a refused
 * deactivation (wrong password, failed transfer) stays there with the error. Once `deactivated` the
 * session ends on this device and every other one.
 */
export const deactivationMachine = setup({
  types: {
    input: {} as DeactivationInput,
    context: {} as DeactivationContext,
    events: {} as DeactivationEvent,
    children: {} as { loadInfo: "loadInfo"; confirmForm: "confirmForm" },
  },
  actors: {
    loadInfo: fromPromise<DeactivationInfo>(unprovided("loadInfo")),
    confirmForm: formMachine,
  },
  actions: {
    /** Ends the session here: cleared, and the rider goes to sign-in. */
    signOut: unprovided("signOut"),
    assignInfo: assign((_, info: DeactivationInfo) => ({ info, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    // Picking the option already chosen changes nothing (a radio does not report it either).
    choose: assign(({ context }, choice: BalanceChoice) =>
      context.choice === choice
        ? {}
        : { choice, problem: null, ...(choice === "forfeit" ? { paymentMethod: null } : {}) },
    ),
    selectCard: assign((_, uuid: string) => ({
      choice: "transfer" as const,
      paymentMethod: uuid,
      problem: null,
    })),
    askToChoose: assign({ problem: "chooseOption" as const }),
    askForCard: assign({ problem: "selectCard" as const }),
    reset: assign({ info: null, choice: null, paymentMethod: null, problem: null, error: null }),
  },
  guards: {
    hasBalance: (_, info: DeactivationInfo) => info.balance > 0,
    keepsBalance: ({ context }) => (context.info?.balance ?? 0) > 0,
    nothingChosen: ({ context }) => context.choice === null,
    transferWithoutCard: ({ context }) => context.choice === "transfer" && context.paymentMethod === null,
    /**
     * Forfeiting can always be chosen; a transfer only where a payment method can receive the balance
     * (the server offers none where its gateway cannot pay out: then the balance can only be forfeited).
     */
    offered: ({ context }, choice: BalanceChoice) =>
      choice === "forfeit" || (context.info?.payment_methods.length ?? 0) > 0,
    knownCard: ({ context }, uuid: string) =>
      context.info?.payment_methods.some((method) => method.uuid === uuid) ?? false,
  },
}).createMachine({
  id: "deactivation",
  context: ({ input }) => ({
    language: input.language,
    info: null,
    choice: null,
    paymentMethod: null,
    problem: null,
    error: null,
  }),
  initial: "idle",
  states: {
    idle: {
      on: { "deactivation.start": "loading" },
    },
    loading: {
      tags: ["busy"],
      invoke: {
        id: "loadInfo",
        src: "loadInfo",
        onDone: [
          {
            guard: { type: "hasBalance", params: ({ event }) => event.output },
            target: "choosing",
            actions: { type: "assignInfo", params: ({ event }) => event.output },
          },
          { target: "confirming", actions: { type: "assignInfo", params: ({ event }) => event.output } },
        ],
        onError: {
          target: "failed",
          actions: { type: "assignError", params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    failed: {
      on: {
        "deactivation.retry": "loading",
        "deactivation.cancel": { target: "idle", actions: "reset" },
      },
    },
    choosing: {
      on: {
        "deactivation.choose": {
          guard: { type: "offered", params: ({ event }) => event.choice },
          actions: { type: "choose", params: ({ event }) => event.choice },
        },
        "deactivation.selectCard": {
          guard: { type: "knownCard", params: ({ event }) => event.uuid },
          actions: { type: "selectCard", params: ({ event }) => event.uuid },
        },
        "deactivation.continue": [
          { guard: "nothingChosen", actions: "askToChoose" },
          { guard: "transferWithoutCard", actions: "askForCard" },
          { target: "confirming" },
        ],
        "deactivation.cancel": { target: "idle", actions: "reset" },
      },
    },
    confirming: {
      invoke: {
        id: "confirmForm",
        src: "confirmForm",
        input: ({ context }) => ({
          method: "DELETE_ACCOUNT",
          language: context.language,
          hidden: {
            balance_action: context.choice ?? "forfeit",
            ...(context.choice === "transfer" && context.paymentMethod
              ? { payment_method_uuid: context.paymentMethod }
              : {}),
          },
        }),
        onDone: { target: "deactivated", actions: "signOut" },
      },
      on: {
        "deactivation.back": [
          { guard: "keepsBalance", target: "choosing" },
          { target: "idle", actions: "reset" },
        ],
        "deactivation.cancel": { target: "idle", actions: "reset" },
      },
    },
    deactivated: { type: "final" },
  },
});
