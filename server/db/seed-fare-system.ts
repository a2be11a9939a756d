import { and, asc, eq, isNull } from "drizzle-orm";
import { money } from "../../src/domain/money.ts";
import type { PortalConfig } from "../../src/domain/portal-config.ts";
import { periodAround } from "../domain/agency-time.ts";
import { manualClock } from "../domain/clock.ts";
import { ledgerAccounts } from "../domain/ledger-accounts.ts";
import { createOutbox } from "../gateways/outbox.ts";
import { createSandboxGateway } from "../gateways/payments/sandbox.ts";
import { createCatalogRepository } from "../repositories/catalog.ts";
import { createFareCapService } from "../services/fare-caps.ts";
import { createLedgerService } from "../services/ledger.ts";
import { replyOf } from "../services/orders/replies.ts";
import { createOrderService } from "../services/orders.ts";
import { createPricingService } from "../services/pricing.ts";
import { createTapService } from "../services/taps.ts";
import type { Database } from "./client.ts";
import {
  appMeta,
  cardActivity,
  fareCapRules,
  organizations,
  paymentMethods,
  transitRoutes,
  users,
} from "./schema.ts";

/** Marks a database that got the demo routes, fare caps, taps and wallet (issue 13). */
const demoFareSystemMarker = "demo_fare_system_seeded_at";

const demoRoutes = [
  {
    code: "10",
    name: "Crosstown",
    mode: "bus",
    fares: { ADULT: 250, YOUTH: 125, SENIOR: 125 },
    translations: { es: { name: "Transversal" }, vi: { name: "Xuyên thành phố" } },
  },
  {
    code: "RED",
    name: "Red Line",
    mode: "rail",
    fares: { ADULT: 300, YOUTH: 150, SENIOR: 150 },
    translations: { es: { name: "Línea Roja" }, vi: { name: "Tuyến Đỏ" } },
  },
  {
    code: "F1",
    name: "Harbor Ferry",
    mode: "ferry",
    fares: { ADULT: 450, YOUTH: 225, SENIOR: 225 },
    translations: { es: { name: "Ferry del Puerto" }, vi: { name: "Phà Cảng" } },
  },
] as const;

/** Where the demo's readers stand, by route (today's bus tap comes from a reader that names none). */
const demoStops: Record<string, string> = {
  "10": "Main St & 5th Ave",
  RED: "Union Station",
  F1: "Harbor Terminal",
};

const demoCapRules = [
  {
    id: "c1000000-0000-4000-8000-000000000001",
    name: "Daily cap",
    riderType: "ADULT",
    period: "day",
    trips: 3,
    translations: { es: { name: "Tope diario" }, vi: { name: "Giới hạn ngày" } },
  },
  {
    id: "c1000000-0000-4000-8000-000000000002",
    name: "Weekly cap",
    riderType: "ADULT",
    period: "week",
    trips: 12,
    translations: { es: { name: "Tope semanal" }, vi: { name: "Giới hạn tuần" } },
  },
  {
    id: "c1000000-0000-4000-8000-000000000003",
    name: "Daily cap",
    riderType: "YOUTH",
    period: "day",
    trips: 2,
    translations: { es: { name: "Tope diario" }, vi: { name: "Giới hạn ngày" } },
  },
] as const;

const riderId = "7c9e2d41-6a3b-4f58-8e21-5d4c3b2a1f10";
/** The demo rider's Kid's card (YOUTH): a load a month ago, then the month's rides spend it back to 5.00. */
const kidsCard = "f1000000-0000-4000-8000-000000000004";
/** What the demo wallet holds (minor units). */
export const demoWalletBalance = 2_000;

/**
 * The fare system's demo (issue 13), once per database (its own marker): the routes and fare caps, the
 * demo rider's wallet of 20.00 (from `opening`), and a month of the rider's rides through the real
 * taps service on a clock set in the past: the Kid's card loaded with 20.00 a month ago (an order of
 * kind load through the order service), two or three rides on eight days (the youth daily cap of 2
 * reached on several), one ride today (a cap in progress), so it ends with the 5.00 it started with;
 * and a few bank-card taps of the saved Visa (transactions).
 */
