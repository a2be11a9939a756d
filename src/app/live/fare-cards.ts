import { msg } from "@lingui/core/macro";
import { navigate } from "wouter/use-browser-location";
import { fromPromise } from "xstate";
import type { FareMedium } from "../../domain/fare-media.ts";
import type { NoticeCode } from "../../domain/notices.ts";
import { addNoticeTexts, type NoticeTexts } from "../../i18n/notices.ts";
import { autoRenewMachine } from "../../machines/autoRenew.machine.ts";
import { cardBlockMachine } from "../../machines/cardBlock.machine.ts";
import { cardLinkMachine } from "../../machines/cardLink.machine.ts";
import { cardReplaceMachine } from "../../machines/cardReplace.machine.ts";
import { fareCardsMachine } from "../../machines/fareCards.machine.ts";
import { createFareCardsService } from "../../services/fare-cards.service.ts";
import { cardBlockNotices } from "./card-block-notices.ts";
import type { LiveDeps } from "./deps.ts";
import { languageChanges } from "./language-changes.ts";
import { paymentMethodsService } from "./payment-gateway.ts";

/** /faremedia/:cardId?: the signed-in rider's fare cards and what they may do to each. */
export interface FareCardsLogic {
  /** The list and the route's card: details, activity pages, nickname, unlink and remove. */
  fareCards: typeof fareCardsMachine;
  /** Block (asks first) and unblock one card. */
  cardBlock: typeof cardBlockMachine;
  /** Report lost or stolen: blocked, and replaced by a digital card with all it held (issue 35). */
  cardReplace: typeof cardReplaceMachine;
  /** "Renew automatically" on a card's pass, and removing an auto-renewal. */
  autoRenew: typeof autoRenewMachine;
}

/** The notices this feature announces (src/i18n/notices.ts). */
export const fareCardsNotices = {
  cardLinked: msg`The card was linked to your account.`,
  cardRenamed: msg`The card's nickname was saved.`,
  cardUnlinked: msg`The card was unlinked from your account.`,
  cardRemoved: msg`The card was removed.`,
  cardReplaced: msg`Your lost card is blocked. Its balance and passes are on this new digital card.`,
  autoRenewOn: msg`The pass will renew automatically.`,
  autoRenewOff: msg`The pass will no longer renew automatically.`,
} satisfies NoticeTexts;

export function createFareCardsLogic(deps: LiveDeps): FareCardsLogic {
  addNoticeTexts(fareCardsNotices);
  addNoticeTexts(cardBlockNotices);
  const cards = createFareCardsService(deps.http, deps.transitBase);
  const paymentMethods = paymentMethodsService(deps);
  const notify = (code: NoticeCode) => deps.bus.send({ type: "notify.success", code });
  return {
    fareCards: fareCardsMachine.provide({
      actors: {
        languageChanges: languageChanges(deps, () => ({ type: "card.relabel" })),
        load: fromPromise(({ input }) => cards.load(input.id, input.limit)),
        loadActivity: fromPromise(({ input }) => cards.activity(input.id, input)),
        rename: fromPromise(({ input }) => cards.rename(input.id, input.nickname)),
        unlink: fromPromise(({ input }) => cards.unlink(input.id)),
        remove: fromPromise(({ input }) => cards.remove(input.id)),
        cardLink: cardLinkMachine.provide({
          actors: { link: fromPromise(({ input }) => cards.link(input)) },
          actions: { notify: (_, code) => notify(code) },
        }),
      },
      actions: {
        openCard: (_, id) => navigate(`/faremedia/${encodeURIComponent(id)}`),
        showList: () => navigate("/faremedia"),
        notify: (_, code) => notify(code),
      },
    }),
    cardBlock: cardBlockMachine.provide({
      actors: {
        block: fromPromise(({ input }) => cards.block(input.id)),
        unblock: fromPromise(({ input }) => cards.unblock(input.id)),
      },
      actions: { notify: (_, code) => notify(code) },
    }),
    cardReplace: cardReplaceMachine.provide({
      actors: { replace: fromPromise(({ input }) => cards.replace(input.id)) },
      actions: {
        notify: (_, code) => notify(code),
        openReplacement: (_, id) => navigate(`/faremedia/${encodeURIComponent(id)}`),
      },
    }),
    autoRenew: autoRenewMachine.provide({
      actors: {
        loadMethods: fromPromise(() => paymentMethods.list()),
        enable: fromPromise(({ input }) => cards.enableAutoRenew(input.id, input.request)),
        stop: fromPromise(({ input }) => cards.removeAutoRenew(input.id, input.autoRenewId)),
      },
      actions: {
        notify: (_, code) => notify(code),
        buyOnce: (_, card: FareMedium) => {
          // The card chosen the way /digital chooses one, then the digital products.
          deps.storage.set("currentFareCard", {
            nickname: card.nickname,
            faremediaId: card.faremedia_id,
            cardNumber: card.printed_card_number,
            category: card.category,
            storedValue: card.stored_value,
          });
          deps.storage.set("faremediaId", card.faremedia_id);
          deps.storage.set("purchaseFlowType", "digital");
          navigate("/products/null/digital");
        },
      },
    }),
  };
}
