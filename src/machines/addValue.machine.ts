import { assign, emit, fromPromise, setup } from "xstate";
import type { PaymentChoice } from "../domain/checkout/draft.ts";
import type { PaymentLegRequest, PlacedOrder } from "../domain/checkout/order.ts";
import { ErrorCode } from "../domain/envelope.ts";
import { type Leg, parseAmount, splitLegs } from "../domain/payments/amounts.ts";
import { emailProblem } from "../domain/payments/names.ts";
import { failureOf, type MoneyFailure } from "../domain/payments/refusal.ts";
import type { SavedPaymentMethod } from "../domain/payments/saved.ts";
import type { GuestLoadRequest } from "../domain/transit/guest-card.ts";
import type { LoadLimits, LoadRequest, LoadTarget } from "../domain/transit/wallet.ts";
import { type CardEntryOutput, type CardToken, cardEntryMachine } from "./cardEntry.machine.ts";
import { eventError, hasCode, isDeclined, isInterrupted } from "./moneyMoves.ts";
import { unprovided } from "./unprovided.ts";

/** Where the value goes: one of the rider's cards, the guest's card (its token), or the rider's wallet. */

/** Only saved methods and one-time cards pay for a load (never a purse). */
export type LoadChoice = Extract<PaymentChoice, { kind: "saved" } | { kind: "card" }>;

/** A one-time card may pay the first leg, or the second of a split. */
const cardLegAllowed = (context: AddValueContext, leg: Leg) => leg === 0 || context.split;

export interface AddValueInput {
  target: LoadTarget;
  /** A guest on /manage-card: a one-time card only, and a receipt email. */
  guest: boolean;
  limits: LoadLimits;
  /** The deployment's enableSplitPayments.loadValue (never for guests). */
  splitAllowed: boolean;
  /** What the card or wallet holds now (minor units). */
  balance: number;
  /** Date.now() when the flow began: a one-time card's expiry is checked against it. */
  now: number;
}

/**
 * Why the rider cannot go on, worded by the view: `amountMissing` "Please enter a valid amount",
 * `amountInvalid` "Amount is not valid.", `amountRefused` "Invalid amount. Try again." (the server refused
 * an amount the portal took: its bounds changed meanwhile), `selectPayment`, `sameMethod`, `splitInvalid` (the first
 * leg's amount), `email` (a guest's receipt address).
 */
export type LoadProblem =
  | "amountMissing"
  | "amountInvalid"
  | "amountRefused"
  | "selectPayment"
  | "sameMethod"
  | "splitInvalid"
  | "email";

export interface LoadResult {
  order: PlacedOrder;
  /** The card's general funds or the wallet's balance after the load (pending until settled). */
  balance: number;
}

export interface AddValueContext {
  target: LoadTarget;
  guest: boolean;
  limits: LoadLimits;
  splitAllowed: boolean;
  balance: number;
  now: number;
  methods: SavedPaymentMethod[];
  /** The amount: a preset's minor units, or "Other amount" as typed. */
  preset: number | null;
  other: string;
  split: boolean;
  legs: [LoadChoice | null, LoadChoice | null];
  /** The first leg's amount as typed (major units); the second leg is the rest. */
  firstAmount: string;
  email: string;
  /** The leg the one-time card form (`card`, its cardEntry child) is open for. */
  cardLeg: Leg;
  problem: LoadProblem | null;
  /** A refused load or card: its code, words and the leg a decline names. */
  failure: MoneyFailure | null;
  /** The Idempotency-Key of this load: made on review, kept across a retry, forgotten on any change. */
  key: string | null;
  result: LoadResult | null;
}

export type AddValueEvent =
  | { type: "amount.preset"; amount: number }
  | { type: "amount.other"; value: string }
  | { type: "amount.next" }
  | { type: "payment.split"; on: boolean }
  | { type: "payment.choose"; leg: Leg; choice: LoadChoice }
  | { type: "payment.firstAmount"; value: string }
  | { type: "payment.newCard"; leg: Leg }
  | { type: "payment.back" }
  | { type: "payment.next" }
  | { type: "receipt.email"; value: string }
  | { type: "card.cancel" }
  | { type: "load.edit" }
  | { type: "load.confirm" }
  | { type: "load.retry" };

export type LoadInput = {
  target: LoadTarget;
  idempotencyKey: string;
} & ({ guest: false; body: LoadRequest } | { guest: true; body: GuestLoadRequest });

