import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../src/domain/envelope.ts";
import { childOrganizationId, demoCatalog } from "./db/seed-catalog.ts";
import { createTestApp, signUpBody, type TestApp } from "./test/helpers.ts";
import { guestCardToken, issueCard, newPass } from "./test/pass-fixtures.ts";
import { newCard, newRider, newRoute, savedCard } from "./test/transit-fixtures.ts";

/**
 * Deployment switches the server itself honours (issue 47), on a deployment that sets them other than
 * the demo does: its own load bounds, whole amounts without decimals, pages of two rows, deletion off
 * and no passes kept in the account.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    configure: (config) => ({
      ...config,
      loadLimits: { min: 100, max: 1000 },
      hideZeroDecimals: true,
      ideal_row_count: 2,
      disableDeleteAccount: true,
      passesInAccount: false,
    }),
  });
});
afterAll(() => t.close());

const send = (method: "POST" | "PUT" | "GET", url: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, "idempotency-key": randomUUID() },
    ...(payload ? { payload } : {}),
  });

describe("loadLimits", () => {
  it("bounds a load and an autoload by the deployment's amounts, and the wallet says them", async () => {
    const ada = await newRider(t, "switch-limits");
    const card = await newCard(t, ada.id);
    const method = await savedCard(t, ada);
    const load = (amount: number) =>
      send("POST", `/transit/faremedia/${card.id}/loads`, ada.token, {
        amount,
        expected_total: amount,
        payments: [{ kind: "saved", payment_method: method, amount }],
      });
    // $2.00 is under the demo's $5.00 minimum and within this deployment's $1.00 to $10.00.
    expect((await load(200)).statusCode).toBe(201);
    for (const amount of [99, 1001]) {
      const refused = await load(amount);
      expect([refused.statusCode, refused.json().errors[0]?.code]).toEqual([422, ErrorCode.amountInvalid]);
    }
    const autoload = (amount: number) =>
      send("PUT", `/transit/faremedia/${card.id}/autoload`, ada.token, {
        amount,
        payment_method: method,
        trigger: "threshold",
        threshold: 100,
      });
    expect((await autoload(1500)).statusCode).toBe(422);
    expect((await autoload(300)).statusCode).toBe(200);
    const wallet = await send("GET", "/transit/wallet", ada.token);
    expect(wallet.json().data.wallet.limits).toEqual({ min: 100, max: 1000, currency: "USD" });
  });
});

describe("passesInAccount", () => {
  it("off: a digital pass for no card is not offered the account, and its order is refused", async () => {
    const ada = await newRider(t, "switch-account-passes");
    const method = await savedCard(t, ada);
    const dayPass = demoCatalog.products.dayPass;
    const price = (await t.app.catalog.snapshot()).products.find((entry) => entry.row.uuid === dayPass)?.row
      .listPrice;
    if (price === undefined) throw new Error("no Day Pass in the catalogue");
    const lines = [{ product: dayPass, quantity: 1 }];
    const quoted = await send("POST", "/transit/checkout/quote", ada.token, { lines });
    expect(quoted.statusCode).toBe(200);
    expect(quoted.json().data.destinations).toEqual({ account: false, cards: [] });
    const placed = await send("POST", "/transit/orders", ada.token, {
      lines,
      expected_total: price,
      payments: [{ kind: "saved", payment_method: method, amount: price }],
    });
    expect([placed.statusCode, placed.json().errors[0]?.code]).toEqual([422, ErrorCode.fareCardUnavailable]);
    // With a card of the rider's, the same pass is sold.
    const card = await newCard(t, ada.id);
    const onCard = await send("POST", "/transit/orders", ada.token, {
      lines,
      fare_medium: card.id,
      expected_total: price,
      payments: [{ kind: "saved", payment_method: method, amount: price }],
    });
    expect(onCard.statusCode, onCard.body).toBe(201);
  });
});

describe("hideZeroDecimals", () => {
  it("writes whole amounts without decimals in the receipt, and keeps cents where there are some", async () => {
    const ada = await newRider(t, "switch-decimals");
    const card = await newCard(t, ada.id);
    const method = await savedCard(t, ada);
    const placed = await send("POST", `/transit/faremedia/${card.id}/loads`, ada.token, {
      amount: 250,
      expected_total: 250,
      payments: [{ kind: "saved", payment_method: method, amount: 250 }],
    });
    expect(placed.statusCode).toBe(201);
    const whole = await send("POST", `/transit/faremedia/${card.id}/loads`, ada.token, {
      amount: 300,
      expected_total: 300,
      payments: [{ kind: "saved", payment_method: method, amount: 300 }],
    });
    expect(whole.statusCode).toBe(201);
    const receipts = await t.app.outbox.list();
    const receipt = receipts.find((message) => message.body.includes(whole.json().data.order.number));
    expect(receipt?.body).toContain("$3");
    expect(receipt?.body).not.toContain("$3.00");
    const cents = receipts.find((message) => message.body.includes(placed.json().data.order.number));
    expect(cents?.body).toContain("$2.50");
  });
});

describe("ideal_row_count", () => {
  it("is the page of pass history, card activity and a guest's card activity, not only of orders", async () => {
    const ada = await newRider(t, "switch-rows");
    for (let n = 0; n < 3; n++) await newPass(t, ada.id);
    const passes = await send("GET", "/transit/passes", ada.token);
    expect(passes.json().data.passes).toHaveLength(2);
    expect(passes.json().data.next).not.toBeNull();

    const issued = await issueCard(t, { balance: 1500 });
    const route = await newRoute(t);
    for (let n = 0; n < 3; n++) await t.app.taps.tap({ route, fare_medium: issued.id });
    const guest = await t.app.inject({
      method: "GET",
      url: "/transit/anonymous/card/activity",
      headers: { authorization: `Card ${await guestCardToken(t, issued)}` },
    });
    expect(guest.json().data.activity).toHaveLength(2);
    expect(guest.json().data.next).not.toBeNull();

    const card = await newCard(t, ada.id, { general: 1500 });
    for (let n = 0; n < 3; n++) await t.app.taps.tap({ route, fare_medium: card.id });
    const activity = await send("GET", `/transit/faremedia/${card.id}/activity`, ada.token);
    expect(activity.json().data.activity).toHaveLength(2);
    expect(activity.json().data.next).not.toBeNull();
  });
});

describe("organization.childUuid", () => {
  it("lets every transit call name the child organisation, and refuses what is no organisation id", async () => {
    const ada = await newRider(t, "switch-child");
    const card = await newCard(t, ada.id, { general: 500 });
    const child = `child_organization_uuid=${childOrganizationId}`;
    for (const url of [
      `/transit/faremedia?${child}`,
      `/transit/faremedia/${card.id}?${child}`,
      `/transit/faremedia/${card.id}/activity?limit=5&${child}`,
      `/transit/passes?${child}`,
      `/transit/transactions?${child}`,
      `/transit/orders?${child}`,
      `/transit/payment_methods?${child}`,
      `/transit/addresses?${child}`,
      `/transit/wallet?${child}`,
      `/transit/org_config?config_type=CUSTOMER_CONFIG&${child}`,
    ]) {
      expect((await send("GET", url, ada.token)).statusCode, url).toBe(200);
    }
    const search = await send("POST", `/transit/v3.0/product/search?${child}`, ada.token, {
      return: "ENTITY",
    });
    expect(search.statusCode).toBe(200);
    const organisations = new Set(
      search
        .json()
        .data.results.map((product: { organization: { uuid: string } }) => product.organization.uuid),
    );
    expect([...organisations]).toEqual([childOrganizationId]);
    for (const bad of ["not-a-uuid", "%00"]) {
      const refused = await send("GET", `/transit/passes?child_organization_uuid=${bad}`, ada.token);
      expect(refused.statusCode, bad).toBe(400);
    }
  });
});

describe("loginService and the transit service's /users", () => {
  it("signs in through the transit service as through the accounts service, and updates the profile there", async () => {
    const email = `switch-login-${randomUUID().slice(0, 8)}@example.org`;
    const password = "a fine long passphrase";
    const signedUp = await t.app.inject({
      method: "POST",
      url: "/accounts/users",
      payload: signUpBody(email, password),
    });
    expect(signedUp.statusCode).toBe(202);
    const login = await t.app.inject({
      method: "POST",
      url: "/transit/users/login",
      payload: { email, password },
    });
    expect(login.statusCode).toBe(200);
    const token: string = login.json().data.access_token;
    const me = await send("GET", "/accounts/users/me", token);
    expect(me.json().data.email).toBe(email);
    const updated = await send(
      "PUT",
      `/transit/users?child_organization_uuid=${childOrganizationId}`,
      token,
      {
        first_name: "Ada",
        last_name: "Byron",
        email,
        mobile: null,
        locale: { language_code: "es", country_code: "US" },
      },
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.locale).toBe("es");
    // Only those two: the rest of the accounts service stays on its own base.
    expect((await send("GET", "/transit/users/me", token)).statusCode).toBe(404);
  });
});

describe("disableDeleteAccount", () => {
  it("refuses to delete an account when the deployment turns deletion off", async () => {
    // The file's own app has deletion off: no second app to start for it.
    const ada = await newRider(t, "switch-delete");
    const reply = await t.app.inject({
      method: "DELETE",
      url: "/accounts/users",
      headers: { authorization: `Bearer ${ada.token}` },
      payload: { current_password: "a fine long passphrase" },
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().errors[0]).toMatchObject({ code: ErrorCode.forbidden });
  });
});

describe("the routes the transit service gained (issue 47)", () => {
  it("answer an empty body and a NUL byte with a 400 envelope, and 50 parallel calls each once", async () => {
    const ada = await newRider(t, "switch-surface");
    for (const payload of [{}, { email: "ada\u0000@example.org", password: "a fine long passphrase" }]) {
      const login = await t.app.inject({ method: "POST", url: "/transit/users/login", payload });
      expect(login.statusCode, JSON.stringify(payload)).toBe(400);
      expect(login.json()).toMatchObject({
        data: null,
        errors: expect.arrayContaining([expect.objectContaining({ code: ErrorCode.validation })]),
      });
    }
    const emptyProfile = await send("PUT", "/transit/users", ada.token, {});
    expect(emptyProfile.statusCode).toBe(400);
    const nulChild = await send("GET", "/transit/passes?child_organization_uuid=%00", ada.token);
    expect(nulChild.statusCode).toBe(400);
    const parallel = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        n % 2 === 0
          ? send("GET", `/transit/passes?child_organization_uuid=${childOrganizationId}`, ada.token)
          : t.app.inject({ method: "POST", url: "/transit/users/login", payload: {} }),
      ),
    );
    expect(parallel.map((reply) => reply.statusCode)).toEqual(
      Array.from({ length: 50 }, (_, n) => (n % 2 === 0 ? 200 : 400)),
    );
  });
});
