import { assign, emit, fromPromise, setup } from "xstate";
import { errorCodeOf } from "../domain/envelope.ts";
import type { FareMedium } from "../domain/fare-media.ts";
import type { SavedPaymentMethod } from "../domain/payments/saved.ts";
import type { AutoRenew, EnableAutoRenewRequest } from "../domain/transit/cards.ts";
import { unprovided } from "./unprovided.ts";

export interface AutoRenewInput {
  card: FareMedium;
  /** Ids of the card's passes that may be renewed automatically (PassSummary.auto_renewable). */
  renewable: string[];
  /** Ids of the card's active auto-renewals. */
  renewals: string[];
}

export type RenewMode = "auto" | "once";

export interface AutoRenewFailure {
  kind: "methods" | "enable" | "remove";
  code: number;
}

export interface AutoRenewContext extends AutoRenewInput {
  /** The pass the dialog is about. */
  pass: string | null;
  /** The auto-renewal the remove question is about. */
  renewal: string | null;
  methods: SavedPaymentMethod[];
  mode: RenewMode;
  method: string | null;
  /** "Choose a payment method" shown on the method field. */
  methodMissing: boolean;
  failure: AutoRenewFailure | null;
}

export type AutoRenewEvent =
  | { type: "renew.open"; pass: string }
  | { type: "renew.mode"; mode: RenewMode }
  | { type: "renew.method"; id: string }
  | { type: "renew.submit" }
  | { type: "renew.cancel" }
  | { type: "methods.retry" }
  | { type: "stop.ask"; id: string }
  | { type: "stop.confirm" }
  | { type: "stop.cancel" };

export type AutoRenewEmitted = { type: "changed" };

const failureOf = (kind: AutoRenewFailure["kind"], error: unknown): AutoRenewFailure => ({
  kind,
  code: errorCodeOf(error),
});

/*
 * "Renew automatically" on a card's pass (spec sections 4 "Auto renew", 5): the rider chooses between
 * renewing automatically, charged to one of their saved payment methods (loaded when the dialog opens:
 * never a purse nor the wallet), and buying the pass once more (`buyOnce`: the card becomes the one
 * digital products are bought for and the products open). An auto-renewal can be removed after a
 * confirmation. Any change emits `changed` so the card's page reads the card again.
 */
