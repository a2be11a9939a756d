import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { assign, createActor, fromPromise, type InspectionEvent, waitFor } from "xstate";
import {
  dayPasses,
  guestAddress,
  guestQuote,
  plasticCard,
  priority,
  promoQuote,
  riderQuote,
  shippedQuote,
} from "../../tests/model/specs/checkout.ts";
import { bank, now, visa } from "../../tests/model/specs/paymentMethods.ts";
import { dayPass, filters } from "../../tests/model/specs/products.ts";
import { portalConfig, storedUser } from "../../tests/support/fixtures.ts";
import { quietCart } from "../../tests/support/forms.ts";
import { languageNeverChanges } from "../../tests/support/language.ts";
import type { AnalyticsEvent } from "../domain/analytics.ts";
import { cartItemOf } from "../domain/cart.ts";
import type { Product } from "../domain/catalog.ts";
import type { PlacedOrder } from "../domain/checkout/order.ts";
import type { FormDefinition, FormValues } from "../domain/forms.ts";
import type { PortalConfig } from "../domain/portal-config.ts";
import { cardFormProblems, cleanCard } from "../machines/cardChecks.ts";
import { cardEntryMachine } from "../machines/cardEntry.machine.ts";
import type { RefreshInput } from "../machines/cart.machine.ts";
import {
  type AddressBook,
  type AddressBookRequest,
  type CheckoutContext,
  checkoutMachine,
  type Prepared,
  type PrepareInput,
} from "../machines/checkout.machine.ts";
import { formMachine } from "../machines/form.machine.ts";
import { productsMachine } from "../machines/products.machine.ts";
import { sessionMachine } from "../machines/session.machine.ts";
import { createAnalytics } from "./analytics.ts";
import {
  type AnalyticsMemory,
  analyticsEventsOf,
  type Observation,
  observationOf,
} from "./analytics-events.ts";

/** An observer like the portal's, recording what it would push. */
function recorder(currency = "USD") {
  let memory: AnalyticsMemory = {};
  const pushed: AnalyticsEvent[] = [];
  return {
    pushed,
    inspect(inspection: InspectionEvent) {
      const observation = observationOf(inspection);
      if (!observation) return;
      const result = analyticsEventsOf(memory, observation, { currency });
      memory = result.memory;
      pushed.push(...result.events);
    },
    /** Folds hand-made observations (machines driven through events the tests cannot cause). */
    observe(observation: Observation) {
      const result = analyticsEventsOf(memory, observation, { currency });
      memory = result.memory;
      pushed.push(...result.events);
    },
  };
}

const failure = { code: 50301, message: "Network Error" };
const service = filters[0]?.uuid ?? "";
const rail = filters[0]?.values[1]?.uuid ?? "";

const products = (
  fetchFilters: () => Promise<typeof filters>,
  fetchProducts: () => Promise<{ results: (typeof dayPass)[]; total: number }>,
) =>
  productsMachine.provide({
    actors: {
      fetchFilters: fromPromise(fetchFilters),
      fetchProducts: fromPromise(fetchProducts),
      languageChanges: languageNeverChanges,
    },
  });

const order: PlacedOrder = {
  id: "0d000000-0000-4000-8000-000000000001",
  number: "TP-00000001",
  created_at: "2026-11-23T12:00:00.000Z",
  status: "paid",
  kind: "digital",
  currency: "USD",
  total: 1000,
  item_count: 2,
  lines: [{ name: "Day Pass", quantity: 2 }],
  card_number: "•••• 0015",
  items: [
    {
      line: 1,
      product: dayPasses.uuid,
      name: dayPasses.name,
      sub_type: "DIGITAL_PASS",
      quantity: 2,
      unit_price: 500,
      line_total: 1000,
      discount: 0,
      auto_renew: false,
      fulfilment: "pass",
      offer_serve: null,
    },
  ],
  payments: [],
  entries: [],
  subtotal: 1000,
  shipping: 0,
  discount: 0,
  promo_code: null,
  shipping_method: null,
  shipping_address: null,
  email: "rider@example.com",
  fare_medium: { id: "f1", nickname: "Commute card", card_number: "•••• 0015" },
  guest_link: null,
};