/** Preset amounts (major units): 10, 20 and 50 where the limits allow them. */
export const presetAmounts = (limits: LoadLimits): number[] =>
  [1000, 2000, 5000].filter((amount) => amount >= limits.min && amount <= limits.max);

/** The amount chosen, in minor units, or its problem. */
export function loadAmount(
  context: Pick<AddValueContext, "preset" | "other" | "limits">,
): number | LoadProblem {
  if (context.preset !== null) return context.preset;
  if (context.other.trim() === "") return "amountMissing";
  const amount = parseAmount(context.other, context.limits.currency);
  if (amount === null) return "amountMissing";
  if (amount < context.limits.min || amount > context.limits.max) return "amountInvalid";
  return amount;
}

const amountOf = (context: AddValueContext): number => {
  const amount = loadAmount(context);
  return typeof amount === "number" ? amount : 0;
};

const sameChoice = (left: LoadChoice | null, right: LoadChoice | null): boolean =>
  left !== null && right !== null && JSON.stringify(left) === JSON.stringify(right);

function paymentProblem(context: AddValueContext): LoadProblem | null {
  const [first, second] = context.legs;
  if (context.guest && (context.email.trim() === "" || emailProblem(context.email) !== null)) return "email";
  if (first === null) return "selectPayment";
  if (context.split) {
    if (second === null) return "selectPayment";
    if (sameChoice(first, second)) return "sameMethod";
    if (splitLegs(amountOf(context), parseAmount(context.firstAmount, context.limits.currency)) === null)
      return "splitInvalid";
  }
  return null;
}

function legRequest(choice: LoadChoice, amount: number): LoadRequest["payments"][number] {
  return choice.kind === "saved"
    ? { kind: "saved", payment_method: choice.id, amount }
    : { kind: "card", token: choice.token, amount };
}

/** The legs as the load API takes them: one for the amount, or the split's two. */
function loadLegs(context: AddValueContext): LoadRequest["payments"] {
  const amount = amountOf(context);
  const [first, second] = context.legs;
  if (!first) return [];
  if (!context.split || !second) return [legRequest(first, amount)];
  const amounts = splitLegs(amount, parseAmount(context.firstAmount, context.limits.currency));
  if (!amounts) return [];
  return [legRequest(first, amounts[0]), legRequest(second, amounts[1])];
}

export function loadInput(context: AddValueContext): LoadInput {
  const amount = amountOf(context);
  const body: LoadRequest = { amount, expected_total: amount, payments: loadLegs(context) };
  const idempotencyKey = context.key ?? "";
  if (context.guest) {
    const payments = body.payments.filter(
      (leg): leg is Extract<PaymentLegRequest, { kind: "card" }> => leg.kind === "card",
    );
    return {
      target: context.target,
      idempotencyKey,
      guest: true,
      body: { ...body, payments, email: context.email.trim() },
    };
  }
  return { target: context.target, idempotencyKey, guest: false, body };
}

/*
 * Adding value to a fare card or the wallet (spec sections 4 and 5), for a rider or a guest holding a
 * card token. `methods` reads the rider's saved methods (a guest has none and pays with a one-time
 * card). `amount` takes a preset or "Other amount" within the LoadLimits; `payment` one method, or
 * exactly two when the deployment splits loads, with a one-time card typed in `card` (its cardEntry
 * child turns it into a gateway token; its number never reaches our API). `review` holds the
 * Idempotency-Key, made there once and kept for `interrupted`'s retry (a lost connection, a request in
 * flight) so a load is never charged twice; any change forgets it. A declined leg goes back to `payment`
 * with that leg cleared and named; an amount the server refuses back to `amount`; anything else is
 * `failed`. `done` shows the new balance (pending until the gateway settles) and the order.
 */
