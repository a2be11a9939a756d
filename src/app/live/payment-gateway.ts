import { fromPromise } from "xstate";
import { defaultPaymentGateway } from "../../domain/portal-config.ts";
import type { LoadedCardRules } from "../../machines/cardChecks.ts";
import type { CardDraft } from "../../machines/cardDraft.ts";
import { cardEntryMachine } from "../../machines/cardEntry.machine.ts";
import {
  cardholderName,
  createGatewayClient,
  createPaymentMethodsService,
} from "../../services/payment-methods.service.ts";
import { resilient } from "../chunks.ts";
import type { LiveDeps } from "./deps.ts";

/*
 * The rider's saved payment methods and the gateway that takes a new card, as the checkout, the loads
 * and the fare cards use them; the Payment Methods screen's own machine stays in ./payment-methods.ts.
 */

/** The payment gateway the deployment names, or the sandbox's. */
export const gatewayOf = (deps: LiveDeps) => () => deps.config()?.payment_gateway ?? defaultPaymentGateway;

/** Posts card details to the payment gateway's token endpoint (never to our API). */
const gatewayClient = (deps: LiveDeps) => createGatewayClient(deps.fetch);

/**
 * A new card's number and code go to the gateway's token endpoint only (never our API); what pays is
 * the token, its brand and last four digits (checkout and loads alike).
 */
function tokenizeCard(deps: LiveDeps) {
  const gateway = gatewayOf(deps);
  return async (draft: CardDraft) => {
    // Here already: the card's form was checked with the same module (the machines' loadCardRules).
    const { cardSubmission } = await cardChecks();
    const card = cardSubmission(draft, false, false);
    const token = await gatewayClient(deps)<{ token: string; brand: string; last4: string }>(
      gateway().tokens_url,
      {
        number: card.number,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        cvc: card.cvc,
        postal_code: card.postalCode,
        name: cardholderName(card),
      },
    );
    return { token: token.token, brand: token.brand, last4: token.last4 };
  };
}

/**
 * The card checks (card-validator, credit-card-type), downloaded when a card form first opens, not with
 * the checkout or the loads. A download that fails opens "No Internet Connection" and waits (chunks.ts).
 */
const cardChecks = resilient(() => import("../../machines/cardChecks.ts"));

/** The card form's checks, once downloaded. */
const loadCardRules = fromPromise<LoadedCardRules>(async () => {
  const { cardFormProblems, cleanCard } = await cardChecks();
  return { check: cardFormProblems, clean: cleanCard };
});

/** The checkout's and the loads' one-time card form (their `cardEntry` child). */
export function cardEntry(deps: LiveDeps) {
  const tokenize = tokenizeCard(deps);
  return cardEntryMachine.provide({
    actors: { loadCardRules, tokenizeCard: fromPromise(({ input }) => tokenize(input)) },
  });
}

/** The rider's saved payment methods (checkout and loads list them too). */
export function paymentMethodsService(deps: LiveDeps) {
  return createPaymentMethodsService(deps.http, deps.transitBase, {
    config: gatewayOf(deps),
    tokenize: gatewayClient(deps),
  });
}
