import { I18nProvider } from "@lingui/react";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { type AnyEventObject, createActor, fromPromise, type SimulatedClock } from "xstate";
import { noticeLifetimeMs } from "../../src/domain/notices.ts";
import type { BankSubmission } from "../../src/domain/payments/bank.ts";
import type { CardSubmission } from "../../src/domain/payments/card.ts";
import { i18n } from "../../src/i18n/i18n.ts";
import {
  type BankDraft,
  type CardDraft,
  paymentMethodsMachine,
} from "../../src/machines/paymentMethods.machine.ts";
import { methodName } from "../../src/views/account/methodNames.tsx";
import { PaymentMethodsView } from "../../src/views/account/PaymentMethodsView.tsx";
import { bank, goodCard, now, paymentMethodsModel, saved, visa } from "./specs/paymentMethods.ts";
import { describeViewModel } from "./view-harness.tsx";

const cardLabels: Record<Exclude<keyof CardDraft, "makeDefault">, string> = {
  nickname: "Nickname (optional)",
  firstName: "First name on card",
  lastName: "Last name on card",
  number: "Card Number",
  expiry: "Expiration (MM/YY)",
  cvv: "CVV",
  address: "Billing Street Address",
  zip: "Zip or Postal Code",
};
const bankLabels: Record<Exclude<keyof BankDraft, "makeDefault" | "accountType">, string> = {
  nickname: "Nickname (optional)",
  holderName: "Account Holder Name",
  routingNumber: "Routing Number",
  accountNumber: "Account Number",
};

async function fill(user: UserEvent, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  if (value !== "") await user.type(field, value);
}

const bankName = "Sandbox Bank checking •••• 6789";
const question = () => screen.getByRole("alertdialog", { name: "Remove this payment method?" });
const loadingLine = () => screen.getByText("Loading your payment methods…");

const lineLifetime = "xstate.after.lineLifetime.paymentMethods.ready.listing";
/** The walk's clock: the list's line clears when it has moved 3 seconds on. */
let time: SimulatedClock | null = null;

