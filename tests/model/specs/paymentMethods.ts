import { expect } from "vitest";
import type { SavedPaymentMethod } from "../../../src/domain/payments/saved.ts";
import {
  type BankDraft,
  type CardDraft,
  emptyBank,
  emptyCard,
  type PaymentMethodsInput,
  paymentMethodsMachine,
} from "../../../src/machines/paymentMethods.machine.ts";
import { defineModel, type EventSamples, type Snap } from "../harness.ts";

type ActorEvents =
  | "xstate.done.actor.loadMethods"
  | "xstate.error.actor.loadMethods"
  | "xstate.done.actor.addCard"
  | "xstate.error.actor.addCard"
  | "xstate.done.actor.addBank"
  | "xstate.error.actor.addBank"
  | "xstate.done.actor.checkPayPalState"
  | "xstate.error.actor.checkPayPalState"
  | "xstate.done.actor.addPayPal"
  | "xstate.error.actor.addPayPal"
  | "xstate.error.actor.beginPayPal"
  | "xstate.done.actor.removeMethod"
  | "xstate.error.actor.removeMethod"
  | "xstate.done.actor.setDefault"
  | "xstate.error.actor.setDefault"
  | "xstate.after.lineLifetime.paymentMethods.ready.listing";

/** 23 November 2026: cards expiring 12/30 are good, 01/20 long gone. */
export const now = Date.UTC(2026, 10, 23, 12);

const method = (fields: Partial<SavedPaymentMethod> & Pick<SavedPaymentMethod, "id" | "kind">) =>
  ({
    commuter_benefits: false,
    nickname: null,
    is_default: false,
    brand: null,
    last4: null,
    exp_month: null,
    exp_year: null,
    billing: null,
    bank_name: null,
    account_type: null,
    holder_name: null,
    paypal_email: null,
    created_at: "2026-11-01T10:00:00.000Z",
    ...fields,
  }) satisfies SavedPaymentMethod;

export const visa = method({
  id: "7a1c0000-0000-4000-8000-000000000001",
  kind: "card",
  brand: "visa",
  last4: "4242",
  exp_month: 12,
  exp_year: 2030,
  nickname: "Commute card",
  is_default: true,
  billing: { last_name: "Rider", address_1: "1 Main St", zip_code: "94105" },
});
export const bank = method({
  id: "7a1c0000-0000-4000-8000-000000000002",
  kind: "bank_account",
  bank_name: "Sandbox Bank",
  account_type: "checking",
  last4: "6789",
  holder_name: "Rosa Rider",
});
const payPal = method({
  id: "7a1c0000-0000-4000-8000-000000000003",
  kind: "paypal",
  paypal_email: "sb-rider@personal.example.com",
});
const benefits = method({
  id: "7a1c0000-0000-4000-8000-000000000004",
  kind: "card",
  brand: "mastercard",
  last4: "4444",
  exp_month: 1,
  exp_year: 2029,
  commuter_benefits: true,
});
/** Someone else's method, or one removed meanwhile. */
export const strangerId = "7a1c0000-0000-4000-8000-0000000000ff";

export const saved = [visa, bank];
/** As many methods as a rider may keep (maxPaymentMethods): nothing more can be added. */
const full = Array.from({ length: 10 }, (_, index) =>
  method({
    id: `7a1c0000-0000-4000-8000-0000000001${String(index).padStart(2, "0")}`,
    kind: "card",
    brand: "visa",
    last4: String(4240 + index),
    exp_month: 12,
    exp_year: 2030,
    is_default: index === 0,
  }),
);
const bankDefault = [
  { ...bank, is_default: true },
  { ...visa, is_default: false },
];

export const goodCard: CardDraft = {
  nickname: "",
  firstName: "Riley",
  lastName: "Rider",
  number: "4242 4242 4242 4242",
  expiry: "12/30",
  cvv: "123",
  address: "1 Main St",
  zip: "94105",
  makeDefault: false,
};
const goodBank: BankDraft = {
  nickname: "",
  holderName: "Rosa Rider",
  routingNumber: "110000000",
  accountNumber: "000123456789",
  accountType: "checking",
  makeDefault: false,
};

