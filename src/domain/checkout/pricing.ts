import { CurrencyMismatchError, type Money, MoneyError, minorUnits, money } from "../money.ts";

/**
 * What an order costs (issue 12), the same on the server and in the portal: lines priced by the
 * catalogue, an optional shipping price and an optional promotional code. Everything is integer minor
 * units of one currency; a promo never discounts shipping and never takes the total below zero.
 */

/** One cart line as priced by the catalogue. */
export interface PricedLine {
  productId: string;
  organizationId: string;
  unitPrice: Money;
  quantity: number;
}

/** A percent code takes basis points (1000 = 10%); an amount code takes minor units. */
export type PromoValue = { kind: "percent"; basisPoints: number } | { kind: "amount"; amount: Money };

/**
 * The lines a code applies to: null means no limit. A line is in scope when its product is one of
 * `productIds` (when given) and its organisation one of `organizationIds` (when given).
 */
export interface PromoScope {
  productIds: readonly string[] | null;
  organizationIds: readonly string[] | null;
}

export interface PromoTerms {
  value: PromoValue;
  scope: PromoScope;
}

export interface PricingInput {
  currency: string;
  lines: readonly PricedLine[];
  shipping: Money | null;
  promo: PromoTerms | null;
}

export interface Totals {
  /** Σ unit price × quantity. */
  subtotal: Money;
  shipping: Money;
  /** What the promo takes off, at most `eligibleSubtotal`. */
  discount: Money;
  /** subtotal + shipping − discount. */
  total: Money;
  /** The part of the subtotal the promo applies to. */
  eligibleSubtotal: Money;
}

export class PricingError extends MoneyError {
  override name = "PricingError";
}

/** Basis points in a whole. */
export const fullPercent = 10_000;

export function inPromoScope(
  line: Pick<PricedLine, "productId" | "organizationId">,
  scope: PromoScope,
): boolean {
  return (
    (scope.productIds === null || scope.productIds.includes(line.productId)) &&
    (scope.organizationIds === null || scope.organizationIds.includes(line.organizationId))
  );
}

/** `basisPoints` of `amount`, rounded half up, in exact integers whatever the size. */
export function percentOf(amount: number, basisPoints: number): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new PricingError(`Not an amount: ${amount}`);
  if (!Number.isInteger(basisPoints) || basisPoints < 1 || basisPoints > fullPercent) {
    throw new PricingError(`Not a percentage in basis points: ${basisPoints}`);
  }
  const scaled = BigInt(amount) * BigInt(basisPoints);
  const whole = BigInt(fullPercent);
  return Number((scaled + whole / 2n) / whole);
}

function checked(value: Money, currency: string): number {
  if (value.currency !== currency)
    throw new CurrencyMismatchError(value.currency, money(0, currency).currency);
  return value.amount;
}

/** The discount `promo` gives on lines whose scope sums to `eligible` minor units. */
function discountOf(promo: PromoTerms | null, eligible: number, currency: string): number {
  if (!promo) return 0;
  if (promo.value.kind === "percent") return percentOf(eligible, promo.value.basisPoints);
  const amount = checked(promo.value.amount, currency);
  if (amount <= 0) throw new PricingError(`An amount code takes a positive amount, not ${amount}`);
  return Math.min(amount, eligible);
}

/**
 * The order's totals. Throws a PricingError for a line whose quantity is not a positive integer or
 * whose price is negative, and a CurrencyMismatchError when any amount is in another currency.
 */
export function priceOrder(input: PricingInput): Totals {
  const { currency } = input;
  let subtotal = 0;
  let eligible = 0;
  for (const line of input.lines) {
    const unit = checked(line.unitPrice, currency);
    if (unit < 0) throw new PricingError(`A negative price: ${unit}`);
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new PricingError(`Not a quantity: ${line.quantity}`);
    }
    const lineTotal = minorUnits(unit * line.quantity);
    subtotal = minorUnits(subtotal + lineTotal);
    if (input.promo && inPromoScope(line, input.promo.scope)) eligible = minorUnits(eligible + lineTotal);
  }
  const shipping = input.shipping ? checked(input.shipping, currency) : 0;
  if (shipping < 0) throw new PricingError(`A negative shipping price: ${shipping}`);
  const discount = discountOf(input.promo, eligible, currency);
  return {
    subtotal: money(subtotal, currency),
    shipping: money(shipping, currency),
    discount: money(discount, currency),
    total: money(subtotal + shipping - discount, currency),
    eligibleSubtotal: money(eligible, currency),
  };
}
