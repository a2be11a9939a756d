import {
  autoRenewSavedMethodMessage,
  type GuestOrderRequest,
  maxPaymentLegs,
  type PaymentLegRequest,
  type PlaceOrderRequest,
  repeatedLegMethod,
  selectPaymentMethodMessage,
  splitLegCount,
  walletAutoRenewMessage,
} from "../../../src/domain/checkout/order.ts";
import {
  passDestinationRequiredMessage,
  promoCodeInvalidMessage,
  type QuoteReply,
} from "../../../src/domain/checkout/quote.ts";
import { type ApiError, ErrorCode } from "../../../src/domain/envelope.ts";
import { canBuyFor } from "../../../src/domain/fare-media.ts";
import type { Address } from "../../../src/domain/payments/address.ts";
import type { PortalConfig } from "../../../src/domain/portal-config.ts";
import type { GuestLoadRequest } from "../../../src/domain/transit/guest-card.ts";
import {
  autoloadMessages,
  type LoadRequest,
  loadLimitsOf,
  maxStoredValue,
} from "../../../src/domain/transit/wallet.ts";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../../domain/clock.ts";
import { type LedgerAccount, ledgerAccounts, parseLedgerAccount } from "../../domain/ledger-accounts.ts";
import { createAccountRepository, type Executor, type User } from "../../repositories/accounts.ts";
import { createAddressRepository, savedAddressOf } from "../../repositories/addresses.ts";
import { balanceOf } from "../../repositories/card-activity.ts";
import { createFareMediaRepository, type FareMediumRow } from "../../repositories/fare-media.ts";
import { createOrderRepository } from "../../repositories/orders.ts";
import { createPaymentMethodRepository } from "../../repositories/payment-methods.ts";
import { createPromoCodeRepository } from "../../repositories/promo-codes.ts";
import { parseAddressBody } from "../addresses.ts";
import type { LedgerService } from "../ledger.ts";
import { accountTakes } from "../pass-destinations.ts";
import type { Customer, PricedResult, PricingService } from "../pricing.ts";
import { cardTokenHash, recordedTokenPrefix } from "./idempotency.ts";
import type { Leg } from "./legs.ts";
import { type PlaceRefusal, pricingRefusal, refusal } from "./replies.ts";

/*
 * What placing an order checks before any money moves (issue 37): the shipping address, the cart's
 * lines and prices, the promo code, where the passes and stored value go, the shipping method and the
 * payment legs' shape; a load's amount, card and legs. Each check answers a refusal, or the plan the
 * order is charged and written by. `checkLocked` checks again, under the order transaction's locks,
 * what may have changed since.
 */

/** Who places the order: a signed-in rider, or a guest with the receipt email. */
export type OrderCustomer = { kind: "rider"; user: User } | { kind: "guest"; email: string };

export interface PlaceInput {
  customer: OrderCustomer;
  /** The Idempotency-Key header (already checked: 1..255 printable ASCII). */
  idempotencyKey: string;
  /** A guest's `card_token` is replaced by its card's id (`fare_medium`) before the order is placed. */
  request: PlaceOrderRequest | (Omit<GuestOrderRequest, "card_token"> & { fare_medium?: string | null });
  /** The request's language: names, the shipping method's name and the receipt. */
  locale: string;
  /** The caller's network address (a guest's refused promo codes are counted by it). */
  address: string;
  /** Write the receipt email (the demo seed's past orders have none). */
  receipt?: boolean;
  /**
   * Whose keys the Idempotency-Key is among: the rider's id (a guest's email digest, guestScopeOf)
   * unless the server itself places the order (renewals: "renewal"), so no rider's key can meet the
   * server's.
   */
  scope?: string;
}

/** Where a load's value goes: one fare card's general funds, or the rider's wallet. */
type LoadTarget = { kind: "card"; cardId: string } | { kind: "wallet" };

/**
 * A load (issue 13, src/domain/transit/wallet.ts): an order of kind "load" with one stored-value line,
 * placed like any order (the same Idempotency-Key claim, gateway legs, order number, receipt).
 */
export interface LoadInput {
  customer: OrderCustomer;
  idempotencyKey: string;
  request: LoadRequest | GuestLoadRequest;
  target: LoadTarget;
  locale: string;
  address: string;
  receipt?: boolean;
  /** The activity row's kind: "autoload" for a scheduler's run; "load" otherwise. */
  activity?: "load" | "autoload";
}