export const addValueMachine = setup({
  types: {
    input: {} as AddValueInput,
    context: {} as AddValueContext,
    events: {} as AddValueEvent,
    emitted: {} as { type: "changed" },
    children: {} as {
      loadMethods: "loadMethods";
      cardEntry: "cardEntry";
      load: "load";
    },
  },
  actors: {
    loadMethods: fromPromise<SavedPaymentMethod[]>(unprovided("loadMethods")),
    /** The one-time card form (its own machine: the checks download, the gateway tokenizes). */
    cardEntry: cardEntryMachine,
    load: fromPromise<LoadResult, LoadInput>(unprovided("load")),
  },
  actions: {
    /** The value is added: the card or wallet that holds it is read again. */
    changed: emit({ type: "changed" as const }),
    /** A fresh Idempotency-Key unless one is kept (crypto.randomUUID() in the portal). */
    assignKey: unprovided("assignKey"),
    /** The screen reads the card or wallet again and says "Value added". */
    loaded: unprovided("loaded"),
    assignMethods: assign(({ context }, methods: SavedPaymentMethod[]) => {
      const usable = methods.filter((method) => !method.commuter_benefits);
      const fallback = usable.find((method) => method.is_default) ?? usable[0] ?? null;
      return {
        methods: usable,
        legs: [fallback ? { kind: "saved" as const, id: fallback.id } : null, context.legs[1]] as [
          LoadChoice | null,
          LoadChoice | null,
        ],
      };
    }),
    choosePreset: assign((_, amount: number) => ({ preset: amount, other: "", problem: null, key: null })),
    typeOther: assign((_, value: string) => ({ preset: null, other: value, problem: null, key: null })),
    checkAmount: assign(({ context }) => {
      const amount = loadAmount(context);
      return { problem: typeof amount === "number" ? null : amount };
    }),
    split: assign(({ context }, on: boolean) => ({
      split: on,
      legs: [context.legs[0], on ? context.legs[1] : null] as [LoadChoice | null, LoadChoice | null],
      problem: null,
      failure: null,
      key: null,
    })),
    choose: assign(({ context }, change: { leg: Leg; choice: LoadChoice }) => {
      const legs: [LoadChoice | null, LoadChoice | null] = [...context.legs];
      legs[change.leg] = change.choice;
      return { legs, problem: null, failure: null, key: null };
    }),
    typeFirst: assign((_, value: string) => ({ firstAmount: value, problem: null, key: null })),
    typeEmail: assign((_, value: string) => ({ email: value, problem: null, key: null })),
    checkPayment: assign(({ context }) => ({ problem: paymentProblem(context) })),
    openCard: assign((_, leg: Leg) => ({ cardLeg: leg, failure: null, problem: null })),
    clearProblem: assign({ problem: null }),
    /** The card form's checks could not be downloaded: it closes, saying the connection was lost. */
    cardRulesLost: assign({
      failure: { code: ErrorCode.unavailable, message: "", leg: null, reason: null },
    }),
    useCard: assign(({ context }, token: CardToken) => {
      const legs: [LoadChoice | null, LoadChoice | null] = [...context.legs];
      legs[context.cardLeg] = { kind: "card", ...token };
      return { legs, failure: null, key: null };
    }),
    assignFailure: assign((_, error: unknown) => ({ failure: failureOf(error) })),
    /** A declined leg is chosen again (the other leg was not charged), and the next try is a new load. */
    declined: assign(({ context }, error: unknown) => {
      const failure = failureOf(error);
      const legs: [LoadChoice | null, LoadChoice | null] = [...context.legs];
      if (failure.leg === 0 || failure.leg === 1) legs[failure.leg] = null;
      return { failure, legs, key: null };
    }),
    refuseAmount: assign({ problem: "amountRefused" as const, key: null }),
    refused: assign((_, error: unknown) => ({ failure: failureOf(error), key: null })),
    forgetFailure: assign({ failure: null }),
    forgetKey: assign({ key: null, failure: null }),
    assignResult: assign((_, result: LoadResult) => ({ result, balance: result.balance, failure: null })),
  },
  guards: {
    isGuest: ({ context }) => context.guest,
    amountValid: ({ context }) => typeof loadAmount(context) === "number",
    paymentValid: ({ context }) => paymentProblem(context) === null,
    splitAllowed: ({ context }) => context.splitAllowed && !context.guest,
    splitting: ({ context }) => context.split,
    /** A saved method must be one of the rider's; a guest pays with one-time cards only. */
    allowedChoice: ({ context }, change: { leg: Leg; choice: LoadChoice }) => {
      if (change.leg === 1 && !context.split) return false;
      const choice = change.choice;
      if (choice.kind === "saved")
        return !context.guest && context.methods.some((method) => method.id === choice.id);
      return true;
    },
    cardLegAllowed: ({ context }, leg: Leg) => cardLegAllowed(context, leg),
    tokenized: (_, output: CardEntryOutput) => output !== null,
    interrupted: (_, error: unknown) => isInterrupted(error),
    declined: (_, error: unknown) => isDeclined(error),
    amountRefused: (_, error: unknown) => hasCode(ErrorCode.amountInvalid)(error),
  },
}).createMachine({
  id: "addValue",
  context: ({ input }) => ({
    target: input.target,
    guest: input.guest,
    limits: input.limits,
    splitAllowed: input.splitAllowed && !input.guest,
    balance: input.balance,
    now: input.now,
    methods: [],
    preset: null,
    other: "",
    split: false,
    legs: [null, null],
    firstAmount: "",
    email: "",
    cardLeg: 0,
    problem: null,
    failure: null,
    key: null,
    result: null,
  }),
  initial: "starting",
  states: {
    starting: {
      always: [{ guard: "isGuest", target: "amount" }, { target: "methods" }],
    },
    methods: {
      tags: ["busy"],
      invoke: {
        id: "loadMethods",
        src: "loadMethods",
        onDone: { target: "amount", actions: { type: "assignMethods", params: ({ event }) => event.output } },
        // Without the saved methods a one-time card still pays.
        onError: { target: "amount" },
      },
    },
    amount: {
      on: {
        "amount.preset": { actions: { type: "choosePreset", params: ({ event }) => event.amount } },
        "amount.other": { actions: { type: "typeOther", params: ({ event }) => event.value } },
        "amount.next": [
          { guard: "amountValid", target: "payment", actions: "clearProblem" },
          { actions: "checkAmount" },
        ],
      },
    },
    payment: {
      on: {
        "payment.split": {
          guard: "splitAllowed",
          actions: { type: "split", params: ({ event }) => event.on },
        },
        "payment.choose": {
          guard: { type: "allowedChoice", params: ({ event }) => ({ leg: event.leg, choice: event.choice }) },
          actions: { type: "choose", params: ({ event }) => ({ leg: event.leg, choice: event.choice }) },
        },
        "payment.firstAmount": {
          // The first method's amount is asked for only while the payment is split (as at checkout).
          guard: "splitting",
          actions: { type: "typeFirst", params: ({ event }) => event.value },
        },
        "payment.newCard": {
          guard: { type: "cardLegAllowed", params: ({ event }) => event.leg },
          target: "card",
          actions: { type: "openCard", params: ({ event }) => event.leg },
        },
        "receipt.email": {
          guard: "isGuest",
          actions: { type: "typeEmail", params: ({ event }) => event.value },
        },
        "payment.back": { target: "amount", actions: ["forgetFailure", "clearProblem"] },
        "payment.next": [
          { guard: "paymentValid", target: "review", actions: "clearProblem" },
          { actions: "checkPayment" },
        ],
      },
    },
    /**
     * The one-time card form: its own machine keeps what is typed, checks it and has the gateway
     * tokenize it; its token pays the leg. "Cancel" stops it, forgetting the card.
     */
    card: {
      on: {
        "card.cancel": "payment",
        // The receipt email beside the card form: what is typed there meanwhile is kept (issue 34).
        "receipt.email": {
          guard: "isGuest",
          actions: { type: "typeEmail", params: ({ event }) => event.value },
        },
      },
      invoke: {
        id: "cardEntry",
        src: "cardEntry",
        input: ({ context }) => ({ now: context.now }),
        onDone: [
          {
            guard: { type: "tokenized", params: ({ event }) => event.output },
            target: "payment",
            actions: { type: "useCard", params: ({ event }) => event.output as CardToken },
          },
          { target: "payment", actions: "cardRulesLost" },
        ],
      },
    },
    review: {
      entry: "assignKey",
      on: {
        "load.edit": { target: "payment", actions: "forgetKey" },
        "load.confirm": "loading",
      },
    },
    loading: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => loadInput(context),
        onDone: {
          target: "done",
          actions: [{ type: "assignResult", params: ({ event }) => event.output }, "loaded", "changed"],
        },
        onError: [
          {
            guard: { type: "interrupted", params: eventError },
            target: "interrupted",
            actions: { type: "assignFailure", params: eventError },
          },
          {
            guard: { type: "declined", params: eventError },
            target: "payment",
            actions: { type: "declined", params: eventError },
          },
          { guard: { type: "amountRefused", params: eventError }, target: "amount", actions: "refuseAmount" },
          { target: "failed", actions: { type: "refused", params: eventError } },
        ],
      },
    },
    interrupted: {
      on: {
        "load.retry": { target: "loading", actions: "forgetFailure" },
        "load.edit": { target: "payment", actions: "forgetKey" },
      },
    },
    failed: {
      on: { "load.edit": { target: "payment", actions: "forgetKey" } },
    },
    done: { type: "final" },
  },
});