const checkout = checkoutMachine.provide({
  actors: {
    prepareCheckout: fromPromise<Prepared, PrepareInput>(async () => ({
      quote: riderQuote,
      addresses: [],
      methods: [visa],
    })),
    quote: fromPromise(async () => riderQuote),
    placeOrder: fromPromise(async () => order),
    languageChanges: languageNeverChanges,
    cardEntry: cardEntryMachine.provide({
      actors: {
        loadCardRules: fromPromise(async () => ({ check: cardFormProblems, clean: cleanCard })),
        tokenizeCard: fromPromise(async () => ({ token: "tok_1", brand: "Visa", last4: "4242" })),
      },
    }),
    // The address book's saves are sent here as shipping.addressSaved: the book itself never comes.
    loadAddressBook: fromPromise<AddressBook | null, AddressBookRequest>(async () => null),
  },
  actions: {
    rememberChoices: () => {},
    forgetChoices: () => {},
    repriceCart: () => {},
    clearCart: () => {},
    goToOrder: () => {},
    announcePlaced: () => {},
    settleKey: () => {},
    assignKey: assign(({ context }: { context: CheckoutContext }) => ({
      idempotencyKey: "key-1",
      keys: context.keys + 1,
    })),
  },
});

const dayPassItems = [
  { item_id: dayPass.uuid, item_name: "Day Pass", item_category: "DIGITAL_PASS", price: 5, quantity: 2 },
];

describe("a whole purchase through the real machines", () => {
  it("pushes exactly the catalogue loads, the filter change, the add, the popup, the checkout steps and the purchase, in order", async () => {
    const record = recorder();
    const page = createActor(
      products(
        async () => filters,
        async () => ({ results: [dayPass], total: 1 }),
      ),
      { input: { presets: [], faremediaId: null }, inspect: record.inspect },
    ).start();
    await waitFor(page, (snapshot) => snapshot.matches("empty"));
    page.send({ type: "products.filter", filter: service, value: rail });
    await waitFor(page, (snapshot) => snapshot.matches("listing"));

    const cart = createActor(quietCart, {
      input: { items: [], maxQuantity: 20, guest: false, signedIn: true },
      inspect: record.inspect,
    }).start();
    const item = cartItemOf(dayPass, 2, { faremediaId: null, appliedFilters: [], filterName: null });
    cart.send({ type: "cart.add", item, buyNow: false });
    cart.send({ type: "cart.checkout" });

    const buying = createActor(checkout, {
      input: {
        guest: false,
        items: cart.getSnapshot().context.items,
        splitAllowed: false,
        promoAllowed: true,
        now: Date.parse("2026-11-23T12:00:00Z"),
        restored: null,
      },
      inspect: record.inspect,
    }).start();
    await waitFor(buying, (snapshot) => snapshot.matches({ details: "idle" }));
    buying.send({ type: "checkout.review" });
    expect(buying.getSnapshot().value).toEqual({ review: "shown" });
    buying.send({ type: "checkout.place" });
    await waitFor(buying, (snapshot) => snapshot.matches("placed"));

    expect(record.pushed).toEqual([
      { event: "load_initial_data_success", filter_count: 2 },
      { event: "load_filter_data_success", filter_count: 2 },
      { event: "load_product_data_success", product_count: 1 },
      {
        event: "filter_modified_success",
        filter_id: service,
        filter_name: "Service",
        filter_action: "set",
        product_count: 1,
      },
      { event: "add_to_cart", ecommerce: { currency: "USD", value: 10, items: dayPassItems } },
      { event: "load_cart_popup_success", item_count: 2 },
      { event: "begin_checkout", ecommerce: { currency: "USD", value: 10, items: dayPassItems } },
      {
        event: "add_payment_info",
        ecommerce: { currency: "USD", value: 10, items: dayPassItems, payment_type: "saved" },
      },
      {
        event: "purchase",
        ecommerce: {
          transaction_id: "TP-00000001",
          currency: "USD",
          value: 10,
          shipping: 0,
          discount: 0,
          items: dayPassItems,
        },
      },
    ]);
  });
});

