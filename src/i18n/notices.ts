import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { NoticeCode } from "../domain/notices.ts";

/** Texts for notice codes: the portal's own here, each feature's in its composition (src/app/live/). */
export type NoticeTexts = Partial<Record<NoticeCode, MessageDescriptor>>;

/** What any page may announce: they load with the portal. */
export const portalNotices = {
  languageChangeFailed: msg`The language could not be changed. Please try again.`,
  connectionRestored: msg`You are back online.`,
  serverBusy: msg`The portal is busy. Trying again in a moment…`,
  codeSent: msg`We sent a new code. It can take about a minute to arrive.`,
  accountDeleted: msg`Your account was deleted.`,
  generic: msg`Something went wrong, please try again!`,
} satisfies NoticeTexts;

const texts: NoticeTexts = { ...portalNotices };

/**
 * A feature's notices, added when the feature is first composed: a notice comes from the feature that
 * announces it, so its text is here before it is shown, and it downloads with the feature, not with
 * every page (issue 16). src/i18n/notices.test.ts checks that every code has exactly one text.
 */
export function addNoticeTexts(more: NoticeTexts): void {
  Object.assign(texts, more);
}

export function noticeText(code: NoticeCode): MessageDescriptor {
  return texts[code] ?? portalNotices.generic;
}
