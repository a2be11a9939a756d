import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { paymentGatewayRequests, sandboxCharges } from "../../db/schema.ts";
import { manualClock } from "../../domain/clock.ts";
import { emptyDatabase } from "../../test/helpers.ts";
import type {
  Amount,
  AttachResult,
  AuthorizeRequest,
  AuthorizeResult,
  CaptureRequest,
  RefundRequest,
  VoidRequest,
} from "./gateway.ts";
import { GatewayUsageError } from "./gateway.ts";
import { createSandboxGateway, type SandboxPaymentGateway } from "./sandbox.ts";
import { methodBehaviour, methodOwner, sandboxCustomerId, settlesAt } from "./sandbox-charges.ts";

/** The customer part a sandbox method id ends with. */
const ownerOf = (customer: { id: string }) => sandboxCustomerId(customer.id).slice("cus_sandbox_".length);

const secret = "sandbox-charges-test-secret-0123456789";
const clock = manualClock(new Date("2026-11-23T12:00:00Z"));
const rider = { id: "6f1c8e52-3b0e-4a53-9d55-0d1f2a3b4c5d" };
const otherRider = { id: "0b7e1d40-9a0c-4c1e-8f3a-5e6d7c8b9a01" };
const usd = (amount: number): Amount => ({ amount, currency: "USD" });
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let database: DatabaseHandle;
let gateway: SandboxPaymentGateway;
/** Saved methods of `rider`, by test behaviour. */
const methods = { card: "", insufficientCard: "", bank: "", insufficientBank: "", paypal: "" };

function attached(result: AttachResult): string {
  if (result.outcome !== "approved") throw new Error(`not attached: ${JSON.stringify(result)}`);
  return result.method.methodId;
}

async function attachCard(number: string, customer = rider): Promise<string> {
  const made = gateway.createCardToken({
    number,
    exp_month: 12,
    exp_year: 2030,
    cvc: "739",
    postal_code: "94103",
  });
  if (!made.ok) throw new Error(`not tokenized: ${made.problem}`);
  return attached(
    await gateway.attach({
      idempotencyKey: `attach:${number.replaceAll(" ", "")}`,
      customer,
      token: made.value.token,
    }),
  );
}

async function attachBank(accountNumber: string): Promise<string> {
  const made = gateway.createBankToken({
    routing_number: "110000000",
    account_number: accountNumber,
    account_type: "checking",
    account_holder_name: "Rosa Parks",
  });
  if (!made.ok) throw new Error(`not tokenized: ${made.problem}`);
  return attached(
    await gateway.attach({ idempotencyKey: "attach:bank", customer: rider, token: made.value.token }),
  );
}

beforeAll(async () => {
  database = await emptyDatabase();
  await database.migrate();
  gateway = createSandboxGateway({ secret, now: () => clock.now(), database: database.db });
  methods.card = await attachCard("4242 4242 4242 4242");
  methods.insufficientCard = await attachCard("4000 0000 0000 9995");
  methods.bank = await attachBank("000123456789");
  methods.insufficientBank = await attachBank("000111111113");
  methods.paypal = attached(
    await gateway.attach({
      idempotencyKey: "attach:paypal",
      customer: rider,
      token: gateway.createPayPalToken().token,
    }),
  );
});

afterAll(async () => {
  await database?.close();
});

let keys = 0;
/** A key no other test uses. */
const freshKey = (what: string) => `test:${++keys}:${what}`;

const authorizeRequest = (changes: Partial<AuthorizeRequest> = {}): AuthorizeRequest => ({
  idempotencyKey: freshKey("authorize"),
  customer: rider,
  methodId: methods.card,
  amount: usd(1250),
  reference: "order-1001",
  ...changes,
});

async function authorized(changes: Partial<AuthorizeRequest> = {}): Promise<string> {
  const result = await gateway.authorize(authorizeRequest(changes));
  if (result.outcome !== "approved") throw new Error(`not authorized: ${JSON.stringify(result)}`);
  return result.authorizationId;
}

async function captured(authorizationId: string, amount?: Amount): Promise<string> {
  const result = await gateway.capture({ idempotencyKey: freshKey("capture"), authorizationId, amount });
  if (result.outcome !== "approved") throw new Error(`not captured: ${JSON.stringify(result)}`);
  return result.captureId;
}

async function charge(id: string) {
  const [row] = await database.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, id));
  return row;
}