describe("the checkout's steps", () => {
  it("a guest's shipped card: begin, shipping with its method, payment by a one-time card", async () => {
    const record = recorder();
    let quotes = 0;
    const guest = checkout.provide({
      actors: {
        prepareCheckout: fromPromise<Prepared, PrepareInput>(async () => ({
          quote: guestQuote,
          addresses: [],
          methods: [],
        })),
        quote: fromPromise(async () => (++quotes === 1 ? guestQuote : shippedQuote)),
      },
    });
    const actor = createActor(guest, {
      input: {
        guest: true,
        items: [plasticCard],
        splitAllowed: false,
        promoAllowed: true,
        now,
        restored: null,
      },
      inspect: record.inspect,
    }).start();
    const idle = () => waitFor(actor, (snapshot) => snapshot.matches({ details: "idle" }));
    await idle();
    actor.send({
      type: "shipping.addressSaved",
      address: {
        ...guestAddress,
        address_2: null,
        email: null,
        id: "guest-address",
        isDefault: false,
        created_at: new Date().toISOString(),
      },
    });
    await idle();
    actor.send({ type: "shipping.chooseMethod", code: priority.code });
    await idle();
    actor.send({ type: "receipt.email", value: "gia@example.com" });
    actor.send({ type: "receipt.confirm", value: "gia@example.com" });
    actor.send({ type: "payment.newCard", leg: 0 });
    const entry = actor.getSnapshot().children.cardEntry;
    if (!entry) throw new Error("the card form did not open");
    await waitFor(entry, (snapshot) => snapshot.matches("ready"));
    entry.send({
      type: "card.change",
      values: {
        firstName: "Gia",
        lastName: "Guest",
        number: "4242 4242 4242 4242",
        expiry: "12/30",
        cvv: "123",
        address: "1 Market St",
        zip: "94105",
      },
    });
    entry.send({ type: "card.use" });
    await idle();
    actor.send({ type: "checkout.review" });
    expect(actor.getSnapshot().value).toEqual({ review: "shown" });
    const card = {
      item_id: plasticCard.uuid,
      item_name: "Metro Fare Card",
      item_category: "PHYSICAL_PASS",
      price: 5,
      quantity: 1,
    };
    expect(record.pushed).toEqual([
      { event: "begin_checkout", ecommerce: { currency: "USD", value: 5, items: [card] } },
      {
        event: "add_shipping_info",
        ecommerce: { currency: "USD", value: 12.5, items: [card], shipping_tier: "priority" },
      },
      {
        event: "add_payment_info",
        ecommerce: { currency: "USD", value: 12.5, items: [card], payment_type: "card" },
      },
    ]);
    expect(JSON.stringify(record.pushed)).not.toContain("gia@example.com");
  });

  it("a rider's split with an applied promo: the coupon and both legs' kinds", async () => {
    const record = recorder();
    const rider = checkout.provide({
      actors: {
        prepareCheckout: fromPromise<Prepared, PrepareInput>(async () => ({
          quote: riderQuote,
          addresses: [],
          methods: [visa, bank],
        })),
        quote: fromPromise(async () => promoQuote),
      },
    });
    const actor = createActor(rider, {
      input: {
        guest: false,
        items: [dayPasses],
        splitAllowed: true,
        promoAllowed: true,
        now,
        restored: null,
      },
      inspect: record.inspect,
    }).start();
    const idle = () => waitFor(actor, (snapshot) => snapshot.matches({ details: "idle" }));
    await idle();
    actor.send({ type: "promo.change", value: "welcome10" });
    actor.send({ type: "promo.apply" });
    await idle();
    actor.send({ type: "payment.split", on: true });
    actor.send({ type: "payment.choose", leg: 1, choice: { kind: "saved", id: bank.id } });
    actor.send({ type: "payment.amount", value: "4.00" });
    actor.send({ type: "checkout.review" });
    expect(actor.getSnapshot().value).toEqual({ review: "shown" });
    // Back to edit and review again: a second add_payment_info, never a second begin_checkout.
    actor.send({ type: "checkout.edit" });
    actor.send({ type: "checkout.review" });
    const events = record.pushed.map((entry) => entry.event);
    expect(events).toEqual(["begin_checkout", "add_payment_info", "add_payment_info"]);
    expect(record.pushed[1]).toEqual({
      event: "add_payment_info",
      ecommerce: {
        currency: "USD",
        value: 9,
        coupon: "WELCOME10",
        payment_type: "saved+saved",
        items: [
          {
            item_id: dayPasses.uuid,
            item_name: "Day Pass",
            item_category: "DIGITAL_PASS",
            price: 5,
            quantity: 2,
          },
        ],
      },
    });
  });
});