export const autoRenewMachine = setup({
  types: {
    input: {} as AutoRenewInput,
    context: {} as AutoRenewContext,
    events: {} as AutoRenewEvent,
    emitted: {} as AutoRenewEmitted,
    children: {} as { loadMethods: "loadMethods"; enable: "enable"; stop: "stop" },
  },
  actors: {
    loadMethods: fromPromise<SavedPaymentMethod[]>(unprovided("loadMethods")),
    enable: fromPromise<AutoRenew, { id: string; request: EnableAutoRenewRequest }>(unprovided("enable")),
    stop: fromPromise<void, { id: string; autoRenewId: string }>(unprovided("stop")),
  },
  actions: {
    notify: (_, _code: "autoRenewOn" | "autoRenewOff") => unprovided("notify")(),
    /** Buys the pass once more: the card chosen for digital products, the products opened. */
    buyOnce: (_, _card: FareMedium) => unprovided("buyOnce")(),
    changed: emit({ type: "changed" as const }),
    open: assign((_, pass: string) => ({
      pass,
      mode: "auto" as RenewMode,
      method: null,
      methodMissing: false,
      failure: null,
    })),
    assignMethods: assign((_, methods: SavedPaymentMethod[]) => ({
      methods,
      method: methods.find((method) => method.is_default)?.id ?? null,
    })),
    assignMode: assign((_, mode: RenewMode) => ({ mode, methodMissing: false })),
    assignMethod: assign((_, id: string) => ({ method: id, methodMissing: false })),
    markMethodMissing: assign({ methodMissing: true }),
    assignFailure: assign((_, failure: AutoRenewFailure) => ({ failure })),
    clearFailure: assign({ failure: null }),
    close: assign({ pass: null, renewal: null, method: null, methodMissing: false }),
    aimAt: assign((_, id: string) => ({ renewal: id, failure: null })),
  },
  guards: {
    isRenewable: ({ context }, pass: string) => context.renewable.includes(pass),
    isRenewal: ({ context }, id: string) => context.renewals.includes(id),
    isOwnMethod: ({ context }, id: string) => context.methods.some((method) => method.id === id),
    buysOnce: ({ context }) => context.mode === "once",
    /** The methods could not be loaded, and they are what the rider is choosing among. */
    methodsFailed: ({ context }) => context.mode === "auto" && context.failure?.kind === "methods",
    methodChosen: ({ context }) => context.method !== null,
  },
}).createMachine({
  id: "autoRenew",
  context: ({ input }) => ({
    ...input,
    pass: null,
    renewal: null,
    methods: [],
    mode: "auto",
    method: null,
    methodMissing: false,
    failure: null,
  }),
  initial: "idle",
  states: {
    idle: {
      on: {
        "renew.open": {
          guard: { type: "isRenewable", params: ({ event }) => event.pass },
          target: "loadingMethods",
          actions: { type: "open", params: ({ event }) => event.pass },
        },
        "stop.ask": {
          guard: { type: "isRenewal", params: ({ event }) => event.id },
          target: "confirmingStop",
          actions: { type: "aimAt", params: ({ event }) => event.id },
        },
      },
    },
    loadingMethods: {
      tags: ["busy"],
      invoke: {
        id: "loadMethods",
        src: "loadMethods",
        onDone: {
          target: "choosing",
          actions: { type: "assignMethods", params: ({ event }) => event.output },
        },
        onError: {
          target: "choosing",
          actions: { type: "assignFailure", params: ({ event }) => failureOf("methods", event.error) },
        },
      },
      on: { "renew.cancel": { target: "idle", actions: ["close", "clearFailure"] } },
    },
    choosing: {
      on: {
        "renew.mode": { actions: { type: "assignMode", params: ({ event }) => event.mode } },
        "renew.method": {
          guard: { type: "isOwnMethod", params: ({ event }) => event.id },
          actions: { type: "assignMethod", params: ({ event }) => event.id },
        },
        "methods.retry": { guard: "methodsFailed", target: "loadingMethods", actions: "clearFailure" },
        "renew.submit": [
          {
            guard: "buysOnce",
            target: "idle",
            actions: [{ type: "buyOnce", params: ({ context }) => context.card }, "close"],
          },
          { guard: "methodChosen", target: "enabling", actions: "clearFailure" },
          { actions: ["markMethodMissing", "clearFailure"] },
        ],
        "renew.cancel": { target: "idle", actions: ["close", "clearFailure"] },
      },
    },
    enabling: {
      tags: ["busy"],
      invoke: {
        id: "enable",
        src: "enable",
        input: ({ context }) => ({
          id: context.card.faremedia_id,
          request: { pass: context.pass ?? "", payment_method: context.method ?? "" },
        }),
        onDone: {
          target: "done",
          actions: ["close", { type: "notify", params: "autoRenewOn" }, "changed"],
        },
        onError: {
          target: "choosing",
          actions: { type: "assignFailure", params: ({ event }) => failureOf("enable", event.error) },
        },
      },
    },
    confirmingStop: {
      on: {
        "stop.confirm": { target: "stopping", actions: "clearFailure" },
        "stop.cancel": { target: "idle", actions: ["close", "clearFailure"] },
      },
    },
    stopping: {
      tags: ["busy"],
      invoke: {
        id: "stop",
        src: "stop",
        input: ({ context }) => ({ id: context.card.faremedia_id, autoRenewId: context.renewal ?? "" }),
        onDone: {
          target: "done",
          actions: ["close", { type: "notify", params: "autoRenewOff" }, "changed"],
        },
        onError: {
          target: "confirmingStop",
          actions: { type: "assignFailure", params: ({ event }) => failureOf("remove", event.error) },
        },
      },
    },
    /** Waiting for the card's page to read the card again (and start a new machine for it). */
    done: { tags: ["busy"] },
  },
});
