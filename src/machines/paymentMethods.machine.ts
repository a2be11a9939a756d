import { assign, fromPromise, setup } from "xstate";
import { ErrorCode, errorCodeOf } from "../domain/envelope.ts";
import { noticeLifetimeMs } from "../domain/notices.ts";
import type { BankSubmission } from "../domain/payments/bank.ts";
import { type BankProblem, bankAccountProblems, bankDigits, isAccountType } from "../domain/payments/bank.ts";
import type { CardSubmission } from "../domain/payments/card.ts";
import { maxPaymentMethods, nicknameMaxLength, type SavedPaymentMethod } from "../domain/payments/saved.ts";
import { cardFormProblems, cardSubmission, cleanCard, textProblem } from "./cardChecks.ts";
import { type CardDraft, type CardProblems, emptyCard, type FieldProblem } from "./cardDraft.ts";
import { unprovided } from "./unprovided.ts";

export { type CardDraft, type CardProblems, emptyCard, type FieldProblem };

/** What the address says when the rider comes back from PayPal's approval page. */
export type PayPalReturn = { outcome: "approved"; token: string; state: string } | { outcome: "cancelled" };

export interface PaymentMethodsInput {
  /** The deployment's `supportDefaultPayment`: offer "Set as default" and "Make default". */
  supportsDefault: boolean;
  /** The moment card expiries are judged against (ms since the epoch). */
  now: number;
  payPalReturn: PayPalReturn | null;
}

export interface BankDraft {
  nickname: string;
  holderName: string;
  routingNumber: string;
  accountNumber: string;
  accountType: string;
  makeDefault: boolean;
}

export type BankProblems = Partial<Record<keyof BankDraft, FieldProblem>>;

/** What went wrong, and where: `field` is the API's (a gateway field, or a decline reason). */
export interface Failure {
  kind: "load" | "add" | "remove" | "default" | "payPal";
  code: number;
  field: string | null;
}

export type Notice = "added" | "removed" | "defaultSet" | "payPalCancelled";

export interface PaymentMethodsContext {
  supportsDefault: boolean;
  now: number;
  payPalReturn: PayPalReturn | null;
  methods: SavedPaymentMethod[];
  commuterBenefits: boolean;
  card: CardDraft;
  cardProblems: CardProblems;
  bank: BankDraft;
  bankProblems: BankProblems;
  /** The method the remove question is about. */
  target: string | null;
  failure: Failure | null;
  notice: Notice | null;
}

export type PaymentMethodsEvent =
  | { type: "methods.retry" }
  | { type: "card.open"; commuterBenefits: boolean }
  | { type: "card.change"; values: Partial<CardDraft> }
  | { type: "card.submit" }
  | { type: "bank.open" }
  | { type: "bank.change"; values: Partial<BankDraft> }
  | { type: "bank.submit" }
  | { type: "form.cancel" }
  | { type: "payPal.start" }
  | { type: "remove.ask"; id: string }
  | { type: "remove.confirm" }
  | { type: "remove.cancel" }
  | { type: "default.set"; id: string };

export const emptyBank: BankDraft = {
  nickname: "",
  holderName: "",
  routingNumber: "",
  accountNumber: "",
  accountType: "",
  makeDefault: false,
};

const bankProblemOf: Record<BankProblem, FieldProblem> = {
  required: "required",
  routingInvalid: "invalid",
  accountInvalid: "invalid",
  typeInvalid: "invalid",
  holderInvalid: "invalid",
  tooLong: "tooLong",
};

function bankFormProblems(bank: BankDraft): BankProblems {
  const problems: BankProblems = {};
  const nickname = textProblem(bank.nickname, nicknameMaxLength, false);
  if (nickname) problems.nickname = nickname;
  const checked = bankAccountProblems(bank);
  for (const key of ["holderName", "routingNumber", "accountNumber", "accountType"] as const) {
    const problem = checked[key];
    if (problem) problems[key] = bankProblemOf[problem];
  }
  return problems;
}