describeViewModel({
  model: paymentMethodsModel,
  mount(logic, { input, clock, inspect }) {
    time = clock;
    const actor = createActor(logic, { input, clock, inspect }).start();
    return { element: <PaymentMethodsView methods={actor} />, actor: () => actor };
  },
  environment: Object.keys(paymentMethodsModel.events).filter(
    (type) => type.startsWith("xstate.") && type !== lineLifetime,
  ),
  gestures: {
    [lineLifetime]: async () => {
      act(() => time?.increment(noticeLifetimeMs.success - 1));
      // A moment before, the line is still there.
      expect([...screen.queryAllByRole("status"), ...screen.queryAllByRole("alert")]).not.toHaveLength(0);
      act(() => time?.increment(1));
    },
    "methods.retry": async (user) => user.click(screen.getByRole("button", { name: "Try again" })),
    "card.open": async (user, event: AnyEventObject) =>
      user.click(
        screen.getByRole("button", { name: event.commuterBenefits ? "Commuter benefits card" : "Card" }),
      ),
    "card.change": async (user, event: AnyEventObject) => {
      for (const [key, value] of Object.entries(event.values as Partial<CardDraft>)) {
        if (key === "makeDefault") continue;
        await fill(user, cardLabels[key as keyof typeof cardLabels], String(value));
      }
    },
    "card.submit": async (user) => user.click(screen.getByRole("button", { name: "Save card" })),
    "bank.open": async (user) => user.click(screen.getByRole("button", { name: "Bank account" })),
    "bank.change": async (user, event: AnyEventObject) => {
      for (const [key, value] of Object.entries(event.values as Partial<BankDraft>)) {
        if (key === "makeDefault") continue;
        if (key === "accountType") {
          await user.click(screen.getByRole("radio", { name: value === "savings" ? "Savings" : "Checking" }));
          continue;
        }
        await fill(user, bankLabels[key as keyof typeof bankLabels], String(value));
      }
    },
    "bank.submit": async (user) => user.click(screen.getByRole("button", { name: "Save bank account" })),
    "form.cancel": async (user) => user.click(screen.getByRole("button", { name: "Cancel" })),
    "payPal.start": async (user) => user.click(screen.getByRole("button", { name: "PayPal" })),
    "remove.ask": async (user, event: AnyEventObject) => {
      // Only the rider's own methods have a Remove button.
      if (event.id !== bank.id) {
        expect(screen.getAllByRole("button", { name: /^Remove / })).toHaveLength(
          screen.getAllByRole("listitem").filter((li) => li.hasAttribute("data-method")).length,
        );
        return;
      }
      await user.click(screen.getByRole("button", { name: `Remove ${bankName}` }));
    },
    "remove.confirm": async (user) => user.click(within(question()).getByRole("button", { name: "Remove" })),
    "remove.cancel": async (user) => user.click(within(question()).getByRole("button", { name: "Keep" })),
    "default.set": async (user, event: AnyEventObject) => {
      if (event.id === visa.id && screen.queryByText("Visa •••• 4242")) {
        const visaItem = screen.getByText("Visa •••• 4242").closest("li");
        if (visaItem && within(visaItem).queryByText("Default")) {
          // The default has no "Set as default" button.
          expect(within(visaItem).queryByRole("button", { name: /^Set as default/ })).toBeNull();
          return;
        }
        await user.click(screen.getByRole("button", { name: "Set as default: Visa •••• 4242" }));
        return;
      }
      const button = screen.queryByRole("button", { name: `Set as default: ${bankName}` });
      if (button) await user.click(button);
    },
  },
  sees: {
    checkingPayPal: () => expect(loadingLine()).toHaveAttribute("role", "status"),
    addingPayPal: () => expect(loadingLine()).toHaveAttribute("role", "status"),
    loading: () => expect(loadingLine()).toHaveAttribute("role", "status"),
    loadFailed: () => {
      expect(screen.getByRole("alert")).toHaveTextContent("Failed to load your payment methods.");
      expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
    },
    ready: (s) => {
      // The page stays beneath an open question (hidden from assistive technology meanwhile).
      expect(screen.getByRole("heading", { name: "Add a payment method", hidden: true })).toBeInTheDocument();
      expect(screen.getByText(/cannot be added here: add them in the mobile app/)).toBeVisible();
      if (s.context.methods.length === 0) expect(screen.getByText(/no saved payment methods/)).toBeVisible();
      for (const method of s.context.methods) {
        if (method.is_default) {
          const row = screen.getByText(methodName(i18n, method)).closest("li");
          expect(row && within(row).getByText("Default")).toBeTruthy();
        }
      }
      if (!s.context.supportsDefault)
        expect(screen.queryByRole("button", { name: /^Set as default/ })).toBeNull();
    },
    "ready.listing": (s) => {
      const full = s.context.methods.length === 10;
      for (const kind of ["Card", "PayPal", "Bank account", "Commuter benefits card"]) {
        const add = screen.getByRole("button", { name: kind });
        if (full) expect(add).toBeDisabled();
        else expect(add).toBeEnabled();
      }
      if (full) expect(screen.getByText(/as many payment methods as allowed/)).toBeVisible();
      expect(screen.queryByRole("alertdialog")).toBeNull();
      const failure = s.context.failure;
      if (failure?.kind === "payPal") {
        expect(screen.getByRole("alert")).toHaveTextContent(
          failure.code === 50301
            ? "Currently cant add paypal. Please try again later."
            : "Failed to add paypal as a payment method.",
        );
      }
      if (failure?.kind === "default") {
        expect(screen.getByRole("alert")).toHaveTextContent(
          "Failed to set the default payment method. Please try again.",
        );
      }
      if (s.context.notice === "payPalCancelled") {
        expect(screen.getByRole("status")).toHaveTextContent("PayPal was not added");
      }
      if (s.context.notice === "removed") {
        expect(screen.getByRole("status")).toHaveTextContent("Payment method removed.");
      }
    },
    "ready.editingCard": (s) => {
      const form = screen.getByRole("form", {
        name: s.context.commuterBenefits ? "Add a commuter benefits card" : "Add a card",
      });
      expect(within(form).getByRole("button", { name: "Save card" })).toBeEnabled();
      expect(screen.getByLabelText("Card Number")).toHaveValue(s.context.card.number);
      expect(screen.getByLabelText("CVV")).toHaveValue(s.context.card.cvv);
      if (s.context.commuterBenefits) expect(within(form).getByText(/cannot be transferred/)).toBeVisible();
      if (s.context.cardProblems.number === "invalid") {
        expect(screen.getByLabelText("Card Number")).toHaveAccessibleDescription(
          /Card Number is not valid\./,
        );
      }
      if (s.context.cardProblems.lastName === "required") {
        expect(screen.getByLabelText("Last name on card")).toHaveAccessibleDescription(
          "Last name on card can not be empty.",
        );
      }
      if (s.context.cardProblems.firstName === "required") {
        expect(screen.getByLabelText("First name on card")).toHaveAccessibleDescription(
          "First name on card can not be empty.",
        );
      }
      if (s.context.cardProblems.cvv === "cvvInvalid") {
        expect(screen.getByLabelText("CVV")).toHaveAccessibleDescription("Invalid CVV");
      }
      const failure = s.context.failure;
      if (failure?.code === 42203)
        expect(within(form).getByRole("alert")).toHaveTextContent("Your card was declined.");
      if (failure?.code === 50001) {
        expect(within(form).getByRole("alert")).toHaveTextContent(
          "Error occured while adding payment method please try later.",
        );
      }
    },
    "ready.savingCard": () => {
      expect(screen.getByRole("button", { name: "Please wait…" })).toBeDisabled();
      expect(screen.getByLabelText("Card Number")).toBeVisible();
    },
    "ready.editingBank": (s) => {
      const form = screen.getByRole("form", { name: "Add a bank account" });
      expect(within(form).getByRole("button", { name: "Save bank account" })).toBeEnabled();
      expect(screen.getByLabelText("Routing Number")).toHaveValue(s.context.bank.routingNumber);
      if (s.context.bankProblems.routingNumber === "invalid") {
        expect(screen.getByLabelText("Routing Number")).toHaveAccessibleDescription(
          "Routing Number is not valid.",
        );
      }
      if (s.context.failure?.code === 42205) {
        expect(within(form).getByRole("alert")).toHaveTextContent(/as many payment methods as allowed/);
      }
    },
    "ready.savingBank": () => {
      expect(screen.getByRole("button", { name: "Please wait…" })).toBeDisabled();
      expect(screen.getByLabelText("Routing Number")).toBeVisible();
    },
    "ready.confirmingRemove": (s) => {
      const dialog = question();
      expect(dialog).toHaveAccessibleDescription(`${bankName} will no longer be offered at checkout.`);
      expect(within(dialog).getByRole("button", { name: "Remove" })).toBeEnabled();
      if (s.context.failure) {
        expect(within(dialog).getByRole("alert")).toHaveTextContent(
          "Failed to remove payment method. Please try again.",
        );
      }
    },
    "ready.removing": () => {
      expect(within(question()).getByRole("button", { name: "Please wait…" })).toBeDisabled();
    },
    "ready.settingDefault": (s) => {
      // The method being made the default: the bank, or the card once the bank has become the default.
      const name = s.context.target === visa.id ? "Visa •••• 4242" : bankName;
      expect(screen.getByRole("button", { name: `Set as default: ${name}` })).toHaveAttribute(
        "aria-busy",
        "true",
      );
    },
    "ready.leavingForPayPal": () => {
      expect(screen.getByText("Taking you to PayPal…")).toHaveAttribute("role", "status");
      expect(screen.getByRole("button", { name: "PayPal" })).toBeDisabled();
    },
  },
});

