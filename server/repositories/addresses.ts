import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Address } from "../../src/domain/payments/address.ts";
import type { SavedAddress } from "../../src/domain/payments/saved.ts";
import { shippingAddresses } from "../db/schema.ts";
import type { Executor } from "./accounts.ts";

export type AddressRow = typeof shippingAddresses.$inferSelect;

/** The row as the API shows it (src/domain/payments/saved.ts). */
export function savedAddressOf(row: AddressRow): SavedAddress {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    address_1: row.address1,
    address_2: row.address2,
    country: row.country,
    state: row.state,
    city: row.city,
    zipCode: row.zipCode,
    email: row.email,
    isDefault: row.isDefault,
    created_at: row.createdAt.toISOString(),
  };
}

/** The columns of a parsed address (parseAddress); the default flag is the service's to decide. */
function columnsOf(address: Address) {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    address1: address.address_1,
    address2: address.address_2,
    country: address.country,
    state: address.state,
    city: address.city,
    zipCode: address.zipCode,
    email: address.email,
  };
}

const own = (userId: string, id: string) =>
  and(eq(shippingAddresses.userId, userId), eq(shippingAddresses.id, id));

/** A rider's shipping addresses. */
export function createAddressRepository(db: Executor) {
  return {
    with(tx: Executor) {
      return createAddressRepository(tx);
    },

    /** Default first, then oldest first. */
    async list(userId: string): Promise<AddressRow[]> {
      return db
        .select()
        .from(shippingAddresses)
        .where(eq(shippingAddresses.userId, userId))
        .orderBy(
          desc(shippingAddresses.isDefault),
          asc(shippingAddresses.createdAt),
          asc(shippingAddresses.id),
        );
    },

    async count(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(shippingAddresses)
        .where(eq(shippingAddresses.userId, userId));
      return row?.n ?? 0;
    },

    /** One of the rider's own addresses; null for anyone else's or an unknown one. */
    async find(userId: string, id: string): Promise<AddressRow | null> {
      const [row] = await db.select().from(shippingAddresses).where(own(userId, id));
      return row ?? null;
    },

    /** Writes a new address of the rider's; the row as written. */
    async add(userId: string, address: Address, isDefault: boolean): Promise<AddressRow> {
      const [row] = await db
        .insert(shippingAddresses)
        .values({ id: randomUUID(), userId, ...columnsOf(address), isDefault })
        .returning();
      if (!row) throw new Error("address insert returned nothing");
      return row;
    },

    /** Writes the rider's address `id` anew; null when it is not theirs. */
    async change(userId: string, id: string, address: Address): Promise<AddressRow | null> {
      const [row] = await db
        .update(shippingAddresses)
        .set({ ...columnsOf(address), updatedAt: sql`now()` })
        .where(own(userId, id))
        .returning();
      return row ?? null;
    },

    /** Clears the rider's default; run before `setDefault` (one default per rider, by index). */
    async clearDefault(userId: string): Promise<void> {
      await db
        .update(shippingAddresses)
        .set({ isDefault: false })
        .where(and(eq(shippingAddresses.userId, userId), eq(shippingAddresses.isDefault, true)));
    },

    async setDefault(userId: string, id: string): Promise<void> {
      await db.update(shippingAddresses).set({ isDefault: true }).where(own(userId, id));
    },

    async remove(userId: string, id: string): Promise<AddressRow | null> {
      const [row] = await db.delete(shippingAddresses).where(own(userId, id)).returning();
      return row ?? null;
    },

    /** The rider's oldest address, which becomes the default when the default goes. */
    async oldest(userId: string): Promise<AddressRow | null> {
      const [row] = await db
        .select()
        .from(shippingAddresses)
        .where(eq(shippingAddresses.userId, userId))
        .orderBy(asc(shippingAddresses.createdAt), asc(shippingAddresses.id))
        .limit(1);
      return row ?? null;
    },
  };
}
