import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { ShippingMethodOption } from "../../src/domain/checkout/quote.ts";
import { shippingMethods } from "../db/schema.ts";
import type { Executor } from "./accounts.ts";

export type ShippingMethodRow = typeof shippingMethods.$inferSelect;
export type NewShippingMethod = Omit<typeof shippingMethods.$inferInsert, "id" | "createdAt">;

/** Whether the method ships to `country` (ISO 3166-1 alpha-2); an empty list serves everywhere. */
export function servesCountry(row: Pick<ShippingMethodRow, "countries">, country: string): boolean {
  return row.countries.length === 0 || row.countries.includes(country.toUpperCase());
}

/** The method as the API shows it, named in `locale` (English when that language has no name). */
export function shippingOptionOf(row: ShippingMethodRow, locale: string): ShippingMethodOption {
  const name = row.translations[locale]?.name;
  return {
    code: row.code,
    name: typeof name === "string" && name.length > 0 ? name : row.name,
    price: row.price,
    currency: row.currency,
  };
}

/** How physical items travel (issue 12). */
export function createShippingMethodRepository(db: Executor) {
  return {
    with(tx: Executor) {
      return createShippingMethodRepository(tx);
    },

    /** Active methods in list order (list_priority, then code). */
    async listActive(): Promise<ShippingMethodRow[]> {
      return db
        .select()
        .from(shippingMethods)
        .where(eq(shippingMethods.active, true))
        .orderBy(asc(shippingMethods.listPriority), asc(shippingMethods.code));
    },

    async insert(fields: NewShippingMethod): Promise<ShippingMethodRow> {
      const [row] = await db
        .insert(shippingMethods)
        .values({ id: randomUUID(), ...fields })
        .returning();
      if (!row) throw new Error("shipping method insert returned nothing");
      return row;
    },
  };
}
