import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CurrencyMismatchError, money } from "../money.ts";
import {
  inPromoScope,
  type PricedLine,
  PricingError,
  type PromoScope,
  type PromoTerms,
  percentOf,
  priceOrder,
  shareDiscount,
} from "./pricing.ts";

const usd = (amount: number) => money(amount, "USD");
const line = (productId: string, unit: number, quantity: number, organizationId = "org-a"): PricedLine => ({
  productId,
  organizationId,
  unitPrice: usd(unit),
  quantity,
});
const everywhere: PromoScope = { productIds: null, organizationIds: null };
const percent = (basisPoints: number, scope = everywhere): PromoTerms => ({
  value: { kind: "percent", basisPoints },
  scope,
});
const amountOff = (amount: number, scope = everywhere): PromoTerms => ({
  value: { kind: "amount", amount: usd(amount) },
  scope,
});

describe("priceOrder", () => {
  it("sums unit price times quantity and adds shipping", () => {
    const totals = priceOrder({
      currency: "USD",
      lines: [line("a", 250, 2), line("b", 1000, 1)],
      shipping: usd(750),
      promo: null,
    });
    expect(totals.subtotal).toEqual(usd(1500));
    expect(totals.shipping).toEqual(usd(750));
    expect(totals.discount).toEqual(usd(0));
    expect(totals.total).toEqual(usd(2250));
  });

  it("rounds a percent half up, on the lines in scope only, never on shipping", () => {
    // 10% of 1005 is 100.5 -> 101; of 1004 is 100.4 -> 100.
    expect(
      priceOrder({ currency: "USD", lines: [line("a", 1005, 1)], shipping: null, promo: percent(1000) })
        .discount,
    ).toEqual(usd(101));
    expect(
      priceOrder({ currency: "USD", lines: [line("a", 1004, 1)], shipping: null, promo: percent(1000) })
        .discount,
    ).toEqual(usd(100));
    const scoped = priceOrder({
      currency: "USD",
      lines: [line("rail", 1000, 2), line("bus", 999, 3)],
      shipping: usd(1500),
      promo: percent(2000, { productIds: ["rail"], organizationIds: null }),
    });
    expect(scoped.eligibleSubtotal).toEqual(usd(2000));
    expect(scoped.discount).toEqual(usd(400));
    expect(scoped.total).toEqual(usd(2000 + 2997 + 1500 - 400));
    expect(scoped.lineDiscounts).toEqual([usd(400), usd(0)]);
  });

  it("takes an amount up to the eligible subtotal, so the total never drops below shipping", () => {
    const totals = priceOrder({
      currency: "USD",
      lines: [line("a", 300, 1)],
      shipping: usd(750),
      promo: amountOff(500),
    });
    expect(totals.discount).toEqual(usd(300));
    expect(totals.total).toEqual(usd(750));
    expect(
      priceOrder({ currency: "USD", lines: [line("a", 300, 1)], shipping: null, promo: percent(10_000) })
        .total,
    ).toEqual(usd(0));
  });

  it("scopes by organisation too", () => {
    const totals = priceOrder({
      currency: "USD",
      lines: [line("a", 1000, 1, "parent"), line("b", 1000, 1, "child")],
      shipping: null,
      promo: amountOff(5000, { productIds: null, organizationIds: ["child"] }),
    });
    expect(totals.discount).toEqual(usd(1000));
  });

  it("refuses mixed currencies, bad quantities and negative prices", () => {
    const mixed = { ...line("a", 100, 1), unitPrice: money(100, "EUR") };
    expect(() => priceOrder({ currency: "USD", lines: [mixed], shipping: null, promo: null })).toThrow(
      CurrencyMismatchError,
    );
    expect(() =>
      priceOrder({ currency: "USD", lines: [line("a", 100, 1)], shipping: money(5, "EUR"), promo: null }),
    ).toThrow(CurrencyMismatchError);
    expect(() =>
      priceOrder({
        currency: "USD",
        lines: [line("a", 100, 1)],
        shipping: null,
        promo: { value: { kind: "amount", amount: money(5, "EUR") }, scope: everywhere },
      }),
    ).toThrow(CurrencyMismatchError);
    expect(() =>
      priceOrder({ currency: "USD", lines: [line("a", 100, 0)], shipping: null, promo: null }),
    ).toThrow(PricingError);
    expect(() =>
      priceOrder({ currency: "USD", lines: [line("a", 100, 1.5)], shipping: null, promo: null }),
    ).toThrow(PricingError);
    expect(() =>
      priceOrder({ currency: "USD", lines: [line("a", -1, 1)], shipping: null, promo: null }),
    ).toThrow(PricingError);
    expect(() => percentOf(100, 0)).toThrow(PricingError);
    expect(() => percentOf(100, 10_001)).toThrow(PricingError);
  });

  it("rounds exactly even past 2^53 / 10000", () => {
    expect(percentOf(Number.MAX_SAFE_INTEGER, 10_000)).toBe(Number.MAX_SAFE_INTEGER);
    expect(percentOf(Number.MAX_SAFE_INTEGER, 5_000)).toBe(4_503_599_627_370_496);
  });
});