async function requestRow(idempotencyKey: string) {
  const [row] = await database.db
    .select()
    .from(paymentGatewayRequests)
    .where(eq(paymentGatewayRequests.idempotencyKey, idempotencyKey));
  return row;
}

const countCharges = async (methodId: string) =>
  (await database.db.select().from(sandboxCharges).where(eq(sandboxCharges.methodId, methodId))).length;

describe("method ids", () => {
  it("carry the behaviour attach gave them, and nothing else is one", () => {
    expect(methodBehaviour(methods.card)).toBe("approve");
    expect(methodBehaviour(methods.insufficientCard)).toBe("insufficient_funds");
    expect(methodBehaviour(methods.bank)).toBe("approve");
    expect(methodBehaviour(methods.insufficientBank)).toBe("insufficient_funds");
    expect(methodBehaviour(methods.paypal)).toBe("approve");
    expect(methodBehaviour(`pm_sandbox_card_declined_abcdefghijklmnop_${ownerOf(rider)}`)).toBe(
      "card_declined",
    );
    expect(methodOwner(methods.card)).toBe(sandboxCustomerId(rider.id));
    for (const bad of [
      "",
      "pm_sandbox_approve_short",
      "pm_sandbox_stolen_abcdefghijklmnop",
      "pp_sandbox_insufficient_funds_abcdefghijklmnop",
      "xx_sandbox_approve_abcdefghijklmnop",
      `${methods.card}x`,
    ]) {
      expect(methodBehaviour(bad)).toBeNull();
    }
  });

  it("belong to the customer attach named, whose gateway id the charges derive alike", async () => {
    const made = gateway.createCardToken({
      number: "4242 4242 4242 4242",
      exp_month: 1,
      exp_year: 2031,
      cvc: "123",
      postal_code: "10001",
    });
    if (!made.ok) throw new Error("not tokenized");
    const result = await gateway.attach({
      idempotencyKey: "attach:x",
      customer: otherRider,
      token: made.value.token,
    });
    expect(result.outcome === "approved" && result.method.customerId).toBe(sandboxCustomerId(otherRider.id));
  });
});

