import { type ActorRefFrom, assign, enqueueActions, fromPromise, setup } from "xstate";
import type { CartItem } from "../domain/cart.ts";
import {
  accountAllowed,
  asksDestination,
  type CheckoutChoices,
  type CheckoutDraft,
  type CheckoutProblem,
  cartSignature,
  type Destination,
  keyAnswered,
  orderBody,
  orderCard,
  type PaymentChoice,
  type PlaceInput,
  paymentLegs,
  problemOf,
  purseShortfall,
  type QuoteInput,
  quoteBody,
} from "../domain/checkout/draft.ts";
import type { PlacedOrder } from "../domain/checkout/order.ts";
import { normalizePromoCode, type QuoteReply } from "../domain/checkout/quote.ts";
import {
  type ApiError,
  type CardLookupRefusal,
  cardLookupRefusal,
  ErrorCode,
  errorCodeOf,
  retryAfterOf,
} from "../domain/envelope.ts";
import type { AddressInput } from "../domain/payments/address.ts";
import { type Leg, parseAmount, splitLegs } from "../domain/payments/amounts.ts";
import { failureOf as moneyFailureOf } from "../domain/payments/refusal.ts";
import type { SavedAddress, SavedPaymentMethod } from "../domain/payments/saved.ts";
import type { AddressSavedEvent, addressesMachine } from "./addresses.machine.ts";
import { type CardEntryOutput, type CardToken, cardEntryMachine } from "./cardEntry.machine.ts";
import { languageChangesStandIn } from "./languageChanges.ts";
import { unprovided } from "./unprovided.ts";

/** A refused request: its code, the server's words and, for a payment, the leg it names. */
export interface CheckoutFailure {
  code: number;
  message: string;
  leg: number | null;
  reason: string | null;
  /** A declined leg's method, as the rider chose it (the leg itself is cleared to be chosen again). */
  declined: PaymentChoice | null;
}

export interface CheckoutInput {
  guest: boolean;
  items: CartItem[];
  /** The deployment's enableSplitPayments.purchasePasses. */
  splitAllowed: boolean;
  /** The deployment's promoCodeRequired: the promo field is shown. */
  promoAllowed: boolean;
  /** The moment card expiries are judged against (ms since the epoch). */
  now: number;
  restored: CheckoutChoices | null;
}

export interface Prepared {
  quote: Quote;
  addresses: SavedAddress[];
  methods: SavedPaymentMethod[];
}

export interface Quote {
  reply: QuoteReply;
  problems: ApiError[];
}

/** A guest's card, found by its number and security code: its token and masked number. */
export interface FoundCard {
  token: string;
  cardNumber: string;
}

/** Another tab of this browser placed an order for this very cart since this checkout began (issue 34). */
export interface PlacedElsewhere {
  number: string;
  /** Its summary's path (orderSummaryPath). */
  path: string;
}

/** What the placeOrder actor throws instead of placing a second order for the same cart. */
export function placedElsewhereOf(error: unknown): PlacedElsewhere | null {
  const found = (error as { placedElsewhere?: Partial<PlacedElsewhere> } | null)?.placedElsewhere;
  return typeof found?.number === "string" && typeof found.path === "string"
    ? { number: found.number, path: found.path }
    : null;
}

/** The checkout's draft (its choices), and what the machine keeps beside them while gathering them. */
export interface CheckoutContext extends CheckoutDraft {
  splitAllowed: boolean;
  promoAllowed: boolean;
  /**
   * The last re-quote failed: `quote` is priced for earlier choices than the rider's (a promo applied
   * or removed, a shipping method chosen while the connection was lost). Review quotes again first.
   */
  stale: boolean;
  /** Lines whose price the server changed, with the price the rider saw. */
  changed: Array<{ product: string; name: string; from: number; to: number }>;
  addresses: SavedAddress[];
  methods: SavedPaymentMethod[];
  /** What the promo field holds (the code the quote applied is the draft's `promo`). */
  promoText: string;
  promoRefused: boolean;
  /** A guest's card lookup that failed (as /manage-card says it), beside the card fields. */
  destinationFailure: CardLookupRefusal | null;
  shippingRefused: boolean;
  /** The leg the one-time card form (`details.card`, its cardEntry child) is open for. */
  cardLeg: Leg;
  problem: CheckoutProblem | null;
  failure: CheckoutFailure | null;
  /** How many keys were made (test fakes number theirs). */
  keys: number;
  order: PlacedOrder | null;
  /** The order another tab placed for this cart, when Place order found one. */
  elsewhere: PlacedElsewhere | null;
  /** The address book while the rider makes choices for a cart that ships (it tells what it saves). */
  addressBook: ActorRefFrom<AddressBook> | null;
}

