import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifySecret } from "../domain/password.ts";
import { createTestApp, type TestApp } from "../test/helpers.ts";
import {
  appMeta,
  fareMedia,
  orders,
  organizationConfigs,
  organizations,
  paymentMethods,
  productFilterValues,
  products,
  promoCodeProducts,
  promoCodes,
  promoRedemptions,
  shippingAddresses,
  shippingMethods,
  subscriptions,
  users,
} from "./schema.ts";
import {
  demoCheckoutMarker,
  demoOrderCount,
  demoOrdersMarker,
  demoPaymentsMarker,
  demoPromoCodes,
  demoRider,
  seedDemoData,
} from "./seed.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("demo seed", () => {
  it("creates a parent and a child organisation", async () => {
    const rows = await t.database.db.select().from(organizations);
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.parentId === null)).toHaveLength(1);
  });

  it("stores the demo rider with a hashed password and five fare cards (one blocked, one paper)", async () => {
    const [rider] = await t.database.db.select().from(users).where(eq(users.email, demoRider.email));
    if (!rider) throw new Error("demo rider missing");
    expect(rider.passwordHash).not.toContain(demoRider.password);
    expect(await verifySecret(demoRider.password, rider.passwordHash)).toBe(true);
    expect(await verifySecret("wrong-password-1", rider.passwordHash)).toBe(false);
    const cards = await t.database.db.select().from(fareMedia).where(eq(fareMedia.userId, rider.id));
    expect(cards).toHaveLength(5);
    expect(cards.filter((card) => card.status === "BLOCKED")).toHaveLength(1);
    expect(cards.filter((card) => card.type === "LIMITED_USE")).toHaveLength(1);
  });

  it("has physical and digital products with integer prices", async () => {
    const rows = await t.database.db.select().from(products);
    expect(new Set(rows.map((row) => row.subType))).toEqual(
      new Set(["PHYSICAL_PASS", "DIGITAL_PASS", "STORED_VALUE"]),
    );
    for (const row of rows) expect(Number.isInteger(row.listPrice)).toBe(true);
  });

  it("runs once: a second seed changes nothing", async () => {
    const before = await t.database.db.select().from(products);
    expect(await seedDemoData(t.database.db, t.config)).toBe(false);
    expect(await t.database.db.select().from(users)).toHaveLength(1);
    expect(await t.database.db.select().from(products)).toEqual(before);
  });

  it("has dozens of products in two organisations, linked to filter values", async () => {
    const rows = await t.database.db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(new Set(rows.map((row) => row.organizationId)).size).toBe(2);
    const links = await t.database.db.select().from(productFilterValues);
    for (const row of rows) expect(links.some((link) => link.productUuid === row.uuid)).toBe(true);
  });

  it("gives an older demo database the new catalogue once, keeping its rider", async () => {
    await t.database.db.delete(appMeta).where(eq(appMeta.key, "demo_catalog_version"));
    await t.database.db.update(products).set({ name: "Old name" });
    // Before catalogue version 2, service levels had no translations.
    await t.database.db.update(organizationConfigs).set({ translations: {} });
    expect(await seedDemoData(t.database.db, t.config)).toBe(false);
    const rows = await t.database.db.select().from(products);
    expect(rows.some((row) => row.name === "Old name")).toBe(false);
    expect(await t.database.db.select().from(users)).toHaveLength(1);
    const levels = await t.database.db
      .select()
      .from(organizationConfigs)
      .orderBy(organizationConfigs.position);
    expect(levels.map((level) => [level.configKey, level.configValue, level.translations])).toEqual([
      ["service_level_bus", "Bus", { es: "Autobús", vi: "Xe buýt" }],
      ["service_level_rail", "Rail", { es: "Tren", vi: "Tàu điện" }],
      ["service_level_ferry", "Ferry", { es: "Ferri", vi: "Phà" }],
    ]);
  });

  it("gives the demo rider a saved Visa, a bank account and two addresses, as the API shows them", async () => {
    const [rider] = await t.database.db.select().from(users).where(eq(users.email, demoRider.email));
    if (!rider) throw new Error("demo rider missing");
    const { token } = await t.app.accounts.startSession(rider.id, new Date());
    const get = async (url: string) =>
      (await t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } })).json().data;
    const { payment_methods: methods } = await get("/transit/payment_methods");
    expect(methods).toEqual([
      expect.objectContaining({
        kind: "card",
        brand: "visa",
        last4: "4242",
        nickname: "Everyday card",
        is_default: t.config.supportDefaultPayment,
        billing: { last_name: "Rider", address_1: "100 Market St", zip_code: "94105" },
        exp_month: 12,
        exp_year: expect.any(Number),
      }),
      expect.objectContaining({
        kind: "bank_account",
        bank_name: "Sandbox Bank",
        account_type: "checking",
        last4: "6789",
        holder_name: "Riley Rider",
        is_default: false,
      }),
    ]);
    // Real sandbox references, made by attaching sandbox tokens; no number stored.
    const rows = await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.userId, rider.id));
    expect(rows.map((row) => row.gatewayMethodId).sort()).toEqual([
      expect.stringMatching(/^ba_sandbox_approve_/),
      expect.stringMatching(/^pm_sandbox_approve_/),
    ]);
    for (const row of rows) {
      expect(row.gateway).toBe("sandbox");
      expect(row.gatewayCustomerId).toMatch(/^cus_sandbox_[0-9a-f]{24}$/);
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toMatch(/4242424242424242|000123456789/);
    }
    const { addresses } = await get("/transit/addresses");
    expect(addresses).toEqual([
      expect.objectContaining({ country: "US", state: "CA", address_1: "100 Market St", isDefault: true }),
      expect.objectContaining({
        country: "US",
        state: "CA",
        address_1: "1 Ferry Building",
        isDefault: false,
      }),
    ]);
  });

  it("seeds the payment methods once, and gives an older demo database them once", async () => {
    const count = async () => ({
      methods: (await t.database.db.select().from(paymentMethods)).length,
      addresses: (await t.database.db.select().from(shippingAddresses)).length,
    });
    const before = await count();
    expect(await seedDemoData(t.database.db, t.config)).toBe(false);
    expect(await count()).toEqual(before);
    // A demo database from before issue 11: no marker, no methods, no addresses.
    await t.database.db.delete(paymentMethods);
    await t.database.db.delete(shippingAddresses);
    await t.database.db.delete(appMeta).where(eq(appMeta.key, demoPaymentsMarker));
    expect(await seedDemoData(t.database.db, t.config)).toBe(false);
    expect(await count()).toEqual({ methods: 2, addresses: 2 });
    expect(await seedDemoData(t.database.db, t.config)).toBe(false);
    expect(await count()).toEqual({ methods: 2, addresses: 2 });
  });

  it("seeds the promo codes and shipping methods once, and gives an older demo database them once", async () => {
    const db = t.database.db;
    const count = async () => ({
      codes: (await db.select().from(promoCodes)).map((row) => row.code).sort(),
      methods: (await db.select().from(shippingMethods).orderBy(shippingMethods.listPriority)).map((row) => [
        row.code,
        row.price,
        row.countries,
      ]),
    });
    const expected = {
      codes: Object.values(demoPromoCodes).sort(),
      methods: [
        ["standard", 0, ["US"]],
        ["priority", 750, ["US", "CA"]],
        ["international", 1500, []],
      ],
    };
    expect(await count()).toEqual(expected);
    expect(await seedDemoData(db, t.config)).toBe(false);
    expect(await count()).toEqual(expected);
    // RAIL20 covers the rail products.
    const rail = await db.select().from(products).where(eq(products.serviceType, "rail"));
    expect((await db.select().from(promoCodeProducts)).length).toBe(rail.length);
    // A demo database from before issue 12 (its orders, which came later, let go of their codes).
    await db.delete(promoRedemptions);
    await db.update(orders).set({ promoCodeId: null, promoCode: null });
    await db.delete(promoCodes);
    await db.delete(shippingMethods);
    await db.delete(appMeta).where(eq(appMeta.key, demoCheckoutMarker));
    expect(await seedDemoData(db, t.config)).toBe(false);
    expect(await count()).toEqual(expected);
  });

  it("gives the demo rider more than a page of past orders over the last months, once", async () => {
    const db = t.database.db;
    const [rider] = await db.select().from(users).where(eq(users.email, demoRider.email));
    if (!rider) throw new Error("demo rider missing");
    // The fare system's demo adds a load (an order of kind load, seed-fare-system.ts): the purchases here.
    const purchases = and(eq(orders.userId, rider.id), ne(orders.kind, "load"));
    const history = await db.select().from(orders).where(purchases);
    expect(history.length).toBe(demoOrderCount);
    expect(history.length).toBeGreaterThan(t.config.ideal_row_count);
    const times = history.map((order) => order.createdAt.getTime());
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(60 * 24 * 60 * 60 * 1000);
    expect(Math.max(...times)).toBeLessThan(Date.now());
    expect(new Set(history.map((order) => order.kind))).toEqual(new Set(["digital", "physical"]));
    expect(history.every((order) => order.status === "paid")).toBe(true);
    expect(await db.select().from(appMeta).where(eq(appMeta.key, demoOrdersMarker))).toHaveLength(1);
    await seedDemoData(db, t.config);
    expect(await db.select().from(orders).where(purchases)).toHaveLength(demoOrderCount);
    // One auto-renewed 7-Day Pass, renewing within a week from now: the first run charges nothing.
    const renewing = await db.select().from(subscriptions).where(eq(subscriptions.userId, rider.id));
    expect(renewing.filter((row) => row.status === "active")).toHaveLength(1);
    const next = renewing[0]?.renewsAt?.getTime() ?? 0;
    expect(next).toBeGreaterThan(Date.now());
    expect(next).toBeLessThanOrEqual(Date.now() + 7 * 24 * 60 * 60 * 1000);
    expect(await t.app.renewals.runDue(new Date())).toEqual({ renewed: 0, cancelled: 0 });
    expect(await db.select().from(orders).where(purchases)).toHaveLength(demoOrderCount);
  });

  it("gives a database whose demo rider is gone only the marker", async () => {
    await t.database.db.delete(appMeta).where(eq(appMeta.key, demoPaymentsMarker));
    // As the account deletion does it (fare cards unlinked, methods and addresses with the rider).
    const [rider] = await t.database.db.select().from(users).where(eq(users.email, demoRider.email));
    if (!rider) throw new Error("demo rider missing");
    await t.app.accounts.deleteAccount(rider);
    expect(await seedDemoData(t.database.db, t.config)).toBe(false);
    expect(await t.database.db.select().from(paymentMethods)).toEqual([]);
    expect(
      await t.database.db.select().from(appMeta).where(eq(appMeta.key, demoPaymentsMarker)),
    ).toHaveLength(1);
  });
});
