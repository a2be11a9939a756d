import { randomInt, randomUUID } from "node:crypto";
import { orders, passes, paymentMethods } from "../db/schema.ts";
import { demoCatalog } from "../db/seed-catalog.ts";
import type { TestApp } from "./helpers.ts";

/** A pass of `userId` from a minimal paid order, on `card` (null: unattached). */
export async function newPass(
  t: TestApp,
  userId: string | null,
  options: {
    card?: string | null;
    productId?: string;
    name?: string;
    riderTypes?: string[];
    status?: "available" | "active" | "expired" | "spoiled";
    purchasedAt?: Date;
    expiresAt?: Date | null;
  } = {},
): Promise<{ id: string; orderId: string; orderNumber: string }> {
  const orderId = randomUUID();
  const orderNumber = `TP-${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;
  await t.app.db.insert(orders).values({
    id: orderId,
    number: orderNumber,
    userId,
    email: "pass-fixture@example.org",
    kind: "digital",
    fareMediumId: options.card ?? null,
    currency: t.config.currency_code,
    subtotal: 0,
    shipping: 0,
    discount: 0,
    total: 0,
  });
  const id = randomUUID();
  await t.app.db.insert(passes).values({
    id,
    orderId,
    line: 0,
    userId,
    fareMediumId: options.card ?? null,
    productId: options.productId ?? demoCatalog.products.weekPass,
    name: options.name ?? "7-Day Pass",
    status: options.status ?? "available",
    serialNumber: `PS-${randomUUID().replace(/-/g, "").slice(0, 16).toUpperCase()}`,
    purchasedAt: options.purchasedAt ?? new Date(),
    expiresAt: options.expiresAt ?? null,
    activatedAt: options.status === "active" ? new Date() : null,
    riderTypes: options.riderTypes ?? [],
  });
  return { id, orderId, orderNumber };
}

/** A saved Visa •••• 4242 of `userId`. */
export async function newPaymentMethod(t: TestApp, userId: string): Promise<string> {
  const id = randomUUID();
  await t.app.db.insert(paymentMethods).values({
    id,
    userId,
    kind: "card",
    gateway: "sandbox",
    gatewayMethodId: `pm_${randomUUID()}`,
    gatewayCustomerId: `cus_${randomUUID()}`,
    tokenHash: randomUUID(),
    brand: "visa",
    last4: "4242",
    expMonth: 12,
    expYear: 2031,
  });
  return id;
}

/** A guest's card token for an issued card (POST /transit/anonymous/card_tokens). */
export async function guestCardToken(
  t: TestApp,
  card: { card_number: string; security_code: string },
): Promise<string> {
  const reply = await t.app.inject({
    method: "POST",
    url: "/transit/anonymous/card_tokens",
    payload: { card_number: card.card_number, security_code: card.security_code },
  });
  if (reply.statusCode !== 201) throw new Error(`no card token: ${reply.body}`);
  return reply.json().data.card_token;
}

/** A fresh unlinked card through the dev route (real security code), as end-to-end tests get one. */
export async function issueCard(
  t: TestApp,
  body: { rider_type?: string; type?: string; balance?: number } = {},
): Promise<{ id: string; card_number: string; security_code: string }> {
  const reply = await t.app.inject({ method: "POST", url: "/dev/transit/fare_media", payload: body });
  if (reply.statusCode !== 201) throw new Error(`dev card not issued: ${reply.body}`);
  return reply.json().data;
}
