import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { money } from "../../src/domain/money.ts";
import { fareCapRules, fareMedia, organizations, transitRoutes } from "../db/schema.ts";
import { ledgerAccounts } from "../domain/ledger-accounts.ts";
import { SandboxPaymentGateway } from "../gateways/payments/sandbox.ts";
import type { TestApp } from "./helpers.ts";
import { testCardToken } from "./sandbox-cards.ts";

let riders = 0;
let cards = 0;

/** A new rider with a confirmed email, signed in: their id and bearer token. */
export async function newRider(t: TestApp, prefix = "transit"): Promise<{ id: string; token: string }> {
  const user = await t.app.accounts.create({
    email: `${prefix}-${process.pid}-${++riders}-${randomUUID().slice(0, 8)}@example.org`,
    passwordHash: "not-a-real-hash",
    firstName: "Ada",
    lastName: "Byron",
    mobile: null,
    locale: "en",
    emailConfirmed: true,
  });
  const session = await t.app.accounts.startSession(user.id, new Date());
  return { id: user.id, token: session.token };
}

/** The demo organisation's id (the parent). */
export async function organizationId(t: TestApp): Promise<string> {
  const [row] = await t.app.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, t.config.organization.parentUuid));
  if (!row) throw new Error("the demo organisation is missing");
  return row.id;
}

/** A fare card for `userId` (null: nobody's), holding `general` and `commuter` from the `promo` account. */
export async function newCard(
  t: TestApp,
  userId: string | null,
  options: {
    general?: number;
    commuter?: number;
    riderType?: string;
    status?: "ACTIVE" | "BLOCKED" | "INVALID" | "SUSPENDED";
    nickname?: string;
    /** A physical card unless asked (a digital one lives on the rider's phone). */
    type?: "PHYSICAL" | "VIRTUAL";
  } = {},
): Promise<{ id: string; number: string }> {
  const id = randomUUID();
  const serial = `${process.pid % 1000}`.padStart(3, "0") + `${++cards}`.padStart(5, "0");
  const number = `7${serial}${randomUUID().replace(/\D/g, "").slice(0, 7).padEnd(7, "0")}`;
  await t.app.db.insert(fareMedia).values({
    id,
    userId,
    organizationId: await organizationId(t),
    nickname: options.nickname ?? `Card ${cards}`,
    printedCardNumber: number,
    securityCodeHash: "not-a-real-hash",
    expiresOn: "2031-12-31",
    category: "Adult",
    type: options.type ?? "PHYSICAL",
    status: options.status ?? "ACTIVE",
    riderType: options.riderType ?? "ADULT",
    ...(options.status === "BLOCKED" ? { blockedAt: new Date() } : {}),
  });
  const currency = t.config.currency_code;
  const entries = [
    { account: ledgerAccounts.fareCard(id, "general"), amount: options.general ?? 0 },
    { account: ledgerAccounts.fareCard(id, "commuter"), amount: options.commuter ?? 0 },
  ].filter((entry) => entry.amount > 0);
  const total = entries.reduce((sum, entry) => sum + entry.amount, 0);
  if (total > 0) {
    await t.app.db.transaction((tx) =>
      t.app.ledger.post(tx, {
        reference: `test-funds:${id}`,
        entries: [
          ...entries.map((entry) => ({ account: entry.account, amount: money(entry.amount, currency) })),
          { account: ledgerAccounts.promo, amount: money(-total, currency) },
        ],
      }),
    );
  }
  return { id, number };
}

/** A route of the demo organisation (code unique per call unless given). */
export async function newRoute(
  t: TestApp,
  fares: Record<string, number> = { ADULT: 250, YOUTH: 125 },
  code = `T${randomUUID().slice(0, 6)}`,
): Promise<string> {
  await t.app.db
    .insert(transitRoutes)
    .values({ code, organizationId: await organizationId(t), name: `Test ${code}`, mode: "bus", fares })
    .onConflictDoNothing();
  return code;
}

/** A fare cap rule of the demo organisation for a rider type (tests use made-up rider types to stay apart). */
export async function newCapRule(
  t: TestApp,
  riderType: string,
  period: "day" | "week" | "month",
  trips: number,
  name = `${period} cap`,
): Promise<string> {
  const id = randomUUID();
  await t.app.db.insert(fareCapRules).values({
    id,
    organizationId: await organizationId(t),
    name,
    riderType,
    period,
    trips,
    translations: { es: { name: `Tope ${period}` } },
  });
  return id;
}

/** A sandbox gateway token for a card number (4242... approves; 4000000000009995 saves and declines when charged). */
export function sandboxCardToken(t: TestApp, number = "4242424242424242"): string {
  const gateway = t.app.payments;
  if (!(gateway instanceof SandboxPaymentGateway)) throw new Error("the test app has the sandbox");
  return testCardToken(gateway, number);
}

/** Saves a sandbox card for the rider through the API; its id. */
export async function savedCard(
  t: TestApp,
  rider: { token: string },
  number = "4242424242424242",
): Promise<string> {
  const reply = await t.app.inject({
    method: "POST",
    url: "/transit/payment_methods",
    headers: { authorization: `Bearer ${rider.token}` },
    payload: {
      token: sandboxCardToken(t, number),
      billing: { last_name: "Byron", address_1: "1 Main St", zip_code: "94103" },
    },
  });
  if (reply.statusCode !== 201) throw new Error(`card not saved: ${reply.body}`);
  return reply.json().data.payment_method.id;
}
