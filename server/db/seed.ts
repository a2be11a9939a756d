import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { money, negate, sum } from "../../src/domain/money.ts";
import { type AddressInput, parseAddress } from "../../src/domain/payments/address.ts";
import type { PortalConfig } from "../../src/domain/portal-config.ts";
import { manualClock } from "../domain/clock.ts";
import { ledgerAccounts } from "../domain/ledger-accounts.ts";
import { hashSecret } from "../domain/password.ts";
import { createOutbox } from "../gateways/outbox.ts";
import type { AttachedMethod } from "../gateways/payments/gateway.ts";
import { createSandboxGateway, type SandboxPaymentGateway } from "../gateways/payments/sandbox.ts";
import { createAddressRepository } from "../repositories/addresses.ts";
import { createCatalogRepository } from "../repositories/catalog.ts";
import { createPaymentMethodRepository } from "../repositories/payment-methods.ts";
import { createPromoCodeRepository } from "../repositories/promo-codes.ts";
import { createShippingMethodRepository } from "../repositories/shipping-methods.ts";
import { createLedgerService } from "../services/ledger.ts";
import { replyOf } from "../services/orders/replies.ts";
import { createOrderService } from "../services/orders.ts";
import { attachKeyOf, paymentMethodRowOf, tokenHashOf } from "../services/payment-methods.ts";
import { createPricingService } from "../services/pricing.ts";
import { renewalPeriodMs } from "../services/subscription-dates.ts";
import type { Database } from "./client.ts";
import {
  appMeta,
  fareMedia,
  organizations,
  paymentMethods,
  products,
  shippingAddresses,
  subscriptions,
  users,
} from "./schema.ts";
import { childOrganizationId, seedDemoCatalog } from "./seed-catalog.ts";
import { seedDemoFareSystem } from "./seed-fare-system.ts";
import { seedDemoPasses } from "./seed-passes.ts";

/** The demo rider of the README. Seeded only outside production. */
export const demoRider = { email: "rider@example.com", password: "transit-demo-2026" } as const;
/** A card nobody has linked yet, for managing a card as a guest. */
export const demoGuestCard = { printedCardNumber: "6000 0000 0000 0031", securityCode: "731" } as const;

const riderId = "7c9e2d41-6a3b-4f58-8e21-5d4c3b2a1f10";

/** Bumped when the demo catalogue changes, so an existing demo database gets the new one. */
const catalogVersion = "2";

/** Marks a database whose demo rider got the saved payment methods and addresses (issue 11). */
export const demoPaymentsMarker = "demo_payments_seeded_at";

/** Marks a database whose demo rider got a history of past orders (issue 12). */
export const demoOrdersMarker = "demo_orders_seeded_at";

/** Marks a database that got the demo promo codes and shipping methods (issue 12). */
export const demoCheckoutMarker = "demo_checkout_seeded_at";

/**
 * Applies the demo data once per database; later starts see the marker and do nothing. The catalogue
 * has its own marker and is rewritten when its version changes.
 */
export async function seedDemoData(
  db: Database,
  config: PortalConfig,
  options: { gateway?: SandboxPaymentGateway } = {},
): Promise<boolean> {
  const parentId = config.organization.parentUuid;
  const seeded = await seedAgencyAndRider(db, config);
  await seedDemoPayments(db, config, options.gateway ?? createSandboxGateway());
  const marker = await db.select().from(appMeta).where(eq(appMeta.key, "demo_catalog_version"));
  if (marker[0]?.value !== catalogVersion) {
    await seedDemoCatalog(db, parentId);
    await db
      .insert(appMeta)
      .values({ key: "demo_catalog_version", value: catalogVersion })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: catalogVersion } });
  }
  await seedDemoCheckout(db, config);
  await seedDemoOrders(db, config);
  await seedDemoFareSystem(db, config);
  await seedDemoPasses(db, config);
  return seeded;
}

/** General funds and commuter benefits (minor units) the demo cards start with. */
const openingBalances: ReadonlyArray<[cardId: string, general: number, commuter: number]> = [
  ["f1000000-0000-4000-8000-000000000001", 1_250, 4_000],
  ["f1000000-0000-4000-8000-000000000002", 300, 0],
  ["f1000000-0000-4000-8000-000000000003", 800, 0],
  ["f1000000-0000-4000-8000-000000000004", 500, 0],
];

