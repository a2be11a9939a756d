import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { PassDetail, PassStatus, PassSummary } from "../../src/domain/transit/passes.ts";
import { devices, fareMedia, orders, passes, products } from "../db/schema.ts";
import type { Executor } from "./accounts.ts";
import type { KeysetCursor } from "./keyset-cursor.ts";

export type PassRow = typeof passes.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;

/** The text of `field` in `locale`, falling back to the English one. */
function localized(
  translations: Partial<Record<string, Partial<Record<string, string>>>> | null,
  locale: string,
  field: string,
  english: string,
): string {
  const text = translations?.[locale]?.[field];
  return typeof text === "string" && text.length > 0 ? text : english;
}

/** A pass with what its summary shows: product texts, device, card and order. */
export interface PassRecord {
  pass: PassRow;
  productTranslations: Partial<Record<string, Partial<Record<string, string>>>> | null;
  productShortDescription: string | null;
  subscriptionAllowed: boolean;
  deviceNickname: string | null;
  cardNickname: string | null;
  cardNumber: string | null;
  cardRemoved: boolean;
  orderNumber: string;
}

/** A pass's status as of `now`: an available or active pass past its end has expired. */
export function effectiveStatus(pass: Pick<PassRow, "status" | "expiresAt">, now: Date): PassStatus {
  if ((pass.status === "available" || pass.status === "active") && pass.expiresAt && pass.expiresAt <= now) {
    return "expired";
  }
  return pass.status;
}

export function passSummaryOf(record: PassRecord, locale: string, now: Date): PassSummary {
  const { pass } = record;
  const onCard = pass.fareMediumId && !record.cardRemoved && record.cardNumber !== null;
  return {
    id: pass.id,
    name: localized(record.productTranslations, locale, "name", pass.name),
    status: effectiveStatus(pass, now),
    location: pass.location,
    device:
      pass.deviceId && record.deviceNickname !== null
        ? { id: pass.deviceId, nickname: record.deviceNickname }
        : null,
    fare_medium:
      onCard && pass.fareMediumId
        ? { id: pass.fareMediumId, nickname: record.cardNickname ?? "", card_number: record.cardNumber ?? "" }
        : null,
    serial_number: pass.serialNumber,
    purchased_at: pass.purchasedAt.toISOString(),
    activated_at: pass.activatedAt?.toISOString() ?? null,
    expires_at: pass.expiresAt?.toISOString() ?? null,
    valid_days: pass.validDays,
    usable_count: pass.usableCount,
    used_count: pass.usedCount,
    remaining: pass.usableCount === null ? null : pass.usableCount - pass.usedCount,
    auto_renewable: record.subscriptionAllowed,
    product: pass.productId,
  };
}

export function passDetailOf(record: PassRecord, locale: string, now: Date): PassDetail {
  const summary = passSummaryOf(record, locale, now);
  const available = summary.status === "available";
  return {
    ...summary,
    description: localized(
      record.productTranslations,
      locale,
      "short_description",
      record.productShortDescription ?? record.pass.name,
    ),
    order: { id: record.pass.orderId, number: record.orderNumber },
    rider_types: record.pass.riderTypes,
    can_move: available,
    can_attach: available && summary.fare_medium === null,
  };
}

