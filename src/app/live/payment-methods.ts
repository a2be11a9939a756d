import { navigate } from "wouter/use-browser-location";
import { fromPromise } from "xstate";
import { defaultPaymentGateway } from "../../domain/portal-config.ts";
import {
  type CardDraft,
  cardSubmission,
  paymentMethodsMachine,
} from "../../machines/paymentMethods.machine.ts";
import {
  createGatewayClient,
  createPaymentMethodsService,
  createPayPalApproval,
} from "../../services/payment-methods.service.ts";
import type { LiveDeps } from "./deps.ts";

/** /account/paymentmethods: saved cards, bank accounts and PayPal, with the PayPal return. */
export interface PaymentMethodsLogic {
  paymentMethods: typeof paymentMethodsMachine;
}

/** The payment gateway the deployment names, or the sandbox's. */
export const gatewayOf = (deps: LiveDeps) => () => deps.config()?.payment_gateway ?? defaultPaymentGateway;

/** Posts card details to the payment gateway's token endpoint (never to our API). */
const gatewayClient = (deps: LiveDeps) => createGatewayClient(deps.fetch);

/**
 * A new card's number and code go to the gateway's token endpoint only (never our API); what pays is
 * the token, its brand and last four digits (checkout and loads alike).
 */
export function tokenizeCard(deps: LiveDeps) {
  const gateway = gatewayOf(deps);
  return async (draft: CardDraft) => {
    const card = cardSubmission(draft, false, false);
    const token = await gatewayClient(deps)<{ token: string; brand: string; last4: string }>(
      gateway().tokens_url,
      {
        number: card.number,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        cvc: card.cvc,
        postal_code: card.postalCode,
        name: card.lastName,
      },
    );
    return { token: token.token, brand: token.brand, last4: token.last4 };
  };
}

/** The rider's saved payment methods (checkout and loads list them too). */
export function paymentMethodsService(deps: LiveDeps) {
  return createPaymentMethodsService(deps.http, deps.transitBase, {
    config: gatewayOf(deps),
    tokenize: gatewayClient(deps),
  });
}

export function createPaymentMethodsLogic(deps: LiveDeps): PaymentMethodsLogic {
  const { browser } = deps;
  const paymentMethods = paymentMethodsService(deps);
  const payPal = createPayPalApproval(() => gatewayOf(deps)().paypal_approve_url, "/account/paymentmethods", {
    crypto: browser.crypto,
    storage: browser.sessionStorage,
    origin: browser.location.origin,
    go: (url) => browser.location.assign(url),
  });
  return {
    paymentMethods: paymentMethodsMachine.provide({
      actors: {
        loadMethods: fromPromise(() => paymentMethods.list()),
        addCard: fromPromise(({ input }) => paymentMethods.addCard(input)),
        addBank: fromPromise(({ input }) => paymentMethods.addBank(input)),
        checkPayPalState: fromPromise(({ input }) => payPal.matches(input.state)),
        addPayPal: fromPromise(({ input }) => paymentMethods.addPayPal(input.token)),
        beginPayPal: fromPromise(() => payPal.begin()),
        removeMethod: fromPromise(({ input }) => paymentMethods.remove(input.id)),
        setDefault: fromPromise(({ input }) => paymentMethods.setDefault(input.id)),
      },
      // The PayPal answer leaves the address bar: a reload or a shared link repeats nothing.
      actions: { cleanAddress: () => navigate("/account/paymentmethods", { replace: true }) },
    }),
  };
}