async function seedAgencyAndRider(db: Database, config: PortalConfig): Promise<boolean> {
  const parentId = config.organization.parentUuid;
  const currency = config.currency_code;
  return db.transaction(async (tx) => {
    const marker = await tx.select().from(appMeta).where(eq(appMeta.key, "demo_seeded_at"));
    if (marker.length > 0) return false;

    await tx.insert(organizations).values([
      { id: parentId, parentId: null, legacyUuid: "MTA-0001", name: config.display_name },
      { id: childOrganizationId, parentId, legacyUuid: "MTA-FERRY-0002", name: "Metro Ferry Services" },
    ]);
    await tx.insert(users).values({
      id: riderId,
      email: demoRider.email,
      passwordHash: await hashSecret(demoRider.password),
      firstName: "Riley",
      lastName: "Rider",
      mobile: null,
      locale: "en",
      emailConfirmed: true,
    });
    await tx.insert(fareMedia).values([
      {
        id: "f1000000-0000-4000-8000-000000000001",
        userId: riderId,
        organizationId: parentId,
        nickname: "Commute card",
        printedCardNumber: "6000 0000 0000 0015",
        securityCodeHash: await hashSecret("415"),
        expiresOn: "2030-12-31",
        category: "Adult",
        type: "PHYSICAL",
        status: "ACTIVE",
        riderType: "ADULT",
      },
      {
        id: "f1000000-0000-4000-8000-000000000002",
        userId: riderId,
        organizationId: parentId,
        nickname: "Phone card",
        printedCardNumber: "6000 0000 0000 0023",
        securityCodeHash: await hashSecret("523"),
        expiresOn: "2031-06-30",
        category: "Adult",
        type: "VIRTUAL",
        status: "ACTIVE",
        riderType: "ADULT",
      },
      {
        id: "f1000000-0000-4000-8000-000000000003",
        userId: null,
        organizationId: parentId,
        nickname: "Guest card",
        printedCardNumber: demoGuestCard.printedCardNumber,
        securityCodeHash: await hashSecret(demoGuestCard.securityCode),
        expiresOn: "2030-12-31",
        category: "Adult",
        type: "PHYSICAL",
        status: "ACTIVE",
        riderType: "ADULT",
      },
      {
        id: "f1000000-0000-4000-8000-000000000004",
        userId: riderId,
        organizationId: parentId,
        nickname: "Kid's card",
        printedCardNumber: "6000 0000 0000 0049",
        securityCodeHash: await hashSecret("649"),
        expiresOn: "2029-08-31",
        category: "Youth",
        type: "PHYSICAL",
        status: "ACTIVE",
        riderType: "YOUTH",
      },
      {
        id: "f1000000-0000-4000-8000-000000000005",
        userId: riderId,
        organizationId: parentId,
        nickname: "Lost card",
        printedCardNumber: "6000 0000 0000 0056",
        securityCodeHash: await hashSecret("756"),
        expiresOn: "2030-03-31",
        category: "Adult",
        type: "PHYSICAL",
        status: "BLOCKED",
        riderType: "ADULT",
        // Blocked by its rider when it was lost, so the demo shows unblocking (an agency's block has
        // no blocked_at and cannot be lifted online).
        blockedAt: new Date("2026-09-14T16:20:00Z"),
      },
      {
        id: "f1000000-0000-4000-8000-000000000006",
        userId: riderId,
        organizationId: parentId,
        nickname: "Paper ticket",
        printedCardNumber: "6000 0000 0000 0064",
        securityCodeHash: await hashSecret("864"),
        expiresOn: "2027-01-31",
        category: "Adult",
        type: "LIMITED_USE",
        status: "ACTIVE",
        riderType: "ADULT",
      },
    ]);
    // Balances are ledger accounts: each card's opening balance is one posting against `opening`.
    const ledger = createLedgerService();
    for (const [cardId, general, commuter] of openingBalances) {
      const held = [
        { account: ledgerAccounts.fareCard(cardId, "general"), amount: money(general, currency) },
        { account: ledgerAccounts.fareCard(cardId, "commuter"), amount: money(commuter, currency) },
      ].filter((entry) => entry.amount.amount !== 0);
      const opening = negate(
        sum(
          currency,
          held.map((entry) => entry.amount),
        ),
      );
      await ledger.post(tx, {
        reference: `opening:${cardId}`,
        entries: [...held, { account: ledgerAccounts.opening, amount: opening }],
      });
    }
    await tx.insert(appMeta).values({ key: "demo_seeded_at", value: new Date().toISOString() });
    return true;
  });
}