export type CheckoutEvent =
  | { type: "checkout.retry" }
  | { type: "checkout.acceptPrices" }
  | { type: "destination.choose"; destination: Exclude<Destination, { kind: "guestCard" }> }
  /** A guest names the card by its number and security code: the server gives a card token. */
  | { type: "destination.findCard"; cardNumber: string; securityCode: string }
  /** A guest puts the pass on another card: the found one is forgotten. */
  | { type: "destination.clear" }
  | { type: "shipping.chooseAddress"; id: string }
  /**
   * The address book this checkout runs saved an address: it is the one the order ships to (a rider's
   * is saved to the account, a guest's is kept for this order only).
   */
  | AddressSavedEvent
  | { type: "shipping.chooseMethod"; code: string }
  | { type: "promo.change"; value: string }
  | { type: "promo.apply" }
  | { type: "promo.remove" }
  | { type: "payment.split"; on: boolean }
  | { type: "payment.choose"; leg: Leg; choice: PaymentChoice }
  | { type: "payment.amount"; value: string }
  | { type: "payment.newCard"; leg: Leg }
  | { type: "card.cancel" }
  | { type: "receipt.email"; value: string }
  | { type: "receipt.confirm"; value: string }
  | { type: "checkout.review" }
  | { type: "checkout.edit" }
  | { type: "checkout.place" }
  /**
   * The rider switched language: the names the server gives (products, shipping methods) come again
   * in it. Details and Review quote the same choices again; elsewhere the quote is marked stale, so
   * Review quotes it again first.
   */
  | { type: "checkout.relabel" };

export type { CardToken };

/** A one-time card may pay the first leg, or a rider's second leg of a split. */
const cardLegAllowed = (context: CheckoutContext, leg: Leg) => leg === 0 || (context.split && !context.guest);

const failureOf = (error: unknown): CheckoutFailure => ({ ...moneyFailureOf(error), declined: null });

const refusedCart: readonly number[] = [
  ErrorCode.productUnavailable,
  ErrorCode.cartConflict,
  ErrorCode.orderLimit,
];
const isSessionEnd = (error: unknown) =>
  errorCodeOf(error) === ErrorCode.sessionInvalid || errorCodeOf(error) === ErrorCode.unauthorized;
const isNetwork = (error: unknown) =>
  errorCodeOf(error) === ErrorCode.unavailable ||
  (typeof error === "object" && error !== null && "status" in error && error.status === 0);

/** The context a quote's reply leaves: its prices, and the promo and shipping it could not use. */
function withQuote(context: CheckoutContext, quote: Quote): Partial<CheckoutContext> {
  const promoRefused = quote.problems.some((problem) => problem.field === "promo_code");
  const shippingRefused = quote.problems.some((problem) => problem.field === "shipping_method");
  const changed = quote.reply.lines
    .filter((line) => line.price_changed)
    .map((line) => ({
      product: line.product,
      name: line.name,
      from: context.items.find((item) => item.uuid === line.product)?.list_price ?? line.unit_price,
      to: line.unit_price,
    }));
  return {
    quote: quote.reply,
    stale: false,
    changed,
    promoRefused,
    promo: promoRefused ? null : (quote.reply.promo?.code ?? null),
    shippingRefused,
    shippingMethod: shippingRefused ? null : context.shippingMethod,
  };
}

const eventError = ({ event }: { event: { error: unknown } }) => event.error;

/** Whether the reply that ended placing answered for the order's key: an order, or a refusal to keep. */
function replyAnswered(event: { type: string }): boolean {
  if (event.type === "xstate.done.actor.placeOrder") return true;
  if (event.type !== "xstate.error.actor.placeOrder" || !("error" in event)) return false;
  // Another tab's order was found before anything was sent: the server was not asked.
  return placedElsewhereOf(event.error) === null && keyAnswered(event.error);
}

/** An ended session, wherever a request learns of it: the choices are kept for after signing in. */
const toSessionEnded = {
  guard: { type: "sessionEnded", params: eventError },
  target: "#checkout.sessionEnded",
  actions: "rememberChoices",
} as const;

/*
 * The whole purchase, for a rider (/checkout) or a guest (/anonymous/checkout). Nothing is charged on
 * the portal's word: `revalidating` prices the cart with the server first, and a changed price stops
 * in `priceChanged` until the rider accepts it (the cart takes the new prices too); a cart the server
 * refuses ends in `refused`. `details` is where every choice is made (shipping, promo, payment, the
 * guest's receipt email); each choice that changes the price re-quotes in `details.quoting`, so the
 * total on screen is always the server's, and the one-time card's number lives only in `details.card`
 * until the gateway turns it into a token. `review` shows what will be charged and holds the
 * Idempotency-Key: made on entering, kept for "Retry" after a network loss or an in-flight answer,
 * forgotten when the rider changes anything, so a retried order is never charged twice and a changed
 * one is never mistaken for the first. `placing` cannot be entered twice; its failures say where to go
 * back to (a declined leg to `details`, a new price to `revalidating`, an ended session to
 * `sessionEnded` with the choices kept for after signing in).
 */