export async function seedDemoFareSystem(db: Database, config: PortalConfig): Promise<void> {
  const done = await db.select().from(appMeta).where(eq(appMeta.key, demoFareSystemMarker));
  if (done.length > 0) return;
  const marked = await db
    .insert(appMeta)
    .values({ key: demoFareSystemMarker, value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning();
  if (marked.length === 0) return;
  const organizationId = config.organization.parentUuid;
  const currency = config.currency_code;
  // A database without the demo agency (an upgraded one) gets only the marker.
  const [agency] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!agency) return;
  await db
    .insert(transitRoutes)
    .values(demoRoutes.map((route) => ({ ...route, fares: { ...route.fares }, organizationId })))
    .onConflictDoNothing();
  await db
    .insert(fareCapRules)
    .values(demoCapRules.map((rule) => ({ ...rule, organizationId })))
    .onConflictDoNothing();

  const [rider] = await db.select().from(users).where(eq(users.id, riderId));
  if (!rider) return;
  const clock = manualClock();
  const ledger = createLedgerService({ clock });
  await db.transaction((tx) =>
    ledger.post(tx, {
      reference: `opening:wallet:${riderId}`,
      entries: [
        { account: ledgerAccounts.wallet(riderId), amount: money(demoWalletBalance, currency) },
        { account: ledgerAccounts.opening, amount: money(-demoWalletBalance, currency) },
      ],
    }),
  );

  const [visa] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.userId, riderId),
        eq(paymentMethods.kind, "card"),
        isNull(paymentMethods.removedAt),
      ),
    )
    .orderBy(asc(paymentMethods.createdAt))
    .limit(1);
  if (!visa) return;
  const gateway = createSandboxGateway({ database: db, now: () => clock.now() });
  const catalog = createCatalogRepository(db);
  const orders = createOrderService({
    db,
    clock,
    config: () => config,
    pricing: createPricingService({ db, catalog, clock, config: () => config }),
    gateway,
    ledger,
    outbox: createOutbox(db),
    publicUrl: null,
  });
  const taps = createTapService({
    db,
    clock,
    ledger,
    gateway,
    fareCaps: createFareCapService(),
    currency: () => currency,
  });

  const now = new Date();
  const day = 24 * 3600_000;
  // Days are counted from the start of today in the agency's time zone, rides at its local hours.
  const today = periodAround(now, "day").starts.getTime();
  const at = (daysAgo: number, hour: number) => new Date(today - daysAgo * day + hour * 3600_000);

  clock.set(at(30, 8));
  // $20.00, or the nearest the deployment's load bounds allow.
  const loadAmount = Math.min(Math.max(2_000, config.loadLimits.min), config.loadLimits.max);
  const loaded = await orders.placeLoad({
    customer: { kind: "rider", user: rider },
    idempotencyKey: "demo-load-kids-card",
    request: {
      amount: loadAmount,
      expected_total: loadAmount,
      payments: [{ kind: "saved", payment_method: visa.id, amount: loadAmount }],
    },
    target: { kind: "card", cardId: kidsCard },
    locale: "en",
    address: "127.0.0.1",
    receipt: false,
  });
  if (!loaded.ok) throw new Error(`the demo load was refused: ${replyOf(loaded).body}`);
  await db
    .update(cardActivity)
    .set({ pending: false, settledAt: new Date(at(30, 8).getTime() + 10 * 60_000) })
    .where(and(eq(cardActivity.fareMediumId, kidsCard), eq(cardActivity.pending, true)));

  // Youth fares: 1.25 bus, 1.50 rail. A day of bus, rail and ferry pays 2.75 and rides the ferry free
  // (the daily cap of 2); a day of two buses pays 2.50. 5 x 2.75 + 2 x 2.50 + today's 1.25 = 20.00.
  const capped = (daysAgo: number): Array<[number, number, string]> => [
    [daysAgo, 7, "10"],
    [daysAgo, 12, "RED"],
    [daysAgo, 17, "F1"],
  ];
  const twoBuses = (daysAgo: number): Array<[number, number, string]> => [
    [daysAgo, 8, "10"],
    [daysAgo, 18, "10"],
  ];
  const rides = [
    ...capped(28),
    ...twoBuses(25),
    ...capped(21),
    ...capped(17),
    ...twoBuses(13),
    ...capped(9),
    ...capped(4),
  ];
  for (const [daysAgo, hour, route] of rides) {
    clock.set(at(daysAgo, hour));
    await taps.tap({ route, fare_medium: kidsCard, key: `demo-${daysAgo}-${hour}`, stop: demoStops[route] });
  }
  // Today: one bus ride, a cap in progress.
  clock.set(new Date(Math.min(now.getTime() - 60_000, today + 7 * 3600_000)));
  await taps.tap({ route: "10", fare_medium: kidsCard, key: "demo-today" });

  for (const [daysAgo, hour, route] of [
    [26, 9, "RED"],
    [19, 18, "10"],
    [12, 9, "F1"],
    [5, 8, "RED"],
    [2, 19, "10"],
  ] as const) {
    clock.set(at(daysAgo, hour));
    await taps.tap({ route, payment_method: visa.id, key: `demo-bank-${daysAgo}` });
  }
}