describe("authorize", () => {
  it("holds the amount on a saved method and records the call with its answer", async () => {
    const request = authorizeRequest({ amount: usd(4200), reference: "order-2002" });
    const result = await gateway.authorize(request);
    expect(result).toEqual({
      outcome: "approved",
      authorizationId: expect.stringMatching(/^ch_sandbox_[A-Za-z0-9_-]{16}$/),
      amount: usd(4200),
    });
    if (result.outcome !== "approved") return;
    expect(await charge(result.authorizationId)).toMatchObject({
      customerId: sandboxCustomerId(rider.id),
      methodId: methods.card,
      amount: 4200,
      currency: "USD",
      reference: "order-2002",
      status: "authorized",
      captured: 0,
      refunded: 0,
      createdAt: clock.now(),
    });
    expect(await requestRow(request.idempotencyKey)).toEqual({
      gateway: "sandbox",
      idempotencyKey: request.idempotencyKey,
      operation: "authorize",
      requestHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      result,
      createdAt: clock.now(),
      completedAt: clock.now(),
    });
  });

  it("works for bank accounts and PayPal too", async () => {
    for (const methodId of [methods.bank, methods.paypal]) {
      expect(await gateway.authorize(authorizeRequest({ methodId }))).toMatchObject({ outcome: "approved" });
    }
  });

  it("answers a repeated key from the record, without a second hold", async () => {
    const request = authorizeRequest({ amount: usd(999) });
    const first = await gateway.authorize(request);
    clock.advance(60_000);
    const again = await gateway.authorize({ ...request, customer: { ...rider }, amount: usd(999) });
    expect(again).toEqual(first);
    const rows = await database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.reference, "order-1001"));
    expect(rows.filter((row) => row.amount === 999)).toHaveLength(1);
  });

  it("refuses a key reused for another request or another operation", async () => {
    const request = authorizeRequest();
    await gateway.authorize(request);
    const conflict = { outcome: "rejected", reason: "idempotency_conflict" };
    expect(await gateway.authorize({ ...request, amount: usd(1251) })).toEqual(conflict);
    expect(await gateway.authorize({ ...request, reference: "order-9" })).toEqual(conflict);
    expect(await gateway.authorize({ ...request, methodId: methods.bank })).toEqual(conflict);
    expect(await gateway.authorize({ ...request, customer: otherRider })).toEqual(conflict);
    expect(await gateway.void({ idempotencyKey: request.idempotencyKey, authorizationId: "ch_x" })).toEqual(
      conflict,
    );
  });

  it("makes one hold for 50 parallel calls with one key, all answered alike", async () => {
    const request = authorizeRequest({ amount: usd(5050), reference: "order-parallel" });
    const results = await Promise.all(Array.from({ length: 50 }, () => gateway.authorize({ ...request })));
    const rows = await database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.reference, "order-parallel"));
    expect(rows).toHaveLength(1);
    const ids = new Set(results.map((result) => result.outcome === "approved" && result.authorizationId));
    expect([...ids]).toEqual([rows[0]?.id]);
  });

  it("declines an insufficient-funds card or bank account, records the decline and repeats it", async () => {
    for (const methodId of [methods.insufficientCard, methods.insufficientBank]) {
      const request = authorizeRequest({ methodId });
      const declined: AuthorizeResult = { outcome: "declined", reason: "insufficient_funds" };
      expect(await gateway.authorize(request)).toEqual(declined);
      expect((await requestRow(request.idempotencyKey))?.result).toEqual(declined);
      expect(await gateway.authorize(request)).toEqual(declined);
      expect(await countCharges(methodId)).toBe(0);
    }
  });

  it("declines with the reason a test method carries", async () => {
    const methodId = `pm_sandbox_card_declined_abcdefghijklmnop_${ownerOf(rider)}`;
    expect(await gateway.authorize(authorizeRequest({ methodId }))).toEqual({
      outcome: "declined",
      reason: "card_declined",
    });
  });

  it("knows no method it did not make, nor another customer's", async () => {
    const unknown = { outcome: "rejected", reason: "unknown_reference" };
    for (const methodId of ["pm_123", "tok_sandbox_x", "pm_sandbox_approve_abc", `${methods.card}?`]) {
      expect(await gateway.authorize(authorizeRequest({ methodId }))).toEqual(unknown);
    }
    await authorized({ methodId: methods.paypal });
    const foreign = authorizeRequest({ methodId: methods.paypal, customer: otherRider });
    expect(await gateway.authorize(foreign)).toEqual(unknown);
    expect((await requestRow(foreign.idempotencyKey))?.result).toEqual(unknown);
    const theirs = await attachCard("5555 5555 5555 4444", otherRider);
    await authorized({ methodId: theirs, customer: otherRider });
    expect(await gateway.authorize(authorizeRequest({ methodId: theirs }))).toEqual(unknown);
  });

  it("refuses amounts that are not positive safe integers and currencies that are not ISO 4217, leaving the key free", async () => {
    const idempotencyKey = freshKey("malformed");
    for (const amount of [0, -5, 12.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(await gateway.authorize(authorizeRequest({ idempotencyKey, amount: usd(amount) }))).toEqual({
        outcome: "rejected",
        reason: "amount_invalid",
      });
    }
    for (const currency of ["usd", "US", "USDD", "", "XQZ"]) {
      const request = authorizeRequest({ idempotencyKey, amount: { amount: 100, currency } });
      expect(await gateway.authorize(request)).toEqual({ outcome: "rejected", reason: "currency_mismatch" });
    }
    expect(await requestRow(idempotencyKey)).toBeUndefined();
    expect(await gateway.authorize(authorizeRequest({ idempotencyKey }))).toMatchObject({
      outcome: "approved",
    });
  });

  it("throws on a caller's mistake: a malformed key, customer or reference", async () => {
    await expect(gateway.authorize(authorizeRequest({ idempotencyKey: "" }))).rejects.toThrow(
      GatewayUsageError,
    );
    await expect(gateway.authorize(authorizeRequest({ idempotencyKey: "with space" }))).rejects.toThrow(
      GatewayUsageError,
    );
    await expect(gateway.authorize(authorizeRequest({ customer: { id: "" } }))).rejects.toThrow(
      GatewayUsageError,
    );
    await expect(gateway.authorize(authorizeRequest({ reference: "" }))).rejects.toThrow(GatewayUsageError);
  });

  it("throws when the sandbox was given no database", async () => {
    const bare = createSandboxGateway({ secret });
    await expect(bare.authorize(authorizeRequest())).rejects.toThrow(GatewayUsageError);
  });
});