/** Passes and the rider's devices. Every read takes the rider: another rider's rows are never seen. */
export function createPassRepository(db: Executor) {
  const selection = {
    pass: passes,
    productTranslations: products.translations,
    productShortDescription: products.shortDescription,
    subscriptionAllowed: products.subscriptionAllowed,
    deviceNickname: devices.nickname,
    cardNickname: fareMedia.nickname,
    cardNumber: fareMedia.printedCardNumber,
    cardRemovedAt: fareMedia.removedAt,
    orderNumber: orders.number,
  };
  const records = (where: ReturnType<typeof and>) =>
    db
      .select(selection)
      .from(passes)
      .innerJoin(orders, eq(orders.id, passes.orderId))
      .leftJoin(products, eq(products.uuid, passes.productId))
      .leftJoin(devices, eq(devices.id, passes.deviceId))
      .leftJoin(fareMedia, eq(fareMedia.id, passes.fareMediumId))
      .where(where);
  type Selected = Awaited<ReturnType<typeof records>>[number];
  const recordOf = (row: Selected): PassRecord => ({
    pass: row.pass,
    productTranslations: row.productTranslations,
    productShortDescription: row.productShortDescription,
    subscriptionAllowed: row.subscriptionAllowed ?? false,
    deviceNickname: row.deviceNickname,
    cardNickname: row.cardNickname,
    cardNumber: row.cardNumber,
    cardRemoved: row.cardRemovedAt !== null,
    orderNumber: row.orderNumber,
  });

  return {
    with(tx: Executor) {
      return createPassRepository(tx);
    },

    /** A page of the rider's passes, newest purchase first; asks `limit + 1` to tell a next page. */
    async page(userId: string, limit: number, cursor: KeysetCursor | null): Promise<PassRecord[]> {
      const after = cursor
        ? or(
            lt(passes.purchasedAt, cursor.at),
            and(eq(passes.purchasedAt, cursor.at), lt(passes.id, cursor.id)),
          )
        : undefined;
      const rows = await records(and(eq(passes.userId, userId), after))
        .orderBy(desc(passes.purchasedAt), desc(passes.id))
        .limit(limit + 1);
      return rows.map(recordOf);
    },

    /** The rider's passes on no card (or on a removed one). */
    async unattached(userId: string): Promise<PassRecord[]> {
      const rows = await records(
        and(
          eq(passes.userId, userId),
          or(isNull(passes.fareMediumId), sql`${fareMedia.removedAt} is not null`),
        ),
      ).orderBy(desc(passes.purchasedAt), desc(passes.id));
      return rows.map(recordOf);
    },

    /** The passes on one card, newest first. */
    async onCard(fareMediumId: string): Promise<PassRecord[]> {
      const rows = await records(and(eq(passes.fareMediumId, fareMediumId))).orderBy(
        desc(passes.purchasedAt),
        desc(passes.id),
      );
      return rows.map(recordOf);
    },

    async findForUser(userId: string, id: string): Promise<PassRecord | null> {
      const [row] = await records(and(eq(passes.userId, userId), eq(passes.id, id)));
      return row ? recordOf(row) : null;
    },

    /** The names of these passes in `locale` (their product's, else the name they were bought with). */
    async names(ids: readonly string[], locale: string): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: passes.id, name: passes.name, translations: products.translations })
        .from(passes)
        .leftJoin(products, eq(products.uuid, passes.productId))
        .where(inArray(passes.id, [...ids]));
      return new Map(rows.map((row) => [row.id, localized(row.translations, locale, "name", row.name)]));
    },

    /**
     * The card's passes a tap at `at` may ride on (bought by then, not ended, rides left), locked until
     * the caller's transaction ends: active ones first, then the oldest bought.
     */
    async lockUsableOnCard(fareMediumId: string, at: Date): Promise<PassRow[]> {
      return db
        .select()
        .from(passes)
        .where(
          and(
            eq(passes.fareMediumId, fareMediumId),
            inArray(passes.status, ["active", "available"]),
            // A pass bought after the tap (the simulator taps in the past) did not exist then.
            sql`${passes.purchasedAt} <= ${at.toISOString()}`,
            or(isNull(passes.expiresAt), sql`${passes.expiresAt} > ${at.toISOString()}`),
            or(isNull(passes.usableCount), sql`${passes.usedCount} < ${passes.usableCount}`),
          ),
        )
        .orderBy(asc(passes.status), asc(passes.purchasedAt), asc(passes.id))
        .for("no key update");
    },

    /** Writes a ride on the pass: its activation, end, rides used and status. */
    async recordRide(
      id: string,
      fields: Pick<PassRow, "activatedAt" | "expiresAt" | "usedCount" | "status">,
    ): Promise<void> {
      await db.update(passes).set(fields).where(eq(passes.id, id));
    },

    async lockForUser(userId: string, id: string): Promise<PassRow | null> {
      const [row] = await db
        .select()
        .from(passes)
        .where(and(eq(passes.userId, userId), eq(passes.id, id)))
        .for("no key update");
      return row ?? null;
    },

    /** Writes the pass's card, location or device. */
    async change(
      id: string,
      fields: Partial<Pick<PassRow, "fareMediumId" | "location" | "deviceId">>,
    ): Promise<void> {
      await db.update(passes).set(fields).where(eq(passes.id, id));
    },

    /** The passes on a card follow it to its new holder (null: unlinked), back in the cloud. */
    async assignCardPasses(fareMediumId: string, userId: string | null): Promise<void> {
      await db
        .update(passes)
        .set({ userId, location: "cloud", deviceId: null })
        .where(eq(passes.fareMediumId, fareMediumId));
    },

    /** Every pass on the device goes back to the cloud. */
    async toCloudFromDevice(deviceId: string): Promise<void> {
      await db.update(passes).set({ location: "cloud", deviceId: null }).where(eq(passes.deviceId, deviceId));
    },

    // Devices

    async devices(userId: string): Promise<Array<DeviceRow & { tickets: number }>> {
      const rows = await db
        .select()
        .from(devices)
        .where(and(eq(devices.userId, userId), isNull(devices.removedAt)))
        .orderBy(devices.registeredAt, devices.id);
      const counts = await createPassRepository(db).tickets(rows.map((row) => row.id));
      return rows.map((row) => ({ ...row, tickets: counts.get(row.id) ?? 0 }));
    },

    async device(userId: string, id: string, lock = false): Promise<DeviceRow | null> {
      const query = db
        .select()
        .from(devices)
        .where(and(eq(devices.userId, userId), eq(devices.id, id), isNull(devices.removedAt)));
      const [row] = lock ? await query.for("no key update") : await query;
      return row ?? null;
    },

    async tickets(deviceIds: readonly string[]): Promise<Map<string, number>> {
      if (deviceIds.length === 0) return new Map();
      const rows = await db
        .select({ deviceId: passes.deviceId, count: sql<string>`count(*)` })
        .from(passes)
        .where(inArray(passes.deviceId, [...deviceIds]))
        .groupBy(passes.deviceId);
      return new Map(rows.map((row) => [row.deviceId ?? "", Number(row.count)]));
    },

    /** The rider's device registered from `installationId`, live or removed. */
    async deviceByInstallation(userId: string, installationId: string): Promise<DeviceRow | null> {
      const [row] = await db
        .select()
        .from(devices)
        .where(and(eq(devices.userId, userId), eq(devices.installationId, installationId)));
      return row ?? null;
    },

    async insertDevice(row: typeof devices.$inferInsert): Promise<DeviceRow | null> {
      const [inserted] = await db.insert(devices).values(row).onConflictDoNothing().returning();
      return inserted ?? null;
    },

    async updateDevice(
      id: string,
      fields: Partial<Pick<DeviceRow, "nickname" | "model" | "removedAt" | "registeredAt">>,
    ): Promise<DeviceRow | null> {
      const [row] = await db.update(devices).set(fields).where(eq(devices.id, id)).returning();
      return row ?? null;
    },
  };
}
