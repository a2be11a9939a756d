import { msg } from "@lingui/core/macro";
import type { NoticeTexts } from "../../i18n/notices.ts";

/** What blocking a card announces, for a rider's card (fare cards) and a guest's (/manage-card). */
export const cardBlockNotices = {
  cardBlocked: msg`The card is blocked.`,
  cardUnblocked: msg`The card is unblocked.`,
} satisfies NoticeTexts;
