import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { NoticeCode } from "../domain/notices.ts";

export const noticeMessages = {
  languageChanged: msg`Language updated.`,
  languageChangeFailed: msg`The language could not be changed. Please try again.`,
  connectionRestored: msg`You are back online.`,
  codeSent: msg`We sent a new code. It can take about a minute to arrive.`,
  verificationSent: msg`We sent you a new verification email.`,
  verificationFailed: msg`Failed to send a verification email. Please try later.`,
  profileUpdated: msg`Your profile was updated.`,
  profileUpdateFailed: msg`Failed to update Profile. Please try later.`,
  passwordChanged: msg`Your password was changed.`,
  twoFactorOn: msg`Two-factor authentication is on.`,
  twoFactorOff: msg`Two-factor authentication is off.`,
  accountDeleted: msg`Your account was deleted.`,
  inviteAccepted: msg`Your account is ready. You can sign in now.`,
  appleSignInFailed: msg`Failed to login by Apple sign in.`,
  balanceTransferred: msg`Balance transferred.`,
  valueAdded: msg`Value added. It is pending until the payment settles.`,
  autoloadSaved: msg`Autoload saved.`,
  autoloadRemoved: msg`Autoload removed.`,
  cardLinked: msg`The card was linked to your account.`,
  cardRenamed: msg`The card's nickname was saved.`,
  cardUnlinked: msg`The card was unlinked from your account.`,
  cardRemoved: msg`The card was removed.`,
  cardBlocked: msg`The card is blocked.`,
  cardUnblocked: msg`The card is unblocked.`,
  autoRenewOn: msg`The pass will renew automatically.`,
  autoRenewOff: msg`The pass will no longer renew automatically.`,
  generic: msg`Something went wrong, please try again!`,
} satisfies Record<NoticeCode, MessageDescriptor>;