describe("a crash before the answer is stored", () => {
  it("leaves neither the hold nor the key, and the retry holds once", async () => {
    const request = authorizeRequest({ reference: "order-crash" });
    // The database fails the statement that stores the answer, after the hold was written.
    await database.db.execute(
      sql.raw(`create function fail_answer() returns trigger language plpgsql as $$
        begin
          if new.idempotency_key = '${request.idempotencyKey}' then raise exception 'lost the answer'; end if;
          return new;
        end $$`),
    );
    await database.db.execute(
      sql`create trigger fail_answer before update on payment_gateway_requests for each row execute function fail_answer()`,
    );
    await expect(gateway.authorize(request)).rejects.toThrow();
    expect(await requestRow(request.idempotencyKey)).toBeUndefined();
    const byReference = () =>
      database.db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, "order-crash"));
    expect(await byReference()).toHaveLength(0);

    await database.db.execute(sql`drop trigger fail_answer on payment_gateway_requests`);
    await database.db.execute(sql`drop function fail_answer()`);
    const result = await gateway.authorize(request);
    expect(result).toMatchObject({ outcome: "approved" });
    // The answer lost on the way back (a timeout) is the same answer when asked again.
    expect(await gateway.authorize(request)).toEqual(result);
    expect(await byReference()).toHaveLength(1);
  });
});

describe.skipIf(!onPostgres)("two connections, one key (PostgreSQL)", () => {
  /** Opens a transaction holding `idempotencyKey`'s row; the caller ends it. */
  async function holdKey(idempotencyKey: string) {
    let finish: (commit: boolean) => void = () => {};
    const decided = new Promise<boolean>((resolve) => {
      finish = resolve;
    });
    let claimed: () => void = () => {};
    const holding = new Promise<void>((resolve) => {
      claimed = resolve;
    });
    const done = database.db
      .transaction(async (tx) => {
        await tx.insert(paymentGatewayRequests).values({
          gateway: "sandbox",
          idempotencyKey,
          operation: "authorize",
          requestHash: "another request",
          createdAt: clock.now(),
        });
        claimed();
        if (!(await decided)) tx.rollback();
        await tx
          .update(paymentGatewayRequests)
          .set({ result: { outcome: "declined", reason: "card_declined" }, completedAt: clock.now() })
          .where(eq(paymentGatewayRequests.idempotencyKey, idempotencyKey));
      })
      .catch(() => undefined);
    await holding;
    return { finish, done };
  }

  const waitingOnALock = () =>
    vi.waitFor(
      async () => {
        const result = await database.db.execute(
          sql`select count(*)::int as waiting from pg_locks join pg_stat_activity using (pid)
            where not granted and datname = current_database()`,
        );
        const [row] = (result as unknown as { rows: Array<{ waiting: number }> }).rows;
        expect(row?.waiting).toBeGreaterThan(0);
      },
      { timeout: 20_000, interval: 20 },
    );

  it("the second caller waits for the first's commit, then reads its row", async () => {
    const request = authorizeRequest();
    const held = await holdKey(request.idempotencyKey);
    const second = gateway.authorize(request);
    await waitingOnALock();
    held.finish(true);
    await held.done;
    expect(await second).toEqual({ outcome: "rejected", reason: "idempotency_conflict" });
  });

  it("the second caller does the work when the first rolls back", async () => {
    const request = authorizeRequest();
    const held = await holdKey(request.idempotencyKey);
    const second = gateway.authorize(request);
    await waitingOnALock();
    held.finish(false);
    await held.done;
    expect(await second).toMatchObject({ outcome: "approved" });
  });
});

