import { assign, emit, fromPromise, setup } from "xstate";
import { amountText, parseAmount } from "../domain/payments/amounts.ts";
import { failureOf, type MoneyFailure } from "../domain/payments/refusal.ts";
import type { SavedPaymentMethod } from "../domain/payments/saved.ts";
import type {
  Autoload,
  AutoloadRequest,
  AutoloadTrigger,
  LoadLimits,
  LoadTarget,
} from "../domain/transit/wallet.ts";
import { maxStoredValue } from "../domain/transit/wallet.ts";
import { eventError } from "./moneyMoves.ts";
import { unprovided } from "./unprovided.ts";

export interface AutoloadInput {
  /** What it loads: a fare card, or the rider's wallet (issue 47). */
  target: LoadTarget;
  autoload: Autoload | null;
  limits: LoadLimits;
}

/** The autoload form as typed. */
export interface AutoloadDraft {
  trigger: AutoloadTrigger;
  /** Major units as typed ("5.00"). */
  threshold: string;
  /** 0 Sunday ... 6 Saturday. */
  weekday: number;
  /** 1-28. */
  monthDay: number;
  amount: string;
  /** A saved method's id (never a purse). */
  method: string | null;
}

/**
 * A field's problem, worded by the view: `amount` "Amount is not valid." (with the bounds), `threshold`
 * "Amount is not valid.", `method` "Choose a payment method".
 */
export type AutoloadProblems = Partial<Record<"amount" | "threshold" | "method" | "day", "invalid">>;

export interface AutoloadContext {
  target: LoadTarget;
  autoload: Autoload | null;
  limits: LoadLimits;
  methods: SavedPaymentMethod[];
  draft: AutoloadDraft;
  problems: AutoloadProblems;
  /** The save the server refused (its words), or null. */
  failure: MoneyFailure | null;
  /** "Failed to remove autoload. Please try again later." */
  removeFailed: boolean;
}

export type AutoloadEvent =
  | { type: "autoload.edit" }
  | { type: "autoload.change"; values: Partial<AutoloadDraft> }
  | { type: "autoload.save" }
  | { type: "autoload.cancel" }
  | { type: "autoload.resume" }
  | { type: "autoload.remove" }
  | { type: "autoload.confirmRemove" };

export interface SaveAutoloadInput {
  target: LoadTarget;
  body: AutoloadRequest;
}

/** The draft an autoload starts from: the live one as it is, or a weekly-free threshold default. */
function draftOf(
  autoload: Autoload | null,
  limits: LoadLimits,
  methods: SavedPaymentMethod[],
): AutoloadDraft {
  const fallback = methods.find((method) => method.is_default) ?? methods[0] ?? null;
  if (!autoload)
    return {
      trigger: "threshold",
      threshold: amountText(500, limits.currency),
      weekday: 1,
      monthDay: 1,
      amount: amountText(Math.max(limits.min, Math.min(2000, limits.max)), limits.currency),
      method: fallback?.id ?? null,
    };
  const method = autoload.payment_method?.id ?? null;
  return {
    trigger: autoload.trigger,
    threshold: amountText(autoload.threshold ?? 500, autoload.currency),
    weekday: autoload.weekday ?? 1,
    monthDay: autoload.month_day ?? 1,
    amount: amountText(autoload.amount, autoload.currency),
    method:
      method !== null && methods.some((candidate) => candidate.id === method)
        ? method
        : (fallback?.id ?? null),
  };
}

function autoloadProblems(context: Pick<AutoloadContext, "draft" | "limits" | "methods">): AutoloadProblems {
  const { draft, limits } = context;
  const problems: AutoloadProblems = {};
  const amount = parseAmount(draft.amount, limits.currency);
  if (amount === null || amount < limits.min || amount > limits.max) problems.amount = "invalid";
  if (draft.trigger === "threshold") {
    const threshold = parseAmount(draft.threshold, limits.currency);
    if (threshold === null || threshold >= maxStoredValue) problems.threshold = "invalid";
  }
  if (
    draft.trigger === "weekly" &&
    !(Number.isInteger(draft.weekday) && draft.weekday >= 0 && draft.weekday <= 6)
  )
    problems.day = "invalid";
  if (
    draft.trigger === "monthly" &&
    !(Number.isInteger(draft.monthDay) && draft.monthDay >= 1 && draft.monthDay <= 28)
  )
    problems.day = "invalid";
  if (draft.method === null || !context.methods.some((method) => method.id === draft.method))
    problems.method = "invalid";
  return problems;
}

export function autoloadRequest(context: Pick<AutoloadContext, "draft" | "limits">): AutoloadRequest {
  const { draft, limits } = context;
  const common = {
    amount: parseAmount(draft.amount, limits.currency) ?? 0,
    payment_method: draft.method ?? "",
  };
  switch (draft.trigger) {
    case "threshold":
      return {
        ...common,
        trigger: "threshold",
        threshold: parseAmount(draft.threshold, limits.currency) ?? 0,
      };
    case "weekly":
      return { ...common, trigger: "weekly", weekday: draft.weekday };
    case "monthly":
      return { ...common, trigger: "monthly", month_day: draft.monthDay };
  }
}