/** The id of the rider's default saved address, if one is. */
/** What preparing asks: the quote's, and whether the cart ships (then the saved addresses too). */
export type PrepareInput = QuoteInput & { ships: boolean };

/** The address book's machine as the portal provides it (src/app/live/addresses.ts). */
export type AddressBook = typeof addressesMachine;

/** What the address book is asked for: none when nothing ships; a guest's starts from `kept`. */
export interface AddressBookRequest {
  ships: boolean;
  guest: boolean;
  kept: AddressInput | null;
  /** The rider's saved addresses, as preparing already fetched them (the book does not ask again). */
  saved: SavedAddress[];
}

const defaultAddressOf = (addresses: readonly SavedAddress[]): string | null =>
  addresses.find((address) => address.isDefault)?.id ?? null;

export const checkoutMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    children: {} as {
      prepareCheckout: "prepareCheckout";
      quote: "quote";
      cardEntry: "cardEntry";
      findCard: "findCard";
      placeOrder: "placeOrder";
      waitBeforeRetry: "waitBeforeRetry";
      loadAddressBook: "loadAddressBook";
      languageChanges: "languageChanges";
    },
  },
  actors: {
    /** Sends `checkout.relabel` at each language switch while the machine runs (src/app/live/language-changes.ts). */
    languageChanges: languageChangesStandIn(),
    /** The prices, and the rider's saved addresses (only for a cart that `ships`) and payment methods. */
    prepareCheckout: fromPromise<Prepared, PrepareInput>(unprovided("prepareCheckout")),
    quote: fromPromise<Quote, QuoteInput>(unprovided("quote")),
    /** The one-time card form (its own machine: the checks download, the gateway tokenizes). */
    cardEntry: cardEntryMachine,
    /** A guest's card token for a card number and security code (POST /anonymous/card_tokens). */
    findCard: fromPromise<FoundCard, { cardNumber: string; securityCode: string }>(unprovided("findCard")),
    placeOrder: fromPromise<PlacedOrder, PlaceInput>(unprovided("placeOrder")),
    /**
     * Answers once the server's work on the same key has had time to finish (409 in flight):
     * `retryAfter` is the seconds its Retry-After asked for, null when it named none.
     */
    waitBeforeRetry: fromPromise<void, { retryAfter: number | null }>(unprovided("waitBeforeRetry")),
    /**
     * The address book (its machine, form and address checks download with it), for a cart that
     * ships; null for one that does not. A guest's starts from the address kept for this order.
     */
    loadAddressBook: fromPromise<AddressBook | null, AddressBookRequest>(unprovided("loadAddressBook")),
  },
  actions: {
    /** Writes the choices (choicesOf) where a sign-in mid-checkout finds them. */
    rememberChoices: unprovided("rememberChoices"),
    forgetChoices: unprovided("forgetChoices"),
    /** The cart takes the server's prices the rider accepted. */
    repriceCart: (_, _prices: Record<string, number>) => unprovided("repriceCart")(),
    clearCart: unprovided("clearCart"),
    goToOrder: (_, _order: PlacedOrder) => unprovided("goToOrder")(),
    /** Tells the browser's other tabs this cart was ordered (their Place order then finds it). */
    announcePlaced: (_, _placed: { cart: string; order: PlacedOrder }) => unprovided("announcePlaced")(),
    /** A fresh Idempotency-Key (crypto.randomUUID() in the portal). */
    assignKey: unprovided("assignKey"),
    /**
     * Place order had its reply: `answered` when the server answered for the key (keyAnswered), so the
     * browser's other tabs are no longer offered it; otherwise the key stays for the retry.
     */
    settleKey: (_, _settled: { key: string; answered: boolean }) => unprovided("settleKey")(),
    assignPrepared: assign(({ context }, prepared: Prepared) => {
      const restoredMethods = (choice: PaymentChoice | null) =>
        choice?.kind === "saved" && !prepared.methods.some((method) => method.id === choice.id)
          ? null
          : choice;
      const fallback = prepared.methods.find((method) => method.is_default) ?? null;
      const first = restoredMethods(context.legs[0]);
      return {
        ...withQuote(context, prepared.quote),
        addresses: prepared.addresses,
        methods: prepared.methods,
        addressId: prepared.addresses.some((address) => address.id === context.addressId)
          ? context.addressId
          : null,
        legs: [
          first ?? (fallback && !context.guest ? { kind: "saved" as const, id: fallback.id } : null),
          restoredMethods(context.legs[1]),
        ] as [PaymentChoice | null, PaymentChoice | null],
        failure: null,
      };
    }),
    assignQuote: assign(({ context }, quote: Quote) => withQuote(context, quote)),
    assignFailure: assign((_, error: unknown) => ({ failure: failureOf(error) })),
    /** A re-quote failed: the quote on screen is for earlier choices. */
    markStale: assign({ stale: true }),
    acceptPrices: assign(({ context }) => ({
      items: context.items.map((item) => {
        const line = context.quote?.lines.find((candidate) => candidate.product === item.uuid);
        return line ? { ...item, list_price: line.unit_price } : item;
      }),
      changed: [],
      idempotencyKey: null,
    })),
    changed: assign({ idempotencyKey: null, problem: null, failure: null }),
    chooseDestination: assign((_, destination: Destination) => ({
      destination,
      destinationFailure: null,
    })),
    clearDestination: assign({ destination: null, destinationFailure: null }),
    destinationFailed: assign((_, error: unknown) => ({ destinationFailure: cardLookupRefusal(error) })),
    chooseAddress: assign(({ context }, id: string) => ({
      addressId: id,
      country: context.addresses.find((address) => address.id === id)?.country ?? null,
      shippingRefused: false,
    })),
    addAddress: assign(({ context }, address: SavedAddress) => ({
      addresses: [...context.addresses.filter((known) => known.id !== address.id), address],
      addressId: address.id,
      country: address.country,
      shippingRefused: false,
    })),
    // Only the address itself: the form's saved copy also carries an id and a date.
    guestAddress: assign((_, address: AddressInput) => ({
      guestAddress: {
        firstName: address.firstName,
        lastName: address.lastName,
        address_1: address.address_1,
        address_2: address.address_2 ?? null,
        country: address.country,
        state: address.state,
        city: address.city,
        zipCode: address.zipCode,
        email: address.email ?? null,
      },
      country: address.country,
      shippingRefused: false,
    })),
    chooseMethod: assign((_, code: string) => ({ shippingMethod: code, shippingRefused: false })),
    typePromo: assign((_, value: string) => ({ promoText: value, promoRefused: false })),
    applyPromo: assign(({ context }) => ({ promo: normalizePromoCode(context.promoText) })),
    removePromo: assign({ promo: null, promoText: "", promoRefused: false }),
    split: assign(({ context }, on: boolean) => ({
      split: on,
      legs: [context.legs[0], on ? context.legs[1] : null] as [PaymentChoice | null, PaymentChoice | null],
    })),
    choose: assign(({ context }, change: { leg: Leg; choice: PaymentChoice }) => {
      const legs: [PaymentChoice | null, PaymentChoice | null] = [...context.legs];
      legs[change.leg] = change.choice;
      return { legs };
    }),
    typeAmount: assign((_, value: string) => ({ firstAmount: value })),
    /** A purse asked more than it holds is said at once, where the amount or the method was chosen. */
    checkPurses: assign(({ context }) => {
      const first = problemOf(context);
      // An auto-renewed pass refuses purses altogether: that is what the rider hears at Review.
      const renewing = first === "walletAutoRenew" || first === "autoRenewSavedMethod";
      return { problem: purseShortfall(context) !== null && !renewing ? "purseShort" : context.problem };
    }),
    typeEmail: assign((_, value: string) => ({ email: value })),
    typeConfirm: assign((_, value: string) => ({ emailConfirm: value })),
    openCard: assign((_, leg: Leg) => ({ cardLeg: leg })),
    /** The card form's checks could not be downloaded: it closes, saying the connection was lost. */
    cardRulesLost: assign({
      failure: { code: ErrorCode.unavailable, message: "", leg: null, reason: null, declined: null },
    }),
    useCard: assign(({ context }, token: CardToken) => {
      const legs: [PaymentChoice | null, PaymentChoice | null] = [...context.legs];
      legs[context.cardLeg] = { kind: "card", ...token };
      return { legs };
    }),
    showProblem: assign(({ context }) => ({ problem: problemOf(context) })),
    /** A declined leg is chosen again; the other leg was not charged. */
    assignDeclined: assign(({ context }, error: unknown) => {
      const failure = failureOf(error);
      const legs: [PaymentChoice | null, PaymentChoice | null] = [...context.legs];
      if (failure.leg !== 0 && failure.leg !== 1) return { failure, idempotencyKey: null };
      const declined = legs[failure.leg] ?? null;
      legs[failure.leg] = null;
      return { failure: { ...failure, declined }, legs, idempotencyKey: null };
    }),
    /** A refused order: its words; a guest's card that can no longer be used is asked for again. */
    assignRefusal: assign(({ context }, error: unknown) => {
      const failure = failureOf(error);
      const cardGone =
        failure.code === ErrorCode.fareCardUnavailable && context.destination?.kind === "guestCard";
      return { failure, idempotencyKey: null, ...(cardGone ? { destination: null } : {}) };
    }),
    assignOrder: assign((_, order: PlacedOrder) => ({ order, failure: null })),
    assignElsewhere: assign((_, error: unknown) => ({ elsewhere: placedElsewhereOf(error), failure: null })),
    forgetFailure: assign({ failure: null }),
  },
  guards: {
    pricesChanged: ({ context }) => context.changed.length > 0,
    ready: ({ context }) => problemOf(context) === null,
    /** A quote for the same choices that Review could not stand on: a problem, or another total. */
    quoteChangesOrder: ({ context }, quote: Quote) =>
      quote.reply.total !== context.quote?.total ||
      problemOf({ ...context, ...withQuote(context, quote) }) !== null,
    stale: ({ context }) => context.stale,
    /** An eligible card the quote lists for this rider, or the account where allowed; only when checkout asks. */
    offersDestination: ({ context }, destination: Destination) => {
      if (context.guest || !asksDestination(context)) return false;
      if (destination.kind === "account") return accountAllowed(context);
      // A card whose rider type cannot hold the passes is shown, not offered.
      return (
        destination.kind === "card" &&
        (context.quote?.destinations?.cards.some((card) => card.id === destination.id && card.eligible) ??
          false)
      );
    },
    isOwnAddress: ({ context }, id: string) => context.addresses.some((address) => address.id === id),
    offersMethod: ({ context }, code: string) =>
      context.quote?.shipping_methods.some((method) => method.code === code) ?? false,
    promoTyped: ({ context }) => context.promoAllowed && context.promoText.trim() !== "",
    hasPromo: ({ context }) => context.promo !== null || context.promoText !== "",
    splitAllowed: ({ context }) => context.splitAllowed && !context.guest,
    /** Guests pay with one-time cards only; a saved method must be the rider's own. */
    allowedChoice: ({ context }, change: { leg: Leg; choice: PaymentChoice }) => {
      if (change.leg === 1 && !context.split) return false;
      if (context.guest) return false;
      const { choice } = change;
      if (choice.kind === "saved") return context.methods.some((method) => method.id === choice.id);
      // A purse is offered only when it holds something (the quote says what, for riders).
      const purses = context.quote?.purses ?? null;
      if (choice.kind === "stored_value")
        return orderCard(context) !== null && (purses?.stored_value ?? 0) > 0;
      return choice.kind === "wallet" && (purses?.wallet ?? 0) > 0;
    },
    cardLegAllowed: ({ context }, leg: Leg) => cardLegAllowed(context, leg),
    tokenized: (_, output: CardEntryOutput) => output !== null,
    refusedCart: (_, error: unknown) => refusedCart.includes(errorCodeOf(error)),
    sessionEnded: (_, error: unknown) => isSessionEnd(error),
    networkLost: (_, error: unknown) => isNetwork(error),
    inFlight: (_, error: unknown) => errorCodeOf(error) === ErrorCode.idempotencyInFlight,
    priceChanged: (_, error: unknown) => errorCodeOf(error) === ErrorCode.priceChanged,
    declined: (_, error: unknown) => errorCodeOf(error) === ErrorCode.paymentMethodDeclined,
    placedElsewhere: (_, error: unknown) => placedElsewhereOf(error) !== null,
  },
}).createMachine({
  id: "checkout",
  context: ({ input }) => {
    const restored = input.restored?.cart === cartSignature(input.items) ? input.restored : null;
    return {
      guest: input.guest,
      items: input.items,
      splitAllowed: input.splitAllowed,
      promoAllowed: input.promoAllowed,
      now: input.now,
      quote: null,
      changed: [],
      addresses: [],
      methods: [],
      promoText: restored?.promo ?? "",
      promo: restored?.promo ?? null,
      promoRefused: false,
      destination: input.guest ? null : (restored?.destination ?? null),
      destinationFailure: null,
      addressId: input.guest ? null : (restored?.addressId ?? null),
      guestAddress: input.guest ? (restored?.guestAddress ?? null) : null,
      country: input.guest ? (restored?.guestAddress?.country ?? null) : (restored?.country ?? null),
      shippingMethod: restored?.shippingMethod ?? null,
      shippingRefused: false,
      split: !input.guest && input.splitAllowed && (restored?.split ?? false),
      legs: input.guest ? [null, null] : [restored?.legs[0] ?? null, restored?.legs[1] ?? null],
      firstAmount: restored?.firstAmount ?? "",
      email: input.guest ? (restored?.email ?? "") : "",
      emailConfirm: input.guest ? (restored?.emailConfirm ?? "") : "",
      cardLeg: 0,
      problem: null,
      failure: null,
      stale: false,
      idempotencyKey: input.guest ? null : (restored?.idempotencyKey ?? null),
      keys: 0,
      order: null,
      elsewhere: null,
      addressBook: null,
    };
  },
  initial: "revalidating",
  // The server's names come again in a new language.
  invoke: { id: "languageChanges", src: "languageChanges", input: ({ self }) => ({ machine: self }) },
  states: {
    revalidating: {
      tags: ["busy"],
      invoke: {
        id: "prepareCheckout",
        src: "prepareCheckout",
        input: ({ context }) => ({
          ...quoteBody(context),
          ships: context.items.some((item) => item.shipping_enabled),
        }),
        onDone: [
          {
            guard: ({ event }) => event.output.quote.reply.prices_changed,
            target: "priceChanged",
            actions: { type: "assignPrepared", params: ({ event }) => event.output },
          },
          {
            // Something to ship and no address chosen yet: the rider's default address is the one,
            // and the quote asks for its country's shipping methods.
            guard: ({ context, event }) =>
              !context.guest &&
              event.output.quote.reply.shipping_required &&
              context.addressId === null &&
              defaultAddressOf(event.output.addresses) !== null,
            target: "details.quoting",
            actions: [
              { type: "assignPrepared", params: ({ event }) => event.output },
              {
                type: "chooseAddress",
                params: ({ event }) => defaultAddressOf(event.output.addresses) ?? "",
              },
            ],
          },
          { target: "details", actions: { type: "assignPrepared", params: ({ event }) => event.output } },
        ],
        onError: [
          toSessionEnded,
          {
            guard: { type: "refusedCart", params: eventError },
            target: "refused",
            actions: { type: "assignFailure", params: eventError },
          },
          { target: "unavailable", actions: { type: "assignFailure", params: eventError } },
        ],
      },
    },
    /** The quote could not be had (no connection, a server error): nothing is shown as a price. */
    unavailable: {
      on: { "checkout.retry": { target: "revalidating", actions: "forgetFailure" } },
    },
    /** The server refused the cart itself (an unavailable product, a mix, too many tickets). */
    refused: {},
    priceChanged: {
      initial: "shown",
      on: {
        "checkout.acceptPrices": {
          target: "details",
          actions: [
            "acceptPrices",
            {
              type: "repriceCart",
              params: ({ context }) =>
                Object.fromEntries(context.items.map((item) => [item.uuid, item.list_price])),
            },
            "rememberChoices",
          ],
        },
      },
      states: {
        shown: {
          on: { "checkout.relabel": "relabelling" },
        },
        /**
         * The changed prices quoted again for the new language's names, while the question stays up
         * (accepting still works). Prices back to the cart's go on to Details; a failed quote keeps
         * the names shown.
         */
        relabelling: {
          on: { "checkout.relabel": { target: "relabelling", reenter: true } },
          invoke: {
            id: "quote",
            src: "quote",
            input: ({ context }) => quoteBody(context),
            onDone: [
              {
                guard: ({ event }) => event.output.reply.prices_changed,
                target: "shown",
                actions: { type: "assignQuote", params: ({ event }) => event.output },
              },
              {
                target: "#checkout.details",
                actions: { type: "assignQuote", params: ({ event }) => event.output },
              },
            ],
            onError: [toSessionEnded, { target: "shown" }],
          },
        },
      },
    },
    details: {
      initial: "idle",
      // The address book runs while the rider makes choices, and tells what it saves
      // (shipping.addressSaved); drawn again after Review, it starts again from what is kept.
      invoke: {
        id: "loadAddressBook",
        src: "loadAddressBook",
        input: ({ context }) => ({
          ships: context.quote?.shipping_required === true,
          guest: context.guest,
          kept: context.guestAddress,
          saved: context.addresses,
        }),
        onDone: {
          actions: assign(({ context, event, spawn }) => ({
            addressBook: event.output
              ? spawn(event.output, { input: { forCheckout: true, openWhenEmpty: context.guest } })
              : null,
          })),
        },
      },
      exit: [
        enqueueActions(({ context, enqueue }) => {
          if (context.addressBook) enqueue.stopChild(context.addressBook);
        }),
        assign({ addressBook: null }),
      ],
      // What is typed is kept in every part of Details, also while the total is re-quoted or a card
      // is looked up: a keystroke is never lost to a request in flight (issue 34).
      on: {
        "checkout.relabel": { actions: "markStale" },
        "promo.change": { actions: { type: "typePromo", params: ({ event }) => event.value } },
        "payment.amount": {
          guard: ({ context }) => context.split,
          actions: [
            "changed",
            { type: "typeAmount", params: ({ event }) => event.value },
            "checkPurses",
            "rememberChoices",
          ],
        },
        "receipt.email": {
          guard: ({ context }) => context.guest,
          actions: ["changed", { type: "typeEmail", params: ({ event }) => event.value }, "rememberChoices"],
        },
        "receipt.confirm": {
          guard: ({ context }) => context.guest,
          actions: [
            "changed",
            { type: "typeConfirm", params: ({ event }) => event.value },
            "rememberChoices",
          ],
        },
      },
      states: {
        idle: {
          on: {
            "checkout.relabel": { target: "quoting" },
            "destination.choose": {
              guard: { type: "offersDestination", params: ({ event }) => event.destination },
              target: "quoting",
              actions: [
                "changed",
                { type: "chooseDestination", params: ({ event }) => event.destination },
                "rememberChoices",
              ],
            },
            "destination.findCard": {
              guard: ({ context }) => context.guest && asksDestination(context),
              target: "findingCard",
              actions: ["changed", "clearDestination"],
            },
            "destination.clear": {
              guard: ({ context }) => context.guest && context.destination !== null,
              target: "quoting",
              actions: ["changed", "clearDestination"],
            },
            "shipping.chooseAddress": {
              guard: { type: "isOwnAddress", params: ({ event }) => event.id },
              target: "quoting",
              actions: [
                "changed",
                { type: "chooseAddress", params: ({ event }) => event.id },
                "rememberChoices",
              ],
            },
            "shipping.addressSaved": [
              {
                guard: ({ context }) => context.guest,
                target: "quoting",
                actions: [
                  "changed",
                  { type: "guestAddress", params: ({ event }) => event.address },
                  "rememberChoices",
                ],
              },
              {
                target: "quoting",
                actions: [
                  "changed",
                  { type: "addAddress", params: ({ event }) => event.address },
                  "rememberChoices",
                ],
              },
            ],
            "shipping.chooseMethod": {
              guard: { type: "offersMethod", params: ({ event }) => event.code },
              target: "quoting",
              actions: [
                "changed",
                { type: "chooseMethod", params: ({ event }) => event.code },
                "rememberChoices",
              ],
            },
            "promo.apply": {
              guard: "promoTyped",
              target: "quoting",
              actions: ["changed", "applyPromo", "rememberChoices"],
            },
            "promo.remove": {
              guard: "hasPromo",
              target: "quoting",
              actions: ["changed", "removePromo", "rememberChoices"],
            },
            "payment.split": {
              guard: "splitAllowed",
              actions: [
                "changed",
                { type: "split", params: ({ event }) => event.on },
                "checkPurses",
                "rememberChoices",
              ],
            },
            "payment.choose": {
              guard: { type: "allowedChoice", params: ({ event }) => event },
              actions: [
                "changed",
                { type: "choose", params: ({ event }) => event },
                "checkPurses",
                "rememberChoices",
              ],
            },
            "payment.newCard": {
              guard: { type: "cardLegAllowed", params: ({ event }) => event.leg },
              target: "card",
              actions: ["changed", { type: "openCard", params: ({ event }) => event.leg }],
            },
            "checkout.review": [
              // Never review a total priced for other choices: quote the rider's choices again first.
              { guard: "stale", target: "quoting" },
              { guard: "ready", target: "#checkout.review", actions: "showProblem" },
              { actions: "showProblem" },
            ],
          },
        },
        quoting: {
          tags: ["busy"],
          // A quote asked for in the old language is asked for again in the new one.
          on: { "checkout.relabel": { target: "quoting", reenter: true } },
          invoke: {
            id: "quote",
            src: "quote",
            input: ({ context }) => quoteBody(context),
            onDone: [
              {
                guard: ({ event }) => event.output.reply.prices_changed,
                target: "#checkout.priceChanged",
                actions: { type: "assignQuote", params: ({ event }) => event.output },
              },
              { target: "idle", actions: { type: "assignQuote", params: ({ event }) => event.output } },
            ],
            onError: [
              toSessionEnded,
              {
                target: "idle",
                actions: [{ type: "assignFailure", params: eventError }, "markStale"],
              },
            ],
          },
        },
        /** A guest's card number and security code become a card token; the quote then says if it fits. */
        findingCard: {
          tags: ["busy"],
          invoke: {
            id: "findCard",
            src: "findCard",
            input: ({ event }) =>
              event.type === "destination.findCard"
                ? { cardNumber: event.cardNumber, securityCode: event.securityCode }
                : { cardNumber: "", securityCode: "" },
            onDone: {
              target: "quoting",
              actions: {
                type: "chooseDestination",
                params: ({ event }) => ({ kind: "guestCard" as const, ...event.output }),
              },
            },
            onError: { target: "idle", actions: { type: "destinationFailed", params: eventError } },
          },
        },
        /**
         * The one-time card form: its own machine keeps what is typed, checks it and has the gateway
         * tokenize it; its token pays the leg. "Cancel" (or leaving Details) stops it, forgetting the card.
         */
        card: {
          on: { "card.cancel": "idle" },
          invoke: {
            id: "cardEntry",
            src: "cardEntry",
            input: ({ context }) => ({ now: context.now }),
            onDone: [
              {
                guard: { type: "tokenized", params: ({ event }) => event.output },
                target: "idle",
                actions: { type: "useCard", params: ({ event }) => event.output as CardToken },
              },
              { target: "idle", actions: "cardRulesLost" },
            ],
          },
        },
      },
    },
    review: {
      entry: [{ type: "assignKey" }, "rememberChoices"],
      on: {
        "checkout.edit": { target: "details", actions: "forgetFailure" },
        "checkout.place": { target: "placing", actions: "forgetFailure" },
      },
      initial: "shown",
      states: {
        shown: {
          on: { "checkout.relabel": "relabelling" },
        },
        /**
         * The same choices quoted again for the new language's names, while Review stays up (Place
         * order still works, on the total shown). A new price goes to priceChanged as anywhere; a
         * quote that leaves a problem (a shipping method or promo no longer offered) or another total
         * goes back to Details, saying which, with the key forgotten; a failed quote keeps the names.
         */
        relabelling: {
          on: { "checkout.relabel": { target: "relabelling", reenter: true } },
          invoke: {
            id: "quote",
            src: "quote",
            input: ({ context }) => quoteBody(context),
            onDone: [
              {
                guard: ({ event }) => event.output.reply.prices_changed,
                target: "#checkout.priceChanged",
                actions: { type: "assignQuote", params: ({ event }) => event.output },
              },
              {
                guard: { type: "quoteChangesOrder", params: ({ event }) => event.output },
                target: "#checkout.details",
                actions: [
                  { type: "assignQuote", params: ({ event }) => event.output },
                  "changed",
                  "showProblem",
                ],
              },
              { target: "shown", actions: { type: "assignQuote", params: ({ event }) => event.output } },
            ],
            onError: [toSessionEnded, { target: "shown" }],
          },
        },
      },
    },
    placing: {
      tags: ["busy"],
      // Whichever way placing ends, the key is settled by the reply that ended it.
      exit: {
        type: "settleKey",
        params: ({ context, event }) => ({
          key: context.idempotencyKey ?? "",
          answered: replyAnswered(event),
        }),
      },
      invoke: {
        id: "placeOrder",
        src: "placeOrder",
        input: ({ context }) => orderBody(context, context.idempotencyKey ?? ""),
        onDone: {
          target: "placed",
          actions: [
            { type: "assignOrder", params: ({ event }) => event.output },
            {
              type: "announcePlaced",
              params: ({ context, event }) => ({ cart: cartSignature(context.items), order: event.output }),
            },
            "forgetChoices",
            "clearCart",
            { type: "goToOrder", params: ({ event }) => event.output },
          ],
        },
        onError: [
          {
            // Nothing was sent: the other tab's order is this cart's (the cart is already empty there).
            guard: { type: "placedElsewhere", params: eventError },
            target: "placedElsewhere",
            actions: [{ type: "assignElsewhere", params: eventError }, "forgetChoices", "clearCart"],
          },
          toSessionEnded,
          {
            guard: { type: "networkLost", params: eventError },
            target: "retrying",
            actions: { type: "assignFailure", params: eventError },
          },
          { guard: { type: "inFlight", params: eventError }, target: "inFlight" },
          {
            guard: { type: "priceChanged", params: eventError },
            target: "revalidating",
            actions: { type: "assignRefusal", params: eventError },
          },
          {
            guard: { type: "declined", params: eventError },
            target: "details",
            actions: [{ type: "assignDeclined", params: eventError }, "rememberChoices"],
          },
          { target: "details", actions: [{ type: "assignRefusal", params: eventError }, "rememberChoices"] },
        ],
      },
    },
    /**
     * No reply: the order may or may not exist. "Retry" sends the same key, so the server answers the
     * first try if it landed; editing makes a new one only once something changes.
     */
    retrying: {
      on: {
        "checkout.retry": { target: "placing", actions: "forgetFailure" },
        "checkout.edit": { target: "details", actions: "forgetFailure" },
      },
    },
    /** The server is still working on this key: ask again, with the same key, after a pause. */
    inFlight: {
      tags: ["busy"],
      invoke: {
        id: "waitBeforeRetry",
        src: "waitBeforeRetry",
        input: ({ event }) => ({ retryAfter: retryAfterOf("error" in event ? event.error : null) }),
        onDone: "placing",
      },
    },
    placed: { type: "final" },
    /** Another tab of this browser placed this cart's order first: nothing was charged here. */
    placedElsewhere: { type: "final" },
    /** Signed out mid-checkout: the session goes to /login; the choices wait in sessionStorage. */
    sessionEnded: { type: "final" },
  },
});

type Snapshot = { context: CheckoutContext; hasTag(tag: "busy"): boolean };

export const selectBusy = (snapshot: Snapshot) => snapshot.hasTag("busy");
/** The legs' amounts the review shows (minor units), in leg order. */
export const selectLegAmounts = (snapshot: Snapshot): number[] =>
  paymentLegs(snapshot.context).map((leg) => leg.amount);
/** The second leg's amount while the rider types the first: the total less what they typed. */
export const selectBalance = (snapshot: Snapshot): number | null => {
  const { quote, firstAmount } = snapshot.context;
  if (!quote) return null;
  return splitLegs(quote.total, parseAmount(firstAmount, quote.currency))?.[1] ?? null;
};
/** The money lines the checkout shows: always the server's quote, never a sum of the cart's own. */
export const selectTotals = (
  snapshot: Snapshot,
): { subtotal: number; shipping: number; discount: number; total: number; currency: string } | null => {
  const quote = snapshot.context.quote;
  if (!quote) return null;
  return {
    subtotal: quote.subtotal,
    shipping: quote.shipping,
    discount: quote.discount,
    total: quote.total,
    currency: quote.currency,
  };
};
