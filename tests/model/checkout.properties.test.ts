import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AnyEventObject, initialTransition, transition } from "xstate";
import type { CartItem } from "../../src/domain/cart.ts";
import { cartSignature } from "../../src/domain/checkout/draft.ts";
import { priceOrder } from "../../src/domain/checkout/pricing.ts";
import type { QuoteReply } from "../../src/domain/checkout/quote.ts";
import { money } from "../../src/domain/money.ts";
import { amountText, splitLegs } from "../../src/domain/payments/amounts.ts";
import {
  type CheckoutInput,
  type Quote,
  selectLegAmounts,
  selectTotals,
} from "../../src/machines/checkout.machine.ts";
import { portalConfig } from "../support/fixtures.ts";
import { quietCart } from "../support/forms.ts";
import { dayPasses, recording } from "./specs/checkout.ts";
import { bank, now, visa } from "./specs/paymentMethods.ts";

const runs = { numRuns: Number(process.env.FC_RUNS ?? 200) };

/** Folds events through the checkout's pure transitions, as the portal's actor would take them. */
function fold(input: CheckoutInput, events: AnyEventObject[]) {
  let [snapshot] = initialTransition(recording, input);
  for (const event of events) [snapshot] = transition(recording, snapshot, event as never);
  return snapshot;
}

const quoteOf = (items: readonly CartItem[], basisPoints: number | null): Quote => {
  const currency = "USD";
  const totals = priceOrder({
    currency,
    lines: items.map((item) => ({
      productId: item.uuid,
      organizationId: item.orgUuidProduct,
      unitPrice: money(item.list_price, currency),
      quantity: item.quantity,
    })),
    shipping: null,
    promo:
      basisPoints === null
        ? null
        : { value: { kind: "percent", basisPoints }, scope: { productIds: null, organizationIds: null } },
  });
  const reply: QuoteReply = {
    currency,
    lines: items.map((item, index) => ({
      product: item.uuid,
      name: item.name,
      sub_type: item.type,
      shipping_enabled: item.shipping_enabled,
      organization: item.orgUuidProduct,
      quantity: item.quantity,
      unit_price: item.list_price,
      line_total: item.list_price * item.quantity,
      price_changed: false,
      promo_eligible: basisPoints !== null,
      discount: totals.lineDiscounts[index]?.amount ?? 0,
    })),
    subtotal: totals.subtotal.amount,
    shipping: totals.shipping.amount,
    discount: totals.discount.amount,
    total: totals.total.amount,
    prices_changed: false,
    promo: basisPoints === null ? null : { code: "WELCOME10", discount: totals.discount.amount },
    shipping_required: false,
    shipping_method: null,
    shipping_methods: [],
    purses: null,
    destinations: null,
  };
  return { reply, problems: [] };
};

const riderInput = (items: CartItem[], restoredAmount: string | null): CheckoutInput => ({
  guest: false,
  items,
  splitAllowed: true,
  promoAllowed: true,
  now,
  restored:
    restoredAmount === null
      ? null
      : {
          cart: cartSignature(items),
          promo: null,
          addressId: null,
          country: null,
          shippingMethod: null,
          split: true,
          legs: [
            { kind: "saved", id: visa.id },
            { kind: "saved", id: bank.id },
          ],
          firstAmount: restoredAmount,
          idempotencyKey: null,
        },
});
const prepared = (quote: Quote) => ({
  type: "xstate.done.actor.prepareCheckout",
  output: { quote, addresses: [], methods: [visa, bank] },
});

describe("checkout properties", () => {
  it("splits into two positive legs summing to the total, for any total ≥ 2 and any first amount it accepts", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 2_000_000 }),
        fc.oneof(fc.integer({ min: -10, max: 2_000_010 }), fc.constant(1)),
        (total, first) => {
          const items = [{ ...dayPasses, list_price: total, quantity: 1 }];
          const typed = first < 0 ? `-${amountText(-first, "USD")}` : amountText(first, "USD");
          const snapshot = fold(riderInput(items, typed), [
            prepared(quoteOf(items, null)),
            { type: "checkout.review" },
          ]);
          const accepted = snapshot.matches("review");
          expect(accepted).toBe(first >= 1 && first <= total - 1);
          expect(splitLegs(total, first) !== null).toBe(accepted);
          if (accepted) {
            const legs = selectLegAmounts(snapshot);
            expect(legs).toEqual([first, total - first]);
            expect(legs.every((amount) => Number.isSafeInteger(amount) && amount > 0)).toBe(true);
          } else {
            expect(snapshot.context.problem).toBe("amountInvalid");
          }
        },
      ),
      runs,
    );
  });

  it("shows the total pricing.ts computes for any cart the cart machine builds, and charges exactly it", () => {
    const add = fc
      .record({
        n: fc.integer({ min: 1, max: 4 }),
        price: fc.integer({ min: 1, max: 20_000 }),
        quantity: fc.integer({ min: 1, max: 8 }),
      })
      .map(({ n, price, quantity }) => ({
        type: "cart.add",
        buyNow: false,
        item: {
          ...dayPasses,
          uuid: `a0000000-0000-4000-8000-00000000000${n}`,
          name: `Product ${n}`,
          list_price: price,
          quantity,
        },
      }));
    fc.assert(
      fc.property(
        fc.array(add, { minLength: 1, maxLength: 8 }),
        fc.option(fc.integer({ min: 1, max: 10_000 })),
        (adds, percent) => {
          let [cart] = initialTransition(quietCart, {
            items: [],
            maxQuantity: portalConfig.max_cart_quantity,
            guest: false,
          });
          for (const event of adds) [cart] = transition(quietCart, cart, event as never);
          const items = cart.context.items;
          const quote = quoteOf(items, percent);
          const snapshot = fold(riderInput(items, null), [prepared(quote), { type: "checkout.review" }]);
          const expected = priceOrder({
            currency: "USD",
            lines: items.map((item) => ({
              productId: item.uuid,
              organizationId: item.orgUuidProduct,
              unitPrice: money(item.list_price, "USD"),
              quantity: item.quantity,
            })),
            shipping: null,
            promo:
              percent === null
                ? null
                : {
                    value: { kind: "percent", basisPoints: percent },
                    scope: { productIds: null, organizationIds: null },
                  },
          });
          expect(selectTotals(snapshot)?.total).toBe(expected.total.amount);
          expect(selectTotals(snapshot)?.subtotal).toBe(expected.subtotal.amount);
          if (expected.total.amount > 0) {
            expect(snapshot.matches("review")).toBe(true);
            expect(selectLegAmounts(snapshot)).toEqual([expected.total.amount]);
          }
        },
      ),
      runs,
    );
  });
});