/*
 * A fare card's autoload (spec section 3 "Autoload", 5): value loaded from a saved method (never a
 * purse) when the stored value falls to a threshold, every week on a weekday or every month on a day
 * 1-28. `methods` reads the saved methods; `idle` shows the autoload (or that there is none) and a paused
 * one with its reason; `editing` adds or changes it, `saving` puts it (creating or replacing; a paused
 * autoload saved again is active again, which is what "Resume" does without the form). Removing asks
 * first (`confirmingRemove`); a removal that fails stays in `idle` with "Failed to remove autoload.
 * Please try again later.".
 */
export const autoloadMachine = setup({
  types: {
    input: {} as AutoloadInput,
    context: {} as AutoloadContext,
    events: {} as AutoloadEvent,
    emitted: {} as { type: "changed" },
    children: {} as {
      loadMethods: "loadMethods";
      saveAutoload: "saveAutoload";
      removeAutoload: "removeAutoload";
    },
  },
  actors: {
    loadMethods: fromPromise<SavedPaymentMethod[]>(unprovided("loadMethods")),
    saveAutoload: fromPromise<Autoload, SaveAutoloadInput>(unprovided("saveAutoload")),
    removeAutoload: fromPromise<void, { target: LoadTarget }>(unprovided("removeAutoload")),
  },
  actions: {
    /** The autoload is saved or removed: the card is read again. */
    changed: emit({ type: "changed" as const }),
    /** The card screen reads the card again and says "Autoload saved". */
    saved: unprovided("saved"),
    /** The card screen reads the card again and says "Autoload removed". */
    removed: unprovided("removed"),
    assignMethods: assign((_, methods: SavedPaymentMethod[]) => ({
      methods: methods.filter((method) => !method.commuter_benefits),
    })),
    startDraft: assign(({ context }) => ({
      draft: draftOf(context.autoload, context.limits, context.methods),
      problems: {},
      failure: null,
      removeFailed: false,
    })),
    change: assign(({ context }, values: Partial<AutoloadDraft>) => {
      const draft = { ...context.draft, ...values };
      const found = autoloadProblems({ ...context, draft });
      const problems: AutoloadProblems = {};
      for (const key of Object.keys(context.problems) as Array<keyof AutoloadProblems>) {
        if (found[key]) problems[key] = found[key];
      }
      return { draft, problems, failure: null };
    }),
    check: assign(({ context }) => ({ problems: autoloadProblems(context) })),
    assignAutoload: assign((_, autoload: Autoload) => ({ autoload, failure: null, problems: {} })),
    assignFailure: assign((_, error: unknown) => ({ failure: failureOf(error) })),
    clearAutoload: assign({ autoload: null, removeFailed: false }),
    removeFailed: assign({ removeFailed: true }),
    forgetFailure: assign({ failure: null }),
    forget: assign({ failure: null, problems: {}, removeFailed: false }),
  },
  guards: {
    hasAutoload: ({ context }) => context.autoload !== null,
    paused: ({ context }) => context.autoload?.status === "paused",
    /** Only one of the rider's saved methods is offered. */
    knownMethod: ({ context }, values: Partial<AutoloadDraft>) =>
      values.method === undefined || context.methods.some((method) => method.id === values.method),
    valid: ({ context }) => Object.keys(autoloadProblems(context)).length === 0,
  },
}).createMachine({
  id: "autoload",
  context: ({ input }) => ({
    target: input.target,
    autoload: input.autoload,
    limits: input.limits,
    methods: [],
    draft: draftOf(input.autoload, input.limits, []),
    problems: {},
    failure: null,
    removeFailed: false,
  }),
  initial: "methods",
  states: {
    methods: {
      tags: ["busy"],
      invoke: {
        id: "loadMethods",
        src: "loadMethods",
        onDone: { target: "idle", actions: { type: "assignMethods", params: ({ event }) => event.output } },
        onError: { target: "idle" },
      },
    },
    idle: {
      on: {
        "autoload.edit": { target: "editing", actions: "startDraft" },
        "autoload.resume": { guard: "paused", target: "resuming", actions: "startDraft" },
        "autoload.remove": { guard: "hasAutoload", target: "confirmingRemove", actions: "forget" },
      },
    },
    /** "Resume" saves the paused autoload as it is; a method that is gone opens the form instead. */
    resuming: {
      always: [
        { guard: "valid", target: "saving" },
        { target: "editing", actions: "check" },
      ],
    },
    editing: {
      on: {
        "autoload.change": {
          guard: { type: "knownMethod", params: ({ event }) => event.values },
          actions: { type: "change", params: ({ event }) => event.values },
        },
        "autoload.save": [{ guard: "valid", target: "saving" }, { actions: "check" }],
        "autoload.cancel": { target: "idle", actions: "forget" },
      },
    },
    saving: {
      tags: ["busy"],
      entry: "forgetFailure",
      invoke: {
        id: "saveAutoload",
        src: "saveAutoload",
        input: ({ context }) => ({ target: context.target, body: autoloadRequest(context) }),
        onDone: {
          target: "idle",
          actions: [{ type: "assignAutoload", params: ({ event }) => event.output }, "saved", "changed"],
        },
        onError: { target: "editing", actions: { type: "assignFailure", params: eventError } },
      },
    },
    confirmingRemove: {
      on: {
        "autoload.confirmRemove": "removing",
        "autoload.cancel": "idle",
      },
    },
    removing: {
      tags: ["busy"],
      invoke: {
        id: "removeAutoload",
        src: "removeAutoload",
        input: ({ context }) => ({ target: context.target }),
        onDone: { target: "idle", actions: ["clearAutoload", "removed", "changed"] },
        onError: { target: "idle", actions: "removeFailed" },
      },
    },
  },
});