/** A catalogue product as an order's line bought it. */
type PricedProduct = Extract<PricedResult, { ok: true }>["products"][number];

/** Everything checked about an order (or a load) before the gateway: what to charge and write. */
export interface Plan {
  orderId: string;
  userId: string | null;
  email: string;
  quote: QuoteReply;
  promoCodeId: string | null;
  products: PricedProduct[];
  autoRenew: boolean[];
  physical: boolean;
  card: FareMediumRow | null;
  /** An address matters only to what ships; a digital order keeps none. */
  address: Address | null;
  legs: Leg[];
  load: { target: LoadTarget; activity: "load" | "autoload" } | null;
}

/** The checks' answer: a refusal, or the plan. */
export type Prepared = { refused: PlaceRefusal; plan?: undefined } | { refused: null; plan: Plan };

/** What the checks read: the database, the clock, the deployment, the prices and the ledger. */
export interface CheckContext {
  db: Database;
  clock: Clock;
  config: () => PortalConfig;
  pricing: PricingService;
  ledger: LedgerService;
}

/**
 * Value paid through the gateway (a card or wallet load, stored value bought at checkout) settles this
 * long after it was placed: rides may use it at once, but it moves off the card or wallet (a transfer,
 * paying at checkout, a refund of it) only once settled.
 */
export const loadSettleMs = 10 * 60 * 1000;

const sameMethodMessage = "Please choose two different payment methods.";
const priceChangedMessage = "The price of your order has changed. Please review it and try again.";
const paymentsTotalMessage = "The payments do not add up to the order's total.";
const tooManyLegsMessage = "An order is paid with at most 2 payment methods.";
export const paymentUnavailableMessage = "This payment method is not available.";
const purseTooLowMessage = "The balance is too low for this payment.";
const purseNeedsCardMessage =
  "Stored value pays only for passes of a digital order with a fare card, never for more stored value.";
const guestPaymentMessage = "Guests pay with a card.";
export const tokenInvalidMessage = "The card details have expired. Please enter them again.";
const fareCardUnavailableMessage = "This fare card cannot be used for this order.";
const fareCardRequiredMessage = "Choose a fare card for auto-renewed passes and stored value.";
const notEligibleMessage = "The selected passes are not eligible for this fare media.";
const renewNotAllowedMessage = "This product cannot renew automatically.";
const addressNotFoundMessage = "Address not found.";
const addressRequiredMessage = "Shipping address can not be empty.";
const shippingRequiredMessage = "Please choose a shipping method.";
const loadUnavailableMessage = "Stored value cannot be loaded now.";
export const cardNotFoundMessage = "Fare card not found.";
/** The name of a load's one line, per language. */
const loadLineNames: Record<string, string> = { en: "Stored value", es: "Saldo", vi: "Số dư" };

/**
 * A one-time card leg of an order or a load, or null when its token pays this request twice or
 * paid before. A recovered request's token is its digest (`recorded`): the claim keeps no token.
 */
async function oneTimeCardLeg(
  db: Database,
  n: number,
  leg: { amount: number; token: string },
  recovered: boolean,
  tokens: Set<string>,
): Promise<Leg | null> {
  const tokenHash = cardTokenHash(leg.token, recovered);
  if (tokens.has(tokenHash) || (await createOrderRepository(db).tokenUsed(tokenHash))) return null;
  tokens.add(tokenHash);
  const recorded = recovered && leg.token.startsWith(recordedTokenPrefix);
  return { n, kind: "card", amount: leg.amount, token: leg.token, tokenHash, recorded };
}

/**
 * A card an order may go on (live, purchasable, not blocked), or null: the rider's own, or for a
 * guest (`userId` null) whoever's card their card token named.
 */
export async function usableCard(tx: Executor, userId: string | null, id: string, lock: boolean) {
  const cards = createFareMediaRepository(tx);
  const row = lock ? await cards.lock(id) : await cards.byId(id);
  const owned = userId === null || row?.userId === userId;
  return row && owned && row.removedAt === null && canBuyFor(row) ? row : null;
}

