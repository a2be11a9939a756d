import { describe, expect, it } from "vitest";
import type { CardInput } from "./checks.ts";
import type { AttachResult } from "./gateway.ts";
import { GatewayUsageError } from "./gateway.ts";
import { createSandboxGateway, defaultTokenLifetimeMs, sandboxBankName } from "./sandbox.ts";
import { createTokenSigner, tokenPrefixes } from "./tokens.ts";

const secret = "sandbox-test-secret-0123456789abcdef";
const start = new Date("2026-11-23T12:00:00Z");
let now = start;
const gateway = createSandboxGateway({ secret, now: () => now });
const rider = { id: "6f1c8e52-3b0e-4a53-9d55-0d1f2a3b4c5d" };

const card = (changes: Partial<CardInput> = {}): CardInput => ({
  number: "4242 4242 4242 4242",
  exp_month: 12,
  exp_year: 2030,
  cvc: "739",
  postal_code: "94103",
  ...changes,
});

function cardToken(changes: Partial<CardInput> = {}): string {
  const made = gateway.createCardToken(card(changes));
  if (!made.ok) throw new Error(`not tokenized: ${made.problem}`);
  return made.value.token;
}

const payloadOf = (token: string): Record<string, unknown> => {
  const [body = ""] = token.replace(/^[a-z]+_sandbox_/, "").split(".");
  return JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<string, unknown>;
};

const attach = (token: string, idempotencyKey = "attach-1") =>
  gateway.attach({ idempotencyKey, customer: rider, token });

function approvedMethod(result: AttachResult) {
  if (result.outcome !== "approved") throw new Error(`not approved: ${JSON.stringify(result)}`);
  return result.method;
}

describe("card tokens", () => {
  it("say brand, last four and expiry, and attach as that card", async () => {
    now = start;
    const made = gateway.createCardToken(card());
    expect(made).toMatchObject({
      ok: true,
      value: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 },
    });
    const token = made.ok ? made.value.token : "";
    expect(token.startsWith(tokenPrefixes.card)).toBe(true);
    const method = approvedMethod(await attach(token));
    expect(method).toMatchObject({ kind: "card", brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 });
    expect(method.methodId).toMatch(/^pm_sandbox_approve_/);
    expect(method.customerId).toMatch(/^cus_sandbox_[0-9a-f]{24}$/);
  });

  it("hold neither the card number nor the security code", () => {
    const token = cardToken({ number: "4000 0000 0000 9995", cvc: "739" });
    const payload = payloadOf(token);
    expect(Object.keys(payload).sort()).toEqual(
      ["behaviour", "brand", "exp_month", "exp_year", "iat", "last4", "nonce", "v"].sort(),
    );
    // The nonce is random text; the rest is what the card may show.
    const decoded = JSON.stringify({ ...payload, nonce: null });
    expect(decoded).not.toContain("4000000000009995");
    expect(decoded).not.toContain("739");
    expect(token).not.toContain("4000000000009995");
  });

  it.each([
    ["4242424242424242", "approve"],
    ["4000000000000002", "card_declined"],
    ["4000000000009995", "insufficient_funds"],
    ["4000000000000069", "expired_card"],
    ["4000000000000127", "incorrect_cvc"],
    ["4000000000000119", "processing_error"],
    ["5555555555554444", "approve"],
    ["378282246310005", "approve"],
  ])("%s is tokenized and will %s", async (number, behaviour) => {
    now = start;
    const cvc = number.startsWith("37") ? "7391" : "739";
    const token = cardToken({ number, cvc });
    expect(payloadOf(token).behaviour).toBe(behaviour);
    const result = await attach(token);
    if (behaviour === "approve" || behaviour === "insufficient_funds") {
      // Insufficient funds attaches like Stripe's 4000000000009995: it declines only when charged.
      const method = approvedMethod(result);
      expect(method.methodId.startsWith(`pm_sandbox_${behaviour}_`)).toBe(true);
      expect(method.kind === "card" && method.last4).toBe(number.slice(-4));
    } else {
      // The others are declined when saved already, with their reason.
      expect(result).toEqual({ outcome: "declined", reason: behaviour });
    }
  });

  it.each([
    [{ number: "4242424242424241" }, "invalid_number", "number"],
    [{ number: "4242" }, "invalid_number", "number"],
    [{ number: "4242x4242x4242x4242" }, "invalid_number", "number"],
    [{ number: "9999999999999995" }, "invalid_number", "number"],
    [{ exp_month: 0 }, "invalid_expiry_month", "exp_month"],
    [{ exp_month: 13 }, "invalid_expiry_month", "exp_month"],
    [{ exp_month: 10, exp_year: 2026 }, "invalid_expiry_month", "exp_month"],
    [{ exp_year: 2025 }, "invalid_expiry_year", "exp_year"],
    [{ exp_year: 2047 }, "invalid_expiry_year", "exp_year"],
    [{ exp_year: 30 }, "invalid_expiry_year", "exp_year"],
    [{ cvc: "73" }, "invalid_cvc", "cvc"],
    [{ cvc: "7391" }, "invalid_cvc", "cvc"],
    [{ number: "378282246310005", cvc: "739" }, "invalid_cvc", "cvc"],
    [{ cvc: "7a9" }, "invalid_cvc", "cvc"],
    [{ postal_code: "!" }, "incorrect_zip", "postal_code"],
  ] as const)("%o is refused: %s", (changes, problem, field) => {
    now = start;
    expect(gateway.createCardToken(card(changes))).toEqual({ ok: false, problem, field });
  });

  it("take this month's card until the month is out", () => {
    now = start;
    expect(gateway.createCardToken(card({ exp_month: 11, exp_year: 2026 })).ok).toBe(true);
  });
});