describe("the products page's loads", () => {
  it("reports a failed first load, and its retry as the first load again", async () => {
    const record = recorder();
    let fail = true;
    const page = createActor(
      products(
        async () => {
          if (fail) throw failure;
          return filters;
        },
        async () => ({ results: [dayPass], total: 1 }),
      ),
      { input: { presets: [], faremediaId: null }, inspect: record.inspect },
    ).start();
    await waitFor(page, (snapshot) => snapshot.matches("failed"));
    fail = false;
    page.send({ type: "products.retry" });
    await waitFor(page, (snapshot) => snapshot.matches("empty"));
    expect(record.pushed).toEqual([
      { event: "load_initial_data_error", error_code: 50301 },
      { event: "load_initial_data_success", filter_count: 2 },
    ]);
  });

  it("reports a filter change whose products fail, then its retry, and Clear filters", async () => {
    const record = recorder();
    let fail = true;
    const page = createActor(
      products(
        async () => filters,
        async () => {
          if (fail) throw failure;
          return { results: [dayPass], total: 1 };
        },
      ),
      { input: { presets: [], faremediaId: null }, inspect: record.inspect },
    ).start();
    await waitFor(page, (snapshot) => snapshot.matches("empty"));
    page.send({ type: "products.filter", filter: service, value: rail });
    await waitFor(page, (snapshot) => snapshot.matches("productsFailed"));
    fail = false;
    page.send({ type: "products.retry" });
    await waitFor(page, (snapshot) => snapshot.matches("listing"));
    page.send({ type: "products.filter", filter: "not-a-filter", value: null });
    await waitFor(page, (snapshot) => snapshot.matches("listing") && snapshot.context.applied.length === 1);
    page.send({ type: "products.clear" });
    await waitFor(page, (snapshot) => snapshot.matches("empty"));
    const change = { filter_id: service, filter_name: "Service", filter_action: "set" };
    expect(record.pushed).toEqual([
      { event: "load_initial_data_success", filter_count: 2 },
      { event: "load_filter_data_success", filter_count: 2 },
      { event: "load_product_data_error", error_code: 50301 },
      { event: "filter_modified_error", ...change, error_code: 50301 },
      { event: "load_product_data_success", product_count: 1 },
      { event: "filter_modified_success", ...change, product_count: 1 },
      { event: "load_filter_data_success", filter_count: 2 },
      { event: "load_product_data_success", product_count: 1 },
      {
        event: "filter_modified_success",
        filter_id: "unknown",
        filter_name: "unknown",
        filter_action: "cleared",
        product_count: 1,
      },
      { event: "load_filter_data_success", filter_count: 2 },
      // Cleared: nothing is listed until an option is chosen again.
      { event: "clear_filters_success", product_count: 0 },
    ]);
  });
});

describe("the cart", () => {
  it("adds only what went in, after a conflict emptied the cart, and reports the popup's loads", async () => {
    const record = recorder();
    const physical = cartItemOf(
      { ...dayPass, uuid: "p1", name: "Metro Fare Card", sub_type: "PHYSICAL_PASS" },
      1,
      {
        faremediaId: null,
        appliedFilters: [],
        filterName: null,
      },
    );
    const digital = cartItemOf(dayPass, 3, { faremediaId: null, appliedFilters: [], filterName: null });
    let refreshFails = true;
    const cart = createActor(
      quietCart.provide({
        actors: {
          refreshProducts: fromPromise<Product[], RefreshInput>(async () => {
            if (refreshFails) throw failure;
            return [];
          }),
        },
      }),
      { input: { items: [physical], maxQuantity: 20, guest: false }, inspect: record.inspect },
    ).start();
    cart.send({ type: "cart.add", item: digital, buyNow: false });
    expect(cart.getSnapshot().value).toMatchObject({ flow: "confirmingConflict" });
    cart.send({ type: "cart.confirm" });
    cart.send({ type: "cart.close" });
    // Over the limit: refused, nothing added.
    cart.send({ type: "cart.add", item: { ...digital, quantity: 18 }, buyNow: false });
    cart.send({ type: "cart.dismiss" });
    cart.send({ type: "cart.refresh" });
    await waitFor(cart, (snapshot) => snapshot.matches({ sync: "idle" }));
    refreshFails = false;
    cart.send({ type: "cart.refresh" });
    await waitFor(cart, (snapshot) => snapshot.matches({ sync: "idle" }));
    expect(record.pushed).toEqual([
      {
        event: "add_to_cart",
        ecommerce: {
          currency: "USD",
          value: 15,
          items: [
            {
              item_id: dayPass.uuid,
              item_name: "Day Pass",
              item_category: "DIGITAL_PASS",
              price: 5,
              quantity: 3,
            },
          ],
        },
      },
      { event: "load_cart_popup_success", item_count: 3 },
      { event: "load_cart_popup_error", error_code: 50301 },
      // The refresh found none of the products: the cart is empty now.
      { event: "load_cart_popup_success", item_count: 0 },
    ]);
  });

  it("uses the currency's own minor units", async () => {
    const record = recorder("JPY");
    const cart = createActor(quietCart, {
      input: { items: [], maxQuantity: 20, guest: false, signedIn: true },
      inspect: record.inspect,
    }).start();
    cart.send({
      type: "cart.add",
      item: cartItemOf({ ...dayPass, list_price: 500 }, 1, {
        faremediaId: null,
        appliedFilters: [],
        filterName: null,
      }),
      buyNow: true,
    });
    expect(record.pushed[0]).toMatchObject({
      event: "add_to_cart",
      ecommerce: { currency: "JPY", value: 500 },
    });
  });
});

