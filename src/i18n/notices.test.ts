import { describe, expect, it } from "vitest";
import { accountNotices } from "../app/live/account.ts";
import { alertsNotices } from "../app/live/alerts.ts";
import { cardBlockNotices } from "../app/live/card-block-notices.ts";
import { connectedAccountsNotices } from "../app/live/connected-accounts.ts";
import { devicesNotices } from "../app/live/devices.ts";
import { fareCardsNotices } from "../app/live/fare-cards.ts";
import { guestCardNotices } from "../app/live/guest-card.ts";
import { passesNotices } from "../app/live/passes.ts";
import { securityQuestionsNotices } from "../app/live/security-questions.ts";
import { twoFactorNotices } from "../app/live/two-factor.ts";
import { unattachedPassesNotices } from "../app/live/unattached-passes.ts";
import { walletNotices } from "../app/live/wallet.ts";
import { noticeCodes } from "../domain/notices.ts";
import { addNoticeTexts, noticeText, portalNotices } from "./notices.ts";

const featureNotices = {
  accountNotices,
  cardBlockNotices,
  connectedAccountsNotices,
  devicesNotices,
  fareCardsNotices,
  alertsNotices,
  guestCardNotices,
  passesNotices,
  securityQuestionsNotices,
  twoFactorNotices,
  unattachedPassesNotices,
  walletNotices,
};

describe("notice texts", () => {
  it("give every code exactly one text, the portal's or one feature's", () => {
    const owners = new Map<string, string[]>();
    for (const [owner, texts] of Object.entries({ portalNotices, ...featureNotices })) {
      for (const code of Object.keys(texts)) owners.set(code, [...(owners.get(code) ?? []), owner]);
    }
    expect([...owners.keys()].sort()).toEqual([...noticeCodes].sort());
    const shared = [...owners].filter(([, owner]) => owner.length > 1);
    expect(shared).toEqual([]);
  });

  it("find a feature's text once the feature has added it", () => {
    expect(noticeText("deviceRemoved")).toBe(portalNotices.generic);
    addNoticeTexts(devicesNotices);
    expect(noticeText("deviceRemoved")).toBe(devicesNotices.deviceRemoved);
    expect(noticeText("connectionRestored")).toBe(portalNotices.connectionRestored);
  });
});