/** The shipping address: a rider's saved one (only their own), or the guest's typed one; or a refusal. */
async function shippingAddressOf(
  db: Database,
  userId: string | null,
  given: PlaceInput["request"]["shipping_address"],
): Promise<{ refused: PlaceRefusal } | { refused: null; address: Address | null }> {
  if (given === null || given === undefined) return { refused: null, address: null };
  if (typeof given === "string") {
    const row = userId ? await createAddressRepository(db).find(userId, given) : null;
    if (!row) {
      return {
        refused: {
          kind: "notFound",
          errors: [{ code: ErrorCode.notFound, message: addressNotFoundMessage, field: "shipping_address" }],
        },
      };
    }
    const { id: _id, created_at: _created, ...saved } = savedAddressOf(row);
    return { refused: null, address: { ...saved, isDefault: false } };
  }
  const parsed = parseAddressBody(given);
  if (!parsed.ok) {
    return {
      refused: {
        kind: "invalid",
        errors: parsed.errors.map((error) => ({
          code: ErrorCode.validation,
          message: error.message,
          field: `shipping_address/${error.field}`,
        })),
      },
    };
  }
  return { refused: null, address: { ...parsed.address, isDefault: false } };
}

/**
 * The order's legs, checked one by one (the count and the total are checked before): each saved
 * method live and the rider's, each one-time card's token unused, each purse one this order may pay
 * from; or the refusal of the first leg that does not hold.
 */
async function orderLegs(
  db: Database,
  customer: OrderCustomer,
  requested: readonly PaymentLegRequest[],
  what: { anyAutoRenew: boolean; card: FareMediumRow | null; physical: boolean; loadsValue: boolean },
  recovered: boolean,
): Promise<{ refused: PlaceRefusal } | { refused: null; legs: Leg[] }> {
  const userId = customer.kind === "rider" ? customer.user.id : null;
  const { anyAutoRenew, card, physical, loadsValue } = what;
  const legs: Leg[] = [];
  const tokens = new Set<string>();
  for (const [n, leg] of requested.entries()) {
    const field = `payments/${n}`;
    const refuse = (message: string, code: number = ErrorCode.paymentRefused) => ({
      refused: refusal(code, message, field),
    });
    if (customer.kind === "guest" && leg.kind !== "card") return refuse(guestPaymentMessage);
    switch (leg.kind) {
      case "saved": {
        const method = userId
          ? await createPaymentMethodRepository(db).findLive(userId, leg.payment_method)
          : null;
        if (!method) return refuse(paymentUnavailableMessage);
        legs.push({ n, kind: "saved", amount: leg.amount, method });
        break;
      }
      case "card": {
        // A one-time card is gone after this order: the renewal would have nothing to charge.
        if (anyAutoRenew) return refuse(autoRenewSavedMethodMessage);
        const card = await oneTimeCardLeg(db, n, leg, recovered, tokens);
        if (!card) return refuse(tokenInvalidMessage, ErrorCode.paymentTokenInvalid);
        legs.push(card);
        break;
      }
      case "stored_value": {
        if (anyAutoRenew) return refuse(walletAutoRenewMessage);
        if (!card || physical || loadsValue) return refuse(purseNeedsCardMessage);
        legs.push({
          n,
          kind: "stored_value",
          amount: leg.amount,
          account: ledgerAccounts.fareCard(card.id, "general"),
        });
        break;
      }
      case "wallet": {
        if (anyAutoRenew) return refuse(walletAutoRenewMessage);
        if (!userId) return refuse(guestPaymentMessage);
        legs.push({ n, kind: "wallet", amount: leg.amount, account: ledgerAccounts.wallet(userId) });
        break;
      }
    }
  }
  return { refused: null, legs };
}

/**
 * The fare card an order names (usable, and for a guest the one their card token named) and what
 * each line may go on: a line renews only where its product may, stored value and renewals need the
 * card, each pass must suit the card's rider type, and a digital pass without a card goes in the
 * account only where the deployment allows. The card and which lines renew, or a refusal.
 */
