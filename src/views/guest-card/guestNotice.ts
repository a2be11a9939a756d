import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import type { GuestCardNotice } from "../../machines/cardLookup.ts";

/** What the form says when it is shown again. */
export function guestNoticeText(i18n: I18n, notice: GuestCardNotice): string {
  switch (notice.kind) {
    case "noMatch":
      return i18n._(msg`No matches found. Check the card number and security code and try again.`);
    case "throttled":
      return notice.minutes === null
        ? i18n._(msg`Too many attempts, try again later.`)
        : i18n._(
            plural(notice.minutes, {
              one: "Too many attempts, try again in # minute",
              other: "Too many attempts, try again in # minutes",
            }),
          );
    case "expired":
      return i18n._(msg`Your card session has expired. Enter the card number and security code again.`);
    case "failed":
      return i18n._(msg`The card could not be opened. Please try again.`);
    case "done":
      return i18n._(msg`You are done with this card. Its details are no longer shown on this device.`);
  }
}
