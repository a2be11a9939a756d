import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/*
 * What a declined payment says, once and by its cause: the gateway's DeclineReason ("card_declined",
 * "insufficient_funds", "expired_card", "incorrect_cvc", "processing_error") picks the sentence, so an
 * expired card, a wrong security code and a refusal read apart in every language. Each part is a whole
 * sentence for the translators; an unknown reason reads as a plain refusal.
 */

/** What happened to the method, in one sentence that names it. */
function whatHappened(i18n: I18n, reason: string | null, method: string): string {
  switch (reason) {
    case "insufficient_funds":
      return i18n._(msg`${method} was declined for insufficient funds.`);
    case "expired_card":
      return i18n._(msg`${method} has expired.`);
    case "incorrect_cvc":
      return i18n._(msg`The security code (CVV) of ${method} is not correct.`);
    case "processing_error":
      return i18n._(msg`${method} could not be charged: its bank had a processing error.`);
    default:
      return i18n._(msg`${method} was declined.`);
  }
}

/** What the rider can do next. */
function whatNext(i18n: I18n, reason: string | null): string {
  switch (reason) {
    case "incorrect_cvc":
      return i18n._(msg`Please check the security code or choose another method.`);
    case "processing_error":
      return i18n._(msg`Please try again or choose another method.`);
    default:
      return i18n._(msg`Please choose another method.`);
  }
}

/**
 * A declined payment's message: "Visa •••• 4242 has expired. Mastercard •••• 4444 was not charged.
 * Please choose another method." `untouched` names a split's other leg, which was not charged.
 */
export function declineMessage(
  i18n: I18n,
  reason: string | null,
  method: string,
  untouched: string | null,
): string {
  const parts = [whatHappened(i18n, reason, method)];
  if (untouched) parts.push(i18n._(msg`${untouched} was not charged.`));
  parts.push(whatNext(i18n, reason));
  return parts.join(" ");
}
