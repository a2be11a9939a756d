import { navigate } from "wouter/use-browser-location";
import { assign, fromPromise } from "xstate";
import { type CheckoutChoices, choicesOf, orderBody } from "../../domain/checkout/draft.ts";
import { type CheckoutContext, checkoutMachine } from "../../machines/checkout.machine.ts";
import {
  createCheckoutChoicesStore,
  createCheckoutService,
  createPlacedOrders,
  createSharedOrderKeys,
  retryDelayMs,
} from "../../services/checkout.service.ts";
import { resilient } from "../chunks.ts";
import { orderSummaryPath } from "../routes.ts";
import type { LiveDeps } from "./deps.ts";
import { languageChanges } from "./language-changes.ts";
import { cardEntry, paymentMethodsService } from "./payment-gateway.ts";

/** /checkout and /anonymous/checkout: the purchase, from the server's prices to the placed order. */
export interface CheckoutLogic {
  checkout: typeof checkoutMachine;
  /** The choices a rider made before the session ended mid-checkout (sessionStorage), if any. */
  restoredCheckout: () => CheckoutChoices | null;
}

/** The address book (./addresses.ts: its machine, service and address checks), its own download. */
const addressBook = resilient(() => import("./addresses.ts"));

export function createCheckoutLogic(deps: LiveDeps): CheckoutLogic {
  const { browser, bus } = deps;
  const checkout = createCheckoutService(deps.http, deps.transitBase);
  const checkoutChoices = createCheckoutChoicesStore(browser.sessionStorage);
  const paymentMethods = paymentMethodsService(deps);
  const placedOrders = createPlacedOrders(browser.localStorage, () => Date.now());
  const orderKeys = createSharedOrderKeys(
    browser.localStorage,
    () => Date.now(),
    () => browser.crypto.randomUUID(),
  );
  return {
    restoredCheckout: () => checkoutChoices.restore(),
    checkout: checkoutMachine.provide({
      actors: {
        languageChanges: languageChanges(deps, () => ({ type: "checkout.relabel" })),
        prepareCheckout: fromPromise(async ({ input }) => {
          const [quote, saved, methods] = await Promise.all([
            input.guest ? checkout.guestQuote(input.body) : checkout.quote(input.body),
            // The rider's saved addresses, with the address book's download: only a cart that ships.
            input.guest || !input.ships ? [] : addressBook().then((book) => book.listAddresses(deps)),
            input.guest ? [] : paymentMethods.list(),
          ]);
          return { quote, addresses: saved, methods };
        }),
        quote: fromPromise(({ input }) =>
          input.guest ? checkout.guestQuote(input.body) : checkout.quote(input.body),
        ),
        // The number and code go to the gateway's token endpoint only; the order gets the token.
        cardEntry: cardEntry(deps),
        findCard: fromPromise(({ input }) => checkout.findCard(input.cardNumber, input.securityCode)),
        // A cart that ships: the address book and its checks download now, never for a digital cart.
        loadAddressBook: fromPromise(async ({ input }) => {
          if (!input.ships) return null;
          const { createAddressesLogic } = await addressBook();
          const book = createAddressesLogic(deps);
          return input.guest ? book.guestAddress(input.kept) : book.savedAddresses(input.saved);
        }),
        placeOrder: fromPromise(async ({ input }) => {
          // Another tab ordered this cart since this checkout began: its order, not a second one.
          const elsewhere = placedOrders.since(input.cart, input.since);
          if (elsewhere) throw { placedElsewhere: elsewhere };
          return input.guest
            ? checkout.placeGuestOrder(input.body, input.idempotencyKey)
            : checkout.placeOrder(input.body, input.idempotencyKey);
        }),
        // 409 in flight: the first request is still being worked on; ask again with the same key after
        // the server's Retry-After (within 0.5 to 10 s), or 1.5 s when it named none.
        waitBeforeRetry: fromPromise(
          ({ input }) =>
            new Promise<void>((resolve) => browser.setTimeout(resolve, retryDelayMs(input.retryAfter))),
        ),
      },
      actions: {
        // A guest's too (promo, receipt email, address, shipping), never a card: a reload keeps them.
        rememberChoices: ({ context }) => checkoutChoices.remember(choicesOf(context)),
        forgetChoices: () => checkoutChoices.forget(),
        repriceCart: (_, prices) => bus.send({ type: "cart.repriced", prices }),
        clearCart: () => bus.send({ type: "cart.clear" }),
        goToOrder: (_, order) => navigate(orderSummaryPath(order)),
        // The server answered for the key: the other tabs are no longer offered it.
        settleKey: (_, { key, answered }) => {
          if (answered) orderKeys.answered(key);
        },
        announcePlaced: (_, { cart, order }) =>
          placedOrders.announce(cart, { number: order.number, path: orderSummaryPath(order) }),
        // Another tab reviewing the same order has the same key: one order, however the two are pressed.
        assignKey: assign(({ context }: { context: CheckoutContext }) =>
          context.idempotencyKey !== null
            ? {}
            : {
                idempotencyKey: orderKeys.keyFor(JSON.stringify(orderBody(context, "").body)),
                keys: context.keys + 1,
              },
        ),
      },
    }),
  };
}