describe("capture", () => {
  it("takes the whole authorization when no amount is given, once", async () => {
    const authorizationId = await authorized({ amount: usd(3000) });
    const request = { idempotencyKey: freshKey("capture"), authorizationId };
    const result = await gateway.capture(request);
    expect(result).toEqual({
      outcome: "approved",
      captureId: `cp_sandbox_${authorizationId.slice("ch_sandbox_".length)}`,
      amount: usd(3000),
    });
    expect(await charge(authorizationId)).toMatchObject({ status: "captured", captured: 3000, refunded: 0 });
    expect(await gateway.capture(request)).toEqual(result);
    expect(await gateway.capture({ ...request, idempotencyKey: freshKey("capture") })).toEqual({
      outcome: "rejected",
      reason: "already_settled",
    });
  });

  it("takes part of it, at most what was authorized, in its currency", async () => {
    const authorizationId = await authorized({ amount: usd(3000) });
    const capture = (amount: Amount) =>
      gateway.capture({ idempotencyKey: freshKey("capture"), authorizationId, amount });
    expect(await capture(usd(3001))).toEqual({ outcome: "rejected", reason: "amount_invalid" });
    expect(await capture({ amount: 1000, currency: "EUR" })).toEqual({
      outcome: "rejected",
      reason: "currency_mismatch",
    });
    expect(await capture(usd(0))).toEqual({ outcome: "rejected", reason: "amount_invalid" });
    expect(await charge(authorizationId)).toMatchObject({ status: "authorized", captured: 0 });
    expect(await capture(usd(1800))).toMatchObject({ outcome: "approved", amount: usd(1800) });
    expect(await charge(authorizationId)).toMatchObject({ status: "captured", captured: 1800, amount: 3000 });
  });

  it("refuses a voided authorization and one it never made", async () => {
    const authorizationId = await authorized();
    await gateway.void({ idempotencyKey: freshKey("void"), authorizationId });
    expect(await gateway.capture({ idempotencyKey: freshKey("capture"), authorizationId })).toEqual({
      outcome: "rejected",
      reason: "already_settled",
    });
    for (const unknown of ["ch_sandbox_AAAAAAAAAAAAAAAA", "nope", `${authorizationId}0`]) {
      expect(
        await gateway.capture({ idempotencyKey: freshKey("capture"), authorizationId: unknown }),
      ).toEqual({
        outcome: "rejected",
        reason: "unknown_reference",
      });
    }
  });
});

describe("void", () => {
  it("releases an authorization not captured, or a whole capture before the nightly batch, and only that", async () => {
    const authorizationId = await authorized();
    const request = { idempotencyKey: freshKey("void"), authorizationId };
    expect(await gateway.void(request)).toEqual({ outcome: "approved", authorizationId });
    expect(await charge(authorizationId)).toMatchObject({ status: "voided", captured: 0 });
    expect(await gateway.void(request)).toEqual({ outcome: "approved", authorizationId });
    const settled = { outcome: "rejected", reason: "already_settled" };
    expect(await gateway.void({ ...request, idempotencyKey: freshKey("void") })).toEqual(settled);

    // Captured today: voided whole (nothing captured is left, nothing refunded shows).
    const capturedToday = await authorized();
    await captured(capturedToday);
    expect(await gateway.void({ idempotencyKey: freshKey("void"), authorizationId: capturedToday })).toEqual({
      outcome: "approved",
      authorizationId: capturedToday,
    });
    expect(await charge(capturedToday)).toMatchObject({ status: "voided", captured: 0, refunded: 0 });
    // Partly refunded: only refunds from now on.
    const partlyRefunded = await authorized({ amount: usd(5000) });
    const partCapture = await captured(partlyRefunded);
    await gateway.refund({ idempotencyKey: freshKey("refund"), captureId: partCapture, amount: usd(100) });
    expect(await gateway.void({ idempotencyKey: freshKey("void"), authorizationId: partlyRefunded })).toEqual(
      settled,
    );
    // Settled at the first midnight UTC after the capture: only a refund takes it back.
    const capturedOne = await authorized();
    await captured(capturedOne);
    expect(settlesAt(new Date("2026-11-23T12:00:00Z")).toISOString()).toBe("2026-11-24T00:00:00.000Z");
    const capturedAt = (await charge(capturedOne))?.capturedAt;
    if (!capturedAt) throw new Error("no capture time");
    clock.set(settlesAt(capturedAt));
    expect(await gateway.void({ idempotencyKey: freshKey("void"), authorizationId: capturedOne })).toEqual(
      settled,
    );
    expect(await gateway.void({ idempotencyKey: freshKey("void"), authorizationId: "ch_sandbox_x" })).toEqual(
      {
        outcome: "rejected",
        reason: "unknown_reference",
      },
    );
  });
});

