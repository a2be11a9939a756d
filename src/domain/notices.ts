/**
 * What a notification says, as a code; src/i18n/notices.ts turns each code into translated text (a
 * feature's codes get theirs from the feature: addNoticeTexts).
 * Machines and the server deal in codes only.
 */
export const noticeCodes = [
  "languageChangeFailed",
  "connectionRestored",
  "serverBusy",
  "codeSent",
  "profileUpdated",
  "twoFactorOn",
  "twoFactorOff",
  "accountDeleted",
  "inviteAccepted",
  "appleSignInFailed",
  "googleSignInFailed",
  "facebookSignInFailed",
  "accountConnected",
  "accountDisconnected",
  "securityQuestionsSaved",
  "balanceTransferred",
  "valueAdded",
  "autoloadSaved",
  "autoloadRemoved",
  "cardLinked",
  "cardRenamed",
  "cardUnlinked",
  "cardRemoved",
  "cardBlocked",
  "cardUnblocked",
  "cardReplaced",
  "cardClaimed",
  "autoRenewOn",
  "autoRenewOff",
  "passToCloud",
  "passToDevice",
  "passAttached",
  "deviceUpdated",
  "deviceRemoved",
  "alertsSaved",
  "generic",
] as const;
export type NoticeCode = (typeof noticeCodes)[number];

export type NoticeKind = "success" | "error";

export interface Notice {
  id: number;
  kind: NoticeKind;
  code: NoticeCode;
}

/** Success alerts clear after 3 s, error toasts after 5 s (spec sections 4 and 9). */
export const noticeLifetimeMs: Record<NoticeKind, number> = { success: 3000, error: 5000 };