const inputs: PaymentMethodsInput[] = [
  { supportsDefault: true, now, payPalReturn: null },
  { supportsDefault: false, now, payPalReturn: null },
  {
    supportsDefault: true,
    now,
    payPalReturn: { outcome: "approved", token: "pptok_sandbox_abc.def", state: "s".repeat(32) },
  },
  { supportsDefault: true, now, payPalReturn: { outcome: "cancelled" } },
];

const apiError = (code: number, field?: string) => ({
  code,
  message: "refused",
  errors: [{ code, message: "refused", ...(field ? { field } : {}) }],
});

const events = {
  "methods.retry": [{ type: "methods.retry" }],
  "card.open": [
    { type: "card.open", commuterBenefits: false },
    { type: "card.open", commuterBenefits: true },
  ],
  "card.change": [
    { type: "card.change", values: goodCard },
    { type: "card.change", values: { number: "4242 4242 4242 4241" } },
  ],
  "card.submit": [{ type: "card.submit" }],
  "bank.open": [{ type: "bank.open" }],
  "bank.change": [
    { type: "bank.change", values: goodBank },
    { type: "bank.change", values: { routingNumber: "110000001" } },
  ],
  "bank.submit": [{ type: "bank.submit" }],
  "form.cancel": [{ type: "form.cancel" }],
  "payPal.start": [{ type: "payPal.start" }],
  "remove.ask": [
    { type: "remove.ask", id: bank.id },
    { type: "remove.ask", id: strangerId },
  ],
  "remove.confirm": [{ type: "remove.confirm" }],
  "remove.cancel": [{ type: "remove.cancel" }],
  "default.set": [
    { type: "default.set", id: bank.id },
    // Already the default: nothing to set.
    { type: "default.set", id: visa.id },
  ],
  "xstate.done.actor.loadMethods": [
    { type: "xstate.done.actor.loadMethods", output: saved },
    { type: "xstate.done.actor.loadMethods", output: [] },
    { type: "xstate.done.actor.loadMethods", output: full },
  ],
  "xstate.error.actor.loadMethods": [{ type: "xstate.error.actor.loadMethods", error: apiError(50301) }],
  "xstate.done.actor.addCard": [{ type: "xstate.done.actor.addCard", output: [...saved, benefits] }],
  "xstate.error.actor.addCard": [
    { type: "xstate.error.actor.addCard", error: apiError(42203, "card_declined") },
    { type: "xstate.error.actor.addCard", error: apiError(40201, "cvc") },
    { type: "xstate.error.actor.addCard", error: apiError(50001) },
  ],
  "xstate.done.actor.addBank": [{ type: "xstate.done.actor.addBank", output: bankDefault }],
  "xstate.error.actor.addBank": [
    { type: "xstate.error.actor.addBank", error: apiError(40201, "routing_number") },
    { type: "xstate.error.actor.addBank", error: apiError(42205) },
  ],
  "xstate.done.actor.checkPayPalState": [
    { type: "xstate.done.actor.checkPayPalState", output: true },
    { type: "xstate.done.actor.checkPayPalState", output: false },
  ],
  "xstate.error.actor.checkPayPalState": [
    { type: "xstate.error.actor.checkPayPalState", error: new Error("storage unavailable") },
  ],
  "xstate.done.actor.addPayPal": [{ type: "xstate.done.actor.addPayPal", output: [...saved, payPal] }],
  "xstate.error.actor.addPayPal": [
    { type: "xstate.error.actor.addPayPal", error: apiError(42204) },
    { type: "xstate.error.actor.addPayPal", error: apiError(50301) },
  ],
  "xstate.error.actor.beginPayPal": [{ type: "xstate.error.actor.beginPayPal", error: apiError(50001) }],
  "xstate.done.actor.removeMethod": [{ type: "xstate.done.actor.removeMethod", output: [visa] }],
  "xstate.error.actor.removeMethod": [{ type: "xstate.error.actor.removeMethod", error: apiError(50001) }],
  "xstate.done.actor.setDefault": [{ type: "xstate.done.actor.setDefault", output: bankDefault }],
  "xstate.error.actor.setDefault": [{ type: "xstate.error.actor.setDefault", error: apiError(50001) }],
  // The list's line, 3 seconds on (spec section 9: alerts auto-clear), as the timer ends it.
  "xstate.after.lineLifetime.paymentMethods.ready.listing": [
    { type: "xstate.after.lineLifetime.paymentMethods.ready.listing" },
  ],
} satisfies EventSamples<typeof paymentMethodsMachine, ActorEvents>;