describe("attach", () => {
  it("refuses a changed, relabelled or foreign token", async () => {
    now = start;
    const token = cardToken();
    const [body = "", mac = ""] = token.slice(tokenPrefixes.card.length).split(".");
    const payload = payloadOf(token);
    const edited = Buffer.from(JSON.stringify({ ...payload, behaviour: "approve", last4: "0000" })).toString(
      "base64url",
    );
    const foreign = createSandboxGateway({ secret: `${secret}-other`, now: () => now }).createCardToken(
      card(),
    );
    for (const forged of [
      `${tokenPrefixes.card}${edited}.${mac}`,
      `${tokenPrefixes.card}${body.slice(0, -2)}.${mac}`,
      `${tokenPrefixes.bank_account}${body}.${mac}`,
      foreign.ok ? foreign.value.token : "",
      "tok_visa",
      "",
    ]) {
      expect(await attach(forged)).toEqual({ outcome: "rejected", reason: "token_invalid" });
    }
  });

  it("refuses a signed token whose payload is not the sandbox's", async () => {
    const signer = createTokenSigner(secret);
    const strange = signer.sign("card", { v: 1, brand: "visa", last4: "42", nonce: "x", iat: 0 });
    expect(await attach(strange)).toEqual({ outcome: "rejected", reason: "token_invalid" });
  });

  it("refuses a token older than its lifetime, or from the future", async () => {
    now = start;
    const token = cardToken();
    now = new Date(start.getTime() + defaultTokenLifetimeMs - 1000);
    expect((await attach(token)).outcome).toBe("approved");
    now = new Date(start.getTime() + defaultTokenLifetimeMs + 1000);
    expect(await attach(token)).toEqual({ outcome: "rejected", reason: "token_expired" });
    now = new Date(start.getTime() - 5 * 60 * 1000);
    expect(await attach(token)).toEqual({ outcome: "rejected", reason: "token_invalid" });
  });

  it("declines a card whose month has passed since it was tokenized", async () => {
    // A card is good through its month's end at UTC-12, the last place on earth where it ends.
    now = new Date("2026-12-01T11:50:00Z");
    const token = cardToken({ exp_month: 11, exp_year: 2026 });
    now = new Date("2026-12-01T12:10:00Z");
    expect(await attach(token)).toEqual({ outcome: "declined", reason: "expired_card" });
  });

  it("answers the same method for the same token: a retry is the same attach", async () => {
    now = start;
    const token = cardToken();
    const first = approvedMethod(await attach(token, "key-a"));
    const again = approvedMethod(await attach(token, "key-a"));
    expect(again).toEqual(first);
    const other = approvedMethod(await gateway.attach({ idempotencyKey: "k", customer: { id: "x" }, token }));
    expect(other.customerId).not.toBe(first.customerId);
  });

  it("throws on a malformed idempotency key or customer: the caller's bug", async () => {
    const token = cardToken();
    await expect(attach(token, "")).rejects.toBeInstanceOf(GatewayUsageError);
    await expect(attach(token, "has space")).rejects.toBeInstanceOf(GatewayUsageError);
    await expect(attach(token, "k".repeat(256))).rejects.toBeInstanceOf(GatewayUsageError);
    await expect(gateway.attach({ idempotencyKey: "k", customer: { id: "" }, token })).rejects.toBeInstanceOf(
      GatewayUsageError,
    );
  });
});

