import { fromPromise } from "xstate";
import { guestCardMachine } from "../../machines/guestCard.machine.ts";
import type { LiveDeps } from "./deps.ts";
import { guestCardService } from "./guestCardService.ts";
import { languageChanges } from "./language-changes.ts";

/** /manage-card (issue 13): a card opened by its number and security code, with a card token. */
export interface GuestCardLogic {
  guestCard: typeof guestCardMachine;
  /** Whether a guest's card token is kept from an earlier visit. */
  holdsCardToken: () => boolean;
}

export function createGuestCardLogic(deps: LiveDeps): GuestCardLogic {
  const guest = guestCardService(deps);
  return {
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