describe("refund", () => {
  it("returns parts of a capture that add up to at most what was captured", async () => {
    const authorizationId = await authorized({ amount: usd(5000) });
    const captureId = await captured(authorizationId, usd(4000));
    const refund = (amount: Amount, idempotencyKey = freshKey("refund")) =>
      gateway.refund({ idempotencyKey, captureId, amount });
    const first = await refund(usd(1500), "refund-first");
    expect(first).toEqual({
      outcome: "approved",
      refundId: expect.stringMatching(/^re_sandbox_[A-Za-z0-9_-]{16}$/),
      amount: usd(1500),
    });
    expect(await refund(usd(1500), "refund-first")).toEqual(first);
    expect(await refund(usd(1500))).toMatchObject({ outcome: "approved" });
    expect(await charge(authorizationId)).toMatchObject({ captured: 4000, refunded: 3000 });
    expect(await refund(usd(1001))).toEqual({ outcome: "rejected", reason: "amount_invalid" });
    expect(await refund({ amount: 10, currency: "CAD" })).toEqual({
      outcome: "rejected",
      reason: "currency_mismatch",
    });
    expect(await refund(usd(1000))).toMatchObject({ outcome: "approved" });
    expect(await refund(usd(1))).toEqual({ outcome: "rejected", reason: "amount_invalid" });
    expect(await charge(authorizationId)).toMatchObject({
      captured: 4000,
      refunded: 4000,
      status: "captured",
    });
  });

  it("knows only captures it made", async () => {
    const authorizationId = await authorized();
    const suffix = authorizationId.slice("ch_sandbox_".length);
    for (const captureId of [
      `cp_sandbox_${suffix}`,
      authorizationId,
      "cp_sandbox_AAAAAAAAAAAAAAAA",
      "re_x",
    ]) {
      expect(await gateway.refund({ idempotencyKey: freshKey("refund"), captureId, amount: usd(1) })).toEqual(
        {
          outcome: "rejected",
          reason: "unknown_reference",
        },
      );
    }
  });
});

