import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  promoCodeInvalidMessage,
  type QuoteReply,
  shippingUnavailableMessage,
} from "../../../src/domain/checkout/quote.ts";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { money } from "../../../src/domain/money.ts";
import { products as productsTable } from "../../db/schema.ts";
import { demoPromoCodes } from "../../db/seed.ts";
import { demoCatalog } from "../../db/seed-catalog.ts";
import { manualClock } from "../../domain/clock.ts";
import { createPromoCodeRepository, type NewPromoCode } from "../../repositories/promo-codes.ts";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import { guestCardToken, issueCard } from "../../test/pass-fixtures.ts";
import { newCard } from "../../test/transit-fixtures.ts";

const clock = manualClock(new Date("2026-11-23T12:00:00Z"));
let t: TestApp;
/** The catalogue's own prices, which every quote must use. */
const price = new Map<string, number>();
beforeAll(async () => {
  t = await createTestApp({ clock });
  for (const entry of (await t.app.catalog.snapshot()).products)
    price.set(entry.row.uuid, entry.row.listPrice);
});
afterAll(() => t.close());

const { products } = demoCatalog;
const priceOf = (uuid: string) => {
  const found = price.get(uuid);
  if (found === undefined) throw new Error(`no price for ${uuid}`);
  return found;
};
const roundHalfUp = (amount: number, basisPoints: number) =>
  Math.floor((amount * basisPoints + 5000) / 10_000);

let riders = 0;
async function rider(options: { emailConfirmed?: boolean; email?: string } = {}) {
  const email = options.email ?? `checkout-rider-${++riders}@example.org`;
  const user = await t.app.accounts.create({
    email,
    passwordHash: "not-a-real-hash",
    firstName: "Ada",
    lastName: "Byron",
    mobile: null,
    locale: "en",
    emailConfirmed: options.emailConfirmed ?? true,
  });
  return { id: user.id, email, token: (await t.app.accounts.startSession(user.id, clock.now())).token };
}

const quote = (token: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/transit/checkout/quote",
    headers: { authorization: `Bearer ${token}`, ...headers },
    payload: payload as object,
  });
const guestQuote = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/transit/anonymous/checkout/quote",
    headers,
    payload: payload as object,
  });

interface Reply {
  data: QuoteReply;
  errors: Array<{ code: number; message: string; field?: string }>;
}
async function priced(reply: Awaited<ReturnType<typeof quote>>): Promise<Reply> {
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
}
const promoRefused = (body: Reply) => {
  expect(body.errors).toEqual([
    { code: ErrorCode.promoCodeInvalid, message: promoCodeInvalidMessage, field: "promo_code" },
  ]);
  expect(body.data.promo).toBeNull();
  expect(body.data.discount).toBe(0);
};

const codes = () => createPromoCodeRepository(t.database.db);
let made = 0;
/** A new code (TEST-<n>) valid from an hour ago unless told otherwise. */
async function code(fields: Partial<NewPromoCode> = {}): Promise<string> {
  const name = fields.code ?? `TEST-${++made}`;
  await codes().insert({
    kind: "percent",
    percentOff: 1000,
    validFrom: new Date(clock.now().getTime() - 3_600_000),
    ...fields,
    code: name,
  });
  return name;
}