describe("signing in and up", () => {
  // Its forms never load here (their definitions are not this test's): only their language is given.
  const quietForm = formMachine.provide({ actors: { languageChanges: languageNeverChanges } });
  const session = sessionMachine.provide({
    actors: {
      loadProfile: fromPromise(async () => storedUser),
      signInForm: quietForm,
      codeForm: quietForm,
    },
    actions: {
      storeTempToken: () => {},
      storeSession: () => {},
      storeUser: () => {},
      clearSession: () => {},
      clearCart: () => {},
      goToLogin: () => {},
      goToSignedInRoute: () => {},
      notifyCodeSent: () => {},
      notifyDeleted: () => {},
    },
  });
  const input = {
    user: null,
    signedIn: false,
    twoFactorEnabled: false,
    twoFactorRequired: false,
    language: "en",
  };
  const result = { access_token: "a".repeat(43), mfa_enrollment_status: 0 };

  it("names the provider a hand-over names", async () => {
    for (const provider of ["google", "facebook", "apple"] as const) {
      const record = recorder();
      const actor = createActor(session, { input, inspect: record.inspect }).start();
      actor.send({ type: "session.handOver", result, provider });
      await waitFor(actor, (snapshot) => snapshot.hasTag("signedIn"));
      expect(record.pushed).toEqual([{ event: "sign_in", method: provider }]);
      actor.stop();
    }
  });

  it("says unknown for a hand-over that names no provider, and nothing for a stored session", async () => {
    const record = recorder();
    const actor = createActor(session, { input, inspect: record.inspect }).start();
    actor.send({ type: "session.handOver", result });
    await waitFor(actor, (snapshot) => snapshot.hasTag("signedIn"));
    const stored = createActor(session, {
      input: { ...input, user: storedUser, signedIn: true },
      inspect: record.inspect,
    }).start();
    stored.send({ type: "session.refresh" });
    await waitFor(stored, (snapshot) => snapshot.matches({ authenticated: "idle" }));
    expect(record.pushed).toEqual([{ event: "sign_in", method: "unknown" }]);
  });

  it("a password sign-in (the sign-in form done, then the profile) and a sign-up", () => {
    const record = recorder();
    const step = (value: Observation["value"], event: Observation["event"]) =>
      record.observe({ actor: "s", machine: "session", event, value, context: {}, status: "active" });
    step({ anonymous: "fresh" }, { type: "xstate.init" });
    step("loadingProfile", { type: "xstate.done.actor.signInForm", output: result });
    step({ authenticated: "idle" }, { type: "xstate.done.actor.loadProfile", output: storedUser });
    // A second sign-in that fails at the profile says nothing.
    step({ anonymous: "fresh" }, { type: "session.signOutConfirmed" });
    step("loadingProfile", { type: "xstate.done.actor.signInForm", output: result });
    step({ anonymous: "fresh" }, { type: "xstate.error.actor.loadProfile", error: failure });
    step({ authenticated: "idle" }, { type: "xstate.done.actor.loadProfile", output: storedUser });

    const form = (method: string, value: string, actor: string) =>
      record.observe({
        actor,
        machine: "form",
        event: { type: "xstate.done.actor.submitForm" },
        value,
        context: { method },
        status: value === "done" ? "done" : "active",
      });
    form("SIGN_UP", "editing", "f1");
    form("SIGN_UP", "done", "f1");
    form("FORGOT_PASSWORD", "editing", "f2");
    form("FORGOT_PASSWORD", "done", "f2");
    expect(record.pushed).toEqual([
      { event: "sign_in", method: "password" },
      { event: "sign_up", method: "password" },
    ]);
  });

  it("the real form machine's accepted sign-up", async () => {
    const record = recorder();
    const signUp = formMachine.provide({
      actors: {
        languageChanges: languageNeverChanges,
        fetchForm: fromPromise<FormDefinition, { method: string; language: string }>(async () => ({
          form_method: "SIGN_UP",
          lang_code: "en",
          fields: [],
        })),
        submitForm: fromPromise<unknown, { method: string; values: FormValues }>(async () => ({})),
      },
    });
    const actor = createActor(signUp, {
      input: { method: "SIGN_UP", language: "en" },
      inspect: record.inspect,
    });
    actor.start();
    await waitFor(actor, (snapshot) => !snapshot.hasTag("busy"));
    actor.send({ type: "form.submit" });
    await waitFor(actor, (snapshot) => snapshot.matches("done"));
    expect(record.pushed).toEqual([{ event: "sign_up", method: "password" }]);
  });
});