async function cardAndLines(
  ctx: CheckContext,
  request: PlaceInput["request"],
  userId: string | null,
  products: readonly PricedProduct[],
  physical: boolean,
): Promise<{ refused: PlaceRefusal } | { refused: null; card: FareMediumRow | null; autoRenew: boolean[] }> {
  // A guest's card is the one their card token named (the route put its id here: guests cannot).
  const fareMediumId = "fare_medium" in request ? (request.fare_medium ?? null) : null;
  let card: FareMediumRow | null = null;
  if (fareMediumId !== null) {
    card = physical ? null : await usableCard(ctx.db, userId, fareMediumId, false);
    if (!card) {
      return {
        refused: refusal(ErrorCode.fareCardUnavailable, fareCardUnavailableMessage, "fare_medium"),
      };
    }
  }
  const autoRenew = request.lines.map((line) => "auto_renew" in line && line.auto_renew === true);
  for (const [index, product] of products.entries()) {
    const field = `lines/${index}`;
    if (autoRenew[index] && (!product.subscriptionAllowed || product.subType !== "DIGITAL_PASS")) {
      return {
        refused: {
          kind: "invalid",
          errors: [{ code: ErrorCode.validation, message: renewNotAllowedMessage, field }],
        },
      };
    }
    if ((autoRenew[index] || product.subType === "STORED_VALUE") && !card) {
      return {
        refused: refusal(
          ErrorCode.fareCardUnavailable,
          fareCardRequiredMessage,
          userId ? "fare_medium" : "card_token",
        ),
      };
    }
    if (card && product.riderTypes.length > 0 && !product.riderTypes.includes(card.riderType)) {
      return { refused: refusal(ErrorCode.productUnavailable, notEligibleMessage, field) };
    }
  }
  // A digital pass goes on a fare card, or (a rider's, where the deployment allows) in the account.
  if (!card && products.some((product) => product.subType === "DIGITAL_PASS")) {
    const toAccount =
      "pass_destination" in request &&
      request.pass_destination === "account" &&
      accountTakes(ctx.config(), userId !== null, products, autoRenew.includes(true));
    if (!toAccount) {
      return {
        refused: refusal(
          ErrorCode.fareCardUnavailable,
          passDestinationRequiredMessage,
          userId ? "pass_destination" : "card_token",
        ),
      };
    }
  }
  return { refused: null, card, autoRenew };
}

/**
 * What the quote says against the order, in this order: an order that ships has no address, a line's
 * problem (a price gone, a promo code refused), no shipping method chosen, a total other than the one
 * the rider saw. The refusal, or null.
 */
function quoteRefusal(
  quote: QuoteReply,
  address: Address | null,
  problems: ApiError[],
  expectedTotal: number,
): PlaceRefusal | null {
  if (quote.shipping_required && !address) {
    return {
      kind: "invalid",
      errors: [{ code: ErrorCode.validation, message: addressRequiredMessage, field: "shipping_address" }],
    };
  }
  if (problems.length > 0) return { kind: "refused", errors: problems };
  if (quote.shipping_required) {
    if (!quote.shipping_method) {
      return refusal(ErrorCode.shippingMethodUnavailable, shippingRequiredMessage, "shipping_method");
    }
  }
  if (quote.total !== expectedTotal) {
    return refusal(ErrorCode.priceChanged, priceChangedMessage, "expected_total");
  }
  return null;
}

/**
 * The order's legs as a whole: no more than the deployment allows (a split needs its flag for what is
 * bought: passes and cards, or stored value loaded), at least one for a total above 0, and adding up to
 * the total. The refusal, or null.
 */
function legsShapeRefusal(
  config: PortalConfig,
  requested: readonly PaymentLegRequest[],
  total: number,
  products: readonly PricedProduct[],
): PlaceRefusal | null {
  const split = config.enableSplitPayments;
  const loadsValue = products.some((product) => product.subType === "STORED_VALUE");
  const buysPasses = products.some((product) => product.subType !== "STORED_VALUE");
  const allowed =
    (!loadsValue || split.loadValue) && (!buysPasses || split.purchasePasses) ? splitLegCount : 1;
  if (requested.length > Math.min(allowed, maxPaymentLegs)) {
    return refusal(ErrorCode.paymentRefused, tooManyLegsMessage, `payments/${requested.length - 1}`);
  }
  if (total > 0 && requested.length === 0) {
    return refusal(ErrorCode.paymentRefused, selectPaymentMethodMessage, "payments");
  }
  const repeated = repeatedLegMethod(requested);
  if (repeated >= 0) return refusal(ErrorCode.paymentRefused, sameMethodMessage, `payments/${repeated}`);
  if (requested.reduce((sum, leg) => sum + leg.amount, 0) !== total) {
    return refusal(ErrorCode.paymentRefused, paymentsTotalMessage, "payments");
  }
  return null;
}