describe("POST /transit/checkout/quote: prices", () => {
  it("prices every line from the catalogue; the client's prices are only compared", async () => {
    const { token } = await rider();
    const body = await priced(
      await quote(token, {
        lines: [
          { product: products.dayPass, quantity: 2, list_price: 1 },
          { product: products.weekPass, quantity: 1, list_price: priceOf(products.weekPass) },
        ],
      }),
    );
    const subtotal = priceOf(products.dayPass) * 2 + priceOf(products.weekPass);
    expect(body.errors).toEqual([]);
    expect(body.data).toMatchObject({
      currency: "USD",
      subtotal,
      shipping: 0,
      discount: 0,
      total: subtotal,
      prices_changed: true,
      promo: null,
      shipping_required: false,
      shipping_method: null,
      shipping_methods: [],
    });
    expect(
      body.data.lines.map((line) => [line.product, line.unit_price, line.line_total, line.price_changed]),
    ).toEqual([
      [products.dayPass, priceOf(products.dayPass), priceOf(products.dayPass) * 2, true],
      [products.weekPass, priceOf(products.weekPass), priceOf(products.weekPass), false],
    ]);
  });

  it("refuses a client total or any field it does not know", async () => {
    const { token } = await rider();
    const lines = [{ product: products.dayPass, quantity: 1 }];
    for (const payload of [
      { lines, total: 1 },
      { lines, subtotal: 0, discount: 100 },
      { lines: [{ ...lines[0], unit_price: 1 }] },
      { lines, email: "someone@example.org" },
    ]) {
      const reply = await quote(token, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json().errors[0].code).toBe(ErrorCode.validation);
    }
  });

  it("names lines in the Accept-Language language", async () => {
    const { token } = await rider();
    const english = await priced(await quote(token, { lines: [{ product: products.dayPass, quantity: 1 }] }));
    const spanish = await priced(
      await quote(
        token,
        { lines: [{ product: products.dayPass, quantity: 1 }] },
        { "accept-language": "es-ES" },
      ),
    );
    expect(spanish.data.lines[0]?.name).not.toBe(english.data.lines[0]?.name);
  });

  it("needs a signed-in rider with a confirmed email", async () => {
    const payload = { lines: [{ product: products.dayPass, quantity: 1 }] };
    expect((await t.app.inject({ method: "POST", url: "/transit/checkout/quote", payload })).statusCode).toBe(
      401,
    );
    const unconfirmed = await rider({ emailConfirmed: false });
    const reply = await quote(unconfirmed.token, payload);
    expect(reply.statusCode).toBe(403);
    expect(reply.json().errors[0].code).toBe(ErrorCode.emailNotVerified);
  });
});