describe("no personal data", () => {
  /** Text a rider could type: emails, names, card and fare card numbers, free text. */
  const typed = fc.oneof(
    fc.emailAddress(),
    fc.string({ minLength: 4, maxLength: 30 }).filter((text) => text.trim().length >= 4),
    fc.stringMatching(/^4[0-9]{15}$/),
    fc.stringMatching(/^6000 [0-9]{4} [0-9]{4} [0-9]{4}$/),
  );

  it("never lets what the rider typed into the machines' events reach the data layer", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(typed, { minLength: 6, maxLength: 6 }),
        async ([email, name, card, other, promo, filter]) => {
          const record = recorder();
          // Typed into the products page (a filter value sent as typed), the checkout's fields.
          const page = createActor(
            products(
              async () => filters,
              async () => ({ results: [dayPass], total: 1 }),
            ),
            { input: { presets: [], faremediaId: null }, inspect: record.inspect },
          ).start();
          await waitFor(page, (snapshot) => snapshot.matches("empty"));
          page.send({ type: "products.filter", filter: filter ?? "", value: other ?? "" });
          page.send({ type: "products.filter", filter: service, value: filter ?? "" });
          await waitFor(page, (snapshot) => !snapshot.hasTag("busy"));

          const buying = createActor(checkout, {
            input: {
              guest: true,
              items: [dayPasses],
              splitAllowed: false,
              promoAllowed: true,
              now: Date.parse("2026-11-23T12:00:00Z"),
              restored: null,
            },
            inspect: record.inspect,
          }).start();
          await waitFor(buying, (snapshot) => snapshot.matches({ details: "idle" }));
          buying.send({ type: "receipt.email", value: email ?? "" });
          buying.send({ type: "receipt.confirm", value: email ?? "" });
          buying.send({ type: "promo.change", value: promo ?? "" });
          buying.send({ type: "promo.apply" });
          await waitFor(buying, (snapshot) => snapshot.matches({ details: "idle" }));
          buying.send({ type: "payment.newCard", leg: 0 });
          const entry = buying.getSnapshot().children.cardEntry;
          if (!entry) throw new Error("the card form did not open");
          await waitFor(entry, (snapshot) => snapshot.matches("ready"));
          entry.send({
            type: "card.change",
            values: {
              lastName: name ?? "",
              number: card ?? "",
              cvv: "123",
              address: other ?? "",
              zip: "94105",
            },
          });
          entry.send({ type: "card.use" });
          buying.send({ type: "card.cancel" });
          buying.send({
            type: "shipping.addressSaved",
            address: {
              id: "guest-address",
              isDefault: false,
              created_at: new Date().toISOString(),
              firstName: name ?? "",
              lastName: name ?? "",
              address_1: other ?? "",
              address_2: null,
              country: "US",
              state: "CA",
              city: other ?? "",
              zipCode: "94105",
              email: email ?? "",
            },
          });
          buying.send({ type: "checkout.review" });
          buying.stop();
          page.stop();

          // The walk got as far as the checkout's steps (so the fields had their chance to leak).
          expect(record.pushed.map((entry) => entry.event)).toContain("begin_checkout");
          expect(record.pushed.map((entry) => entry.event)).toContain("filter_modified_success");
          const layer = JSON.stringify(record.pushed);
          for (const text of [email, name, card, other, promo, filter]) {
            // Catalogue words the events do carry ("Day Pass", "Service", "USD", the event names) may
            // happen to be drawn; what matters is that nothing typed got through.
            if (text === undefined || knownWords.some((word) => word.includes(text))) continue;
            expect(layer).not.toContain(JSON.stringify(text).slice(1, -1));
          }
          expect(layer).not.toContain(storedUser.email);
        },
      ),
      { numRuns: 40 },
    );
  });
});

