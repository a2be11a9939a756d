import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifySecret } from "../domain/password.ts";
import { createTestApp, type TestApp } from "../test/helpers.ts";
import {
  appMeta,
  fareMedia,
  organizationConfigs,
  organizations,
  productFilterValues,
  products,
  users,
} from "./schema.ts";
import { demoRider, seedDemoData } from "./seed.ts";

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
});