describe("the cart's rules", () => {
  it("refuses an unknown product, an inactive one, and one outside the deployment", async () => {
    const { token } = await rider();
    const unknown = await quote(token, {
      lines: [
        { product: products.dayPass, quantity: 1 },
        { product: randomUUID(), quantity: 1 },
      ],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual([
      {
        code: ErrorCode.productUnavailable,
        message: "This product is not available.",
        field: "lines/1",
      },
    ]);
    const db = t.database.db;
    await db.update(productsTable).set({ active: false }).where(eq(productsTable.uuid, products.monthPass));
    try {
      const inactive = await quote(token, { lines: [{ product: products.monthPass, quantity: 1 }] });
      expect(inactive.statusCode).toBe(422);
      expect(inactive.json().errors[0].code).toBe(ErrorCode.productUnavailable);
    } finally {
      await db.update(productsTable).set({ active: true }).where(eq(productsTable.uuid, products.monthPass));
    }
  });

  it("refuses physical with digital and two organisations in one order", async () => {
    const { token } = await rider();
    for (const other of [products.metroFareCard, products.ferryTenRide]) {
      const reply = await quote(token, {
        lines: [
          { product: products.dayPass, quantity: 1 },
          { product: other, quantity: 1 },
        ],
      });
      expect(reply.statusCode).toBe(422);
      expect(reply.json().errors[0]).toMatchObject({
        code: ErrorCode.cartConflict,
        field: "lines/1",
      });
    }
  });

  it("keeps 1..20 of a product, no product twice, and at most max_cart_quantity tickets", async () => {
    const { token } = await rider();
    for (const quantity of [0, -1, 21, 1e12, 1.5, "2", null]) {
      const reply = await quote(token, { lines: [{ product: products.dayPass, quantity }] });
      expect(reply.statusCode, String(quantity)).toBe(400);
    }
    const twice = await quote(token, {
      lines: [
        { product: products.dayPass, quantity: 1 },
        { product: products.dayPass.toUpperCase(), quantity: 1 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors[0]).toMatchObject({ field: "lines/1" });
    const full = await priced(
      await quote(token, {
        lines: [
          { product: products.dayPass, quantity: 10 },
          { product: products.weekPass, quantity: 10 },
        ],
      }),
    );
    expect(full.data.lines).toHaveLength(2);
    const over = await quote(token, {
      lines: [
        { product: products.dayPass, quantity: 10 },
        { product: products.weekPass, quantity: 10 },
        { product: products.monthPass, quantity: 1 },
      ],
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual([
      {
        code: ErrorCode.orderLimit,
        message: "Sorry! We're unable to process more than 20 tickets in a single order.",
        field: "lines",
      },
    ]);
  });

  it("refuses hostile bodies with a 400 envelope", async () => {
    const { token } = await rider();
    const hostile: unknown[] = [
      {},
      { lines: [] },
      { lines: "all" },
      { lines: [{ product: "not-a-uuid", quantity: 1 }] },
      { lines: [{ product: products.dayPass, quantity: 1 }], promo_code: "WELCOME\u000010" },
      { lines: [{ product: `${products.dayPass}\u0000`, quantity: 1 }] },
      { lines: [{ product: products.dayPass, quantity: 1 }], promo_code: "X".repeat(101) },
      { lines: [{ product: products.dayPass, quantity: 1 }], country: "USA" },
      { lines: [{ product: products.dayPass, quantity: 1 }], __proto__: { admin: true }, x: 1 },
      { lines: Array.from({ length: 51 }, () => ({ product: randomUUID(), quantity: 1 })) },
    ];
    for (const payload of hostile) {
      const reply = await quote(token, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json()).toMatchObject({ data: null, errors: [{ code: expect.any(Number) }] });
    }
    const empty = await t.app.inject({
      method: "POST",
      url: "/transit/checkout/quote",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      payload: "",
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe("promo codes", () => {
  it("takes a percent off, rounded half up, whatever case the rider types", async () => {
    const { token } = await rider();
    const body = await priced(
      await quote(token, { lines: [{ product: products.dayPass, quantity: 3 }], promo_code: "  welcome10 " }),
    );
    const subtotal = priceOf(products.dayPass) * 3;
    expect(body.errors).toEqual([]);
    expect(body.data.promo).toEqual({ code: "WELCOME10", discount: roundHalfUp(subtotal, 1000) });
    expect(body.data.total).toBe(subtotal - roundHalfUp(subtotal, 1000));
    expect(body.data.lines[0]?.promo_eligible).toBe(true);
  });

  it("rounds half a cent up and less down", async () => {
    const { token } = await rider();
    // 12.5% is an eighth: some quantities of the day pass end in exactly half a cent.
    const half = await code({ percentOff: 1250 });
    const unit = priceOf(products.dayPass);
    let halves = 0;
    for (const quantity of [1, 2, 3, 4, 5]) {
      const body = await priced(
        await quote(token, { lines: [{ product: products.dayPass, quantity }], promo_code: half }),
      );
      const exact = (unit * quantity * 1250) / 10_000;
      if (exact % 1 === 0.5) halves++;
      expect(body.data.discount).toBe(exact % 1 === 0.5 ? Math.ceil(exact) : Math.round(exact));
      expect(Number.isInteger(body.data.total)).toBe(true);
    }
    expect(halves).toBeGreaterThan(0);
  });

  it("takes an amount up to the lines it covers and never discounts shipping", async () => {
    const { token } = await rider();
    const cheap = await priced(
      await quote(token, {
        lines: [{ product: products.metroFareCard, quantity: 1 }],
        promo_code: await code({ kind: "amount", percentOff: null, amountOff: 100_000, currency: "USD" }),
        shipping_method: "priority",
        country: "US",
      }),
    );
    expect(cheap.errors).toEqual([]);
    expect(cheap.data.discount).toBe(priceOf(products.metroFareCard));
    expect(cheap.data.shipping).toBe(750);
    expect(cheap.data.total).toBe(750);
    const five = await priced(
      await quote(token, { lines: [{ product: products.weekPass, quantity: 1 }], promo_code: "fiveoff" }),
    );
    expect(five.data.discount).toBe(Math.min(500, priceOf(products.weekPass)));
  });

  it("applies a product-scoped code (RAIL20) to its products only", async () => {
    const { token } = await rider();
    const snapshot = await t.app.catalog.snapshot();
    const rail = snapshot.products.filter(
      (entry) => entry.row.serviceType === "rail" && entry.row.subType !== "PHYSICAL_PASS",
    );
    const bus = snapshot.products.find(
      (entry) =>
        entry.row.serviceType === "bus" &&
        entry.row.subType !== "PHYSICAL_PASS" &&
        entry.row.organizationId === rail[0]?.row.organizationId,
    );
    const [first, second] = rail;
    if (!first || !second || !bus) throw new Error("the demo catalogue lost its rail or bus passes");
    const body = await priced(
      await quote(token, {
        lines: [
          { product: first.row.uuid, quantity: 2 },
          { product: bus.row.uuid, quantity: 3 },
          { product: second.row.uuid, quantity: 1 },
        ],
        promo_code: demoPromoCodes.rail,
      }),
    );
    const eligible = first.row.listPrice * 2 + second.row.listPrice;
    expect(body.data.discount).toBe(roundHalfUp(eligible, 2000));
    expect(body.data.lines.map((line) => line.promo_eligible)).toEqual([true, false, true]);
    expect(body.data.lines[1]?.discount).toBe(0);
    expect(body.data.lines.reduce((sum, line) => sum + line.discount, 0)).toBe(body.data.discount);
    // A bus-only cart is outside its scope.
    promoRefused(
      await priced(
        await quote(token, { lines: [{ product: bus.row.uuid, quantity: 1 }], promo_code: "RAIL20" }),
      ),
    );
  });

  it("applies an organisation's code to its products and its child organisations'", async () => {
    const { token } = await rider();
    const snapshot = await t.app.catalog.snapshot();
    const ferry = snapshot.products.find((entry) => entry.row.uuid === products.ferryTenRide)?.row;
    if (!ferry) throw new Error("no ferry product");
    const parentId = t.config.organization.parentUuid;
    const child = await code({ organizationId: ferry.organizationId });
    const parent = await code({ organizationId: parentId });
    const ferryLine = { lines: [{ product: products.ferryTenRide, quantity: 1 }] };
    const busLine = { lines: [{ product: products.dayPass, quantity: 1 }] };
    expect((await priced(await quote(token, { ...ferryLine, promo_code: child }))).data.promo?.code).toBe(
      child,
    );
    expect((await priced(await quote(token, { ...ferryLine, promo_code: parent }))).data.promo?.code).toBe(
      parent,
    );
    expect((await priced(await quote(token, { ...busLine, promo_code: parent }))).data.promo?.code).toBe(
      parent,
    );
    promoRefused(await priced(await quote(token, { ...busLine, promo_code: child })));
  });

  it("answers the same message for every code it refuses, and prices the cart without it", async () => {
    const { token } = await rider();
    const refused = [
      "NOPE",
      "no",
      "ü-code",
      demoPromoCodes.expired,
      await code({ active: false }),
      await code({ validFrom: new Date(clock.now().getTime() + 3_600_000) }),
      await code({ kind: "amount", percentOff: null, amountOff: 500, currency: "EUR" }),
    ];
    const full = await code({ maxRedemptions: 2 });
    const fullRow = await codes().findByCode(full);
    if (!fullRow) throw new Error("code missing");
    for (const n of [1, 2]) {
      await codes().redeem({
        promoCodeId: fullRow.row.id,
        redeemer: { userId: null, email: `someone-${n}@example.org` },
        orderReference: `order-full-${n}`,
        discount: money(100, "USD"),
      });
    }
    refused.push(full);
    const subtotal = priceOf(products.dayPass);
    for (const typed of refused) {
      const body = await priced(
        await quote(token, { lines: [{ product: products.dayPass, quantity: 1 }], promo_code: typed }),
      );
      promoRefused(body);
      expect(body.data.total, typed).toBe(subtotal);
    }
    // An empty code is no code.
    expect(
      (
        await priced(
          await quote(token, { lines: [{ product: products.dayPass, quantity: 1 }], promo_code: "  " }),
        )
      ).errors,
    ).toEqual([]);
  });

  it("follows the clock in and out of a code's window", async () => {
    const { token } = await rider();
    const now = clock.now().getTime();
    const windowed = await code({ validFrom: new Date(now + 60_000), validUntil: new Date(now + 3_600_000) });
    const ask = async () =>
      priced(
        await quote(token, { lines: [{ product: products.dayPass, quantity: 1 }], promo_code: windowed }),
      );
    try {
      promoRefused(await ask());
      clock.advance(60_000);
      expect((await ask()).data.promo?.code).toBe(windowed);
      clock.advance(3_600_000 - 60_000 - 1);
      expect((await ask()).data.promo?.code).toBe(windowed);
      clock.advance(1);
      promoRefused(await ask());
    } finally {
      clock.set(new Date(now));
    }
  });

  it("counts the per-rider limit by rider and by email, for riders and guests", async () => {
    const ada = await rider();
    const grace = await rider();
    const lines = [{ product: products.weekPass, quantity: 1 }];
    const five = await codes().findByCode(demoPromoCodes.fiveOff);
    if (!five) throw new Error("FIVEOFF missing");
    expect((await priced(await quote(ada.token, { lines, promo_code: "FIVEOFF" }))).data.promo?.code).toBe(
      "FIVEOFF",
    );
    await codes().redeem({
      promoCodeId: five.row.id,
      redeemer: { userId: ada.id, email: ada.email },
      orderReference: `order-${randomUUID()}`,
      discount: money(500, "USD"),
    });
    promoRefused(await priced(await quote(ada.token, { lines, promo_code: "FIVEOFF" })));
    expect((await priced(await quote(grace.token, { lines, promo_code: "FIVEOFF" }))).data.promo?.code).toBe(
      "FIVEOFF",
    );
    // Ada checking out as a guest with her email is still Ada.
    promoRefused(
      await priced(await guestQuote({ lines, promo_code: "FIVEOFF", email: ada.email.toUpperCase() })),
    );
    expect((await priced(await guestQuote({ lines, promo_code: "FIVEOFF" }))).data.promo?.code).toBe(
      "FIVEOFF",
    );
    // A guest's redemption counts for the rider who has that email.
    await codes().redeem({
      promoCodeId: five.row.id,
      redeemer: { userId: null, email: grace.email },
      orderReference: `order-${randomUUID()}`,
      discount: money(500, "USD"),
    });
    promoRefused(await priced(await quote(grace.token, { lines, promo_code: "FIVEOFF" })));
    expect(
      (await priced(await guestQuote({ lines, promo_code: "FIVEOFF", email: "new-guest@example.org" }))).data
        .promo?.code,
    ).toBe("FIVEOFF");
  });
});

describe("guessing codes", () => {
  it("refuses every code once a guest address or a rider has had 20 refused, until the window ends", async () => {
    const lines = [{ product: products.dayPass, quantity: 1 }];
    const from = (remoteAddress: string, promo_code: string) =>
      t.app.inject({
        method: "POST",
        url: "/transit/anonymous/checkout/quote",
        remoteAddress,
        payload: { lines, promo_code },
      });
    const applied = async (reply: Awaited<ReturnType<typeof from>>) =>
      (await priced(reply)).data.promo?.code ?? null;
    const start = clock.now();
    try {
      // A working code costs nothing, however often it is asked.
      for (let n = 0; n < 25; n++)
        expect(await applied(await from("203.0.113.7", "WELCOME10"))).toBe("WELCOME10");
      const guesses = await Promise.all(
        Array.from({ length: 30 }, (_, n) => from("203.0.113.7", `GUESS-${n}`)),
      );
      for (const reply of guesses) promoRefused(await priced(reply));
      promoRefused(await priced(await from("203.0.113.7", "WELCOME10")));
      // Another address, and a rider, have their own budgets.
      expect(await applied(await from("203.0.113.8", "WELCOME10"))).toBe("WELCOME10");
      const { token } = await rider();
      const riderQuote = async (promo_code: string) =>
        (await priced(await quote(token, { lines, promo_code }))).data.promo?.code ?? null;
      for (let n = 0; n < 20; n++) expect(await riderQuote(`RIDER-GUESS-${n}`)).toBeNull();
      expect(await riderQuote("WELCOME10")).toBeNull();
      clock.advance(15 * 60 * 1000);
      expect(await applied(await from("203.0.113.7", "WELCOME10"))).toBe("WELCOME10");
      expect(await riderQuote("WELCOME10")).toBe("WELCOME10");
    } finally {
      clock.set(start);
    }
  });
});

describe("shipping", () => {
  const physical = { lines: [{ product: products.metroFareCard, quantity: 1 }] };

  it("lists the methods serving a country, in the asked language", async () => {
    const list = async (query: string, language = "en") => {
      const reply = await t.app.inject({
        method: "GET",
        url: `/transit/shipping_methods${query}`,
        headers: { "accept-language": language },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json().data.shipping_methods as Array<{ code: string; name: string; price: number }>;
    };
    expect(await list("?country=US")).toEqual([
      { code: "standard", name: "Standard mail", price: 0, currency: "USD" },
      { code: "priority", name: "Priority mail", price: 750, currency: "USD" },
      { code: "international", name: "International", price: 1500, currency: "USD" },
    ]);
    expect((await list("?country=ca")).map((method) => method.code)).toEqual(["priority", "international"]);
    expect((await list("?country=FR")).map((method) => method.code)).toEqual(["international"]);
    expect((await list("")).map((method) => method.code)).toEqual(["standard", "priority", "international"]);
    expect((await list("?country=US", "es")).map((method) => method.name)).toEqual([
      "Correo estándar",
      "Correo prioritario",
      "Internacional",
    ]);
    for (const query of ["?country=ZZ", "?country=USA", "?country=%00", "?other=1"]) {
      const reply = await t.app.inject({ method: "GET", url: `/transit/shipping_methods${query}` });
      expect(reply.statusCode, query).toBe(400);
    }
  });

  it("prices the chosen method for a physical cart and lists the others", async () => {
    const { token } = await rider();
    const body = await priced(
      await quote(token, {
        ...physical,
        shipping_method: "priority",
        country: "CA",
        promo_code: "WELCOME10",
      }),
    );
    const subtotal = priceOf(products.metroFareCard);
    expect(body.errors).toEqual([]);
    expect(body.data.shipping_required).toBe(true);
    expect(body.data.shipping_method).toEqual({
      code: "priority",
      name: "Priority mail",
      price: 750,
      currency: "USD",
    });
    expect(body.data.shipping_methods.map((method) => method.code)).toEqual(["priority", "international"]);
    expect(body.data.discount).toBe(roundHalfUp(subtotal, 1000));
    expect(body.data.total).toBe(subtotal + 750 - roundHalfUp(subtotal, 1000));
    // Without a choice yet: no shipping priced, the methods listed.
    const open = await priced(await quote(token, { ...physical, country: "US" }));
    expect(open.data).toMatchObject({ shipping: 0, shipping_method: null, shipping_required: true });
    expect(open.data.shipping_methods).toHaveLength(3);
  });

  it("answers Shipping method not available for a method that does not serve the country", async () => {
    const { token } = await rider();
    const unavailable = [
      { ...physical, shipping_method: "standard", country: "CA" },
      { ...physical, shipping_method: "priority", country: "FR" },
      { ...physical, shipping_method: "priority" },
      { ...physical, shipping_method: "teleport", country: "US" },
      { lines: [{ product: products.dayPass, quantity: 1 }], shipping_method: "standard", country: "US" },
    ];
    for (const payload of unavailable) {
      const body = await priced(await quote(token, payload));
      expect(body.errors, JSON.stringify(payload)).toEqual([
        {
          code: ErrorCode.shippingMethodUnavailable,
          message: shippingUnavailableMessage,
          field: "shipping_method",
        },
      ]);
      expect(body.data.shipping).toBe(0);
      expect(body.data.shipping_method).toBeNull();
    }
    const unknownCountry = await quote(token, {
      ...physical,
      shipping_method: "international",
      country: "ZZ",
    });
    expect(unknownCountry.statusCode).toBe(400);
    expect(unknownCountry.json().errors[0].field).toBe("country");
  });
});

describe("POST /transit/anonymous/checkout/quote", () => {
  it("quotes a guest's cart with a promo and shipping, no sign-in", async () => {
    const body = await priced(
      await guestQuote({
        lines: [{ product: products.metroFareCard, quantity: 2, list_price: 0 }],
        promo_code: "welcome10",
        shipping_method: "international",
        country: "DE",
        email: "guest@example.org",
      }),
    );
    const subtotal = priceOf(products.metroFareCard) * 2;
    expect(body.data).toMatchObject({
      subtotal,
      shipping: 1500,
      discount: roundHalfUp(subtotal, 1000),
      total: subtotal + 1500 - roundHalfUp(subtotal, 1000),
      prices_changed: true,
      promo: { code: "WELCOME10" },
    });
  });

  it("refuses a malformed email", async () => {
    const reply = await guestQuote({
      lines: [{ product: products.dayPass, quantity: 1 }],
      email: "not an email",
    });
    expect(reply.statusCode).toBe(400);
  });
});

describe("parallel quotes", () => {
  it("answer each their own cart", async () => {
    const { token } = await rider();
    const carts = Array.from({ length: 40 }, (_, index) => ({
      quantity: (index % 5) + 1,
      promo: index % 3 === 0 ? "WELCOME10" : index % 3 === 1 ? "NOPE-CODE" : null,
    }));
    const replies = await Promise.all(
      carts.map((cart, index) =>
        (index % 2 === 0 ? quote.bind(null, token) : guestQuote)({
          lines: [{ product: products.weekPass, quantity: cart.quantity }],
          promo_code: cart.promo,
        }),
      ),
    );
    for (const [index, reply] of replies.entries()) {
      const cart = carts[index];
      if (!cart) continue;
      const body = await priced(reply);
      const subtotal = priceOf(products.weekPass) * cart.quantity;
      const discount = cart.promo === "WELCOME10" ? roundHalfUp(subtotal, 1000) : 0;
      expect(body.data.subtotal).toBe(subtotal);
      expect(body.data.total).toBe(subtotal - discount);
      expect(body.errors.length).toBe(cart.promo === "NOPE-CODE" ? 1 : 0);
    }
  });
});

/** A fare card of `owner` holding `general` (server/test/transit-fixtures.ts's newCard); its id. */
const cardOf = async (owner: { id: string }, general: number, fields: Parameters<typeof newCard>[2] = {}) =>
  (await newCard(t, owner.id, { ...fields, general })).id;

describe("where a cart's passes go (issue 34)", () => {
  const dayPass = [{ product: products.dayPass, quantity: 1 }];

  it("lists a rider's cards that can be bought for, each eligible or not, and the account for passes only", async () => {
    const owner = await rider();
    const adult = await cardOf(owner, 0, { nickname: "Commute" });
    const senior = await cardOf(owner, 0, { nickname: "Gran's", riderType: "SENIOR" });
    await cardOf(owner, 0, { nickname: "Lost", status: "BLOCKED" });
    const riderTypes = (await t.app.catalog.snapshot()).products.find(
      (entry) => entry.row.uuid === products.dayPass,
    )?.row.riderTypes;
    expect(riderTypes).toEqual(["ADULT"]);

    const passes = await priced(await quote(owner.token, { lines: dayPass }));
    expect(passes.data.destinations).toEqual({
      account: true,
      cards: [
        {
          id: adult,
          nickname: "Commute",
          card_number: expect.stringMatching(/^•••• \d{4}$/),
          eligible: true,
        },
        {
          id: senior,
          nickname: "Gran's",
          card_number: expect.stringMatching(/^•••• \d{4}$/),
          eligible: false,
        },
      ],
    });
    // The list is the same whichever card the quote is for (checkout keeps offering the others).
    const forAdult = await priced(await quote(owner.token, { lines: dayPass, fare_medium: adult }));
    expect(forAdult.data.destinations).toEqual(passes.data.destinations);

    const value = await priced(
      await quote(owner.token, { lines: [{ product: products.storedValue20, quantity: 1 }] }),
    );
    expect(value.data.destinations?.account).toBe(false);
    const card = await priced(
      await quote(owner.token, { lines: [{ product: products.metroFareCard, quantity: 1 }] }),
    );
    expect(card.data.destinations).toBeNull();
    const none = await rider();
    expect((await priced(await quote(none.token, { lines: dayPass }))).data.destinations).toEqual({
      account: true,
      cards: [],
    });
  });

  it("offers a guest only the card of their card token, and says when the token has ended", async () => {
    expect((await priced(await guestQuote({ lines: dayPass }))).data.destinations).toEqual({
      account: false,
      cards: [],
    });
    const issued = await issueCard(t);
    const cardToken = await guestCardToken(t, issued);
    const withCard = await priced(await guestQuote({ lines: dayPass, card_token: cardToken }));
    expect(withCard.errors).toEqual([]);
    expect(withCard.data.destinations).toEqual({
      account: false,
      cards: [
        {
          id: issued.id,
          nickname: expect.any(String),
          card_number: `•••• ${issued.card_number.slice(-4)}`,
          eligible: true,
        },
      ],
    });
    // 50 quotes at once on one token each extend it and answer the same card.
    const many = await Promise.all(
      Array.from({ length: 50 }, () => guestQuote({ lines: dayPass, card_token: cardToken })),
    );
    for (const reply of many)
      expect((await priced(reply)).data.destinations).toEqual(withCard.data.destinations);
    const stale = await priced(await guestQuote({ lines: dayPass, card_token: "ended" }));
    expect(stale.data.destinations).toEqual({ account: false, cards: [] });
    expect(stale.errors).toEqual([
      {
        code: ErrorCode.fareCardUnavailable,
        message: "Your card session has ended. Please enter the card number again.",
        field: "card_token",
      },
    ]);
  });
});

describe("what a rider's purses hold", () => {
  const dayPass = [{ product: products.dayPass, quantity: 1 }];

  it("says what the quote's fare card and the wallet hold, for the card's owner only", async () => {
    const owner = await rider();
    const card = await cardOf(owner, 1234);
    const mine = await priced(await quote(owner.token, { lines: dayPass, fare_medium: card }));
    expect(mine.data.purses).toEqual({ stored_value: 1234, wallet: 0 });

    const other = await rider();
    const theirs = await priced(await quote(other.token, { lines: dayPass, fare_medium: card }));
    expect(theirs.data.purses).toEqual({ stored_value: null, wallet: 0 });

    const none = await priced(await quote(owner.token, { lines: dayPass }));
    expect(none.data.purses).toEqual({ stored_value: null, wallet: 0 });
  });

  it("says nothing of purses to guests, and refuses a fare card that is not a uuid", async () => {
    const guest = await priced(await guestQuote({ lines: dayPass }));
    expect(guest.data.purses).toBeNull();
    const owner = await rider();
    const reply = await quote(owner.token, { lines: dayPass, fare_medium: "card-1" });
    expect(reply.statusCode).toBe(400);
  });
});