const e = events;

/** What the walks did outside the machine: the address cleaned after a PayPal return. */
const paymentMethodsEffects: string[] = [];

type S = Snap<typeof paymentMethodsMachine>;
const ids = (s: S) => s.context.methods.map((m) => `${m.id.slice(-2)}${m.is_default ? "*" : ""}`).join(",");

export const paymentMethodsModel = defineModel({
  name: "paymentMethods",
  machine: paymentMethodsMachine.provide({
    actions: { cleanAddress: () => void paymentMethodsEffects.push("cleanAddress") },
  }),
  inputs,
  deferred: [
    "loadMethods",
    "addCard",
    "addBank",
    "checkPayPalState",
    "addPayPal",
    "beginPayPal",
    "removeMethod",
    "setDefault",
  ],
  events,
  pathKinds: ["shortest", "edge"],
  // The screens after a PayPal return or without "Set as default" only need their own differences:
  // once the list is shown, the forms are walked from the first input alone.
  filterEvents: (snapshot, event) =>
    (snapshot.context.supportsDefault && snapshot.context.notice !== "payPalCancelled") ||
    !/^(card|bank|form|remove)\./.test(event.type),
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.supportsDefault,
      snapshot.context.payPalReturn?.outcome ?? null,
      ids(snapshot),
      snapshot.context.commuterBenefits,
      snapshot.context.card,
      Object.entries(snapshot.context.cardProblems),
      snapshot.context.bank,
      Object.entries(snapshot.context.bankProblems),
      snapshot.context.target,
      snapshot.context.failure,
      snapshot.context.notice,
    ]),
  invariants: [
    {
      name: "a card is only sent to the gateway once the form has no problem",
      holds: (s) => !s.matches({ ready: "savingCard" }) || Object.keys(s.context.cardProblems).length === 0,
    },
    {
      name: "a bank account is only sent once the form has no problem",
      holds: (s) => !s.matches({ ready: "savingBank" }) || Object.keys(s.context.bankProblems).length === 0,
    },
    {
      name: "no card number or code is kept once the card form is closed",
      holds: (s) =>
        s.matches({ ready: "editingCard" }) ||
        s.matches({ ready: "savingCard" }) ||
        (s.context.card.number === "" && s.context.card.cvv === ""),
    },
    {
      name: "no account number is kept once the bank form is closed",
      holds: (s) =>
        s.matches({ ready: "editingBank" }) ||
        s.matches({ ready: "savingBank" }) ||
        s.context.bank.accountNumber === "",
    },
    {
      name: "removing or setting a default is always about one of the rider's methods",
      holds: (s) =>
        !(s.matches({ ready: "confirmingRemove" }) || s.matches({ ready: "removing" })) ||
        s.context.methods.some((m) => m.id === s.context.target),
    },
    {
      name: "a default is set only where the deployment supports it",
      holds: (s) => !s.matches({ ready: "settingDefault" }) || s.context.supportsDefault,
    },
    {
      name: "a PayPal token is used at most once: forgotten once the list shows",
      holds: (s) => !s.matches("ready") || s.context.payPalReturn === null,
    },
  ],
  states: {
    checkingPayPal: (s) => {
      expect(s.hasTag("busy")).toBe(true);
      expect(s.children.checkPayPalState).toBeDefined();
      expect(paymentMethodsEffects.at(-1)).toBe("cleanAddress");
    },
    addingPayPal: (s) => {
      expect(s.children.addPayPal).toBeDefined();
      expect(s.context.payPalReturn?.outcome).toBe("approved");
    },
    loading: (s) => {
      expect(s.children.loadMethods).toBeDefined();
      expect(s.context.methods).toEqual([]);
    },
    loadFailed: (s) => {
      expect(s.context.failure).toEqual({ kind: "load", code: 50301, field: null });
      expect(s.can({ type: "methods.retry" })).toBe(true);
    },
    ready: (s) => {
      expect(s.children.loadMethods).toBeUndefined();
      expect(s.context.failure?.kind).not.toBe("load");
      expect(s.context.payPalReturn).toBeNull();
    },
    "ready.listing": (s) => {
      expect(s.hasTag("busy")).toBe(false);
      expect(s.context.target).toBeNull();
      expect(s.context.card).toEqual(emptyCard);
      expect(s.context.bank).toEqual(emptyBank);
      expect(s.can({ type: "remove.ask", id: strangerId })).toBe(false);
      expect(s.can({ type: "card.open", commuterBenefits: false })).toBe(s.context.methods.length < 10);
      expect(s.can({ type: "bank.open" })).toBe(s.context.methods.length < 10);
      expect(s.can({ type: "payPal.start" })).toBe(s.context.methods.length < 10);
    },
    "ready.editingCard": (s) => {
      expect(s.can({ type: "card.submit" })).toBe(true);
      expect(s.hasTag("busy")).toBe(false);
      if (s.context.failure) expect(s.context.failure.kind).toBe("add");
    },
    "ready.savingCard": (s) => {
      expect(s.children.addCard).toBeDefined();
      expect(s.context.cardProblems).toEqual({});
    },
    "ready.editingBank": (s) => {
      expect(s.can({ type: "bank.submit" })).toBe(true);
      if (s.context.failure) expect(s.context.failure.kind).toBe("add");
    },
    "ready.savingBank": (s) => {
      expect(s.children.addBank).toBeDefined();
      expect(s.context.bankProblems).toEqual({});
    },
    "ready.confirmingRemove": (s) => {
      expect(s.context.target).toBe(bank.id);
      expect(s.can({ type: "remove.confirm" })).toBe(true);
      if (s.context.failure) expect(s.context.failure.kind).toBe("remove");
    },
    "ready.removing": (s) => {
      expect(s.children.removeMethod).toBeDefined();
      expect(s.context.target).toBe(bank.id);
    },
    "ready.settingDefault": (s) => {
      expect(s.children.setDefault).toBeDefined();
      expect(s.context.methods.find((m) => m.id === s.context.target)?.is_default).toBe(false);
    },
    "ready.leavingForPayPal": (s) => {
      expect(s.children.beginPayPal).toBeDefined();
      expect(s.context.failure).toBeNull();
    },
  },
  journeys: [
    {
      name: "the list loads and a card is added",
      events: [
        e["xstate.done.actor.loadMethods"][0],
        e["card.open"][0],
        e["card.change"][0],
        e["card.submit"][0],
        e["xstate.done.actor.addCard"][0],
      ],
      expected: { ready: "listing" },
      ends: (s) => {
        expect(s.context.methods).toHaveLength(3);
        expect(s.context.notice).toBe("added");
        expect(s.context.card).toEqual(emptyCard);
      },
    },
    {
      name: "an incomplete card is not sent and names its fields",
      events: [e["xstate.done.actor.loadMethods"][1], e["card.open"][0], e["card.submit"][0]],
      expected: { ready: "editingCard" },
      ends: (s) =>
        expect(s.context.cardProblems).toEqual({
          firstName: "required",
          lastName: "required",
          number: "required",
          expiry: "required",
          cvv: "required",
          address: "required",
          zip: "required",
        }),
    },
    {
      name: "a mistyped card number is not valid",
      events: [
        e["xstate.done.actor.loadMethods"][0],
        e["card.open"][0],
        e["card.change"][0],
        e["card.change"][1],
        e["card.submit"][0],
      ],
      expected: { ready: "editingCard" },
      ends: (s) => expect(s.context.cardProblems).toEqual({ number: "invalid" }),
    },
    {
      name: "a declined card keeps what was typed but the security code",
      events: [
        e["xstate.done.actor.loadMethods"][0],
        e["card.open"][1],
        e["card.change"][0],
        e["card.submit"][0],
        e["xstate.error.actor.addCard"][0],
      ],
      expected: { ready: "editingCard" },
      ends: (s) => {
        expect(s.context.card).toEqual({ ...goodCard, cvv: "" });
        expect(s.context.commuterBenefits).toBe(true);
        expect(s.context.failure).toEqual({ kind: "add", code: 42203, field: "card_declined" });
      },
    },
    {
      name: "a code the gateway refuses is marked on its field",
      events: [
        e["xstate.done.actor.loadMethods"][0],
        e["card.open"][0],
        e["card.change"][0],
        e["card.submit"][0],
        e["xstate.error.actor.addCard"][1],
      ],
      expected: { ready: "editingCard" },
      ends: (s) => expect(s.context.cardProblems).toEqual({ cvv: "cvvInvalid" }),
    },
    {
      name: "cancelling a card form forgets the number",
      events: [
        e["xstate.done.actor.loadMethods"][0],
        e["card.open"][0],
        e["card.change"][0],
        e["form.cancel"][0],
      ],
      expected: { ready: "listing" },
      ends: (s) => expect(s.context.card).toEqual(emptyCard),
    },
    {
      name: "a bank account is added and becomes the default",
      events: [
        e["xstate.done.actor.loadMethods"][0],
        e["bank.open"][0],
        e["bank.change"][0],
        e["bank.submit"][0],
        e["xstate.done.actor.addBank"][0],
      ],
      expected: { ready: "listing" },
      ends: (s) => {
        expect(s.context.methods[0]?.is_default).toBe(true);
        expect(s.context.bank).toEqual(emptyBank);
        expect(s.context.notice).toBe("added");
      },
    },
    {
      name: "a routing number without its checksum is not sent",
      events: [
        e["xstate.done.actor.loadMethods"][0],
        e["bank.open"][0],
        e["bank.change"][0],
        e["bank.change"][1],
        e["bank.submit"][0],
      ],
      expected: { ready: "editingBank" },
      ends: (s) => expect(s.context.bankProblems).toEqual({ routingNumber: "invalid" }),
    },
    {
      name: "a bank account refused at the limit stays in its form",
      events: [
        e["xstate.done.actor.loadMethods"][0],
        e["bank.open"][0],
        e["bank.change"][0],
        e["bank.submit"][0],
        e["xstate.error.actor.addBank"][1],
        e["form.cancel"][0],
        e["bank.open"][0],
        e["bank.change"][0],
        e["bank.submit"][0],
        e["xstate.error.actor.addBank"][0],
      ],
      expected: { ready: "editingBank" },
      ends: (s) => {
        expect(s.context.bank).toEqual(goodBank);
        expect(s.context.bankProblems).toEqual({ routingNumber: "invalid" });
      },
    },
    {
      name: "removing asks first, and keeping changes nothing",
      events: [
        e["xstate.done.actor.loadMethods"][0],
        e["remove.ask"][0],
        e["remove.cancel"][0],
        e["remove.ask"][1],
      ],
      expected: { ready: "listing" },
      ends: (s) => {
        expect(s.context.methods).toEqual(saved);
        expect(s.context.target).toBeNull();
      },
    },
    {
      name: "a failed removal stays in the question, a second try removes",
      events: [
        e["xstate.done.actor.loadMethods"][0],
        e["remove.ask"][0],
        e["remove.confirm"][0],
        e["xstate.error.actor.removeMethod"][0],
        e["remove.confirm"][0],
        e["xstate.done.actor.removeMethod"][0],
      ],
      expected: { ready: "listing" },
      ends: (s) => {
        expect(s.context.methods).toEqual([visa]);
        expect(s.context.notice).toBe("removed");
        expect(s.context.failure).toBeNull();
      },
    },
    {
      name: "the removal question shows its failure",
      events: [
        e["xstate.done.actor.loadMethods"][0],
        e["remove.ask"][0],
        e["remove.confirm"][0],
        e["xstate.error.actor.removeMethod"][0],
      ],
      expected: { ready: "confirmingRemove" },
      ends: (s) => expect(s.context.failure).toEqual({ kind: "remove", code: 50001, field: null }),
    },
    {
      name: "setting the default, failing once",
      events: [
        e["xstate.done.actor.loadMethods"][0],
        e["default.set"][1],
        e["default.set"][0],
        e["xstate.error.actor.setDefault"][0],
        e["default.set"][0],
        e["xstate.done.actor.setDefault"][0],
      ],
      expected: { ready: "listing" },
      ends: (s) => {
        expect(s.context.methods).toEqual(bankDefault);
        expect(s.context.notice).toBe("defaultSet");
      },
    },
    {
      name: "a default that could not be set is said for 3 seconds, then the line clears",
      events: [
        e["xstate.done.actor.loadMethods"][0],
        e["default.set"][0],
        e["xstate.error.actor.setDefault"][0],
        e["xstate.after.lineLifetime.paymentMethods.ready.listing"][0],
      ],
      expected: { ready: "listing" },
      ends: (s) => {
        expect(s.context.failure).toBeNull();
        expect(s.context.methods).toEqual(saved);
      },
    },
    {
      name: "an added card's line clears after 3 seconds, the card stays",
      events: [
        e["xstate.done.actor.loadMethods"][0],
        e["card.open"][0],
        e["card.change"][0],
        e["card.submit"][0],
        e["xstate.done.actor.addCard"][0],
        e["xstate.after.lineLifetime.paymentMethods.ready.listing"][0],
      ],
      expected: { ready: "listing" },
      ends: (s) => {
        expect(s.context.notice).toBeNull();
        expect(s.context.methods).toHaveLength(3);
      },
    },
    {
      name: "no default is set where the deployment does not support it",
      input: 1,
      events: [e["xstate.done.actor.loadMethods"][0], e["default.set"][0]],
      expected: { ready: "listing" },
      ends: (s) => expect(s.context.methods).toEqual(saved),
    },
    {
      name: "leaving for PayPal, which fails to start",
      events: [
        e["xstate.done.actor.loadMethods"][0],
        e["payPal.start"][0],
        e["xstate.error.actor.beginPayPal"][0],
      ],
      expected: { ready: "listing" },
      ends: (s) => expect(s.context.failure?.kind).toBe("payPal"),
    },
    {
      name: "back from PayPal approved: the state is checked, PayPal added, the address cleaned",
      input: 2,
      before: () => paymentMethodsEffects.splice(0),
      events: [e["xstate.done.actor.checkPayPalState"][0], e["xstate.done.actor.addPayPal"][0]],
      expected: { ready: "listing" },
      ends: (s) => {
        expect(paymentMethodsEffects).toEqual(["cleanAddress"]);
        expect(s.context.methods).toEqual([...saved, payPal]);
        expect(s.context.notice).toBe("added");
      },
    },
    {
      name: "back from PayPal with a state this tab did not store adds nothing",
      input: 2,
      events: [e["xstate.done.actor.checkPayPalState"][1], e["xstate.done.actor.loadMethods"][0]],
      expected: { ready: "listing" },
      ends: (s) => {
        expect(s.context.methods).toEqual(saved);
        expect(s.context.failure).toEqual({ kind: "payPal", code: 42204, field: null });
      },
    },
    {
      name: "PayPal unreachable: the list loads with the failure",
      input: 2,
      events: [
        e["xstate.done.actor.checkPayPalState"][0],
        e["xstate.error.actor.addPayPal"][1],
        e["xstate.done.actor.loadMethods"][0],
      ],
      expected: { ready: "listing" },
      ends: (s) => expect(s.context.failure).toEqual({ kind: "payPal", code: 50301, field: null }),
    },
    {
      name: "a state check that breaks adds nothing",
      input: 2,
      events: [e["xstate.error.actor.checkPayPalState"][0], e["xstate.done.actor.loadMethods"][1]],
      expected: { ready: "listing" },
      ends: (s) => expect(s.context.failure?.kind).toBe("payPal"),
    },
    {
      name: "back from PayPal cancelled: a note, the address cleaned",
      input: 3,
      before: () => paymentMethodsEffects.splice(0),
      events: [e["xstate.done.actor.loadMethods"][0]],
      expected: { ready: "listing" },
      ends: (s) => {
        expect(paymentMethodsEffects).toEqual(["cleanAddress"]);
        expect(s.context.notice).toBe("payPalCancelled");
        expect(s.context.failure).toBeNull();
      },
    },
    {
      name: "at the limit nothing more can be added, until one is removed",
      events: [
        e["xstate.done.actor.loadMethods"][2],
        e["card.open"][0],
        e["bank.open"][0],
        e["payPal.start"][0],
      ],
      expected: { ready: "listing" },
      ends: (s) => {
        expect(s.context.methods).toHaveLength(10);
        expect(s.context.card).toEqual(emptyCard);
      },
    },
    {
      name: "a list that does not load can be tried again",
      events: [
        e["xstate.error.actor.loadMethods"][0],
        e["methods.retry"][0],
        e["xstate.done.actor.loadMethods"][1],
      ],
      expected: { ready: "listing" },
      ends: (s) => {
        expect(s.context.methods).toEqual([]);
        expect(s.context.failure).toBeNull();
      },
    },
  ],
});
