import { randomBytes, randomUUID } from "node:crypto";
import type { OrderDetail } from "../../../src/domain/checkout/order.ts";
import { money } from "../../../src/domain/money.ts";
import { type LedgerAccount, ledgerAccounts } from "../../domain/ledger-accounts.ts";
import type { Executor } from "../../repositories/accounts.ts";
import { createCardActivityRepository } from "../../repositories/card-activity.ts";
import {
  createOrderRepository,
  type NewPassRow,
  type NewSubscriptionRow,
  orderDetailOf,
} from "../../repositories/orders.ts";
import { createPromoCodeRepository } from "../../repositories/promo-codes.ts";
import type { LedgerEntry, LedgerService } from "../ledger.ts";
import { renewsAtFor } from "../subscription-dates.ts";
import { type HeldLeg, isCardLeg, shownMethod } from "./legs.ts";
import type { Plan } from "./validate.ts";

/*
 * What placing an order writes once it is paid (issue 37), inside the order's one transaction: the
 * promo redemption, the order with its items and legs, the balanced sale posting and the sale entry,
 * the card's activity, then the fulfilment (passes, subscriptions, a shipment). Plain functions of the
 * transaction: the caller holds the locks and checked again what they guard (validate.ts checkLocked).
 */

/** What the order is written with besides its plan. */
export interface Written {
  /** The order number the claim drew. */
  number: string;
  locale: string;
  currency: string;
  now: Date;
  /** SHA-256 of a guest's link (null for a rider's order). */
  guestLinkHash: string | null;
}

const serialNumber = () => `PS-${randomBytes(8).toString("hex").toUpperCase()}`;

/** The sale's posting: what paid (cards through the clearing account, purses, the promo) and what was bought. */
function salePosting(plan: Plan, currency: string): LedgerEntry[] {
  const totals = new Map<LedgerAccount, number>();
  const add = (account: LedgerAccount, amount: number) =>
    totals.set(account, (totals.get(account) ?? 0) + amount);
  for (const leg of plan.legs) {
    if (isCardLeg(leg)) add(ledgerAccounts.gatewayClearing, -leg.amount);
    else add(leg.account, -leg.amount);
  }
  if (plan.quote.discount > 0) add(ledgerAccounts.promo, -plan.quote.discount);
  for (const [index, line] of plan.quote.lines.entries()) {
    const product = plan.products[index];
    if (product?.subType === "STORED_VALUE" && plan.card) {
      add(ledgerAccounts.fareCard(plan.card.id, "general"), line.line_total);
    } else if (product?.subType === "STORED_VALUE" && plan.load?.target.kind === "wallet" && plan.userId) {
      add(ledgerAccounts.wallet(plan.userId), line.line_total);
    } else {
      add(ledgerAccounts.revenue, line.line_total);
    }
  }
  if (plan.quote.shipping > 0) add(ledgerAccounts.revenue, plan.quote.shipping);
  return [...totals]
    .filter(([, amount]) => amount !== 0)
    .map(([account, amount]) => ({ account, amount: money(amount, currency) }));
}

/** An item's offer text: the product's short description in the order's language, else its own. */
function offerTextOf(product: Plan["products"][number] | undefined, locale: string): string | null {
  if (!product) return null;
  const translated = product.translations[locale]?.short_description;
  const text =
    typeof translated === "string" && translated.trim() !== "" ? translated : product.shortDescription;
  return text.trim() === "" ? null : text;
}

