import { navigate } from "wouter/use-browser-location";
import { fromPromise } from "xstate";
import { paymentMethodsMachine } from "../../machines/paymentMethods.machine.ts";
import { createPayPalApproval } from "../../services/payment-methods.service.ts";
import type { LiveDeps } from "./deps.ts";
import { gatewayOf, paymentMethodsService } from "./payment-gateway.ts";

/** /account/paymentmethods: saved cards, bank accounts and PayPal, with the PayPal return. */
export interface PaymentMethodsLogic {
  paymentMethods: typeof paymentMethodsMachine;
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