const products = ["p1", "p2", "p3", "p4"];
const organizations = ["o1", "o2"];
const lines = fc.uniqueArray(
  fc.record({
    productId: fc.constantFrom(...products),
    organizationId: fc.constantFrom(...organizations),
    unit: fc.integer({ min: 0, max: 100_000 }),
    quantity: fc.integer({ min: 1, max: 20 }),
  }),
  { selector: (entry) => entry.productId, maxLength: 4 },
);
const scope = fc.record({
  productIds: fc.option(fc.subarray(products), { nil: null }),
  organizationIds: fc.option(fc.subarray(organizations), { nil: null }),
});
const promo: fc.Arbitrary<PromoTerms | null> = fc.option(
  fc.oneof(
    fc
      .record({ basisPoints: fc.integer({ min: 1, max: 10_000 }), scope })
      .map(({ basisPoints, scope }) => percent(basisPoints, scope)),
    fc
      .record({ amount: fc.integer({ min: 1, max: 5_000_000 }), scope })
      .map(({ amount, scope }) => amountOff(amount, scope)),
  ),
  { nil: null },
);
const shipping = fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null });

describe("shareDiscount", () => {
  it("shares by largest remainder, ties to the lower product id", () => {
    const lines = [
      { productId: "b", total: 100, eligible: true },
      { productId: "a", total: 100, eligible: true },
      { productId: "c", total: 100, eligible: true },
    ];
    expect(shareDiscount(100, lines)).toEqual([33, 34, 33]);
    expect(shareDiscount(101, lines)).toEqual([34, 34, 33]);
    expect(shareDiscount(300, lines)).toEqual([100, 100, 100]);
    expect(shareDiscount(7, [...lines, { productId: "d", total: 50, eligible: false }])).toEqual([
      2, 3, 2, 0,
    ]);
    expect(() => shareDiscount(301, lines)).toThrow(PricingError);
  });
});

describe("priceOrder properties", () => {
  it("total = subtotal + shipping − discount, 0 ≤ discount ≤ eligible subtotal, integers, never negative", () => {
    fc.assert(
      fc.property(lines, shipping, promo, (entries, ship, terms) => {
        const priced = entries.map((entry) =>
          line(entry.productId, entry.unit, entry.quantity, entry.organizationId),
        );
        const totals = priceOrder({
          currency: "USD",
          lines: priced,
          shipping: ship === null ? null : usd(ship),
          promo: terms,
        });
        const amounts = [
          totals.subtotal,
          totals.shipping,
          totals.discount,
          totals.total,
          totals.eligibleSubtotal,
        ].map((m) => m.amount);
        for (const amount of amounts) {
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
        expect(totals.total.amount).toBe(
          totals.subtotal.amount + totals.shipping.amount - totals.discount.amount,
        );
        expect(totals.discount.amount).toBeLessThanOrEqual(totals.eligibleSubtotal.amount);
        expect(totals.eligibleSubtotal.amount).toBeLessThanOrEqual(totals.subtotal.amount);
        expect(totals.subtotal.amount).toBe(
          entries.reduce((sum, entry) => sum + entry.unit * entry.quantity, 0),
        );
        expect(totals.shipping.amount).toBe(ship ?? 0);
        // The eligible part is exactly the lines in scope.
        const eligible = terms
          ? priced
              .filter((p) => inPromoScope(p, terms.scope))
              .reduce((sum, p) => sum + p.unitPrice.amount * p.quantity, 0)
          : 0;
        expect(totals.eligibleSubtotal.amount).toBe(eligible);
        expect(totals.total.amount).toBeGreaterThanOrEqual(totals.shipping.amount);
        // The lines' shares sum to the discount, none negative, none past its line, none out of scope.
        expect(totals.lineDiscounts.reduce((sum, share) => sum + share.amount, 0)).toBe(
          totals.discount.amount,
        );
        for (const [index, share] of totals.lineDiscounts.entries()) {
          const p = priced[index];
          if (!p) throw new Error("a share without its line");
          expect(share.amount).toBeGreaterThanOrEqual(0);
          expect(share.amount).toBeLessThanOrEqual(p.unitPrice.amount * p.quantity);
          if (!terms || !inPromoScope(p, terms.scope)) expect(share.amount).toBe(0);
        }
        // A percent never differs from the exact fraction by more than half a minor unit.
        if (terms?.value.kind === "percent") {
          expect(
            Math.abs(totals.discount.amount - (eligible * terms.value.basisPoints) / 10_000),
          ).toBeLessThanOrEqual(0.5);
        }
      }),
    );
  });

  it("does not depend on the order of the lines", () => {
    fc.assert(
      fc.property(
        lines.chain((entries) =>
          fc.tuple(
            fc.constant(entries),
            fc.shuffledSubarray(entries, { minLength: entries.length, maxLength: entries.length }),
          ),
        ),
        shipping,
        promo,
        ([entries, shuffled], ship, terms) => {
          const price = (list: typeof entries) =>
            priceOrder({
              currency: "USD",
              lines: list.map((entry) =>
                line(entry.productId, entry.unit, entry.quantity, entry.organizationId),
              ),
              shipping: ship === null ? null : usd(ship),
              promo: terms,
            });
          const [a, b] = [price(shuffled), price(entries)];
          const byProduct = (list: typeof entries, totals: ReturnType<typeof price>) =>
            new Map(list.map((entry, index) => [entry.productId, totals.lineDiscounts[index]?.amount]));
          expect(byProduct(shuffled, a)).toEqual(byProduct(entries, b));
          expect({ ...a, lineDiscounts: [] }).toEqual({ ...b, lineDiscounts: [] });
        },
      ),
    );
  });
});
