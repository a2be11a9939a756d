import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { ErrorCode } from "../../domain/envelope.ts";
import { type Failure, gatewayRejected, type Notice } from "../../machines/paymentMethods.machine.ts";

/*
 * What the Payment Methods screen says of its failures and outcomes; kept apart from ./paymentParts.tsx,
 * whose fields many screens share, because it reads the screen's machine.
 */
const declines: Record<string, ReturnType<typeof msg>> = {
  card_declined: msg`Your card was declined.`,
  expired_card: msg`Your card has expired.`,
  incorrect_cvc: msg`Invalid CVV`,
  processing_error: msg`An error occurred while processing your card. Please try again.`,
  insufficient_funds: msg`Your card has insufficient funds.`,
};

/** What a failure says to the rider (spec section 8's texts where it has them). */
export function failureText(i18n: I18n, failure: Failure): string {
  switch (failure.kind) {
    case "load":
      return i18n._(msg`Failed to load your payment methods. Please try again.`);
    case "remove":
      return i18n._(msg`Failed to remove payment method. Please try again.`);
    case "default":
      return i18n._(msg`Failed to set the default payment method. Please try again.`);
    case "payPal":
      return failure.code === ErrorCode.unavailable
        ? i18n._(msg`Currently cant add paypal. Please try again later.`)
        : i18n._(msg`Failed to add paypal as a payment method.`);
    case "add": {
      if (failure.code === ErrorCode.paymentMethodDeclined) {
        const decline = failure.field ? declines[failure.field] : undefined;
        return i18n._(decline ?? msg`Your payment method was declined.`);
      }
      if (failure.code === ErrorCode.limitReached) {
        return i18n._(msg`You have saved as many payment methods as allowed. Remove one to add another.`);
      }
      if (failure.code === gatewayRejected) return i18n._(msg`Please choose valid inputs.`);
      // The server refuses a brand the portal does not take too (its form says so before sending).
      if (failure.code === ErrorCode.cardTypeUnsupported) return i18n._(msg`Unsupported Card Type`);
      return i18n._(msg`Error occured while adding payment method please try later.`);
    }
  }
}

export function noticeText(i18n: I18n, notice: Notice): string {
  switch (notice) {
    case "added":
      return i18n._(msg`Payment method added.`);
    case "removed":
      return i18n._(msg`Payment method removed.`);
    case "defaultSet":
      return i18n._(msg`Default payment method updated.`);
    case "payPalCancelled":
      return i18n._(msg`PayPal was not added: you cancelled on the PayPal page.`);
  }
}