describe("any sequence of calls, with repeated keys", () => {
  type Step =
    | { kind: "authorize"; key: number; method: number; amount: number; currency: number }
    | { kind: "capture"; key: number; target: number; amount: number | null; currency: number }
    | { kind: "void"; key: number; target: number }
    | { kind: "refund"; key: number; target: number; amount: number; currency: number }
    | { kind: "repeat"; call: number };

  /** Three keys per operation and two any operation may use: repeats, conflicts and fresh keys all happen. */
  const key = fc.nat({ max: 7 });
  const maxTarget = 4;
  const target = fc.nat({ max: maxTarget });
  /**
   * Amounts on a coarse grid, so captures land under, at and over what was authorized, and partial
   * refunds add up before one goes over (uniform integers would rarely line up).
   */
  const amount = fc.constantFrom(500, 1000, 1500, 2000);
  const captureAmount = fc.constantFrom(250, 500, 1000, 2500);
  const refundAmount = fc.constantFrom(100, 200, 300, 600, 1000);
  /** Mostly the authorization's currency (index 0, USD), sometimes another. */
  const currency = fc.oneof(
    { arbitrary: fc.constant(0), weight: 4 },
    { arbitrary: fc.constant(1), weight: 1 },
  );
  const step: fc.Arbitrary<Step> = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant("authorize" as const),
        key,
        method: fc.nat({ max: 3 }),
        amount,
        currency,
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant("capture" as const),
        key,
        target,
        amount: fc.option(captureAmount, { nil: null, freq: 2 }),
        currency,
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("void" as const), key, target }) },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant("refund" as const),
        key,
        target,
        amount: refundAmount,
        currency,
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant("repeat" as const), call: fc.nat({ max: 3 }) }) },
  );

  type Call =
    | { kind: "authorize"; request: AuthorizeRequest }
    | { kind: "capture"; request: CaptureRequest }
    | { kind: "void"; request: VoidRequest }
    | { kind: "refund"; request: RefundRequest };

  const send = (call: Call) => {
    switch (call.kind) {
      case "authorize":
        return gateway.authorize(call.request);
      case "capture":
        return gateway.capture(call.request);
      case "void":
        return gateway.void(call.request);
      case "refund":
        return gateway.refund(call.request);
    }
  };

  const books = async (reference: string) =>
    (await database.db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, reference)))
      .map(({ id, amount, currency, status, captured, refunded }) => ({
        id,
        amount,
        currency,
        status,
        captured,
        refunded,
      }))
      .sort((a, b) => a.id.localeCompare(b.id));

  let run = 0;
  /** What the generated calls reached, so a generator that stops reaching them fails. */
  const reached = new Set<string>();
  it("keep 0 <= refunded <= captured <= amount, and a repeated key never changes the books", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 8, maxLength: 24 }), async (steps) => {
        run += 1;
        const reference = `property-${run}`;
        const methodIds = [methods.card, methods.bank, methods.paypal, methods.insufficientCard];
        const currencies = ["USD", "EUR"];
        const authorizations: string[] = [];
        const captures: string[] = [];
        const calls: Array<{ call: Call; result: unknown }> = [];
        const byKey = new Map<string, { call: Call; result: unknown }>();

        for (const s of steps) {
          const keyIndex = "key" in s ? s.key : 0;
          const idempotencyKey = `${reference}:${keyIndex < 6 ? `${s.kind}-${keyIndex % 3}` : `shared-${keyIndex}`}`;
          // The latest ids first; the last index names one the gateway never made.
          const pick = (ids: string[], index: number) =>
            (index < maxTarget && ids[ids.length - 1 - (index % Math.max(ids.length, 1))]) ||
            "ch_sandbox_AAAAAAAAAAAAAAAA";
          let call: Call;
          if (s.kind === "repeat") {
            // One of the last few calls again, as a retry would.
            const earlier = calls[calls.length - 1 - (s.call % Math.max(calls.length, 1))];
            if (!earlier) continue;
            call = earlier.call;
          } else if (s.kind === "authorize") {
            call = {
              kind: "authorize",
              request: {
                idempotencyKey,
                customer: rider,
                methodId: methodIds[s.method] ?? methods.card,
                amount: { amount: s.amount, currency: currencies[s.currency] ?? "USD" },
                reference,
              },
            };
          } else if (s.kind === "capture") {
            const amount =
              s.amount === null ? undefined : { amount: s.amount, currency: currencies[s.currency] ?? "USD" };
            call = {
              kind: "capture",
              request: { idempotencyKey, authorizationId: pick(authorizations, s.target), amount },
            };
          } else if (s.kind === "void") {
            call = {
              kind: "void",
              request: { idempotencyKey, authorizationId: pick(authorizations, s.target) },
            };
          } else {
            call = {
              kind: "refund",
              request: {
                idempotencyKey,
                captureId: pick(captures, s.target),
                amount: { amount: s.amount, currency: currencies[s.currency] ?? "USD" },
              },
            };
          }

          const before = await books(reference);
          clock.advance(1_000);
          const result = await send(call);
          const after = await books(reference);

          const earlier = byKey.get(call.request.idempotencyKey);
          if (earlier) {
            const same =
              earlier.call.kind === call.kind &&
              JSON.stringify(earlier.call.request) === JSON.stringify(call.request);
            expect(result).toEqual(
              same ? earlier.result : { outcome: "rejected", reason: "idempotency_conflict" },
            );
            expect(after).toEqual(before);
          } else {
            byKey.set(call.request.idempotencyKey, { call, result });
            if (result.outcome === "approved") {
              if ("authorizationId" in result && call.kind === "authorize")
                authorizations.push(result.authorizationId);
              if ("captureId" in result) captures.push(result.captureId);
            } else {
              expect(after).toEqual(before);
            }
          }
          calls.push({ call, result });
          reached.add(`${call.kind}:${result.outcome}${earlier ? ":repeated" : ""}`);

          for (const row of after) {
            expect(0).toBeLessThanOrEqual(row.refunded);
            expect(row.refunded).toBeLessThanOrEqual(row.captured);
            expect(row.captured).toBeLessThanOrEqual(row.amount);
            expect(row.status === "captured").toBe(row.captured > 0);
          }
        }
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 30), seed: Number(process.env.FC_SEED ?? 20261123) },
    );
    for (const kind of ["authorize", "capture", "void", "refund"])
      expect(reached).toContain(`${kind}:approved`);
    for (const kind of ["capture", "void", "refund"]) expect(reached).toContain(`${kind}:rejected`);
    expect(reached).toContain("authorize:declined");
    // A repeated key: the same request answered again, or another request refused as a conflict.
    expect(reached).toContain("authorize:approved:repeated");
    expect(reached).toContain("authorize:rejected:repeated");
    expect(reached).toContain("capture:approved:repeated");
    expect(reached).toContain("refund:approved:repeated");
  });
});
