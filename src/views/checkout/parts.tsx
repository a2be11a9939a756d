import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useCallback } from "react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import type { CheckoutProblem, PaymentChoice } from "../../domain/checkout/draft.ts";
import { purseShortfall } from "../../domain/checkout/draft.ts";
import { ErrorCode } from "../../domain/envelope.ts";
import { formatMoney } from "../../domain/money.ts";
import type { SavedPaymentMethod } from "../../domain/payments/saved.ts";
import type { CheckoutFailure, checkoutMachine } from "../../machines/checkout.machine.ts";
import { methodName } from "../account/methodNames.tsx";
import { declineMessage } from "../shared/declineTexts.ts";
import { useDisplaySettings } from "../shared/display-formats.tsx";
import { errorLine } from "../shared/fieldStyles.ts";

export type CheckoutRef = ActorRefFrom<typeof checkoutMachine>;

export const sectionHeading = css({ fontSize: "xl", fontWeight: "bold" });
/** A form's or a dialog's error line (the shared style). */
export const errorText = errorLine;
export const muted = css({ color: "muted", fontSize: "sm" });
export const rows = css({ display: "grid", gap: "2" });
export const row = css({ display: "flex", justifyContent: "space-between", gap: "4" });

/** Formats minor units of the quote's currency in the rider's language, as the deployment shows money. */
export function useQuoteMoney(checkout: CheckoutRef): (amount: number) => string {
  const { i18n } = useLingui();
  const hideZeroDecimals = useDisplaySettings().config?.hideZeroDecimals ?? false;
  const currency = useSelector(checkout, (snapshot) => snapshot.context.quote?.currency ?? "USD");
  return useCallback(
    (amount: number) => formatMoney(amount, { currency, locale: i18n.locale, hideZeroDecimals }),
    [currency, i18n.locale, hideZeroDecimals],
  );
}

/** What a purse asked more than it holds reads as (purseShortfall), or null when none is. */
export function usePurseShort(checkout: CheckoutRef): PurseShortText | null {
  const { i18n } = useLingui();
  const money = useQuoteMoney(checkout);
  const short = useSelector(
    checkout,
    (snapshot) => purseShortfall(snapshot.context),
    (a, b) => a?.leg === b?.leg && a?.kind === b?.kind && a?.holds === b?.holds && a?.part === b?.part,
  );
  if (!short) return null;
  return {
    purse: short.kind === "wallet" ? i18n._(msg`Wallet`) : i18n._(msg`Fare card stored value`),
    holds: money(short.holds),
    part: money(short.part),
  };
}

/** How a leg's method reads: "Visa •••• 4242", "Wallet", "Fare card stored value". */
export function choiceName(
  i18n: I18n,
  choice: PaymentChoice,
  methods: readonly SavedPaymentMethod[],
): string {
  switch (choice.kind) {
    case "saved": {
      const method = methods.find((candidate) => candidate.id === choice.id);
      return method ? methodName(i18n, method) : i18n._(msg`Saved payment method`);
    }
    case "card":
      return i18n._(msg`Card •••• ${choice.last4} (this order only)`);
    case "stored_value":
      return i18n._(msg`Fare card stored value`);
    case "wallet":
      return i18n._(msg`Wallet`);
  }
}

/** A purse's shortfall as the rider reads it: the purse's name and the two amounts, formatted. */
export interface PurseShortText {
  purse: string;
  holds: string;
  part: string;
}

export function problemMessage(i18n: I18n, problem: CheckoutProblem, short?: PurseShortText | null): string {
  switch (problem) {
    case "purseShort": {
      if (!short) return i18n._(msg`A wallet or fare card does not hold enough for its part of the payment.`);
      const { purse, holds, part } = short;
      return i18n._(
        msg`${purse} holds ${holds}, less than its part of ${part}. Please change the amount or the method.`,
      );
    }
    case "destination":
      return i18n._(msg`Choose where your pass goes.`);
    case "destinationIneligible":
      return i18n._(msg`This fare card cannot hold the passes in your cart.`);
    case "shippingAddress":
      return i18n._(msg`Please choose a shipping address.`);
    case "shippingMethod":
      return i18n._(msg`Please choose a shipping method.`);
    case "selectPayment":
      return i18n._(msg`Please select a payment method.`);
    case "sameMethod":
      return i18n._(msg`Please choose two different payment methods.`);
    case "amountInvalid":
      return i18n._(msg`Amount is not valid.`);
    case "walletAutoRenew":
      return i18n._(msg`A wallet cannot pay for auto-renewed passes`);
    case "autoRenewSavedMethod":
      return i18n._(msg`Auto-renewed passes need a saved payment method that pays the whole order.`);
    case "email":
      return i18n._(msg`Invalid Email Address`);
    case "emailMismatch":
      return i18n._(msg`The email addresses do not match.`);
  }
}

/** What a refused request says; the server's own words where it gave them. */
export function failureMessage(
  i18n: I18n,
  failure: CheckoutFailure,
  legName: (leg: number) => string | null,
  split: boolean,
): string {
  if (failure.code === ErrorCode.paymentMethodDeclined && failure.leg !== null) {
    const declined = legName(failure.leg) ?? i18n._(msg`Your payment method`);
    const other = split ? legName(failure.leg === 0 ? 1 : 0) : null;
    return declineMessage(i18n, failure.reason, declined, other);
  }
  if (failure.code === ErrorCode.unavailable) {
    return i18n._(msg`The connection was lost. Please try again.`);
  }
  if (failure.code === ErrorCode.cardTypeUnsupported) return i18n._(msg`Unsupported Card Type`);
  if (failure.code === ErrorCode.paymentTokenInvalid) {
    return i18n._(msg`The card could not be used. Please enter it again.`);
  }
  if (failure.code === ErrorCode.fareCardUnavailable) {
    return i18n._(msg`This fare card cannot be used for this order. Please choose it again, or another one.`);
  }
  if (failure.code === ErrorCode.orderNotPlaced) {
    return i18n._(
      msg`Your order was not placed, and any payment taken for it has been returned. Please place it again.`,
    );
  }
  return failure.message !== "" ? failure.message : i18n._(msg`Something went wrong, please try again!`);
}
