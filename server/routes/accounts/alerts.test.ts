import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultAlerts } from "../../../src/domain/alerts.ts";
import { alertSettings, passes, products, subscriptions, users } from "../../db/schema.ts";
import { demoCatalog } from "../../db/seed-catalog.ts";
import { hashSecret } from "../../domain/password.ts";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import { newPass } from "../../test/pass-fixtures.ts";
import { newCard, newRoute, savedCard } from "../../test/transit-fixtures.ts";

const day = 24 * 3600_000;

/** Alerts a rider chooses (issue 35): settings, the low-balance alert, security changes. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const password = "a fine long passphrase";
type Rider = { id: string; token: string; email: string };

async function rider(prefix: string, locale = "en"): Promise<Rider> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.org`;
  const user = await t.app.accounts.create({
    email,
    passwordHash: await hashSecret(password),
    firstName: "Ada",
    lastName: "Byron",
    mobile: null,
    locale,
    emailConfirmed: true,
  });
  const session = await t.app.accounts.startSession(user.id, new Date());
  return { id: user.id, token: session.token, email };
}
const send = (who: Rider | null, method: "GET" | "PUT" | "POST", url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: who ? { authorization: `Bearer ${who.token}` } : {},
    ...(payload ? { payload } : {}),
  });
const tap = (route: string, card: string) =>
  t.app.inject({ method: "POST", url: "/dev/transit/taps", payload: { route, fare_medium: card } });
const messagesTo = async (recipient: string) =>
  (await t.app.outbox.list(1_000)).filter((message) => message.recipient === recipient);

describe("/accounts/users/alerts", () => {
  it("starts from the defaults, saves the rider's choice and refuses what is out of bounds", async () => {
    const ada = await rider("alerts-settings");
    const first = await send(ada, "GET", "/accounts/users/alerts");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.alerts).toEqual({
      ...defaultAlerts,
      channels: { email: ada.email, text: null },
    });
    const chosen = {
      low_balance: { enabled: true, below: 1_250 },
      pass_ending: { enabled: true, days: 7 },
      renewal_soon: { enabled: false },
      autoload_paused: { enabled: false },
    };
    const saved = await send(ada, "PUT", "/accounts/users/alerts", chosen);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await send(ada, "GET", "/accounts/users/alerts")).json().data.alerts).toMatchObject(chosen);
    for (const bad of [
      { ...chosen, low_balance: { enabled: true, below: 99 } },
      { ...chosen, low_balance: { enabled: true, below: 100_001 } },
      { ...chosen, low_balance: { enabled: true, below: 2.5 } },
      { ...chosen, pass_ending: { enabled: true, days: 0 } },
      { ...chosen, pass_ending: { enabled: true, days: 31 } },
      { low_balance: chosen.low_balance },
      { ...chosen, extra: true },
    ]) {
      expect((await send(ada, "PUT", "/accounts/users/alerts", bad)).statusCode, JSON.stringify(bad)).toBe(
        400,
      );
    }
    expect((await send(null, "GET", "/accounts/users/alerts")).statusCode).toBe(401);
    // An empty body and a NUL byte are refused; fifty saves at once leave one row, the last shape.
    const empty = await t.app.inject({
      method: "PUT",
      url: "/accounts/users/alerts",
      headers: { authorization: `Bearer ${ada.token}`, "content-type": "application/json" },
      payload: "",
    });
    expect(empty.statusCode).toBe(400);
    expect(
      (await send(ada, "PUT", "/accounts/users/alerts", { ...chosen, low_balance: "\u0000" })).statusCode,
    ).toBe(400);
    const saves = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        send(ada, "PUT", "/accounts/users/alerts", {
          ...chosen,
          low_balance: { enabled: true, below: 100 + n },
        }),
      ),
    );
    expect(saves.every((reply) => reply.statusCode === 200)).toBe(true);
    const rows = await t.app.db.select().from(alertSettings).where(eq(alertSettings.userId, ada.id));
    expect(rows).toHaveLength(1);
    await send(ada, "PUT", "/accounts/users/alerts", chosen);
    // A texted alert names the two-factor phone, masked.
    await t.app.db
      .update(users)
      .set({ mfaEnrollmentStatus: 1, mfaPhone: "+14155550123" })
      .where(eq(users.id, ada.id));
    expect((await send(ada, "GET", "/accounts/users/alerts")).json().data.alerts.channels).toEqual({
      email: ada.email,
      text: "•••• 0123",
    });
  });
});

describe("the low-balance alert", () => {
  it("is sent once, when a fare takes the card under the amount, by email and by text with two-factor on", async () => {
    const ada = await rider("alerts-low", "es");
    await t.app.db
      .update(users)
      .set({ mfaEnrollmentStatus: 1, mfaPhone: "+14155550199" })
      .where(eq(users.id, ada.id));
    // A rider type of its own: no fare cap rides it free after three fares.
    const card = await newCard(t, ada.id, { general: 700, nickname: "Trabajo", riderType: "ALERTS1" });
    const route = await newRoute(t, { ADULT: 150 });
    expect((await tap(route, card.id)).statusCode).toBe(201); // 5.50: still 5.00 or more
    expect(await messagesTo(ada.email)).toEqual([]);
    expect((await tap(route, card.id)).statusCode).toBe(201); // 4.00: under 5.00
    const mail = await messagesTo(ada.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe("El saldo de su tarjeta es bajo");
    expect(mail[0]?.body).toContain(`/faremedia/${card.id}`);
    expect(mail[0]?.body).toMatch(/"Trabajo" le quedan 4[.,]00/);
    const texts = await messagesTo("+14155550199");
    expect(texts).toHaveLength(1);
    expect(texts[0]?.channel).toBe("sms");
    // Further under: no more alerts.
    expect((await tap(route, card.id)).statusCode).toBe(201);
    expect(await messagesTo(ada.email)).toHaveLength(1);
  });

  it("is sent once when twenty taps race a card across the amount (both engines), and never when turned off", async () => {
    const ada = await rider("alerts-race");
    const card = await newCard(t, ada.id, { general: 1_000, riderType: "ALERTS2" });
    const route = await newRoute(t, { ADULT: 100 });
    const replies = await Promise.all(Array.from({ length: 20 }, () => tap(route, card.id)));
    expect(replies.every((reply) => reply.statusCode === 201)).toBe(true);
    expect(await messagesTo(ada.email)).toHaveLength(1);

    const off = await rider("alerts-off");
    await send(off, "PUT", "/accounts/users/alerts", {
      ...defaultAlerts,
      low_balance: { enabled: false, below: 500 },
    });
    const offCard = await newCard(t, off.id, { general: 600, riderType: "ALERTS3" });
    expect((await tap(route, offCard.id)).statusCode).toBe(201);
    expect((await tap(route, offCard.id)).statusCode).toBe(201);
    expect(await messagesTo(off.email)).toEqual([]);
  });
});

describe("security alerts", () => {
  it("tell of a new password and a new email (to the address it had), and cannot be turned off", async () => {
    const ada = await rider("alerts-security");
    const changed = await send(ada, "POST", "/accounts/users/change_password", {
      current_password: password,
      new_password: "another fine passphrase",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [passwordMail] = await messagesTo(ada.email);
    expect(passwordMail?.subject).toBe("A change to your account's security");
    expect(passwordMail?.body).toContain("Your password was changed.");
    expect(passwordMail?.body).toContain("/forgotpassword");

    const moved = `${ada.email}.moved`;
    const profile = await send(ada, "PUT", "/accounts/users", {
      first_name: "Ada",
      last_name: "Byron",
      email: moved,
      mobile: null,
      current_password: "another fine passphrase",
      locale: { language_code: "en", country_code: "US" },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const toOld = await messagesTo(ada.email);
    expect(toOld.map((message) => message.body).join("\n")).toContain("Your account's email was changed.");
    // The settings have no switch for them.
    const settings = (await send(ada, "GET", "/accounts/users/alerts")).json().data.alerts;
    expect(Object.keys(settings).sort()).toEqual([
      "autoload_paused",
      "channels",
      "low_balance",
      "pass_ending",
      "renewal_soon",
    ]);
  });
});

describe("the maintenance pass's alerts", () => {
  it("tells of a pass ending within the rider's days once, even to two instances sweeping at once", async () => {
    const ada = await rider("alerts-ending", "vi");
    const card = await newCard(t, ada.id, { nickname: "Thẻ học" });
    const now = t.app.clock.now();
    const soon = await newPass(t, ada.id, {
      card: card.id,
      name: "Vé ngày",
      expiresAt: new Date(now.getTime() + 2 * day),
    });
    // Further than the 3 days chosen: not yet.
    await newPass(t, ada.id, { card: card.id, expiresAt: new Date(now.getTime() + 5 * day) });
    const sweeps = await Promise.all([t.app.alerts.sweep(now), t.app.alerts.sweep(now)]);
    expect(sweeps.reduce((sum, sweep) => sum + sweep.alerts, 0)).toBeGreaterThanOrEqual(1);
    const mail = await messagesTo(ada.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe("Vé của bạn sắp hết hạn");
    expect(mail[0]?.body).toContain(`/account/passhistory/1/${soon.id}`);
    expect(mail[0]?.body).toContain('trên thẻ "Thẻ học"');
    await t.app.alerts.sweep(now);
    expect(await messagesTo(ada.email)).toHaveLength(1);
    // With 7 days chosen, the second pass is told too, once.
    await send(ada, "PUT", "/accounts/users/alerts", {
      ...defaultAlerts,
      pass_ending: { enabled: true, days: 7 },
    });
    await t.app.alerts.sweep(now);
    expect(await messagesTo(ada.email)).toHaveLength(2);
  });

  it("tells of an auto-renewal three days ahead and not of the pass it renews; nothing when turned off", async () => {
    const ada = await rider("alerts-renewal");
    const card = await newCard(t, ada.id, { nickname: "Commute" });
    const method = await savedCard(t, ada);
    const [week] = await t.app.db
      .select({ price: products.listPrice })
      .from(products)
      .where(eq(products.uuid, demoCatalog.products.weekPass));
    if (!week) throw new Error("seed data missing");
    const order = await t.app.inject({
      method: "POST",
      url: "/transit/orders",
      headers: { authorization: `Bearer ${ada.token}`, "idempotency-key": randomUUID() },
      payload: {
        lines: [{ product: demoCatalog.products.weekPass, quantity: 1, auto_renew: true }],
        fare_medium: card.id,
        expected_total: week.price,
        payments: [{ kind: "saved", payment_method: method, amount: week.price }],
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    const now = t.app.clock.now();
    const renewsAt = new Date(now.getTime() + 2 * day);
    await t.app.db.update(subscriptions).set({ renewsAt }).where(eq(subscriptions.userId, ada.id));
    await t.app.db.update(passes).set({ expiresAt: renewsAt }).where(eq(passes.userId, ada.id));
    await t.app.alerts.sweep(now);
    // Besides the order's receipt: the renewal, and not the pass it renews.
    const mail = (await messagesTo(ada.email)).filter(
      (message) => !message.subject?.startsWith("Your order"),
    );
    expect(mail.map((message) => message.subject)).toEqual(["Your auto-renewal is coming up"]);
    expect(mail[0]?.body).toMatch(/renews on .+ for \$/);

    const off = await rider("alerts-renewal-off");
    await send(off, "PUT", "/accounts/users/alerts", {
      ...defaultAlerts,
      pass_ending: { enabled: false, days: 3 },
    });
    await newPass(t, off.id, { expiresAt: new Date(now.getTime() + day) });
    await t.app.alerts.sweep(now);
    expect(await messagesTo(off.email)).toEqual([]);
  });
});
