import { msg } from "@lingui/core/macro";
import { navigate } from "wouter/use-browser-location";
import { fromPromise } from "xstate";
import { addNoticeTexts, type NoticeTexts } from "../../i18n/notices.ts";
import { cardBlockMachine } from "../../machines/cardBlock.machine.ts";
import { cardClaimMachine } from "../../machines/cardClaim.machine.ts";
import { guestCardMachine } from "../../machines/guestCard.machine.ts";
import { cardBlockNotices } from "./card-block-notices.ts";
import type { LiveDeps } from "./deps.ts";
import { guestCardService } from "./guestCardService.ts";
import { languageChanges } from "./language-changes.ts";

/** /manage-card (issue 13): a card opened by its number and security code, with a card token. */
export interface GuestCardLogic {
  guestCard: typeof guestCardMachine;
  /** "Add this card to an account" (issue 35). */
  cardClaim: typeof cardClaimMachine;
  /** Block a lost or stolen card nobody's account holds (issue 35); guests never unblock. */
  cardBlock: typeof cardBlockMachine;
  /** Whether a guest's card token is kept from an earlier visit. */
  holdsCardToken: () => boolean;
}

/** The notices this feature announces (src/i18n/notices.ts). */
export const guestCardNotices = {
  cardClaimed: msg`The card is now in your account.`,
} satisfies NoticeTexts;

export function createGuestCardLogic(deps: LiveDeps): GuestCardLogic {
  addNoticeTexts(guestCardNotices);
  addNoticeTexts(cardBlockNotices);
  const guest = guestCardService(deps);
  return {
    cardBlock: cardBlockMachine.provide({
      actors: {
        block: fromPromise(() => guest.block()),
        // Never invoked: a guest's card allows no unblock (canUnblock is false).
        unblock: fromPromise(() => Promise.reject(new Error("a guest cannot unblock a card"))),
      },
      actions: { notify: (_, code) => deps.bus.send({ type: "notify.success", code }) },
    }),
    cardClaim: cardClaimMachine.provide({
      actors: { claim: fromPromise(() => guest.claim()) },
      actions: {
        notify: (_, code) => deps.bus.send({ type: "notify.success", code }),
        // Back to this card after signing in (the session reads `from`).
        goToSignIn: () => navigate("/login", { state: { from: "/manage-card" } }),
        openCard: (_, id) => navigate(`/faremedia/${encodeURIComponent(id)}`),
      },
    }),
    guestCard: guestCardMachine.provide({
      actors: {
        languageChanges: languageChanges(deps, () => ({ type: "card.refresh" })),
        openCard: fromPromise(({ input }) => guest.open(input.cardNumber, input.securityCode)),
        loadCard: fromPromise(() => guest.card()),
        loadActivity: fromPromise(({ input }) => guest.activity(input.limit, input.after)),
        finish: fromPromise(() => guest.done()),
      },
    }),
    holdsCardToken: () => guest.holdsToken(),
  };
}
