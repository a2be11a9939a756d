import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import type { PaymentChoice } from "../../domain/checkout/draft.ts";
import type { Leg } from "../../domain/payments/amounts.ts";
import type { SavedPaymentMethod } from "../../domain/payments/saved.ts";
import { Choice } from "../../ui/Choice.tsx";
import { MakeDefault } from "../account/MakeDefault.tsx";
import { BrandMark, markOf, methodName } from "../account/methodNames.tsx";
import { TextField } from "../account/paymentParts.tsx";
import { shownOnDemand } from "../shared/PartLoading.tsx";
import { choiceName } from "./parts.tsx";

/**
 * The one-time card form a leg opens (./CardEntryForm.tsx, with the card's fields), downloaded once the
 * rider chooses "A new card…" (the checkout's and the loads'); its machine's checks download beside it.
 */
export const CardEntryFormOnDemand = shownOnDemand(() =>
  import("./CardEntryForm.tsx").then((module) => module.CardEntryForm),
);

const actions = css({ display: "flex", gap: "3", flexWrap: "wrap", alignItems: "center" });
const newCard = "new-card";

/** What a leg can be set to: a saved method, or a purse (the fare card's stored value, the wallet). */
type PickedChoice = Extract<PaymentChoice, { kind: "saved" | "stored_value" | "wallet" }>;

/** A purse offered besides the saved methods (checkout: the fare card's stored value, the wallet). */
export interface PurseOption {
  kind: "stored_value" | "wallet";
  title: string;
  detail: string;
  disabled: boolean;
}

export interface PaymentLegsProps {
  /** A guest pays with a one-time card only: no saved methods, no split. */
  guest: boolean;
  /** Offer "Enter a card" / "Use another card" to a guest. */
  offerCard: boolean;
  legs: readonly [PaymentChoice | null, PaymentChoice | null];
  methods: SavedPaymentMethod[];
  /** The choices can change (not while a card is typed or the payment is checked). */
  editing: boolean;
  splitAllowed: boolean;
  split: boolean;
  /** What the rider typed for the first method. */
  firstAmount: string;
  /** Why that amount is refused, worded; null when it is not. */
  amountProblem: string | null;
  /** What the second method pays, formatted; null until the amount is one. */
  secondPays: string | null;
  /** The purses a leg can also take. */
  purses?: PurseOption[];
  /** "A new card for this order only" or "… for this payment only". */
  newCardTitle: string;
  /** The leg whose new card is being typed: it shows the new card chosen, not what it replaces. */
  cardOpenFor: Leg | null;
  onNewCard: (leg: Leg) => void;
  onChoose: (leg: Leg, choice: PickedChoice) => void;
  onSplit: (on: boolean) => void;
  onFirstAmount: (value: string) => void;
  /** Below the first method (a guest's receipt email). */
  afterFirst?: ReactNode;
  /** Below the legs (the legs' problems, the one-time card's form). */
  children?: ReactNode;
}

/**
 * How a purchase or a load is paid (checkout, Add value): one method, or two with the first one's
 * amount (the rest goes on the second); a guest's one-time card. The rules live in the machines
 * (moneyMoves.ts, splitLegs); this only shows the choices and sends what the rider picks.
 */
export function PaymentLegs(props: PaymentLegsProps) {
  const { t, i18n } = useLingui();
  const { guest, legs, split, editing } = props;
  const first = legs[0];
  return (
    <>
      {guest ? (
        first ? (
          <p className={actions}>
            <BrandMark markKey={first.kind === "card" ? first.brand : ""} label={t`Card`} />
            <span>{choiceName(i18n, first, [])}</span>
          </p>
        ) : null
      ) : (
        <LegChoice {...props} leg={0} label={split ? t`First payment method` : t`Pay with`} />
      )}
      {guest && props.offerCard ? (
        <p>
          <button
            type="button"
            className={button({ variant: first ? "outline" : "solid" })}
            onClick={() => props.onNewCard(0)}
          >
            {first ? <Trans>Use another card</Trans> : <Trans>Enter a card</Trans>}
          </button>
        </p>
      ) : null}
      {props.afterFirst}
      {props.splitAllowed && editing ? (
        <MakeDefault
          label={t`Split the payment between two methods`}
          checked={split}
          onChange={(on) => props.onSplit(on)}
        />
      ) : null}
      {split ? (
        <>
          <TextField
            label={t`Amount on the first method`}
            name="firstAmount"
            inputMode="text"
            value={props.firstAmount}
            problem={props.amountProblem}
            helper={
              props.secondPays !== null ? <Trans>The second method pays {props.secondPays}.</Trans> : null
            }
            onChange={(value) => props.onFirstAmount(value)}
          />
          <LegChoice {...props} leg={1} label={t`Second payment method`} />
        </>
      ) : null}
      {props.children}
    </>
  );
}

function LegChoice({
  leg,
  label,
  legs,
  methods,
  editing,
  purses = [],
  newCardTitle,
  cardOpenFor,
  onNewCard,
  onChoose,
}: PaymentLegsProps & { leg: Leg; label: string }) {
  const { i18n } = useLingui();
  const choice = legs[leg];
  const choiceValue = (picked: PaymentChoice | null): string | null => {
    if (!picked) return null;
    if (picked.kind === "saved") return `saved:${picked.id}`;
    return picked.kind === "card" ? "card" : picked.kind;
  };
  const options = [
    ...methods.map((method) => {
      const mark = markOf(i18n, method);
      return {
        value: `saved:${method.id}`,
        title: (
          <span className={actions}>
            <BrandMark markKey={mark.markKey} label={mark.label} />
            {methodName(i18n, method)}
          </span>
        ),
        detail: method.nickname ?? undefined,
        disabled: !editing,
      };
    }),
    ...(choice?.kind === "card"
      ? [{ value: "card", title: choiceName(i18n, choice, methods), disabled: !editing }]
      : []),
    ...purses.map((purse) => ({
      value: purse.kind,
      title: purse.title,
      detail: purse.detail,
      disabled: !editing || purse.disabled,
    })),
    { value: newCard, title: newCardTitle, disabled: !editing },
  ];
  return (
    <Choice<string>
      label={label}
      value={cardOpenFor === leg ? newCard : choiceValue(choice ?? null)}
      options={options}
      onPick={(value) => {
        if (value === newCard) return onNewCard(leg);
        if (value === "card") return;
        if (value === "wallet" || value === "stored_value") return onChoose(leg, { kind: value });
        onChoose(leg, { kind: "saved", id: value.slice("saved:".length) });
      }}
    />
  );
}