/** The order's row, its items and its legs (what the gateway holds of each card leg), inserted. */
async function insertOrder(tx: Executor, plan: Plan, written: Written, held: readonly HeldLeg[]) {
  const { orderId, quote } = plan;
  const heldBy = new Map(held.map((leg) => [leg.n, leg]));
  const fulfilmentOf = (index: number) => {
    const product = plan.products[index];
    if (product?.subType === "PHYSICAL_PASS") return "shipment" as const;
    if (product?.subType === "STORED_VALUE") return "stored_value" as const;
    return plan.autoRenew[index] ? ("subscription" as const) : ("pass" as const);
  };
  return createOrderRepository(tx).insertOrder({
    order: {
      id: orderId,
      number: written.number,
      userId: plan.userId,
      email: plan.email,
      guestLinkHash: written.guestLinkHash,
      kind: plan.load ? "load" : plan.physical ? "physical" : "digital",
      fareMediumId: plan.card?.id ?? null,
      currency: written.currency,
      subtotal: quote.subtotal,
      shipping: quote.shipping,
      discount: quote.discount,
      total: quote.total,
      promoCodeId: quote.promo ? plan.promoCodeId : null,
      promoCode: quote.promo?.code ?? null,
      shippingMethod: quote.shipping_method,
      shippingAddress: plan.address,
      status: "paid",
      locale: written.locale,
      createdAt: written.now,
    },
    items: quote.lines.map((line, index) => ({
      orderId,
      line: index,
      productId: line.product,
      name: line.name,
      subType: plan.products[index]?.subType ?? "DIGITAL_PASS",
      quantity: line.quantity,
      unitPrice: line.unit_price,
      lineTotal: line.line_total,
      discount: line.discount,
      autoRenew: plan.autoRenew[index] ?? false,
      fulfilment: fulfilmentOf(index),
      offerText: offerTextOf(plan.products[index], written.locale),
    })),
    payments: plan.legs.map((leg) => {
      const gatewayLeg = heldBy.get(leg.n);
      const common = {
        orderId,
        leg: leg.n,
        kind: leg.kind,
        amount: leg.amount,
        authorizationId: gatewayLeg?.authorizationId ?? null,
        captureId: gatewayLeg?.captureId ?? null,
      };
      if (leg.kind === "saved") {
        return {
          ...common,
          paymentMethodId: leg.method.id,
          ...shownMethod(leg.method),
          nickname: leg.method.nickname,
        };
      }
      if (leg.kind === "card") {
        return {
          ...common,
          brand: gatewayLeg?.brand ?? null,
          last4: gatewayLeg?.last4 ?? null,
          tokenHash: leg.tokenHash,
        };
      }
      return { ...common, brand: leg.kind === "wallet" ? "Wallet" : "Stored value" };
    }),
  });
}

/**
 * The card's activity row for the order: a load's (pending until the settle step marks it settled),
 * or an order bought for the card (with what its stored value paid or gained).
 */
async function recordCardActivity(tx: Executor, plan: Plan, written: Written, group: string | null) {
  const { orderId, quote } = plan;
  const { now, number } = written;
  if (plan.load && plan.card) {
    // Paid through the gateway: pending until the settle step marks it settled.
    await createCardActivityRepository(tx).record({
      fareMediumId: plan.card.id,
      kind: plan.load.activity,
      occurredAt: now,
      currency: written.currency,
      detail: { order: number },
      amount: quote.total,
      entryGroup: group,
      orderId,
      pending: true,
    });
  }

  if (plan.card && !plan.load) {
    // The card's Activity says every order bought for it, with what its stored value paid or
    // gained (issue 33, item 5) and the balance right after.
    const paid = plan.legs.reduce((sum, leg) => sum + (leg.kind === "stored_value" ? leg.amount : 0), 0);
    const credited = quote.lines.reduce(
      (sum, line, index) => sum + (plan.products[index]?.subType === "STORED_VALUE" ? line.line_total : 0),
      0,
    );
    await createCardActivityRepository(tx).record({
      fareMediumId: plan.card.id,
      kind: "purchase",
      occurredAt: now,
      currency: written.currency,
      detail: { order: number },
      amount: paid > 0 || credited > 0 ? credited - paid : null,
      entryGroup: group,
      orderId,
      // Stored value bought through the gateway is pending as a load is (issue 48, item 4).
      pending: credited > paid && plan.legs.some(isCardLeg),
    });
  }
}

