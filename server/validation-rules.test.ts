import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../src/domain/envelope.ts";
import { users } from "./db/schema.ts";
import { createTestApp, signUpBody, type TestApp } from "./test/helpers.ts";
import { newCard, newRider } from "./test/transit-fixtures.ts";

/**
 * The spec's validation section (5) on the server (issue 47): what the portal refuses before sending,
 * sent anyway. Rules tested where they live elsewhere are named at the end of this file.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const password = "a fine long passphrase";
const send = (method: "POST" | "PUT", url: string, payload: object, token?: string, key?: string) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(key ? { "idempotency-key": key } : {}),
    },
  });
const firstError = (reply: {
  json(): { errors: Array<{ code: number; field?: string; message: string }> };
}) => reply.json().errors[0];

async function signedIn(email: string): Promise<string> {
  await send("POST", "/accounts/users", signUpBody(email, password));
  await t.database.db.update(users).set({ emailConfirmed: true }).where(eq(users.email, email));
  return (await send("POST", "/accounts/users/login", { email, password })).json().data.access_token;
}

describe("the spec's validation rules, sent past the portal", () => {
  it("email must match a pattern; password checks its length (sign-up)", async () => {
    for (const email of ["ada@", "ada@example", "ada example.org", "@example.org"]) {
      const reply = await send("POST", "/accounts/users", signUpBody(email, password));
      expect(reply.statusCode, email).toBe(400);
      expect(firstError(reply)).toMatchObject({ code: ErrorCode.validation, field: "email" });
    }
    const short = await send("POST", "/accounts/users", signUpBody("short@example.org", "short"));
    expect(short.statusCode).toBe(400);
    expect(firstError(short)).toMatchObject({ field: "password" });
  });

  it("submitted values are trimmed: a name of spaces is empty", async () => {
    const reply = await send("POST", "/accounts/users", {
      ...signUpBody("spaces@example.org", password),
      first_name: "   ",
    });
    expect(reply.statusCode).toBe(400);
    expect(firstError(reply)).toMatchObject({ field: "first_name" });
  });

  it("two-factor: the phone needs its country code, the code is 6 digits", async () => {
    const token = await signedIn("rules-mfa@example.org");
    const enrol = (mobile: string) =>
      send("POST", "/accounts/users/mfa/enrol", { mobile, current_password: password }, token);
    const noCountry = await enrol("2025550142");
    expect(noCountry.statusCode).toBe(400);
    expect(firstError(noCountry)).toMatchObject({ field: "mobile", message: "Country code required." });
    const badCountry = await enrol("+9992025550142");
    expect(firstError(badCountry)).toMatchObject({ field: "mobile", message: "Country code is not valid." });
    const started = await enrol("+12025550142");
    expect(started.statusCode).toBe(202);
    for (const code of ["12345", "1234567", "12a456", ""]) {
      const reply = await send("POST", "/accounts/users/mfa/enrol/verify", { code }, token);
      expect(reply.statusCode, code).toBe(400);
      expect(firstError(reply)).toMatchObject({ field: "code" });
    }
  });

  it("transfers need two cards of the rider's; commuter benefits do not move; never more than the balance", async () => {
    const rider = await newRider(t, "rules-transfer");
    const only = await newCard(t, rider.id, { general: 1000, commuter: 500 });
    const transfer = (body: { from: string; to: string; amount: number }) =>
      send("POST", "/transit/faremedia/transfers", body, rider.token, crypto.randomUUID());
    const toItself = await transfer({ from: only.id, to: only.id, amount: 100 });
    expect(toItself.statusCode).toBeGreaterThanOrEqual(400);
    expect(toItself.statusCode).toBeLessThan(500);
    const other = await newCard(t, rider.id, { general: 0 });
    const tooMuch = await transfer({ from: only.id, to: other.id, amount: 1001 });
    expect(tooMuch.statusCode).toBe(422);
    expect(firstError(tooMuch)).toMatchObject({ message: "Transfer amount should not be exceeded" });
    // "Amount is not valid." as the transfer form says it, the code the portal reads.
    for (const amount of [0, -5, 1.5]) {
      const reply = await transfer({ from: only.id, to: other.id, amount });
      expect(reply.statusCode, String(amount)).toBe(422);
      expect(firstError(reply)).toMatchObject({
        code: ErrorCode.amountInvalid,
        message: "Amount is not valid.",
      });
    }
  });
});

/*
 * The rest of section 5, each sent past the portal in the test of the route it belongs to:
 * - quantity 1..20 per product and max_cart_quantity: routes/transit/checkout.test.ts ("keeps 1..20 ...")
 * - a digital purchase's card not blocked, of a type the product takes, the pass's rider type:
 *   routes/transit/orders.test.ts ("refuses a fare card that is not the rider's, is blocked ..."),
 *   routes/transit/passes.test.ts ("refuses a pass not for the card's rider type ...")
 * - the mobile number's length (sign-up and profile): routes/accounts/users.test.ts
 * - new password rules: routes/accounts/two-factor.test.ts ("applies the password rules to the new one")
 * - card brands the deployment does not take ("Unsupported Card Type"): routes/transit/payment-methods.test.ts,
 *   orders.test.ts, loads.test.ts; expiry and security code: routes/sandbox-gateway.test.ts
 * - every address field required but address_2 and email: routes/transit/addresses.test.ts
 * - split payment in exactly two different methods: orders.test.ts, loads.test.ts
 * - a payment method must be chosen, shipping method available: orders.test.ts, checkout.test.ts
 * - load and autoload bounds: loads.test.ts ("keeps to the bounds ..."), services/autoloads.test.ts
 * - a wallet never pays an auto-renewed pass: orders.test.ts ("... neither purse pays for an auto-renewed pass")
 * - commuter benefits never move between cards: routes/transit/transfers.test.ts ("refuses what the contract refuses")
 */
