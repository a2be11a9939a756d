import { beforeEach, describe, expect, it } from "vitest";
import type { QuoteReply } from "../domain/checkout/quote.ts";
import {
  createCheckoutChoicesStore,
  createCheckoutService,
  createSharedOrderKeys,
  retryDelayMs,
  sharedOrderKeyKey,
  sharedOrderKeyMs,
} from "./checkout.service.ts";
import { ApiRequestError, createHttpClient } from "./http.ts";
import { createPortalStorage, type PortalStorage } from "./storage.ts";

const reply: QuoteReply = {
  currency: "USD",
  lines: [],
  subtotal: 1000,
  shipping: 0,
  discount: 0,
  total: 1000,
  prices_changed: false,
  promo: null,
  shipping_required: false,
  shipping_method: null,
  shipping_methods: [],
  purses: { stored_value: null, wallet: 0 },
  destinations: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

let storage: PortalStorage;
beforeEach(() => {
  localStorage.clear();
  storage = createPortalStorage(localStorage);
  storage.useLanguageKey("Bytemark-CW-lang");
});

/** The real client over a fake fetch that records every request. */
function service(handler: (request: Request) => Response) {
  const requests: Request[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(new URL(String(input), "http://portal.test"), init);
    requests.push(request);
    return handler(request);
  };
  const signals = { sessionExpired: () => {}, networkLost: () => {}, accountDeactivated: () => {} };
  const http = createHttpClient({ storage, signals, clientId: () => null, fetch });
  return { checkout: createCheckoutService(http, () => "/transit"), requests };
}

describe("checkout service", () => {
  it("quotes a rider's cart and keeps the problems the server priced around", async () => {
    const problem = {
      code: 42206,
      message: "The promotional code you entered is not valid.",
      field: "promo_code",
    };
    const { checkout, requests } = service(() => json(200, { data: reply, errors: [problem] }));
    const body = { lines: [{ product: "p1", quantity: 2, list_price: 500 }], promo_code: "NOPE" };
    await expect(checkout.quote(body)).resolves.toEqual({ reply, problems: [problem] });
    expect(requests[0]?.method).toBe("POST");
    expect(new URL(requests[0]?.url ?? "").pathname).toBe("/transit/checkout/quote");
    expect(await requests[0]?.json()).toEqual(body);
  });

  it("quotes a guest's cart on the anonymous path, with no problems when every choice held", async () => {
    const { checkout, requests } = service(() => json(200, { data: reply, errors: [] }));
    await expect(checkout.guestQuote({ lines: [], email: "g@example.com" })).resolves.toEqual({
      reply,
      problems: [],
    });
    expect(new URL(requests[0]?.url ?? "").pathname).toBe("/transit/anonymous/checkout/quote");
  });

  it("asks for the shipping methods of a country", async () => {
    const method = { code: "standard", name: "Standard mail", price: 0, currency: "USD" };
    const { checkout, requests } = service(() =>
      json(200, { data: { shipping_methods: [method] }, errors: [] }),
    );
    await expect(checkout.shippingMethods("US")).resolves.toEqual([method]);
    const url = new URL(requests[0]?.url ?? "");
    expect([url.pathname, url.searchParams.get("country")]).toEqual(["/transit/shipping_methods", "US"]);
  });

  it("places an order with the Idempotency-Key header, and a guest's on the anonymous path", async () => {
    const { checkout, requests } = service(() =>
      json(201, { data: { id: "o1", guest_link: null }, errors: [] }),
    );
    const payments = [{ kind: "card" as const, token: "tok", amount: 1000 }];
    await checkout.placeOrder({ lines: [], expected_total: 1000, payments }, "key-1");
    await checkout.placeGuestOrder(
      { lines: [], expected_total: 1000, payments, email: "g@example.com" },
      "key-2",
    );
    expect(
      requests.map((request) => [new URL(request.url).pathname, request.headers.get("idempotency-key")]),
    ).toEqual([
      ["/transit/orders", "key-1"],
      ["/transit/anonymous/orders", "key-2"],
    ]);
  });

  it("fails with the declined leg's field and reason", async () => {
    const declined = {
      code: 42203,
      message: "Your card has insufficient funds.",
      field: "payments/1",
      reason: "insufficient_funds",
    };
    const { checkout } = service(() => json(422, { data: null, errors: [declined] }));
    const failure = await checkout
      .placeOrder({ lines: [], expected_total: 1, payments: [] }, "key")
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect((failure as ApiRequestError).errors).toEqual([declined]);
  });
});

describe("checkout choices store", () => {
  const choices = {
    cart: "p1:2",
    promo: "WELCOME10",
    addressId: null,
    country: null,
    shippingMethod: null,
    split: true,
    legs: [{ kind: "saved" as const, id: "m1" }, { kind: "wallet" as const }],
    firstAmount: "4.00",
    idempotencyKey: "key-1",
  };

  it("keeps the choices under one sessionStorage key and gives them back once written", () => {
    sessionStorage.clear();
    const store = createCheckoutChoicesStore(sessionStorage);
    expect(store.restore()).toBeNull();
    store.remember(choices);
    expect(Object.keys(sessionStorage)).toEqual(["checkoutChoices"]);
    expect(store.restore()).toEqual(choices);
    store.forget();
    expect(store.restore()).toBeNull();
  });

  it("ignores what it did not write: broken JSON, or a one-time card among the legs", () => {
    sessionStorage.setItem("checkoutChoices", "{");
    const store = createCheckoutChoicesStore(sessionStorage);
    expect(store.restore()).toBeNull();
    sessionStorage.setItem(
      "checkoutChoices",
      JSON.stringify({
        ...choices,
        legs: [{ kind: "card", token: "tok", brand: "visa", last4: "4242" }, null],
      }),
    );
    expect(store.restore()).toBeNull();
  });
});

describe("the order keys a browser's tabs share (issue 34)", () => {
  const tabs = (clock: { now: number }) => {
    let made = 0;
    const make = () =>
      createSharedOrderKeys(
        localStorage,
        () => clock.now,
        () => `key-${++made}`,
      );
    return [make(), make()] as const;
  };
  const body = JSON.stringify({ items: [{ product: "day", quantity: 1 }], payment: [{ kind: "saved" }] });

  it("gives a tab reviewing the same order the other tab's key, and another order its own", () => {
    const clock = { now: 1_000_000 };
    const [first, second] = tabs(clock);
    const key = first.keyFor(body);
    expect(second.keyFor(body)).toBe(key);
    expect(second.keyFor(body.replace("day", "week"))).not.toBe(key);
    // Only a fingerprint of the body is kept.
    expect(localStorage.getItem(sharedOrderKeyKey)).not.toContain("day");
  });

  it("takes a key back once the server answered for it, and after 15 minutes", () => {
    const clock = { now: 1_000_000 };
    const [first, second] = tabs(clock);
    const key = first.keyFor(body);
    first.answered(key);
    expect(second.keyFor(body)).not.toBe(key);
    const later = second.keyFor(body);
    clock.now += sharedOrderKeyMs;
    expect(first.keyFor(body)).not.toBe(later);
    // Another key's answer leaves the offered one alone.
    const offered = first.keyFor(body);
    second.answered("someone-else");
    expect(second.keyFor(body)).toBe(offered);
  });

  it("makes a new key over what it did not write", () => {
    const clock = { now: 1_000_000 };
    const [first] = tabs(clock);
    for (const junk of ["{", "null", "[]", '{"print":1,"key":2}']) {
      localStorage.setItem(sharedOrderKeyKey, junk);
      expect(first.keyFor(body)).toMatch(/^key-/);
    }
  });
});

describe("retryDelayMs", () => {
  it("waits what Retry-After asks, within half a second and ten seconds, else 1.5 s", () => {
    expect(retryDelayMs(null)).toBe(1500);
    expect(retryDelayMs(2)).toBe(2000);
    expect(retryDelayMs(0)).toBe(500);
    expect(retryDelayMs(120)).toBe(10_000);
    expect(retryDelayMs(1.25)).toBe(1250);
  });
});
