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
type PromoValue = { kind: "percent"; basisPoints: number } | { kind: "amount"; amount: Money };

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
  /**
   * The discount shared out over the lines, in their order: in proportion to each eligible line's
   * total, whole minor units by largest remainder (ties to the lower product id), so they sum to
   * `discount` exactly and none exceeds its line. A refund of one line gives back its share.
   */
  lineDiscounts: Money[];
}

export class PricingError extends MoneyError {
  override name = "PricingError";
}

/** Basis points in a whole. */
const fullPercent = 10_000;

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

/** `discount` over `totals` (0 for lines out of scope) by largest remainder; see Totals.lineDiscounts. */
export function shareDiscount(
  discount: number,
  lines: ReadonlyArray<{ productId: string; total: number; eligible: boolean }>,
): number[] {
  const eligible = lines.reduce((sum, line) => sum + (line.eligible ? line.total : 0), 0);
  if (discount === 0 || eligible === 0) return lines.map(() => 0);
  if (discount > eligible) throw new PricingError(`A discount of ${discount} exceeds ${eligible}`);
  const whole = BigInt(eligible);
  const shares = lines.map((line, index) => {
    const exact = BigInt(discount) * BigInt(line.eligible ? line.total : 0);
    return { index, productId: line.productId, floor: Number(exact / whole), remainder: exact % whole };
  });
  let left = discount - shares.reduce((sum, share) => sum + share.floor, 0);
  const byRemainder = shares
    .filter((share) => share.remainder > 0n)
    .sort(
      (a, b) =>
        (a.remainder === b.remainder ? 0 : a.remainder > b.remainder ? -1 : 1) ||
        (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0) ||
        a.index - b.index,
    );
  const result = shares.map((share) => share.floor);
  for (const share of byRemainder) {
    if (left === 0) break;
    result[share.index] = (result[share.index] ?? 0) + 1;
    left--;
  }
  return result;
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
  const shares = shareDiscount(
    discount,
    input.lines.map((line) => ({
      productId: line.productId,
      total: line.unitPrice.amount * line.quantity,
      eligible: input.promo !== null && inPromoScope(line, input.promo.scope),
    })),
  );
  return {
    subtotal: money(subtotal, currency),
    shipping: money(shipping, currency),
    discount: money(discount, currency),
    total: money(subtotal + shipping - discount, currency),
    eligibleSubtotal: money(eligible, currency),
    lineDiscounts: shares.map((share) => money(share, currency)),
  };
}
