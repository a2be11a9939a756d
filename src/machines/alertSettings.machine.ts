import { assign, fromPromise, setup } from "xstate";
import {
  type AlertSettings,
  type AlertSettingsInput,
  defaultAlerts,
  lowBalanceLimits,
  passEndingLimits,
} from "../domain/alerts.ts";
import { errorCodeOf } from "../domain/envelope.ts";
import { amountText, parseAmount } from "../domain/payments/amounts.ts";
import { unprovided } from "./unprovided.ts";

export interface AlertSettingsInputs {
  /** The deployment's currency: the low-balance amount is typed in it. */
  currency: string;
}

/** The alerts a rider turns on and off. */
export type AlertToggle = "lowBalance" | "passEnding" | "renewalSoon" | "autoloadPaused";

/** A field whose text is not what it asks for. */
type AlertField = "below" | "days";

export interface AlertSettingsContext extends AlertSettingsInputs {
  /** What the server holds. */
  saved: AlertSettings | null;
  on: Record<AlertToggle, boolean>;
  /** The low-balance amount as typed ("5.00"). */
  below: string;
  /** How many days before a pass ends, as typed. */
  days: string;
  /** The fields refused when the rider saved (each only while its alert is on). */
  problems: AlertField[];
  error: number | null;
}

export type AlertSettingsEvent =
  | { type: "alerts.toggle"; alert: AlertToggle; enabled: boolean }
  | { type: "alerts.below"; text: string }
  | { type: "alerts.days"; text: string }
  | { type: "alerts.save" }
  | { type: "alerts.retry" };

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/** The amount typed, in minor units, when it is one within bounds. */
function belowOf(context: Pick<AlertSettingsContext, "below" | "currency">): number | null {
  const amount = parseAmount(context.below, context.currency);
  return amount !== null && amount >= lowBalanceLimits.min && amount <= lowBalanceLimits.max ? amount : null;
}

/** The days typed, when they are a whole number within bounds. */
function daysOf(context: Pick<AlertSettingsContext, "days">): number | null {
  if (!/^\s*\d{1,2}\s*$/.test(context.days)) return null;
  const days = Number(context.days);
  return days >= passEndingLimits.min && days <= passEndingLimits.max ? days : null;
}

/** The fields that stop a save: each only while its alert is on. */
function problemsOf(context: AlertSettingsContext): AlertField[] {
  return [
    ...(context.on.lowBalance && belowOf(context) === null ? (["below"] as const) : []),
    ...(context.on.passEnding && daysOf(context) === null ? (["days"] as const) : []),
  ];
}

/** What the form would save; a field of an alert turned off that holds no value keeps the saved one. */
export function alertsToSave(context: AlertSettingsContext): AlertSettingsInput {
  const saved = context.saved ?? defaultAlerts;
  return {
    low_balance: { enabled: context.on.lowBalance, below: belowOf(context) ?? saved.low_balance.below },
    pass_ending: { enabled: context.on.passEnding, days: daysOf(context) ?? saved.pass_ending.days },
    renewal_soon: { enabled: context.on.renewalSoon },
    autoload_paused: { enabled: context.on.autoloadPaused },
  };
}

/** The form as the server's settings fill it. */
const formOf = (saved: AlertSettings, currency: string) => ({
  saved,
  on: {
    lowBalance: saved.low_balance.enabled,
    passEnding: saved.pass_ending.enabled,
    renewalSoon: saved.renewal_soon.enabled,
    autoloadPaused: saved.autoload_paused.enabled,
  },
  below: amountText(saved.low_balance.below, currency),
  days: String(saved.pass_ending.days),
  problems: [],
  error: null,
});

/*
 * The rider's alerts (Account → Notifications, issue 35): loaded, changed in the form, and saved. An
 * amount that is not one (1.00 to 1,000.00) or days that are not 1 to 30 are refused before anything
 * is sent, each only while its alert is on; what was saved comes back and fills the form again.
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
    toggle: assign(({ context }, change: { alert: AlertToggle; enabled: boolean }) => ({
      on: { ...context.on, [change.alert]: change.enabled },
      problems: [],
    })),
    typeBelow: assign((_, text: string) => ({ below: text, problems: [] })),
    typeDays: assign((_, text: string) => ({ days: text, problems: [] })),
    refuse: assign(({ context }) => ({ problems: problemsOf(context) })),
    assignError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    clearError: assign({ error: null }),
    notifySaved: unprovided("notifySaved"),
  },
  guards: {
    hasProblems: ({ context }) => problemsOf(context).length > 0,
  },
}).createMachine({
  id: "alertSettings",
  context: ({ input }) => ({
    ...input,
    saved: null,
    on: { lowBalance: false, passEnding: false, renewalSoon: false, autoloadPaused: false },
    below: "",
    days: "",
    problems: [],
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
        "alerts.below": { actions: { type: "typeBelow", params: ({ event }) => event.text } },
        "alerts.days": { actions: { type: "typeDays", params: ({ event }) => event.text } },
        "alerts.save": [
          { guard: "hasProblems", actions: "refuse" },
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