describe("bank account tokens", () => {
  const account = {
    routing_number: "110000000",
    account_number: "000123456789",
    account_type: "checking" as const,
    account_holder_name: "Ada Lovelace",
  };

  it("check the ABA routing checksum and the account digits", () => {
    const made = gateway.createBankToken(account);
    expect(made).toMatchObject({
      ok: true,
      value: { bank_name: sandboxBankName, last4: "6789", account_type: "checking" },
    });
    expect(gateway.createBankToken({ ...account, routing_number: "021000021" }).ok).toBe(true);
    expect(gateway.createBankToken({ ...account, routing_number: "021000022" })).toEqual({
      ok: false,
      problem: "invalid_routing_number",
      field: "routing_number",
    });
    expect(gateway.createBankToken({ ...account, routing_number: "11000000" }).ok).toBe(false);
    for (const accountNumber of ["123", "123456789012345678", "12ab5678"]) {
      expect(gateway.createBankToken({ ...account, account_number: accountNumber })).toEqual({
        ok: false,
        problem: "invalid_account_number",
        field: "account_number",
      });
    }
    expect(gateway.createBankToken({ ...account, account_holder_name: "  " })).toMatchObject({
      ok: false,
      field: "account_holder_name",
    });
  });

  it("attach as a bank account and hold no account or routing number", async () => {
    now = start;
    const made = gateway.createBankToken({ ...account, account_type: "savings" });
    const token = made.ok ? made.value.token : "";
    expect(JSON.stringify({ ...payloadOf(token), nonce: null })).not.toMatch(/000123456789|110000000/);
    const method = approvedMethod(await attach(token));
    expect(method).toMatchObject({
      kind: "bank_account",
      bankName: sandboxBankName,
      last4: "6789",
      accountType: "savings",
    });
    expect(method.methodId).toMatch(/^ba_sandbox_approve_/);
  });

  it("encode Stripe's insufficient-funds test account", async () => {
    const made = gateway.createBankToken({ ...account, account_number: "000111111113" });
    const method = approvedMethod(await attach(made.ok ? made.value.token : ""));
    expect(method.methodId).toMatch(/^ba_sandbox_insufficient_funds_/);
  });
});

describe("PayPal tokens", () => {
  it("attach as the sandbox payer's PayPal account", async () => {
    now = start;
    const { token, email } = gateway.createPayPalToken();
    expect(email).toMatch(/^sb-[0-9a-f]{10}@personal\.example\.com$/);
    const method = approvedMethod(await attach(token));
    expect(method).toMatchObject({ kind: "paypal", email });
    expect(method.methodId).toMatch(/^pp_sandbox_approve_/);
  });
});