/** The demo rider's saved card: Stripe's always-approving Visa, as the card form would tokenize it. */
const demoCard = {
  number: "4242 4242 4242 4242",
  cvc: "123",
  postalCode: "94105",
  nickname: "Everyday card",
  billing: { last_name: "Rider", address_1: "100 Market St", zip_code: "94105" },
} as const;
/** Stripe's test ACH account that succeeds, with a routing number whose checksum holds. */
const demoBankAccount = {
  routingNumber: "110000000",
  accountNumber: "000123456789",
  holderName: "Riley Rider",
} as const;
const demoAddresses: readonly AddressInput[] = [
  {
    firstName: "Riley",
    lastName: "Rider",
    address_1: "100 Market St",
    address_2: "Apt 5",
    country: "US",
    state: "CA",
    city: "San Francisco",
    zipCode: "94105",
    email: null,
    isDefault: true,
  },
  {
    firstName: "Riley",
    lastName: "Rider",
    address_1: "1 Ferry Building",
    address_2: null,
    country: "US",
    state: "CA",
    city: "San Francisco",
    zipCode: "94111",
    email: null,
    isDefault: false,
  },
];

/**
 * The demo rider's saved payment methods and shipping addresses, once per database (its own marker,
 * so a demo database seeded before issue 11 gets them too). The methods go through the sandbox gateway
 * as the portal's would: the card and bank account are tokenized, then attached for the rider with the
 * route's idempotency key, and the rows keep the gateway's references and the token's hash, no number.
 * A database whose demo rider is gone only gets the marker.
 */
async function seedDemoPayments(
  db: Database,
  config: PortalConfig,
  gateway: SandboxPaymentGateway,
): Promise<void> {
  const done = await db.select().from(appMeta).where(eq(appMeta.key, demoPaymentsMarker));
  if (done.length > 0) return;

  const card = gateway.createCardToken({
    number: demoCard.number,
    exp_month: 12,
    exp_year: new Date().getUTCFullYear() + 4,
    cvc: demoCard.cvc,
    postal_code: demoCard.postalCode,
  });
  const bank = gateway.createBankToken({
    routing_number: demoBankAccount.routingNumber,
    account_number: demoBankAccount.accountNumber,
    account_type: "checking",
    account_holder_name: demoBankAccount.holderName,
  });
  if (!card.ok || !bank.ok) throw new Error("the sandbox refused the demo card or bank account");
  const attach = async (token: string): Promise<{ method: AttachedMethod; tokenHash: string }> => {
    const tokenHash = tokenHashOf(token);
    const result = await gateway.attach({
      idempotencyKey: attachKeyOf(riderId, tokenHash),
      customer: { id: riderId },
      token,
    });
    if (result.outcome !== "approved")
      throw new Error(`the sandbox did not attach a demo method: ${result.reason}`);
    return { method: result.method, tokenHash };
  };
  const savedCard = await attach(card.value.token);
  const savedBank = await attach(bank.value.token);

  await db.transaction(async (tx) => {
    // The marker first: a second seeder at the same moment inserts nothing and stops here.
    const marked = await tx
      .insert(appMeta)
      .values({ key: demoPaymentsMarker, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (marked.length === 0) return;
    const [rider] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, riderId))
      .for("no key update");
    if (!rider) return;

    const methods = createPaymentMethodRepository(tx);
    await methods.add({
      ...paymentMethodRowOf(riderId, savedCard.method, gateway.provider, savedCard.tokenHash, {
        nickname: demoCard.nickname,
        commuterBenefits: false,
        billing: { ...demoCard.billing },
        holderName: null,
      }),
      isDefault: config.supportDefaultPayment,
    });
    await methods.add(
      paymentMethodRowOf(riderId, savedBank.method, gateway.provider, savedBank.tokenHash, {
        nickname: null,
        commuterBenefits: false,
        billing: null,
        holderName: demoBankAccount.holderName,
      }),
    );

    const addresses = createAddressRepository(tx);
    for (const input of demoAddresses) {
      const parsed = parseAddress(input);
      if (!parsed.ok) throw new Error(`a demo address is not valid: ${JSON.stringify(parsed.problems)}`);
      await addresses.add(riderId, parsed.address, parsed.address.isDefault);
    }
  });
}

