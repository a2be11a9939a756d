import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { NoticeCode } from "../domain/notices.ts";

export const noticeMessages = {
  languageChanged: msg`Language updated.`,
  languageChangeFailed: msg`The language could not be changed. Please try again.`,
  connectionRestored: msg`You are back online.`,
  generic: msg`Something went wrong, please try again!`,
} satisfies Record<NoticeCode, MessageDescriptor>;