/** Fulfilment: a pass per unit of each pass line, a subscription per auto-renewed line, a shipment. */
async function issue(tx: Executor, plan: Plan, written: Written) {
  const orders = createOrderRepository(tx);
  const { orderId, quote } = plan;
  const { now } = written;
  const passRows: NewPassRow[] = [];
  const subscriptionRows: NewSubscriptionRow[] = [];
  // An auto-renewed pass renews by itself only when one saved method paid the whole order.
  const [onlyLeg, ...otherLegs] = plan.legs;
  const renewalMethodId = onlyLeg?.kind === "saved" && otherLegs.length === 0 ? onlyLeg.method.id : null;
  let cards = 0;
  for (const [index, line] of quote.lines.entries()) {
    const product = plan.products[index];
    if (product?.subType === "PHYSICAL_PASS") cards += line.quantity;
    if (product?.subType !== "DIGITAL_PASS") continue;
    for (let unit = 0; unit < line.quantity; unit++) {
      passRows.push({
        id: randomUUID(),
        orderId,
        line: index,
        // A guest's pass is the card owner's (when the card is on an account), as the card is.
        userId: plan.userId ?? plan.card?.userId ?? null,
        fareMediumId: plan.card?.id ?? null,
        productId: line.product,
        name: line.name,
        serialNumber: serialNumber(),
        purchasedAt: now,
        riderTypes: product.riderTypes,
        validDays: product.validDays,
        usableCount: product.usableCount,
      });
    }
    if (plan.autoRenew[index] && plan.userId && plan.card) {
      subscriptionRows.push({
        id: randomUUID(),
        userId: plan.userId,
        fareMediumId: plan.card.id,
        productId: line.product,
        orderId,
        price: line.unit_price,
        currency: written.currency,
        createdAt: now,
        paymentMethodId: renewalMethodId,
        // When the pass's days are over (from now: it is used from today at the latest).
        renewsAt: renewsAtFor({ expiresAt: null, validDays: product.validDays }, now),
      });
    }
  }
  await orders.insertPasses(passRows);
  await orders.insertSubscriptions(subscriptionRows);
  if (cards > 0 && plan.address && quote.shipping_method) {
    await orders.insertShipment({
      id: randomUUID(),
      orderId,
      address: plan.address,
      methodCode: quote.shipping_method.code,
      quantity: cards,
      createdAt: now,
    });
  }
}

/**
 * Writes the paid order in the caller's transaction, in this order: the promo redemption, the order,
 * its items and legs, the sale posting and entry, the card's activity, the passes, subscriptions and
 * shipment. The order as read back.
 */
export async function fulfil(
  ledger: LedgerService,
  tx: Executor,
  plan: Plan,
  written: Written,
  held: readonly HeldLeg[],
): Promise<OrderDetail> {
  const { orderId, quote } = plan;
  if (plan.promoCodeId && quote.promo) {
    await createPromoCodeRepository(tx).redeem({
      promoCodeId: plan.promoCodeId,
      redeemer: { userId: plan.userId, email: plan.email },
      orderReference: written.number,
      discount: money(quote.discount, written.currency),
    });
  }
  const inserted = await insertOrder(tx, plan, written, held);
  const entries = salePosting(plan, written.currency);
  const group = entries.length >= 2 ? await ledger.post(tx, { reference: written.number, entries }) : null;
  const sale = await createOrderRepository(tx).insertEntry({
    orderId,
    type: "sale",
    amount: quote.total,
    entryGroup: group,
    createdAt: written.now,
  });
  await recordCardActivity(tx, plan, written, group);
  await issue(tx, plan, written);
  return orderDetailOf({
    order: inserted.order,
    items: inserted.items,
    payments: inserted.payments,
    entries: [sale],
    card: plan.card
      ? { id: plan.card.id, nickname: plan.card.nickname, printedCardNumber: plan.card.printedCardNumber }
      : null,
  });
}