/** The demo promo codes (README): what each is for. */
export const demoPromoCodes = {
  /** 10% off everything, no end. */
  welcome: "WELCOME10",
  /** $5.00 off, once per rider. */
  fiveOff: "FIVEOFF",
  /** 20% off rail products only. */
  rail: "RAIL20",
  /** Ended on 1 January 2026. */
  expired: "EXPIRED2025",
} as const;

/** The demo shipping methods (README), in list order; prices in the deployment's currency. */
const demoShippingMethods = [
  {
    code: "standard",
    name: "Standard mail",
    translations: { es: { name: "Correo estándar" }, vi: { name: "Thư thường" } },
    price: 0,
    countries: ["US"],
  },
  {
    code: "priority",
    name: "Priority mail",
    translations: { es: { name: "Correo prioritario" }, vi: { name: "Thư ưu tiên" } },
    price: 750,
    countries: ["US", "CA"],
  },
  {
    code: "international",
    name: "International",
    translations: { es: { name: "Internacional" }, vi: { name: "Quốc tế" } },
    price: 1500,
    countries: [],
  },
] as const;

/**
 * The demo promo codes and shipping methods, once per database (their own marker, so a demo database
 * seeded before issue 12 gets them too). RAIL20 is limited to the catalogue's rail products as they
 * are when it is seeded.
 */
