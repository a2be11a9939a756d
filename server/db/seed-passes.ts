import { and, arrayContains, asc, eq, isNull } from "drizzle-orm";
import type { PortalConfig } from "../../src/domain/portal-config.ts";
import { createCardActivityRepository } from "../repositories/card-activity.ts";
import type { Database } from "./client.ts";
import { appMeta, devices, orders, passes, products, users } from "./schema.ts";

/** Marks a database whose demo rider got devices, passes on them and unattached passes (issue 13). */
export const demoPassesMarker = "demo_passes_seeded_at";

const riderId = "7c9e2d41-6a3b-4f58-8e21-5d4c3b2a1f10";
const phoneCard = "f1000000-0000-4000-8000-000000000002";
const guestCard = "f1000000-0000-4000-8000-000000000003";

/** The demo rider's phones (README). */
const demoDevices = [
  {
    id: "d1000000-0000-4000-8000-000000000001",
    nickname: "Riley's Pixel",
    model: "Pixel 9",
    installationId: "demo-pixel-9",
  },
  {
    id: "d1000000-0000-4000-8000-000000000002",
    nickname: "Work iPhone",
    model: "iPhone 16",
    installationId: "demo-work-iphone",
  },
] as const;

/** The demo's own orders for passes (outside the rider's order history): numbers the README can quote. */
const demoPassOrders = {
  unattached: { id: "e1000000-0000-4000-8000-000000000001", number: "TP-90000001" },
  guest: { id: "e1000000-0000-4000-8000-000000000002", number: "TP-90000002" },
} as const;

/**
 * Issue 13's demo data, once per database (its own marker): the demo rider's two devices, two of the
 * phone card's available passes on the Pixel, two unattached passes (an adult 1-day pass and a youth
 * 7-day pass, so attaching to an adult card can be refused), and two passes on the guest card
 * ("6000 0000 0000 0031", which already holds $8.00). The passes come from orders of the agency's own
 * (a zero total, no payment) so the rider's order history keeps its count. A database without the demo
 * rider only gets the marker.
 */
export async function seedDemoPasses(db: Database, config: PortalConfig): Promise<void> {
  const marked = await db
    .insert(appMeta)
    .values({ key: demoPassesMarker, value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning();
  if (marked.length === 0) return;
  const [rider] = await db.select().from(users).where(eq(users.id, riderId));
  if (!rider) return;
  const now = new Date();
  const currency = config.currency_code;
  const pick = async (riderType: string, name: string) => {
    const [found] = await db
      .select()
      .from(products)
      .where(
        and(
          eq(products.subType, "DIGITAL_PASS"),
          arrayContains(products.riderTypes, [riderType]),
          eq(products.active, true),
        ),
      )
      .orderBy(asc(products.listPriority), asc(products.uuid));
    const named = await db
      .select()
      .from(products)
      .where(and(eq(products.subType, "DIGITAL_PASS"), arrayContains(products.riderTypes, [riderType])));
    // The name without its rider type ("Youth 7-Day Pass" is a "7-Day Pass"), matched whole: "Day
    // Pass" is not the 7-Day Pass.
    const plain = (text: string) => text.replace(/^(Youth|Senior|Reduced Fare) /, "");
    return named.find((product) => plain(product.name) === name) ?? found;
  };
  const adultDay = await pick("ADULT", "Day Pass");
  const youthWeek = await pick("YOUTH", "7-Day Pass");
  if (!adultDay || !youthWeek) return;

  await db.transaction(async (tx) => {
    await tx
      .insert(devices)
      .values(demoDevices.map((device) => ({ ...device, userId: riderId, registeredAt: now })));

    // Two of the phone card's passes on the Pixel.
    const onPhone = await tx
      .select()
      .from(passes)
      .where(and(eq(passes.fareMediumId, phoneCard), eq(passes.status, "available"), isNull(passes.deviceId)))
      .orderBy(asc(passes.purchasedAt), asc(passes.id))
      .limit(2);
    for (const pass of onPhone) {
      await tx
        .update(passes)
        .set({ location: "device", deviceId: demoDevices[0].id })
        .where(eq(passes.id, pass.id));
    }

    const order = (id: string, number: string, email: string) => ({
      id,
      number,
      userId: null,
      email,
      kind: "digital" as const,
      currency,
      subtotal: 0,
      shipping: 0,
      discount: 0,
      total: 0,
      createdAt: now,
    });
    await tx
      .insert(orders)
      .values([
        order(demoPassOrders.unattached.id, demoPassOrders.unattached.number, rider.email),
        order(demoPassOrders.guest.id, demoPassOrders.guest.number, "guest@example.com"),
      ]);
    const pass = (
      id: string,
      orderId: string,
      line: number,
      product: typeof adultDay,
      userId: string | null,
      fareMediumId: string | null,
      serial: string,
    ) => ({
      id,
      orderId,
      line,
      userId,
      fareMediumId,
      productId: product.uuid,
      name: product.name,
      serialNumber: serial,
      purchasedAt: now,
      riderTypes: product.riderTypes,
      // The pass's life is its product's (a Day Pass lasts a day from its first ride).
      validDays: product.validDays,
      usableCount: product.usableCount,
    });
    await tx
      .insert(passes)
      .values([
        pass(
          "e2000000-0000-4000-8000-000000000001",
          demoPassOrders.unattached.id,
          0,
          adultDay,
          riderId,
          null,
          "PS-DEMO00000000001",
        ),
        pass(
          "e2000000-0000-4000-8000-000000000002",
          demoPassOrders.unattached.id,
          1,
          youthWeek,
          riderId,
          null,
          "PS-DEMO00000000002",
        ),
        pass(
          "e2000000-0000-4000-8000-000000000003",
          demoPassOrders.guest.id,
          0,
          adultDay,
          null,
          guestCard,
          "PS-DEMO00000000003",
        ),
        pass(
          "e2000000-0000-4000-8000-000000000004",
          demoPassOrders.guest.id,
          1,
          adultDay,
          null,
          guestCard,
          "PS-DEMO00000000004",
        ),
      ]);
    const activity = createCardActivityRepository(tx);
    for (const serial of ["3", "4"]) {
      await activity.record({
        fareMediumId: guestCard,
        kind: "pass_attached",
        occurredAt: now,
        currency,
        detail: { pass: adultDay.name, pass_id: `e2000000-0000-4000-8000-00000000000${serial}` },
        orderId: demoPassOrders.guest.id,
      });
    }
  });
}
