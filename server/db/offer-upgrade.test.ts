import { rmSync } from "node:fs";
import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyDatabase, migrationsUpTo } from "../test/helpers.ts";
import type { DatabaseHandle } from "./client.ts";
import { orderItems } from "./schema.ts";

/**
 * Orders placed before order items kept their offer (migration 0028, issue 47): each item takes the
 * product's short description in the order's language, else the product's own, and stays without one
 * where neither says anything or the product is gone.
 */
const orgId = "0b5d2c3a-1111-4c2d-9e8f-000000000001";
const product = {
  translated: "5a0f0000-0000-4000-8000-000000000001",
  english: "5a0f0000-0000-4000-8000-000000000002",
  blank: "5a0f0000-0000-4000-8000-000000000003",
  gone: "5a0f0000-0000-4000-8000-000000000009",
};
const orderId = "0b7c2d4e-0000-4000-8000-000000000001";

let database: DatabaseHandle;
let oldMigrations: string;

beforeAll(async () => {
  database = await emptyDatabase();
  oldMigrations = migrationsUpTo("0027_wallet_autoload");
  await database.migrate(oldMigrations);
  const { db } = database;
  await db.execute(sql`insert into organizations (id, parent_id, legacy_uuid, name)
    values (${orgId}, null, 'MTA-0001', 'Metro Transit')`);
  const insertProduct = (uuid: string, short: string, translations: object) => sql`
    insert into products (uuid, organization_id, name, short_description, long_description, list_price,
      sub_type, service_type, theme_background_color, list_priority, translations)
    values (${uuid}, ${orgId}, 'Pass', ${short}, '', 500, 'DIGITAL_PASS', 'bus', '#000', 1,
      ${JSON.stringify(translations)}::jsonb)`;
  await db.execute(
    insertProduct(product.translated, "Unlimited rides for a day.", {
      es: { short_description: "Viajes ilimitados por un día." },
    }),
  );
  await db.execute(insertProduct(product.english, "Ten rides.", { es: { short_description: "  " } }));
  await db.execute(insertProduct(product.blank, " ", {}));
  // A free order: the books' triggers want its payments to cover its total, and it needs none.
  await db.execute(sql`insert into orders (id, number, email, kind, currency, subtotal, shipping, discount,
      total, locale)
    values (${orderId}, 'TP-00000001', 'rider@example.com', 'digital', 'USD', 0, 0, 0, 0, 'es')`);
  const lines = [product.translated, product.english, product.blank, product.gone];
  for (const [line, uuid] of lines.entries()) {
    await db.execute(sql`insert into order_items (order_id, line, product_id, name, sub_type, quantity,
        unit_price, line_total, fulfilment)
      values (${orderId}, ${line}, ${uuid}, 'Pass', 'DIGITAL_PASS', 1, 0, 0, 'pass')`);
  }
  await database.migrate();
});
afterAll(async () => {
  await database?.close();
  if (oldMigrations) rmSync(oldMigrations, { recursive: true, force: true });
});

describe("upgrading orders from before the items' offers", () => {
  it("gives each item its product's short description in the order's language, else the product's own", async () => {
    const rows = await database.db
      .select({ line: orderItems.line, offer: orderItems.offerText })
      .from(orderItems)
      .orderBy(asc(orderItems.line));
    expect(rows).toEqual([
      { line: 0, offer: "Viajes ilimitados por un día." },
      { line: 1, offer: "Ten rides." },
      { line: 2, offer: null },
      { line: 3, offer: null },
    ]);
  });
});
