import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initialTransition, transition } from "xstate";
import { type CartItem, cartItemOf, lineTotal, subtotal } from "../../../src/domain/cart.ts";
import type { Product } from "../../../src/domain/catalog.ts";
import type { QuoteReply } from "../../../src/domain/checkout/quote.ts";
import { cartMachine } from "../../../src/machines/cart.machine.ts";
import { createTestApp, type TestApp } from "../../test/helpers.ts";

/*
 * The server's total equals the portal's for any cart the cart machine can build: carts are built by
 * the cart machine's own transitions from the catalogue as the product search serves it (alerts
 * confirmed, conflicts cleared or kept, limits refused), then quoted by the server.
 */

let t: TestApp;
let catalogue: Product[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const reply = await t.app.inject({
    method: "POST",
    url: "/transit/anonymous/v3.0/product/search",
    payload: { return: "ENTITY", sort: [{ key_name: "list_priority", order: "asc" }], applied_filters: [] },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  catalogue = reply.json().data.results;
  expect(catalogue.length).toBeGreaterThan(10);
});
afterAll(() => t.close());

interface Add {
  product: number;
  quantity: number;
  /** Yes to "Yes, clear cart" (and to an alert). */
  clear: boolean;
}

/** The cart after these adds, walked through the cart machine as the drawer's buttons send them. */
function cartAfter(adds: readonly Add[]): CartItem[] {
  let [snapshot] = initialTransition(cartMachine, { items: [], maxQuantity: 20, guest: true });
  const step = (event: Parameters<typeof transition<typeof cartMachine>>[2]) => {
    [snapshot] = transition(cartMachine, snapshot, event);
  };
  for (const add of adds) {
    const product = catalogue[add.product % catalogue.length];
    if (!product) continue;
    const item = cartItemOf(product, add.quantity, {
      faremediaId: null,
      appliedFilters: [],
      filterName: null,
    });
    step({ type: "cart.add", item, buyNow: false });
    for (let answered = 0; answered < 4; answered++) {
      if (snapshot.matches({ flow: "confirmingAlert" })) step({ type: "cart.confirm" });
      else if (snapshot.matches({ flow: "choosingRenewal" }))
        step({ type: "cart.subscribe", autoRenew: false });
      else if (snapshot.matches({ flow: "confirmingConflict" }))
        step({ type: add.clear ? "cart.confirm" : "cart.cancel" });
      else if (snapshot.matches({ flow: "limitReached" })) step({ type: "cart.dismiss" });
    }
    expect(snapshot.matches({ flow: "idle" })).toBe(true);
  }
  return snapshot.context.items;
}

const adds = fc.array(
  fc.record({
    product: fc.nat({ max: 1000 }),
    quantity: fc.integer({ min: 1, max: 20 }),
    clear: fc.boolean(),
  }),
  { minLength: 1, maxLength: 8 },
);

describe("the cart and the server agree", () => {
  it("on every line and the total of any cart the cart machine builds", async () => {
    await fc.assert(
      fc.asyncProperty(adds, async (walk) => {
        const items = cartAfter(walk);
        if (items.length === 0) return;
        const reply = await t.app.inject({
          method: "POST",
          url: "/transit/anonymous/checkout/quote",
          payload: {
            lines: items.map((item) => ({
              product: item.uuid,
              quantity: item.quantity,
              list_price: item.list_price,
            })),
          },
        });
        expect(reply.statusCode, reply.body).toBe(200);
        const quote = reply.json().data as QuoteReply;
        expect(quote.prices_changed).toBe(false);
        expect(quote.lines.map((line) => [line.product, line.line_total])).toEqual(
          items.map((item) => [item.uuid, lineTotal(item)]),
        );
        expect(quote.subtotal).toBe(subtotal(items));
        expect(quote.total).toBe(subtotal(items));
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 60) },
    );
  });
});
