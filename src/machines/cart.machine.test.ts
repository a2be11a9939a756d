import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AnyEventObject, initialTransition, transition } from "xstate";
import { portalConfig } from "../../tests/support/fixtures.ts";
import { quietCart } from "../../tests/support/forms.ts";
import { type CartItem, itemCount, maxPerProduct, subtotal } from "../domain/cart.ts";
import type { Product } from "../domain/catalog.ts";
import type { CartContext } from "./cart.machine.ts";

const parent = portalConfig.organization.parentUuid;
const child = "0b7e6a52-8f43-4c2e-9d1a-2f6b8c9e1a02";
const cards = ["f1000000-0000-4000-8000-000000000001", "f1000000-0000-4000-8000-000000000002"];

/** A small catalogue that can conflict every way: kinds, organisations, fare cards, alerts, renewal. */
const shapes = fc.record({
  n: fc.integer({ min: 1, max: 6 }),
  physical: fc.boolean(),
  org: fc.constantFrom(parent, child),
  card: fc.constantFrom<string | null>(null, ...cards),
  alert: fc.boolean(),
  renews: fc.boolean(),
  price: fc.integer({ min: 0, max: 20_000 }),
});
const candidate = fc.record({ shape: shapes, quantity: fc.integer({ min: -2, max: 25 }) }).map(
  ({ shape, quantity }): CartItem => ({
    uuid: `a0000000-0000-4000-8000-00000000000${shape.n}`,
    name: `Product ${shape.n}`,
    alert_message: shape.alert ? "Mind the gap." : null,
    short_desc: "",
    long_description: "",
    list_price: shape.price,
    quantity,
    productImage: null,
    type: shape.physical ? "PHYSICAL_PASS" : "DIGITAL_PASS",
    shipping_enabled: shape.physical,
    productFilterName: null,
    orgUuidProduct: shape.org,
    subscription_allowed: shape.renews,
    theme: null,
    appliedFilters: [],
    isSubscribed: false,
    faremediaId: shape.physical ? null : shape.card,
  }),
);

const refreshed = fc.array(
  fc.record({ n: fc.integer({ min: 1, max: 6 }), price: fc.integer({ min: 0, max: 20_000 }) }),
  { maxLength: 6 },
);
const productOf = ({ n, price }: { n: number; price: number }): Product => ({
  uuid: `a0000000-0000-4000-8000-00000000000${n}`,
  name: `Producto ${n}`,
  alert_message: null,
  short_description: "",
  long_description: "",
  list_price: price,
  product_image_path: null,
  sub_type: "DIGITAL_PASS",
  service_type: "bus",
  shipping_enabled: false,
  organization: { uuid: parent, legacy_uuid: "MTA-0001" },
  theme: { background_color: "#000000" },
  subscription: { subscription_allowed: false },
  list_priority: n,
  rider_types: [],
  itinerary: null,
});

/** Any sequence of what riders, the session and the language can do to a cart. */
const event: fc.Arbitrary<AnyEventObject> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ item: candidate, buyNow: fc.boolean() }).map((e) => ({ type: "cart.add", ...e })),
  },
  { weight: 3, arbitrary: fc.constant({ type: "cart.confirm" }) },
  { weight: 1, arbitrary: fc.constant({ type: "cart.cancel" }) },
  { weight: 1, arbitrary: fc.boolean().map((autoRenew) => ({ type: "cart.subscribe", autoRenew })) },
  { weight: 2, arbitrary: fc.constant({ type: "cart.dismiss" }) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1, max: 6 })
      .map((n) => ({ type: "cart.remove", uuid: `a0000000-0000-4000-8000-00000000000${n}` })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ n: fc.integer({ min: 1, max: 6 }), quantity: fc.integer({ min: -2, max: 25 }) })
      .map(({ n, quantity }) => ({
        type: "cart.setQuantity",
        uuid: `a0000000-0000-4000-8000-00000000000${n}`,
        quantity,
      })),
  },
  { weight: 1, arbitrary: fc.constant({ type: "cart.clear" }) },
  { weight: 1, arbitrary: fc.constant({ type: "cart.refresh" }) },
  {
    weight: 1,
    arbitrary: refreshed.map((list) => ({
      type: "xstate.done.actor.refreshProducts",
      output: list.map(productOf),
    })),
  },
  { weight: 1, arbitrary: fc.constantFrom({ type: "cart.open" }, { type: "cart.close" }) },
  { weight: 1, arbitrary: fc.constant({ type: "cart.checkout" }) },
  { weight: 1, arbitrary: fc.constant({ type: "cart.continueAsGuest" }) },
  {
    weight: 1,
    arbitrary: fc
      .record({ signedIn: fc.boolean(), blocked: fc.boolean() })
      .map((session) => ({ type: "cart.session", ...session })),
  },
);

const input = { items: [] as CartItem[], maxQuantity: portalConfig.max_cart_quantity, guest: false };

/** Runs the machine's pure transitions; `stored` follows every `persist` the machine asks for. */
function run(
  events: AnyEventObject[],
  check: (step: {
    before: CartContext;
    after: CartContext;
    flow: string;
    stored: CartItem[];
    event: AnyEventObject;
  }) => void,
) {
  let [snapshot] = initialTransition(quietCart, input);
  let stored: CartItem[] = input.items;
  for (const next of events) {
    const before = snapshot.context;
    const [after, actions] = transition(quietCart, snapshot, next as never);
    if (actions.some((action) => action.type === "persist")) stored = after.context.items;
    snapshot = after;
    check({
      before,
      after: after.context,
      flow: (after.value as { flow: string }).flow,
      stored,
      event: next,
    });
  }
}

const runs = Number(process.env.FC_RUNS ?? 2_000);

describe("cart machine properties (fast-check)", () => {
  it(`keeps every cart rule for any sequence of cart events (${runs} runs)`, () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        run(events, ({ after, stored }) => {
          const items = after.items;
          expect(itemCount(items)).toBeLessThanOrEqual(after.maxQuantity);
          for (const item of items) {
            expect(item.quantity).toBeGreaterThanOrEqual(1);
            expect(item.quantity).toBeLessThanOrEqual(maxPerProduct);
          }
          const [first] = items;
          for (const item of items) {
            expect(item.type === "PHYSICAL_PASS").toBe(first?.type === "PHYSICAL_PASS");
            expect(item.orgUuidProduct).toBe(first?.orgUuidProduct);
            expect(item.faremediaId).toBe(first?.faremediaId);
          }
          expect(subtotal(items)).toBe(items.reduce((sum, item) => sum + item.list_price * item.quantity, 0));
          expect(stored).toEqual(items);
        });
      }),
      { numRuns: runs },
    );
  });

  it(`changes nothing when it refuses an add or a quantity (${runs} runs)`, () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        run(events, ({ before, after, flow, event: next }) => {
          if (flow === "limitReached" && after.refusal !== null && before.refusal === null) {
            // Refused right away (from idle) or after the last answer: only "Yes, clear cart" empties first.
            const cleared =
              next.type === "cart.confirm" && before.items.length > 0 && after.items.length === 0;
            if (!cleared) expect(after.items).toEqual(before.items);
          }
        });
      }),
      { numRuns: runs },
    );
  });
});