/**
 * Everything about an order that needs no gateway, in this order: the shipping address, the cart
 * priced by the quote's own rules (pricing.priceForOrder), the fare card and what each line may go
 * on, the passes' destination, the shipping, the expected total, then the legs (how many, what each
 * is, that they pay the total exactly, that the purses hold it). A refusal, or what to charge and write.
 */
export async function prepareOrder(
  ctx: CheckContext,
  input: PlaceInput,
  orderId: string,
  recovered = false,
): Promise<Prepared> {
  const { db } = ctx;
  const { customer, request } = input;
  const userId = customer.kind === "rider" ? customer.user.id : null;
  const email = customer.kind === "rider" ? customer.user.email : customer.email;

  const shipping = await shippingAddressOf(db, userId, request.shipping_address ?? null);
  if (shipping.refused) return { refused: shipping.refused };
  const { address } = shipping;

  const pricingCustomer: Customer =
    customer.kind === "rider"
      ? { kind: "rider", userId: customer.user.id, email: customer.user.email }
      : { kind: "guest", email: customer.email };
  const priced = await ctx.pricing.priceForOrder({
    customer: pricingCustomer,
    lines: request.lines,
    promoCode: request.promo_code ?? null,
    shippingMethod: request.shipping_method ?? null,
    country: address?.country ?? null,
    locale: input.locale,
    address: input.address,
  });
  if (!priced.ok) return { refused: pricingRefusal(priced.refused, priced.errors) };
  const { quote } = priced;
  const physical = priced.products.some((product) => product.subType === "PHYSICAL_PASS");
  const goesOn = await cardAndLines(ctx, request, userId, priced.products, physical);
  if (goesOn.refused) return { refused: goesOn.refused };
  const { card, autoRenew } = goesOn;
  const quoted = quoteRefusal(quote, address, priced.problems, request.expected_total);
  if (quoted) return { refused: quoted };

  const anyAutoRenew = autoRenew.some(Boolean);

  // The legs: how many, what each is, and that they pay the total exactly.
  const requested: readonly PaymentLegRequest[] = request.payments;
  const loadsValue = priced.products.some((product) => product.subType === "STORED_VALUE");
  const shape = legsShapeRefusal(ctx.config(), requested, quote.total, priced.products);
  if (shape) return { refused: shape };
  const checked = await orderLegs(
    db,
    customer,
    requested,
    { anyAutoRenew, card, physical, loadsValue },
    recovered,
  );
  if (checked.refused) return { refused: checked.refused };
  const { legs } = checked;
  // The renewal charges one method for the whole price: a split has no one method to renew on.
  if (anyAutoRenew && legs.length > 1) {
    return { refused: refusal(ErrorCode.paymentRefused, autoRenewSavedMethodMessage, "payments") };
  }
  const purseProblem = await pursesShort(ctx, db, legs);
  if (purseProblem !== null) {
    return { refused: refusal(ErrorCode.paymentRefused, purseTooLowMessage, `payments/${purseProblem}`) };
  }

  return {
    refused: null,
    plan: {
      orderId,
      userId,
      email,
      quote,
      promoCodeId: priced.promoCodeId,
      products: priced.products,
      autoRenew,
      physical,
      card,
      // An address matters only to what ships; a digital order keeps none.
      address: quote.shipping_required ? address : null,
      legs,
      load: null,
    },
  };
}

/** A rider's wallet: what it holds and what of it is pending (loads not settled yet). */
export async function walletBalanceOf(
  ctx: Pick<CheckContext, "clock" | "config" | "ledger">,
  tx: Executor,
  userId: string,
): Promise<{ balance: number; pending: number }> {
  const cur = ctx.config().currency_code;
  const balance = (await ctx.ledger.balance(tx, ledgerAccounts.wallet(userId), cur)).amount;
  const since = new Date(ctx.clock.now().getTime() - loadSettleMs);
  const pending = await createOrderRepository(tx).pendingWalletLoads(userId, cur, since);
  return { balance, pending: Math.min(balance, pending) };
}

