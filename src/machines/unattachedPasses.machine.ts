import { assign, fromPromise, setup } from "xstate";
import { errorCodeOf } from "../domain/envelope.ts";
import { canBuyFor, type FareMedium } from "../domain/fare-media.ts";
import type { PassSummary } from "../domain/transit/passes.ts";
import { unprovided } from "./unprovided.ts";

/** What the screen needs: the rider's unattached passes and their fare cards. */
export interface UnattachedData {
  passes: PassSummary[];
  cards: FareMedium[];
}

export interface UnattachedPassesContext {
  passes: PassSummary[];
  /** The rider's ACTIVE cards of a type that carries passes: the only ones a pass can go on. */
  cards: FareMedium[];
  /** The pass being attached, and the card chosen for it. */
  target: string | null;
  card: string | null;
  /** A list that could not be read (load), or an attach the server refused (42218 not eligible…). */
  failure: { kind: "load" | "attach"; code: number } | null;
}

export type UnattachedPassesEvent =
  | { type: "passes.retry" }
  | { type: "attach.open"; id: string }
  | { type: "card.choose"; id: string }
  | { type: "attach.confirm" }
  | { type: "attach.cancel" };

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/*
 * /account/unattachedpasses: the rider's passes on no fare card, each attachable to one of their
 * active cards. `choosing` is the dialog (which card); the server decides eligibility by rider type
 * and answers passNotEligible ("The selected passes are not eligible for this fare media."), which
 * keeps the dialog open with the message so another card can be chosen. An attached pass leaves the
 * list with a success toast; the last one leaves the empty state.
 */
export const unattachedPassesMachine = setup({
  types: {
    context: {} as UnattachedPassesContext,
    events: {} as UnattachedPassesEvent,
    children: {} as { loadUnattached: "loadUnattached"; attachPass: "attachPass" },
  },
  actors: {
    loadUnattached: fromPromise<UnattachedData>(unprovided("loadUnattached")),
    attachPass: fromPromise<unknown, { id: string; card: string }>(unprovided("attachPass")),
  },
  actions: {
    assignData: assign((_, data: UnattachedData) => ({
      passes: data.passes,
      // Active cards that carry passes (a paper ticket does not).
      cards: data.cards.filter(canBuyFor),
      failure: null,
    })),
    openAttach: assign(({ context }, id: string) => ({
      target: id,
      // One card: already chosen.
      card: context.cards.length === 1 ? (context.cards[0]?.faremedia_id ?? null) : null,
      failure: null,
    })),
    chooseCard: assign((_, id: string) => ({ card: id, failure: null })),
    dropAttached: assign(({ context }) => ({
      passes: context.passes.filter((pass) => pass.id !== context.target),
      target: null,
      card: null,
      failure: null,
    })),
    clearTarget: assign({ target: null, card: null, failure: null }),
    assignFailure: assign((_, failure: { kind: "load" | "attach"; code: number }) => ({ failure })),
    notifyAttached: unprovided("notifyAttached"),
  },
  guards: {
    hasNoPasses: ({ context }) => context.passes.length === 0,
    isListedPass: ({ context }, id: string) => context.passes.some((pass) => pass.id === id),
    isActiveCard: ({ context }, id: string) => context.cards.some((card) => card.faremedia_id === id),
    hasCard: ({ context }) => context.card !== null,
  },
}).createMachine({
  id: "unattachedPasses",
  context: { passes: [], cards: [], target: null, card: null, failure: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "loadUnattached",
        src: "loadUnattached",
        onDone: { target: "shown", actions: { type: "assignData", params: ({ event }) => event.output } },
        onError: {
          target: "failed",
          actions: {
            type: "assignFailure",
            params: (args) => ({ kind: "load", code: errorCodeOf(errorOf(args)) }),
          },
        },
      },
    },
    shown: {
      always: { guard: "hasNoPasses", target: "empty" },
      initial: "listing",
      states: {
        listing: {
          on: {
            "attach.open": {
              guard: { type: "isListedPass", params: ({ event }) => event.id },
              target: "choosing",
              actions: { type: "openAttach", params: ({ event }) => event.id },
            },
          },
        },
        choosing: {
          on: {
            "card.choose": {
              guard: { type: "isActiveCard", params: ({ event }) => event.id },
              actions: { type: "chooseCard", params: ({ event }) => event.id },
            },
            "attach.confirm": { guard: "hasCard", target: "attaching" },
            "attach.cancel": { target: "listing", actions: "clearTarget" },
          },
        },
        attaching: {
          tags: ["busy"],
          invoke: {
            id: "attachPass",
            src: "attachPass",
            input: ({ context }) => ({ id: context.target ?? "", card: context.card ?? "" }),
            onDone: {
              target: "#unattachedPasses.shown",
              reenter: true,
              actions: ["dropAttached", "notifyAttached"],
            },
            onError: {
              target: "choosing",
              actions: {
                type: "assignFailure",
                params: (args) => ({ kind: "attach", code: errorCodeOf(errorOf(args)) }),
              },
            },
          },
        },
      },
    },
    empty: {},
    failed: {
      on: { "passes.retry": { target: "loading" } },
    },
  },
});

/** The pass the dialog is about. */
export const selectTargetPass = (snapshot: { context: UnattachedPassesContext }): PassSummary | null =>
  snapshot.context.passes.find((pass) => pass.id === snapshot.context.target) ?? null;
