import { screen, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";
import { type AnyEventObject, createActor } from "xstate";
import { formatMoney } from "../../src/domain/money.ts";
import { AddValueView } from "../../src/views/wallet/AddValueView.tsx";
import { mastercard, visa } from "../support/wallet.ts";
import { addValueModel, events as all } from "./specs/addValue.ts";
import { waitingCardEntry } from "./specs/cardEntry.ts";
import { describeViewModel } from "./view-harness.tsx";

const money = (amount: number) => formatMoney(amount, { currency: "USD", locale: "en" });

async function retype(user: UserEvent, name: string, value: string) {
  const field = screen.getByRole("textbox", { name });
  await user.clear(field);
  if (value !== "") await user.type(field, value);
}

/** The radio group of a payment leg: "Pay with" alone, "First" and "Second" when split. */
function legGroup(leg: number) {
  const names = leg === 0 ? ["Pay with", "First payment method"] : ["Second payment method"];
  const group = screen
    .queryAllByRole("radiogroup")
    .find((candidate) => names.some((name) => candidate.textContent?.startsWith(name)));
  return group ? within(group) : null;
}

/** While a rider's new card is typed, its leg shows the new card chosen, as drawn (issue 34). */
function newCardChosen(context: { guest: boolean; cardLeg: number }) {
  const leg = context.guest ? null : legGroup(context.cardLeg);
  if (!leg) return;
  const drawn = leg
    .getAllByRole("radio")
    .filter((radio) => radio.closest("label")?.getAttribute("data-state") === "checked");
  expect(drawn).toEqual([leg.getByRole("radio", { name: "A new card for this payment only" })]);
}

const methodNames: Record<string, RegExp> = {
  [visa.id]: /Visa •••• 4242/,
  [mastercard.id]: /Mastercard •••• 4444/,
};
const click = (user: UserEvent, name: string | RegExp) => user.click(screen.getByRole("button", { name }));

const pick = <T,>(samples: T[], ...indexes: number[]): [T, ...T[]] => {
  const picked = indexes.map((index) => samples[index]).filter((sample): sample is T => sample !== undefined);
  const [first, ...rest] = picked;
  if (first === undefined) throw new Error("no sample picked");
  return [first, ...rest];
};

/**
 * The screen walks fewer samples than the model (each one-time card is typed key by key): one of each
 * kind of answer and gesture, with the graph folded to what the screen shows.
 */
const screenModel = {
  ...addValueModel,
  events: {
    ...all,
    "amount.other": pick(all["amount.other"], 1),
    "payment.split": pick(all["payment.split"], 0),
    "payment.choose": pick(all["payment.choose"], 1),
    "payment.firstAmount": pick(all["payment.firstAmount"], 0),
    "payment.newCard": pick(all["payment.newCard"], 0),
    "receipt.email": pick(all["receipt.email"], 0),
    "xstate.error.actor.load": pick(all["xstate.error.actor.load"], 0, 2, 4, 5),
  },
  serialize: (s: Parameters<typeof addValueModel.serialize>[0]) =>
    JSON.stringify([
      s.value,
      s.context.split,
      s.context.legs.map((leg) => leg?.kind ?? null),
      s.context.problem,
      s.context.failure?.code ?? null,
      s.context.result !== null,
      s.context.guest,
      s.context.methods.length,
      s.context.preset !== null,
      s.context.failure?.leg ?? null,
    ]),
};

describeViewModel({
  model: screenModel,
  mount(logic, { input, clock, inspect }) {
    if (!input) throw new Error("every add value walk has an input");
    const actor = createActor(logic, { clock, input, inspect }).start();
    return {
      element: <AddValueView addValue={actor} money={money} title="Add value" onClose={() => {}} />,
      actor: () => actor,
    };
  },
  children: { cardEntry: waitingCardEntry },
  environment: [
    "xstate.done.actor.loadMethods",
    "xstate.error.actor.loadMethods",
    // The card form's own machine ends (walked in its own view test: cardEntry.view.test.tsx).
    "xstate.done.actor.cardEntry",
    "xstate.done.actor.load",
    "xstate.error.actor.load",
  ],
  gestures: {
    "amount.preset": (user, event: AnyEventObject) => click(user, money(Number(event.amount))),
    "amount.other": (user, event: AnyEventObject) => retype(user, "Other amount", String(event.value)),
    "amount.next": (user) => click(user, "Continue"),
    "payment.split": async (user, event: AnyEventObject) => {
      const box = screen.queryByRole("checkbox", { name: "Split the payment between two methods" });
      // Guests never split: the box is not there.
      if (box && (box as HTMLInputElement).checked !== event.on) await user.click(box);
    },
    "payment.choose": async (user, event: AnyEventObject) => {
      const choice = event.choice as { kind: string; id?: string };
      const name = choice.id ? methodNames[choice.id] : undefined;
      const radio = name ? (legGroup(Number(event.leg))?.queryByRole("radio", { name }) ?? null) : null;
      // A method that is not offered (a guest's, a second one without a split) cannot be picked.
      if (radio) await user.click(radio);
    },
    "payment.firstAmount": (user, event: AnyEventObject) =>
      retype(user, "Amount on the first method", String(event.value)),
    "payment.newCard": async (user, event: AnyEventObject) => {
      const offered = screen.queryByRole("button", { name: /Enter a card|Use another card/ });
      if (offered) return user.click(offered);
      const radio = legGroup(Number(event.leg))?.queryByRole("radio", {
        name: "A new card for this payment only",
      });
      if (radio) await user.click(radio);
    },
    "payment.back": (user) => click(user, "Back"),
    "payment.next": (user) => click(user, "Review"),
    "receipt.email": async (user, event: AnyEventObject) => {
      if (screen.queryByRole("textbox", { name: "Email for the receipt" }))
        await retype(user, "Email for the receipt", String(event.value));
    },
    "card.cancel": (user) => click(user, "Cancel"),
    "load.edit": async (user) => {
      const change = screen.queryByRole("button", { name: "Change" });
      await user.click(change ?? screen.getByRole("button", { name: "Try again" }));
    },
    "load.confirm": (user) => click(user, /^Pay /),
    "load.retry": (user) => click(user, "Try again"),
  },
  sees: {
    methods: () => expect(screen.getByRole("status")).toHaveTextContent("Loading your payment methods…"),
    amount: (s) => {
      expect(screen.getByRole("button", { name: "Continue" })).toBeEnabled();
      expect(screen.getByText("From $5.00 to $250.00")).toBeVisible();
      if (s.context.problem === "amountMissing")
        expect(screen.getByText("Please enter a valid amount")).toBeVisible();
      if (s.context.problem === "amountInvalid")
        expect(screen.getByText("Amount is not valid.")).toBeVisible();
      if (s.context.problem === "amountRefused")
        expect(screen.getByText("Invalid amount. Try again.")).toBeVisible();
    },
    payment: (s) => {
      expect(screen.getByRole("button", { name: "Review" })).toBeEnabled();
      if (s.context.guest)
        expect(screen.getByRole("textbox", { name: "Email for the receipt" })).toBeVisible();
      else expect(legGroup(0)).not.toBeNull();
      if (s.context.failure?.code === 42203) {
        const alert = screen.getByRole("alert");
        expect(alert).toHaveTextContent(/was declined[^.]*\..*Please choose another method\.$/);
        expect(alert.textContent?.match(/declined/g)).toHaveLength(1);
      }
      if (s.context.problem === "sameMethod")
        expect(screen.getByRole("alert")).toHaveTextContent("Please choose two different payment methods.");
    },
    card: (s) => {
      expect(screen.getByRole("heading", { name: "Card for this payment" })).toBeVisible();
      expect(screen.getByRole("button", { name: "Cancel" })).toBeEnabled();
      // Its checks are downloading: "Use this card" waits for them.
      expect(screen.getByRole("button", { name: "Please wait…" })).toBeDisabled();
      newCardChosen(s.context);
    },
    review: (s) => {
      expect(screen.getByRole("button", { name: /^Pay \$/ })).toBeEnabled();
      if (s.context.guest) expect(screen.getByText("Receipt to")).toBeVisible();
    },
    loading: () => expect(screen.getByRole("button", { name: "Please wait…" })).toBeDisabled(),
    interrupted: () => {
      expect(screen.getByRole("alert")).toHaveTextContent("The connection was lost. Try again");
      expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
    },
    failed: () => expect(screen.getByRole("alert")).toHaveTextContent("This card cannot be loaded now."),
    done: (s) => {
      expect(screen.getByRole("status")).toHaveTextContent(
        "New balance: $32.50, pending until the payment settles.",
      );
      if (s.context.guest) {
        expect(screen.getByText(/a receipt was sent to/)).toHaveTextContent(
          /^Order TP-\d{8}: a receipt was sent to guest@example\.com\. /,
        );
        // And the receipt itself, a click away (issue 34).
        expect(screen.getByRole("link", { name: "View the receipt" })).toHaveAttribute(
          "href",
          `/anonymous/ordersummary/${s.context.result?.order.id}?link=guest-link-2001`,
        );
      } else
        expect(screen.getByRole("link", { name: "View order summary TP-00002001" })).toHaveAttribute(
          "href",
          `/ordersummary/${s.context.result?.order.id}`,
        );
    },
  },
});