function bankSubmission(bank: BankDraft, supportsDefault: boolean): BankSubmission {
  const nickname = bank.nickname.trim();
  const accountType = bank.accountType.trim();
  return {
    routingNumber: bankDigits(bank.routingNumber),
    accountNumber: bankDigits(bank.accountNumber),
    accountType: isAccountType(accountType) ? accountType : "checking",
    holderName: bank.holderName.trim(),
    nickname: nickname === "" ? null : nickname,
    makeDefault: supportsDefault && bank.makeDefault,
  };
}

/** The PayPal return in an address's query string (`?paypal=approved&paypal_token=...&state=...`). */
export function payPalReturnOf(search: string): PayPalReturn | null {
  const query = new URLSearchParams(search);
  const outcome = query.get("paypal");
  if (outcome === "cancelled") return { outcome: "cancelled" };
  if (outcome !== "approved") return null;
  return { outcome: "approved", token: query.get("paypal_token") ?? "", state: query.get("state") ?? "" };
}

/** The gateway's card and bank fields, as the form's. */
const gatewayCardFields: Record<string, keyof CardDraft> = {
  number: "number",
  exp_month: "expiry",
  exp_year: "expiry",
  cvc: "cvv",
  postal_code: "zip",
};
const gatewayBankFields: Record<string, keyof BankDraft> = {
  routing_number: "routingNumber",
  account_number: "accountNumber",
  account_type: "accountType",
  account_holder_name: "holderName",
};

/** The sandbox gateway's refusal of a card or account it will not tokenize (HTTP 402). */
export const gatewayRejected = 40201;

function failureOf(kind: Failure["kind"], error: unknown): Failure {
  const errors =
    typeof error === "object" && error !== null && "errors" in error && Array.isArray(error.errors)
      ? (error.errors as Array<{ field?: unknown }>)
      : [];
  const field = errors[0]?.field;
  return { kind, code: errorCodeOf(error), field: typeof field === "string" ? field : null };
}

const withoutKeys = <T extends object>(problems: T, keys: string[]): T =>
  Object.fromEntries(Object.entries(problems).filter(([key]) => !keys.includes(key))) as T;

/*
 * The Payment Methods screen (spec sections 2, 3 and 8). `starting` reads the address: a rider back
 * from PayPal's approval page is `checkingPayPal` (the state must be the one this tab stored, and only
 * once, so a replayed or forged return adds nothing) and then `addingPayPal`, before the list is
 * `loading`, so the list shown already holds the new method. `ready` is the list with one thing at a
 * time beside it: a card or bank form (`editing*`, whose draft never outlives it), its `saving*`, the
 * remove question, a default being set, or the tab leaving for PayPal. Every change answers the list
 * as the server has it afterwards, so nothing is guessed locally; a failed save goes back to its form
 * with what was typed, except the security code.
 */