async function seedDemoCheckout(db: Database, config: PortalConfig): Promise<void> {
  const currency = config.currency_code;
  await db.transaction(async (tx) => {
    const marked = await tx
      .insert(appMeta)
      .values({ key: demoCheckoutMarker, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (marked.length === 0) return;
    const codes = createPromoCodeRepository(tx);
    const since = new Date("2025-01-01T00:00:00Z");
    await codes.insert({ code: demoPromoCodes.welcome, kind: "percent", percentOff: 1000, validFrom: since });
    await codes.insert({
      code: demoPromoCodes.fiveOff,
      kind: "amount",
      amountOff: 500,
      currency,
      validFrom: since,
      maxRedemptionsPerRider: 1,
    });
    const rail = await tx
      .select({ uuid: products.uuid })
      .from(products)
      .where(eq(products.serviceType, "rail"));
    await codes.insert({
      code: demoPromoCodes.rail,
      kind: "percent",
      percentOff: 2000,
      validFrom: since,
      productIds: rail.map((product) => product.uuid),
    });
    await codes.insert({
      code: demoPromoCodes.expired,
      kind: "percent",
      percentOff: 1500,
      validFrom: since,
      validUntil: new Date("2026-01-01T00:00:00Z"),
    });
    const methods = createShippingMethodRepository(tx);
    for (const [listPriority, method] of demoShippingMethods.entries()) {
      await methods.insert({
        ...method,
        translations: { ...method.translations },
        countries: [...method.countries],
        currency,
        listPriority: listPriority + 1,
      });
    }
  });
}

/** How many past orders the demo rider has: more than one page of order history (12). */
export const demoOrderCount = 16;

/**
 * The demo rider's order history, once per database (its own marker): `demoOrderCount` orders placed
 * through the order service itself, as the checkout would, on dates spread over the last months (the
 * service's clock is set to each order's day): passes for the phone and commute cards, a promo code, a
 * split between the saved card and the bank account, an auto-renewed pass and a fare card mailed to the
 * default address. Paid with the saved methods only, so the cards' balances stay as seeded; no receipt
 * is written (the dev mailbox shows what happened since the start). A database without the demo rider
 * or its methods only gets the marker.
 */
async function seedDemoOrders(db: Database, config: PortalConfig): Promise<void> {
  const done = await db.select().from(appMeta).where(eq(appMeta.key, demoOrdersMarker));
  if (done.length > 0) return;
  const marked = await db
    .insert(appMeta)
    .values({ key: demoOrdersMarker, value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning();
  if (marked.length === 0) return;
  const [rider] = await db.select().from(users).where(eq(users.id, riderId));
  const methods = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, riderId), isNull(paymentMethods.removedAt)))
    .orderBy(asc(paymentMethods.createdAt));
  const card = methods.find((method) => method.kind === "card");
  const bank = methods.find((method) => method.kind === "bank_account");
  const [address] = await db
    .select()
    .from(shippingAddresses)
    .where(eq(shippingAddresses.userId, riderId))
    .orderBy(desc(shippingAddresses.isDefault));
  if (!rider || !card || !bank || !address) return;

  const clock = manualClock();
  const ledger = createLedgerService({ clock });
  const catalog = createCatalogRepository(db);
  const orders = createOrderService({
    db,
    clock,
    config: () => config,
    pricing: createPricingService({ db, catalog, clock, config: () => config }),
    gateway: createSandboxGateway({ database: db, now: () => clock.now() }),
    ledger,
    outbox: createOutbox(db),
    publicUrl: null,
  });
  const snapshot = await catalog.snapshot();
  const priceOf = (uuid: string) => snapshot.products.find((entry) => entry.row.uuid === uuid)?.row.listPrice;
  const { dayPass, weekPass, monthPass, metroFareCard } = {
    dayPass: "a2000000-0000-4000-8000-000000000001",
    weekPass: "a2000000-0000-4000-8000-000000000002",
    monthPass: "a2000000-0000-4000-8000-000000000003",
    metroFareCard: "a1000000-0000-4000-8000-000000000001",
  };
  const phoneCard = "f1000000-0000-4000-8000-000000000002";
  const commuteCard = "f1000000-0000-4000-8000-000000000001";
  type Plan = {
    product: string;
    quantity: number;
    fareCard: string | null;
    autoRenew?: boolean;
    promo?: string;
    split?: boolean;
  };
  const plans: Plan[] = [
    { product: monthPass, quantity: 1, fareCard: commuteCard },
    { product: dayPass, quantity: 2, fareCard: phoneCard },
    { product: weekPass, quantity: 1, fareCard: phoneCard, split: true },
    { product: metroFareCard, quantity: 1, fareCard: null },
    { product: dayPass, quantity: 1, fareCard: commuteCard, promo: demoPromoCodes.welcome },
    { product: weekPass, quantity: 1, fareCard: commuteCard, autoRenew: true },
  ];
  const now = Date.now();
  const day = 24 * 60 * 60 * 1000;
  for (let index = 0; index < demoOrderCount; index++) {
    const plan = plans[index % plans.length] as Plan;
    // Oldest first, about a week apart, at varied times of day.
    clock.set(new Date(now - (demoOrderCount - index) * 7 * day - ((index * 5) % 11) * 3_600_000));
    const unit = priceOf(plan.product);
    if (unit === undefined) return;
    const physical = plan.product === metroFareCard;
    const subtotal = unit * plan.quantity;
    const discount = plan.promo ? Math.floor((subtotal * 1000 + 5000) / 10_000) : 0;
    const shipping = physical ? (demoShippingMethods[0]?.price ?? 0) : 0;
    const total = subtotal - discount + shipping;
    // Split over two methods only where the deployment allows it (the spec's own file does not).
    const payments =
      plan.split && total > 100 && config.enableSplitPayments.purchasePasses
        ? [
            { kind: "saved" as const, payment_method: card.id, amount: total - 100 },
            { kind: "saved" as const, payment_method: bank.id, amount: 100 },
          ]
        : [{ kind: "saved" as const, payment_method: card.id, amount: total }];
    const placed = await orders.place({
      customer: { kind: "rider", user: rider },
      idempotencyKey: `demo-order-${index}`,
      request: {
        lines: [
          {
            product: plan.product,
            quantity: plan.quantity,
            // A rider renews a pass once: the newest of these orders is the one that renews.
            ...(plan.autoRenew && index + plans.length >= demoOrderCount ? { auto_renew: true } : {}),
          },
        ],
        fare_medium: plan.fareCard,
        promo_code: plan.promo ?? null,
        shipping_method: physical ? (demoShippingMethods[0]?.code ?? null) : null,
        shipping_address: physical ? address.id : null,
        expected_total: total,
        payments,
      },
      locale: "en",
      address: "127.0.0.1",
      receipt: false,
    });
    if (!placed.ok) throw new Error(`a demo order was refused: ${replyOf(placed).body}`);
  }
  // The auto-renewed pass was bought weeks ago: its next renewal is the first one after today, so
  // the server's first run charges nothing for the weeks in between (README: renewals).
  for (const row of await db.select().from(subscriptions).where(eq(subscriptions.userId, rider.id))) {
    if (!row.renewsAt || row.renewsAt.getTime() > now) continue;
    const period = renewalPeriodMs(
      snapshot.products.find((entry) => entry.row.uuid === row.productId)?.row.validDays ?? null,
    );
    const next = row.renewsAt.getTime() + Math.ceil((now - row.renewsAt.getTime() + 1) / period) * period;
    await db
      .update(subscriptions)
      .set({ renewsAt: new Date(next) })
      .where(eq(subscriptions.id, row.id));
  }
}