describe("payment methods screen", () => {
  afterEach(() => cleanup());

  function mount(overrides: { supportsDefault?: boolean } = {}) {
    const cards: CardSubmission[] = [];
    const banks: BankSubmission[] = [];
    const actor = createActor(
      paymentMethodsMachine.provide({
        actors: {
          loadMethods: fromPromise(async () => saved),
          addCard: fromPromise<typeof saved, CardSubmission>(async ({ input }) => {
            cards.push(input);
            throw {
              code: 42203,
              message: "declined",
              errors: [{ code: 42203, message: "d", field: "expired_card" }],
            };
          }),
          addBank: fromPromise<typeof saved, BankSubmission>(async ({ input }) => {
            banks.push(input);
            return saved;
          }),
        },
        actions: { cleanAddress: () => undefined },
      }),
      { input: { supportsDefault: overrides.supportsDefault ?? true, now, payPalReturn: null } },
    ).start();
    const user = userEvent.setup();
    render(
      <I18nProvider i18n={i18n}>
        <PaymentMethodsView methods={actor} />
      </I18nProvider>,
    );
    return { actor, user, cards, banks };
  }

  it("shows the brand while typing, groups the digits and sizes the CVV by brand", async () => {
    const { user, actor } = mount();
    await user.click(await screen.findByRole("button", { name: "Card" }));
    // The button is gone with the form open: focus starts at the form's heading.
    expect(screen.getByRole("heading", { name: "Add a card" })).toHaveFocus();
    await user.type(screen.getByLabelText("Card Number"), "378282246310005");
    expect(screen.getByLabelText("Card Number")).toHaveValue("3782 822463 10005");
    expect(screen.getByLabelText("Card Number")).toHaveAccessibleDescription(/American Express/);
    await user.type(screen.getByLabelText("CVV"), "123456");
    expect(screen.getByLabelText("CVV")).toHaveValue("1234");
    await user.type(screen.getByLabelText("Expiration (MM/YY)"), "1230");
    expect(screen.getByLabelText("Expiration (MM/YY)")).toHaveValue("12/30");
    await user.clear(screen.getByLabelText("Card Number"));
    await user.type(screen.getByLabelText("Card Number"), "3530111333300000");
    await user.click(screen.getByRole("button", { name: "Save card" }));
    expect(screen.getByLabelText("Card Number")).toHaveAccessibleDescription(/Unsupported Card Type/);
    await act(async () => actor.stop());
  });

  it("a declined card says why, keeps the typing and clears only the CVV", async () => {
    const { user, actor, cards } = mount();
    await user.click(await screen.findByRole("button", { name: "Commuter benefits card" }));
    for (const [key, value] of Object.entries(goodCard)) {
      if (key === "makeDefault" || value === "") continue;
      await user.type(screen.getByLabelText(cardLabels[key as keyof typeof cardLabels]), String(value));
    }
    await user.click(screen.getByRole("checkbox", { name: "Make default" }));
    await user.click(screen.getByRole("button", { name: "Save card" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Your card has expired.");
    expect(cards[0]).toMatchObject({
      number: "4242424242424242",
      expMonth: 12,
      expYear: 2030,
      commuterBenefits: true,
      makeDefault: true,
    });
    expect(screen.getByLabelText("Card Number")).toHaveValue("4242 4242 4242 4242");
    expect(screen.getByLabelText("First name on card")).toHaveValue("Riley");
    expect(screen.getByLabelText("Last name on card")).toHaveValue("Rider");
    expect(screen.getByLabelText("CVV")).toHaveValue("");
    expect(JSON.stringify(window.localStorage)).not.toContain("4242");
    expect(JSON.stringify(window.sessionStorage)).not.toContain("4242");
    await act(async () => actor.stop());
  });

  it("hides Set as default and Make default where the deployment does not support them", async () => {
    const { user, actor } = mount({ supportsDefault: false });
    await screen.findByText("Visa •••• 4242");
    expect(screen.queryByRole("button", { name: /^Set as default/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Bank account" }));
    expect(screen.queryByRole("checkbox", { name: "Make default" })).toBeNull();
    await act(async () => actor.stop());
  });

  it("lists each method with its brand, last four, expiry and tags", async () => {
    const { actor } = mount();
    const visaRow = (await screen.findByText("Visa •••• 4242")).closest("li");
    if (!visaRow) throw new Error("no row");
    expect(within(visaRow).getByRole("img", { name: "Visa" })).toBeVisible();
    expect(within(visaRow).getByText("Expires 12/30")).toBeVisible();
    expect(within(visaRow).getByText("Commute card")).toBeVisible();
    expect(within(visaRow).getByText("Default")).toBeVisible();
    expect(screen.getByRole("img", { name: "Bank account" })).toBeVisible();
    expect(screen.getByText("Apple Pay")).toBeVisible();
    await act(async () => actor.stop());
  });
});