export const paymentMethodsMachine = setup({
  types: {
    input: {} as PaymentMethodsInput,
    context: {} as PaymentMethodsContext,
    events: {} as PaymentMethodsEvent,
  },
  actors: {
    loadMethods: fromPromise<SavedPaymentMethod[]>(unprovided("loadMethods")),
    addCard: fromPromise<SavedPaymentMethod[], CardSubmission>(unprovided("addCard")),
    addBank: fromPromise<SavedPaymentMethod[], BankSubmission>(unprovided("addBank")),
    /** Whether `state` is the one stored before leaving for PayPal (the stored one is used up). */
    checkPayPalState: fromPromise<boolean, { state: string }>(unprovided("checkPayPalState")),
    addPayPal: fromPromise<SavedPaymentMethod[], { token: string }>(unprovided("addPayPal")),
    /** Stores a fresh state and sends the browser to the approval page. */
    beginPayPal: fromPromise<void>(unprovided("beginPayPal")),
    removeMethod: fromPromise<SavedPaymentMethod[], { id: string }>(unprovided("removeMethod")),
    setDefault: fromPromise<SavedPaymentMethod[], { id: string }>(unprovided("setDefault")),
  },
  actions: {
    /** Takes the PayPal answer out of the address bar, so a reload or a shared link repeats nothing. */
    cleanAddress: unprovided("cleanAddress"),
    assignMethods: assign((_, methods: SavedPaymentMethod[]) => ({ methods })),
    assignFailure: assign((_, failure: Failure) => ({ failure })),
    clearFailure: assign({ failure: null }),
    assignNotice: assign((_, notice: Notice) => ({ notice })),
    clearNotice: assign({ notice: null }),
    forgetPayPalReturn: assign({ payPalReturn: null }),
    openCard: assign((_, commuterBenefits: boolean) => ({
      commuterBenefits,
      card: emptyCard,
      cardProblems: {},
      failure: null,
      notice: null,
    })),
    changeCard: assign(({ context }, values: Partial<CardDraft>) => ({
      card: { ...context.card, ...cleanCard(values, context.card) },
      cardProblems: withoutKeys(context.cardProblems, Object.keys(values)),
    })),
    checkCard: assign(({ context }) => ({
      cardProblems: cardFormProblems(context.card, new Date(context.now)),
    })),
    /** A refused card: the code is typed again; a field the gateway refused is marked. */
    cardRefused: assign(({ context }, error: unknown) => {
      const failure = failureOf("add", error);
      const field =
        failure.code === gatewayRejected && failure.field ? gatewayCardFields[failure.field] : null;
      const problem: FieldProblem = field === "cvv" ? "cvvInvalid" : "invalid";
      return {
        failure,
        card: { ...context.card, cvv: "" },
        cardProblems: field ? { ...context.cardProblems, [field]: problem } : context.cardProblems,
      };
    }),
    openBank: assign({ bank: emptyBank, bankProblems: {}, failure: null, notice: null }),
    changeBank: assign(({ context }, values: Partial<BankDraft>) => ({
      bank: { ...context.bank, ...values },
      bankProblems: withoutKeys(context.bankProblems, Object.keys(values)),
    })),
    checkBank: assign(({ context }) => ({ bankProblems: bankFormProblems(context.bank) })),
    bankRefused: assign(({ context }, error: unknown) => {
      const failure = failureOf("add", error);
      const field =
        failure.code === gatewayRejected && failure.field ? gatewayBankFields[failure.field] : null;
      return {
        failure,
        bankProblems: field ? { ...context.bankProblems, [field]: "invalid" as const } : context.bankProblems,
      };
    }),
    closeForms: assign({ card: emptyCard, cardProblems: {}, bank: emptyBank, bankProblems: {} }),
    aimAt: assign((_, id: string) => ({ target: id, failure: null, notice: null })),
    forgetTarget: assign({ target: null }),
  },
  delays: {
    /** The list's success and failure lines clear after the spec's 3 seconds. */
    lineLifetime: noticeLifetimeMs.success,
  },
  guards: {
    payPalApproved: ({ context }) => context.payPalReturn?.outcome === "approved",
    /** A success or failure line shows above the list. */
    hasLine: ({ context }) => context.notice !== null || context.failure !== null,
    payPalCancelled: ({ context }) => context.payPalReturn?.outcome === "cancelled",
    stateMatches: (_, matches: boolean) => matches,
    cardHasProblems: ({ context }) =>
      Object.keys(cardFormProblems(context.card, new Date(context.now))).length > 0,
    bankHasProblems: ({ context }) => Object.keys(bankFormProblems(context.bank)).length > 0,
    /** The server keeps at most maxPaymentMethods (and answers limitReached past it). */
    hasRoom: ({ context }) => context.methods.length < maxPaymentMethods,
    isOwnMethod: ({ context }, id: string) => context.methods.some((method) => method.id === id),
    canBecomeDefault: ({ context }, id: string) =>
      context.supportsDefault && context.methods.some((method) => method.id === id && !method.is_default),
  },
}).createMachine({
  id: "paymentMethods",
  context: ({ input }) => ({
    supportsDefault: input.supportsDefault,
    now: input.now,
    payPalReturn: input.payPalReturn,
    methods: [],
    commuterBenefits: false,
    card: emptyCard,
    cardProblems: {},
    bank: emptyBank,
    bankProblems: {},
    target: null,
    failure: null,
    notice: null,
  }),
  initial: "starting",
  states: {
    starting: {
      always: [
        { guard: "payPalApproved", target: "checkingPayPal", actions: "cleanAddress" },
        {
          guard: "payPalCancelled",
          target: "loading",
          actions: [
            "cleanAddress",
            "forgetPayPalReturn",
            { type: "assignNotice", params: "payPalCancelled" },
          ],
        },
        { target: "loading" },
      ],
    },
    checkingPayPal: {
      tags: ["busy"],
      invoke: {
        id: "checkPayPalState",
        src: "checkPayPalState",
        input: ({ context }) => ({
          state: context.payPalReturn?.outcome === "approved" ? context.payPalReturn.state : "",
        }),
        onDone: [
          { guard: { type: "stateMatches", params: ({ event }) => event.output }, target: "addingPayPal" },
          {
            target: "loading",
            actions: [
              "forgetPayPalReturn",
              {
                type: "assignFailure",
                params: { kind: "payPal", code: ErrorCode.paymentTokenInvalid, field: null },
              },
            ],
          },
        ],
        onError: {
          target: "loading",
          actions: [
            "forgetPayPalReturn",
            { type: "assignFailure", params: ({ event }) => failureOf("payPal", event.error) },
          ],
        },
      },
    },
    addingPayPal: {
      tags: ["busy"],
      invoke: {
        id: "addPayPal",
        src: "addPayPal",
        input: ({ context }) => ({
          token: context.payPalReturn?.outcome === "approved" ? context.payPalReturn.token : "",
        }),
        onDone: {
          target: "ready",
          actions: [
            "forgetPayPalReturn",
            { type: "assignMethods", params: ({ event }) => event.output },
            { type: "assignNotice", params: "added" },
          ],
        },
        onError: {
          target: "loading",
          actions: [
            "forgetPayPalReturn",
            { type: "assignFailure", params: ({ event }) => failureOf("payPal", event.error) },
          ],
        },
      },
    },
    loading: {
      tags: ["busy"],
      invoke: {
        id: "loadMethods",
        src: "loadMethods",
        onDone: { target: "ready", actions: { type: "assignMethods", params: ({ event }) => event.output } },
        onError: {
          target: "loadFailed",
          actions: [
            "clearNotice",
            { type: "assignFailure", params: ({ event }) => failureOf("load", event.error) },
          ],
        },
      },
    },
    loadFailed: {
      on: { "methods.retry": { target: "loading", actions: "clearFailure" } },
    },
    ready: {
      initial: "listing",
      states: {
        listing: {
          // Each arrival in the list (a save, a removal, a default) starts the line's time again.
          after: {
            lineLifetime: { guard: "hasLine", actions: ["clearNotice", "clearFailure"] },
          },
          on: {
            "card.open": {
              guard: "hasRoom",
              target: "editingCard",
              actions: { type: "openCard", params: ({ event }) => event.commuterBenefits },
            },
            "bank.open": { guard: "hasRoom", target: "editingBank", actions: "openBank" },
            "payPal.start": {
              guard: "hasRoom",
              target: "leavingForPayPal",
              actions: ["clearFailure", "clearNotice"],
            },
            "remove.ask": {
              guard: { type: "isOwnMethod", params: ({ event }) => event.id },
              target: "confirmingRemove",
              actions: { type: "aimAt", params: ({ event }) => event.id },
            },
            "default.set": {
              guard: { type: "canBecomeDefault", params: ({ event }) => event.id },
              target: "settingDefault",
              actions: [{ type: "aimAt", params: ({ event }) => event.id }],
            },
          },
        },
        editingCard: {
          on: {
            "card.change": { actions: { type: "changeCard", params: ({ event }) => event.values } },
            "card.submit": [
              { guard: "cardHasProblems", actions: ["checkCard", "clearFailure"] },
              { target: "savingCard", actions: ["clearFailure", "checkCard"] },
            ],
            "form.cancel": { target: "listing", actions: ["closeForms", "clearFailure"] },
          },
        },
        savingCard: {
          tags: ["busy"],
          invoke: {
            id: "addCard",
            src: "addCard",
            input: ({ context }) =>
              cardSubmission(context.card, context.commuterBenefits, context.supportsDefault),
            onDone: {
              target: "listing",
              actions: [
                "closeForms",
                { type: "assignMethods", params: ({ event }) => event.output },
                { type: "assignNotice", params: "added" },
              ],
            },
            onError: {
              target: "editingCard",
              actions: {
                type: "cardRefused",
                params: ({ event }: { event: { error: unknown } }) => event.error,
              },
            },
          },
        },
        editingBank: {
          on: {
            "bank.change": { actions: { type: "changeBank", params: ({ event }) => event.values } },
            "bank.submit": [
              { guard: "bankHasProblems", actions: ["checkBank", "clearFailure"] },
              { target: "savingBank", actions: ["clearFailure", "checkBank"] },
            ],
            "form.cancel": { target: "listing", actions: ["closeForms", "clearFailure"] },
          },
        },
        savingBank: {
          tags: ["busy"],
          invoke: {
            id: "addBank",
            src: "addBank",
            input: ({ context }) => bankSubmission(context.bank, context.supportsDefault),
            onDone: {
              target: "listing",
              actions: [
                "closeForms",
                { type: "assignMethods", params: ({ event }) => event.output },
                { type: "assignNotice", params: "added" },
              ],
            },
            onError: {
              target: "editingBank",
              actions: {
                type: "bankRefused",
                params: ({ event }: { event: { error: unknown } }) => event.error,
              },
            },
          },
        },
        confirmingRemove: {
          on: {
            "remove.confirm": { target: "removing", actions: "clearFailure" },
            "remove.cancel": { target: "listing", actions: ["forgetTarget", "clearFailure"] },
          },
        },
        removing: {
          tags: ["busy"],
          invoke: {
            id: "removeMethod",
            src: "removeMethod",
            input: ({ context }) => ({ id: context.target ?? "" }),
            onDone: {
              target: "listing",
              actions: [
                "forgetTarget",
                { type: "assignMethods", params: ({ event }) => event.output },
                { type: "assignNotice", params: "removed" },
              ],
            },
            onError: {
              target: "confirmingRemove",
              actions: { type: "assignFailure", params: ({ event }) => failureOf("remove", event.error) },
            },
          },
        },
        settingDefault: {
          tags: ["busy"],
          invoke: {
            id: "setDefault",
            src: "setDefault",
            input: ({ context }) => ({ id: context.target ?? "" }),
            onDone: {
              target: "listing",
              actions: [
                "forgetTarget",
                { type: "assignMethods", params: ({ event }) => event.output },
                { type: "assignNotice", params: "defaultSet" },
              ],
            },
            onError: {
              target: "listing",
              actions: [
                "forgetTarget",
                { type: "assignFailure", params: ({ event }) => failureOf("default", event.error) },
              ],
            },
          },
        },
        leavingForPayPal: {
          tags: ["busy"],
          invoke: {
            id: "beginPayPal",
            src: "beginPayPal",
            onError: {
              target: "listing",
              actions: { type: "assignFailure", params: ({ event }) => failureOf("payPal", event.error) },
            },
          },
        },
      },
    },
  },
});

/** The method the remove question names, if any. */
export const selectTarget = (snapshot: { context: PaymentMethodsContext }): SavedPaymentMethod | null =>
  snapshot.context.methods.find((method) => method.id === snapshot.context.target) ?? null;