/** The first purse leg its purse cannot pay (legs of one purse together), or null. */
async function pursesShort(
  ctx: Pick<CheckContext, "clock" | "config" | "ledger">,
  tx: Executor,
  legs: readonly Leg[],
): Promise<number | null> {
  const currency = () => ctx.config().currency_code;
  const owed = new Map<LedgerAccount, { amount: number; n: number }>();
  for (const leg of legs) {
    if (leg.kind !== "stored_value" && leg.kind !== "wallet") continue;
    const before = owed.get(leg.account);
    owed.set(leg.account, { amount: (before?.amount ?? 0) + leg.amount, n: before?.n ?? leg.n });
  }
  if (owed.size === 0) return null;
  for (const [account, { amount, n }] of owed) {
    // A card pays with its settled value only: a load still pending is not spendable yet.
    const parsed = parseLedgerAccount(account);
    const spendable =
      parsed?.kind === "fareCard"
        ? await balanceOf(tx, parsed.cardId, currency()).then((balance) => balance.general - balance.pending)
        : parsed?.kind === "wallet"
          ? await walletBalanceOf(ctx, tx, parsed.userId).then((wallet) => wallet.balance - wallet.pending)
          : (await ctx.ledger.balance(tx, account, currency())).amount;
    if (spendable < amount) return n;
  }
  return null;
}

/**
 * A load's plan: an order's, with one stored-value line of `amount` for the card or the wallet. The
 * card (the rider's, or any for a guest) must be active, the amount within the deployment's bounds
 * and the card's maximum, and the legs saved methods or one-time cards paying the amount exactly.
 */
export async function prepareLoad(
  ctx: CheckContext,
  input: LoadInput,
  orderId: string,
  recovered = false,
): Promise<Prepared> {
  const { db } = ctx;
  const { customer, request, target } = input;
  const userId = customer.kind === "rider" ? customer.user.id : null;
  const email = customer.kind === "rider" ? customer.user.email : customer.email;
  const config = ctx.config();
  const cur = config.currency_code;
  const limits = loadLimitsOf(config);
  let card: FareMediumRow | null = null;
  if (target.kind === "card") {
    const row = await createFareMediaRepository(db).byId(target.cardId);
    const mine = row && !row.removedAt && (customer.kind === "guest" || row.userId === userId);
    if (!row || !mine) {
      return {
        refused: { kind: "notFound", errors: [{ code: ErrorCode.notFound, message: cardNotFoundMessage }] },
      };
    }
    if (row.status !== "ACTIVE") {
      return {
        refused: refusal(ErrorCode.fareCardUnavailable, fareCardUnavailableMessage, "fare_medium"),
      };
    }
    card = row;
  } else if (!userId) {
    return { refused: refusal(ErrorCode.paymentRefused, guestPaymentMessage, "payments") };
  }
  const { amount } = request;
  const amountInvalid = {
    refused: refusal(ErrorCode.amountInvalid, autoloadMessages.amountInvalid, "amount"),
  };
  if (!Number.isSafeInteger(amount) || amount < limits.min || amount > limits.max) return amountInvalid;
  if (request.expected_total !== amount) {
    return { refused: refusal(ErrorCode.priceChanged, priceChangedMessage, "expected_total") };
  }
  if (card && (await balanceOf(db, card.id, cur)).general + amount > maxStoredValue) return amountInvalid;
  const organizationId = card?.organizationId ?? config.organization.parentUuid;
  const product = await createOrderRepository(db).storedValueProduct(organizationId);
  if (!product) {
    return { refused: refusal(ErrorCode.productUnavailable, loadUnavailableMessage, "amount") };
  }
  const requested = request.payments;
  const allowed = config.enableSplitPayments.loadValue ? splitLegCount : 1;
  if (requested.length === 0) {
    return { refused: refusal(ErrorCode.paymentRefused, selectPaymentMethodMessage, "payments") };
  }
  if (requested.length > allowed) {
    return {
      refused: refusal(ErrorCode.paymentRefused, tooManyLegsMessage, `payments/${requested.length - 1}`),
    };
  }
  const repeated = repeatedLegMethod(requested);
  if (repeated >= 0) {
    return { refused: refusal(ErrorCode.paymentRefused, sameMethodMessage, `payments/${repeated}`) };
  }
  if (requested.reduce((sum, leg) => sum + leg.amount, 0) !== amount) {
    return { refused: refusal(ErrorCode.paymentRefused, paymentsTotalMessage, "payments") };
  }
  const legs: Leg[] = [];
  const tokens = new Set<string>();
  for (const [n, leg] of requested.entries()) {
    const field = `payments/${n}`;
    if (!Number.isSafeInteger(leg.amount) || leg.amount <= 0) {
      return { refused: refusal(ErrorCode.paymentRefused, paymentsTotalMessage, field) };
    }
    if (leg.kind === "saved") {
      const method = userId
        ? await createPaymentMethodRepository(db).findLive(userId, leg.payment_method)
        : null;
      if (!method) return { refused: refusal(ErrorCode.paymentRefused, paymentUnavailableMessage, field) };
      legs.push({ n, kind: "saved", amount: leg.amount, method });
    } else if (leg.kind === "card") {
      const card = await oneTimeCardLeg(db, n, leg, recovered, tokens);
      if (!card) return { refused: refusal(ErrorCode.paymentTokenInvalid, tokenInvalidMessage, field) };
      legs.push(card);
    } else {
      return { refused: refusal(ErrorCode.paymentRefused, paymentUnavailableMessage, field) };
    }
  }
  return {
    refused: null,
    plan: {
      orderId,
      userId,
      email,
      quote: loadQuote(product, amount, cur, input.locale),
      promoCodeId: null,
      products: [product],
      autoRenew: [false],
      physical: false,
      card,
      address: null,
      legs,
      load: { target, activity: input.activity ?? "load" },
    },
  };
}