/** Everything the events legitimately carry, as text. */
const knownWords = [
  JSON.stringify([
    dayPass,
    filters.map((filter) => [filter.uuid, filter.display_name]),
    riderQuote,
    "load_initial_data_success load_filter_data_success load_product_data_success filter_modified_success",
    "filter_modified_error load_product_data_error begin_checkout add_payment_info event ecommerce currency",
    "value items item_id item_name item_category price quantity filter_id filter_name filter_action set",
    "cleared unknown product_count filter_count error_code payment_type saved card coupon true false null",
  ]),
];

describe("the page's data layer and the tag manager", () => {
  const configWith = (analytics: PortalConfig["analytics"]): PortalConfig => ({ ...portalConfig, analytics });

  /** The page as the tests' DOM has it: no data layer and no tag manager script yet. */
  function freshPage() {
    delete window.dataLayer;
    for (const script of document.head.querySelectorAll("script")) script.remove();
    return () => [...document.head.querySelectorAll("script")];
  }

  async function cartAdd(inspect: (inspection: InspectionEvent) => void) {
    const cart = createActor(quietCart, {
      input: { items: [], maxQuantity: 20, guest: false },
      inspect,
    }).start();
    cart.send({
      type: "cart.add",
      item: cartItemOf(dayPass, 1, { faremediaId: null, appliedFilters: [], filterName: null }),
      buyNow: false,
    });
  }

  it("loads gtm.js once, async, by a script element, and pushes the events, with an allowed id", async () => {
    const scriptsNow = freshPage();
    const analytics = createAnalytics(window, () =>
      configWith({ tagManagerAllowed: true, tagManagerId: "GTM-TEST123" }),
    );
    await cartAdd(analytics.inspect);
    await cartAdd(analytics.inspect);
    const scripts = scriptsNow();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe("https://www.googletagmanager.com/gtm.js?id=GTM-TEST123");
    expect(scripts[0]?.async).toBe(true);
    // The events' reading downloads with the tag manager; what happened meanwhile is pushed in order.
    await vi.waitFor(() =>
      expect((window.dataLayer ?? []).map((entry) => (entry as { event: string }).event)).toEqual([
        "gtm.js",
        "add_to_cart",
        "load_cart_popup_success",
        "add_to_cart",
        "load_cart_popup_success",
      ]),
    );
    await cartAdd(analytics.inspect);
    expect(window.dataLayer?.slice(5).map((entry) => (entry as { event: string }).event)).toEqual([
      "add_to_cart",
      "load_cart_popup_success",
    ]);
  });

  it("records nothing, and breaks nothing, when the events' reading cannot be downloaded", async () => {
    const scriptsNow = freshPage();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    let fail: (error: Error) => void = () => {};
    const analytics = createAnalytics(
      window,
      () => configWith({ tagManagerAllowed: true, tagManagerId: "GTM-TEST123" }),
      () => new Promise((_, reject) => (fail = reject)),
    );
    await cartAdd(analytics.inspect);
    fail(new Error("offline"));
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith("Analytics could not be loaded", expect.any(Error)),
    );
    await cartAdd(analytics.inspect);
    expect(scriptsNow()).toHaveLength(1);
    expect(window.dataLayer).toEqual([expect.objectContaining({ event: "gtm.js" })]);
    warn.mockRestore();
  });

  it("pushes and loads nothing without an id, when not allowed, or before the configuration is known", async () => {
    for (const config of [
      configWith({ tagManagerAllowed: true, tagManagerId: "" }),
      configWith({ tagManagerAllowed: false, tagManagerId: "GTM-TEST123" }),
      null,
    ]) {
      const scriptsNow = freshPage();
      const analytics = createAnalytics(window, () => config);
      await cartAdd(analytics.inspect);
      expect(scriptsNow()).toEqual([]);
      expect(window.dataLayer).toBeUndefined();
    }
  });
});
