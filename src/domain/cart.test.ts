import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cartItem } from "../../tests/support/fixtures.ts";
import { conflicts, isCartItem, itemCount, kindsConflict, lineTotal, subtotal } from "./cart.ts";

const item = fc
  .record({ list_price: fc.integer({ min: 0, max: 100_000 }), quantity: fc.integer({ min: 1, max: 20 }) })
  .map((fields) => cartItem(fields));

describe("cart arithmetic", () => {
  it("adds list_price x quantity in minor units", () => {
    expect(
      subtotal([cartItem({ list_price: 500, quantity: 2 }), cartItem({ list_price: 2_500, quantity: 1 })]),
    ).toBe(3_500);
    expect(itemCount([cartItem({ quantity: 2 }), cartItem({ quantity: 3 })])).toBe(5);
    expect(subtotal([])).toBe(0);
  });

  it("parses each value as an integer, as the spec says", () => {
    const sloppy = cartItem({ list_price: "250" as unknown as number, quantity: "2" as unknown as number });
    expect(lineTotal(sloppy)).toBe(500);
    expect(subtotal([sloppy])).toBe(500);
    expect(itemCount([sloppy])).toBe(2);
  });

  it("is additive: the subtotal of two carts is the sum of their subtotals", () => {
    fc.assert(
      fc.property(fc.array(item), fc.array(item), (left, right) => {
        expect(subtotal([...left, ...right])).toBe(subtotal(left) + subtotal(right));
        expect(itemCount([...left, ...right])).toBe(itemCount(left) + itemCount(right));
      }),
    );
  });

  it("is an integer and never negative", () => {
    fc.assert(
      fc.property(fc.array(item), (items) => {
        expect(Number.isInteger(subtotal(items))).toBe(true);
        expect(subtotal(items)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("recognises stored cart items", () => {
    expect(isCartItem(cartItem())).toBe(true);
    expect(isCartItem({ ...cartItem(), quantity: 0 })).toBe(false);
    expect(isCartItem({ ...cartItem(), list_price: 1.25 })).toBe(false);
    expect(isCartItem(null)).toBe(false);
  });
});

describe("the cart rule the portal and the server share", () => {
  it("keeps physical and digital, and two organisations, apart; the portal's cart also keeps two fare cards apart", () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom("metro", "ferry"),
        fc.constantFrom("metro", "ferry"),
        (p1, p2, o1, o2) => {
          const split = kindsConflict({ physical: p1, organisation: o1 }, { physical: p2, organisation: o2 });
          expect(split).toBe(p1 !== p2 || o1 !== o2);
          const item = (physical: boolean, organisation: string) =>
            cartItem({ type: physical ? "PHYSICAL_PASS" : "DIGITAL_PASS", orgUuidProduct: organisation });
          // The portal's rule is the shared one for items on the same fare card.
          expect(conflicts([item(p1, o1)], { ...item(p2, o2), uuid: "other" })).toBe(split);
        },
      ),
    );
    const digital = cartItem({ type: "DIGITAL_PASS", faremediaId: "card-1" });
    expect(conflicts([digital], { ...digital, uuid: "other", faremediaId: "card-2" })).toBe(true);
  });
});
