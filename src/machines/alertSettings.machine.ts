import { assign, fromPromise, setup } from "xstate";
import {
  type AlertSettings,
  type AlertSettingsInput,
  defaultAlerts,
  lowBalanceLimits,
} from "../domain/alerts.ts";
import { errorCodeOf } from "../domain/envelope.ts";
import { amountText, parseAmount } from "../domain/payments/amounts.ts";
import { unprovided } from "./unprovided.ts";

export interface AlertSettingsInputs {
  /** The deployment's currency: the low-balance amount is typed in it. */
  currency: string;
}

export interface AlertSettingsContext extends AlertSettingsInputs {
  /** What the server holds. */
  saved: AlertSettings | null;
  lowBalance: boolean;
  /** The low-balance amount as typed ("5.00"). */
  below: string;
  autoloadPaused: boolean;
  /** The amount typed is not one, or out of bounds (shown once the rider saves). */
  problem: "belowInvalid" | null;
  error: number | null;
}

export type AlertSettingsEvent =
  | { type: "alerts.toggle"; alert: "lowBalance" | "autoloadPaused"; enabled: boolean }
  | { type: "alerts.below"; text: string }
  | { type: "alerts.save" }
  | { type: "alerts.retry" };

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/** The amount typed, in minor units, when it is one within bounds. */
function belowOf(context: Pick<AlertSettingsContext, "below" | "currency">): number | null {
  const amount = parseAmount(context.below, context.currency);
  return amount !== null && amount >= lowBalanceLimits.min && amount <= lowBalanceLimits.max ? amount : null;
}

/** What the form would save. */
export function alertsToSave(context: AlertSettingsContext): AlertSettingsInput {
  return {
    // Off, an amount that is not one keeps the one saved.
    low_balance: {
      enabled: context.lowBalance,
      below: belowOf(context) ?? context.saved?.low_balance.below ?? defaultAlerts.low_balance.below,
    },
    autoload_paused: { enabled: context.autoloadPaused },
  };
}

/** The form as the server's settings fill it. */
const formOf = (saved: AlertSettings, currency: string) => ({
  saved,
  lowBalance: saved.low_balance.enabled,
  below: amountText(saved.low_balance.below, currency),
  autoloadPaused: saved.autoload_paused.enabled,
  problem: null,
  error: null,
});

/*
 * The rider's alerts (Account → Notifications, issue 35): loaded, changed in the form, and saved. An
 * amount that is not one (or out of 1.00 to 1,000.00) is refused before anything is sent, and only when
 * the low-balance alert is on; what was saved comes back from the server and fills the form again.
 */
export const alertSettingsMachine = setup({
  types: {
    context: {} as AlertSettingsContext,
    events: {} as AlertSettingsEvent,
    input: {} as AlertSettingsInputs,
    children: {} as { loadAlerts: "loadAlerts"; saveAlerts: "saveAlerts" },
  },
  actors: {
    loadAlerts: fromPromise<AlertSettings>(unprovided("loadAlerts")),
    saveAlerts: fromPromise<AlertSettings, AlertSettingsInput>(unprovided("saveAlerts")),
  },
  actions: {
    fill: assign(({ context }, saved: AlertSettings) => formOf(saved, context.currency)),
    toggle: assign((_, change: { alert: "lowBalance" | "autoloadPaused"; enabled: boolean }) =>
      change.alert === "lowBalance"
        ? { lowBalance: change.enabled, problem: null }
        : { autoloadPaused: change.enabled },
    ),
    type: assign((_, text: string) => ({ below: text, problem: null })),
    refuseBelow: assign({ problem: "belowInvalid" as const }),
    assignError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    clearError: assign({ error: null }),
    notifySaved: unprovided("notifySaved"),
  },
  guards: {
    isBelowRefused: ({ context }) => context.lowBalance && belowOf(context) === null,
  },
}).createMachine({
  id: "alertSettings",
  context: ({ input }) => ({
    ...input,
    saved: null,
    lowBalance: false,
    below: "",
    autoloadPaused: false,
    problem: null,
    error: null,
  }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "loadAlerts",
        src: "loadAlerts",
        onDone: { target: "editing", actions: { type: "fill", params: ({ event }) => event.output } },
        onError: { target: "loadFailed", actions: { type: "assignError", params: errorOf } },
      },
    },
    loadFailed: {
      on: { "alerts.retry": { target: "loading", actions: "clearError" } },
    },
    editing: {
      on: {
        "alerts.toggle": {
          actions: {
            type: "toggle",
            params: ({ event }) => ({ alert: event.alert, enabled: event.enabled }),
          },
        },
        "alerts.below": { actions: { type: "type", params: ({ event }) => event.text } },
        "alerts.save": [
          { guard: "isBelowRefused", actions: "refuseBelow" },
          { target: "saving", actions: "clearError" },
        ],
      },
    },
    saving: {
      tags: ["busy"],
      invoke: {
        id: "saveAlerts",
        src: "saveAlerts",
        input: ({ context }) => alertsToSave(context),
        onDone: {
          target: "editing",
          actions: [{ type: "fill", params: ({ event }) => event.output }, "notifySaved"],
        },
        onError: { target: "editing", actions: { type: "assignError", params: errorOf } },
      },
    },
  },
});