/** A load's quote: its one stored-value line of `amount`, nothing else. */
function loadQuote(
  product: { uuid: string; organizationId: string },
  amount: number,
  currency: string,
  locale: string,
): QuoteReply {
  return {
    currency,
    lines: [
      {
        product: product.uuid,
        name: loadLineNames[locale] ?? loadLineNames.en ?? "Stored value",
        sub_type: "STORED_VALUE",
        shipping_enabled: false,
        organization: product.organizationId,
        quantity: 1,
        unit_price: amount,
        line_total: amount,
        price_changed: false,
        promo_eligible: false,
        discount: 0,
      },
    ],
    subtotal: amount,
    shipping: 0,
    discount: 0,
    total: amount,
    prices_changed: false,
    promo: null,
    shipping_required: false,
    shipping_method: null,
    shipping_methods: [],
    purses: null,
    destinations: null,
  };
}

/**
 * The checks made again inside the order's transaction, under its locks (the rider's account, the
 * fare card, the promo code), in this order: the card still usable (a load's card active, and not
 * over its maximum), the purses still holding their legs, the promo code not used up meanwhile. A
 * refusal (the transaction then rolls back), or null.
 */
export async function checkLocked(
  ctx: Pick<CheckContext, "clock" | "config" | "ledger">,
  tx: Executor,
  plan: Plan,
): Promise<PlaceRefusal | null> {
  const cur = ctx.config().currency_code;
  const { quote } = plan;
  if (plan.userId) await createAccountRepository(tx).lock(plan.userId);
  if (plan.load && plan.card) {
    const locked = await createFareMediaRepository(tx).lock(plan.card.id);
    if (locked?.status !== "ACTIVE" || locked.removedAt || locked.userId !== plan.card.userId) {
      return refusal(ErrorCode.fareCardUnavailable, fareCardUnavailableMessage, "fare_medium");
    }
    const held = await balanceOf(tx, locked.id, cur);
    if (held.general + quote.total > maxStoredValue) {
      return refusal(ErrorCode.amountInvalid, autoloadMessages.amountInvalid, "amount");
    }
  } else if (plan.card && !(await usableCard(tx, plan.userId, plan.card.id, true))) {
    return refusal(ErrorCode.fareCardUnavailable, fareCardUnavailableMessage, "fare_medium");
  }
  const short = await pursesShort(ctx, tx, plan.legs);
  if (short !== null) {
    return refusal(ErrorCode.paymentRefused, purseTooLowMessage, `payments/${short}`);
  }
  if (plan.promoCodeId && quote.promo) {
    const promoCodes = createPromoCodeRepository(tx);
    const code = await promoCodes.lock(plan.promoCodeId);
    const redeemer = { userId: plan.userId, email: plan.email };
    const full =
      !code ||
      (code.maxRedemptions !== null && (await promoCodes.countRedemptions(code.id)) >= code.maxRedemptions) ||
      (code.maxRedemptionsPerRider !== null &&
        (await promoCodes.countRedemptionsBy(code.id, redeemer)) >= code.maxRedemptionsPerRider);
    if (full) return refusal(ErrorCode.promoCodeInvalid, promoCodeInvalidMessage, "promo_code");
  }
  return null;
}
