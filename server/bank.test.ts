import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlaceOrderRequest } from "../src/domain/checkout/order.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { demoCatalog } from "./db/seed-catalog.ts";
import { manualClock } from "./domain/clock.ts";
import { SandboxPaymentGateway } from "./gateways/payments/sandbox.ts";
import { staleClaimMs } from "./services/orders/idempotency.ts";
import { expectBooksAgree } from "./test/books.ts";
import { createTestApp, shareDatabase, type TestApp } from "./test/helpers.ts";
import { newCard, newRider, savedCard } from "./test/transit-fixtures.ts";

/*
 * The bank test (issue 33): two instances of the server on one database (PostgreSQL under
 * `npm run test:pg`, where each has its own connections; one PGlite otherwise), random interleavings of
 * checkout, split payment, card and wallet loads, transfers, operator refunds, auto-renewed passes and
 * their renewal run, and an instance that dies in the middle of an order (at the gateway's authorize or
 * capture, before or after the gateway answered: the request never returns, as under kill -9) whose
 * attempt the other instance's recovery run finishes or gives back. Afterwards every ledger group sums
 * to zero, no settled balance is below zero, no authorization is left open, and each gateway charge's
 * captured-minus-refunded equals what our books say of it, charge by charge.
 */

const clock = manualClock(new Date("2026-11-23T12:00:00Z"));
const operatorToken = "operator-token-of-the-bank-test-0123456789";
let one: TestApp;
let two: TestApp;
let handles: DatabaseHandle[];
const price = new Map<string, number>();
const { products } = demoCatalog;
const priceOf = (uuid: string) => price.get(uuid) ?? Number.NaN;

beforeAll(async () => {
  one = await createTestApp({ clock, operatorToken });
  handles = await shareDatabase(one.database, 2);
  two = await createTestApp({ clock, operatorToken, database: handles[1] ?? one.database });
  for (const entry of (await one.app.catalog.snapshot()).products)
    price.set(entry.row.uuid, entry.row.listPrice);
});
afterAll(async () => {
  await two.close();
  if (handles[1] && handles[1] !== handles[0]) await handles[1].close();
  await one.close();
});

interface Rider {
  id: string;
  token: string;
  cards: [string, string];
  method: string;
}

type Via = 0 | 1;
type Command =
  | { kind: "checkout"; rider: number; via: Via; quantity: number; split: boolean }
  | { kind: "subscribe"; rider: number; via: Via }
  | { kind: "load"; rider: number; via: Via; card: 0 | 1; amount: number }
  | { kind: "walletLoad"; rider: number; via: Via; amount: number }
  | { kind: "transfer"; rider: number; via: Via; amount: number }
  | { kind: "refund"; order: number; via: Via; part: number | null; of: "passes" | "any" }
  | { kind: "renew"; via: Via; days: number }
  | { kind: "crash"; rider: number; step: "authorize" | "capture"; when: "before" | "after" };

const rider = fc.nat({ max: 2 });
const via = fc.constantFrom<Via>(0, 1);
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant("checkout" as const),
    rider,
    via,
    quantity: fc.integer({ min: 1, max: 2 }),
    split: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("subscribe" as const), rider, via }),
  fc.record({
    kind: fc.constant("load" as const),
    rider,
    via,
    card: fc.constantFrom<0 | 1>(0, 1),
    amount: fc.integer({ min: 500, max: 3000 }),
  }),
  fc.record({
    kind: fc.constant("walletLoad" as const),
    rider,
    via,
    amount: fc.integer({ min: 500, max: 3000 }),
  }),
  fc.record({
    kind: fc.constant("transfer" as const),
    rider,
    via,
    amount: fc.integer({ min: 1, max: 2500 }),
  }),
  fc.record({
    kind: fc.constant("refund" as const),
    order: fc.nat({ max: 20 }),
    via,
    part: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 900 })),
    // Mostly an order of passes: a load's value is still pending here, so its refund waits.
    of: fc.constantFrom<"passes" | "any">("passes", "passes", "any"),
  }),
  fc.record({ kind: fc.constant("renew" as const), via, days: fc.integer({ min: 5, max: 40 }) }),
  fc.record({
    kind: fc.constant("crash" as const),
    rider,
    step: fc.constantFrom<"authorize" | "capture">("authorize", "capture"),
    when: fc.constantFrom<"before" | "after">("before", "after"),
  }),
);

const post = (app: TestApp, url: string, token: string, payload: object) =>
  app.app.inject({
    method: "POST",
    url,
    headers: { authorization: `Bearer ${token}`, "idempotency-key": randomUUID() },
    payload,
  });

function dayPasses(who: Rider, quantity: number, split: boolean): PlaceOrderRequest {
  const total = priceOf(products.dayPass) * quantity;
  return {
    lines: [{ product: products.dayPass, quantity }],
    fare_medium: who.cards[0],
    expected_total: total,
    payments: split
      ? [
          { kind: "stored_value", amount: 100 },
          { kind: "saved", payment_method: who.method, amount: total - 100 },
        ]
      : [{ kind: "saved", payment_method: who.method, amount: total }],
  };
}

/**
 * Instance one dies at `step` of its gateway for the next order: `before` the gateway hears it, or
 * `after` it answered; the order's request never returns. Resolves when it has died there.
 */
function dieAt(step: "authorize" | "capture", when: "before" | "after"): Promise<void> {
  const gateway = one.app.payments;
  if (!(gateway instanceof SandboxPaymentGateway)) throw new Error("the test app has the sandbox");
  const slot = gateway as unknown as Record<string, (request: never) => Promise<unknown>>;
  const real = slot[step]?.bind(gateway);
  if (!real) throw new Error(`no ${step}`);
  return new Promise((died) => {
    slot[step] = async (request: never) => {
      if (when === "after") await real(request);
      slot[step] = real;
      died();
      return new Promise(() => undefined);
    };
  });
}

/** What the runs did, so the test also proves it walked what it claims (not only refusals). */
const done = new Map<string, number>();
const count = (what: string) => done.set(what, (done.get(what) ?? 0) + 1);

async function run(commands: Command[]): Promise<void> {
  const apps = [one, two] as const;
  const riders: Rider[] = [];
  for (let n = 0; n < 3; n++) {
    const made = await newRider(one, "bank");
    const cards: [string, string] = [
      (await newCard(one, made.id, { general: 3000 })).id,
      (await newCard(one, made.id, { general: 1000 })).id,
    ];
    riders.push({ ...made, cards, method: await savedCard(one, made) });
  }
  const placed: string[] = [];
  const passOrders: string[] = [];
  const who = (n: number) => riders[n % riders.length] as Rider;
  const act = async (step: Command): Promise<void> => {
    switch (step.kind) {
      case "checkout": {
        const reply = await post(apps[step.via], "/transit/orders", who(step.rider).token, {
          ...dayPasses(who(step.rider), step.quantity, step.split),
        });
        expect([201, 422], reply.body).toContain(reply.statusCode);
        if (reply.statusCode === 201) {
          placed.push(reply.json().data.id);
          passOrders.push(reply.json().data.id);
          count(step.split ? "split checkout" : "checkout");
        }
        return;
      }
      case "subscribe": {
        const buyer = who(step.rider);
        const week = priceOf(products.weekPass);
        const reply = await post(apps[step.via], "/transit/orders", buyer.token, {
          lines: [{ product: products.weekPass, quantity: 1, auto_renew: true }],
          fare_medium: buyer.cards[1],
          expected_total: week,
          payments: [{ kind: "saved", payment_method: buyer.method, amount: week }],
        });
        expect(reply.statusCode, reply.body).toBe(201);
        placed.push(reply.json().data.id);
        passOrders.push(reply.json().data.id);
        count("subscribe");
        return;
      }
      case "load": {
        const buyer = who(step.rider);
        const reply = await post(
          apps[step.via],
          `/transit/faremedia/${buyer.cards[step.card]}/loads`,
          buyer.token,
          {
            amount: step.amount,
            expected_total: step.amount,
            payments: [{ kind: "saved", payment_method: buyer.method, amount: step.amount }],
          },
        );
        // Refused past the card's stored-value limit; never a 5xx.
        expect([201, 422], reply.body).toContain(reply.statusCode);
        if (reply.statusCode === 201) {
          placed.push(reply.json().data.order.id);
          count("load");
        }
        return;
      }
      case "walletLoad": {
        const buyer = who(step.rider);
        const reply = await post(apps[step.via], "/transit/wallet/loads", buyer.token, {
          amount: step.amount,
          expected_total: step.amount,
          payments: [{ kind: "saved", payment_method: buyer.method, amount: step.amount }],
        });
        expect([201, 422], reply.body).toContain(reply.statusCode);
        if (reply.statusCode === 201) placed.push(reply.json().data.order.id);
        return;
      }
      case "transfer": {
        const mover = who(step.rider);
        const reply = await post(apps[step.via], "/transit/faremedia/transfers", mover.token, {
          from: mover.cards[0],
          to: mover.cards[1],
          amount: step.amount,
        });
        // Refused when the settled general funds do not hold it.
        expect([201, 422], reply.body).toContain(reply.statusCode);
        if (reply.statusCode === 201) count("transfer");
        return;
      }
      case "refund": {
        const from = step.of === "passes" ? passOrders : placed;
        const orderId = from[step.order % Math.max(from.length, 1)];
        if (!orderId) return;
        const reply = await post(apps[step.via], `/transit/orders/${orderId}/refunds`, operatorToken, {
          ...(step.part === null ? {} : { amount: step.part }),
          reason: "bank test",
        });
        // Refused: more than is left, stored value already spent or still pending, a refunded order.
        expect([201, 422], reply.body).toContain(reply.statusCode);
        if (reply.statusCode === 201) count(step.part === null ? "full refund" : "partial refund");
        return;
      }
      case "renew": {
        const renewed = await apps[step.via].app.renewals.runDue(
          new Date(clock.now().getTime() + step.days * 86_400_000),
        );
        if (renewed.renewed > 0) count("renewal");
        return;
      }
      case "crash": {
        const buyer = who(step.rider);
        const died = dieAt(step.step, step.when);
        void post(one, "/transit/orders", buyer.token, { ...dayPasses(buyer, 1, false) });
        await died;
        count(`death at ${step.step}, ${step.when}`);
        return;
      }
    }
  };

  // Three at a time, each on the instance it names; a crash stands alone (it swaps the gateway's call).
  for (let index = 0; index < commands.length; ) {
    const next = commands[index];
    if (next?.kind === "crash") {
      await act(next);
      index += 1;
      continue;
    }
    const batch: Command[] = [];
    while (index < commands.length && batch.length < 3 && commands[index]?.kind !== "crash") {
      batch.push(commands[index] as Command);
      index += 1;
    }
    await Promise.all(batch.map(act));
  }
  // The other instance's recovery runs: the dead attempts finished or given back, refunds settled.
  const later = new Date(clock.now().getTime() + staleClaimMs + 1_000);
  const recovered = await Promise.all([
    two.app.orders.recoverAttempts(later),
    two.app.orders.recoverAttempts(later),
  ]);
  if (recovered.some((n) => Number(n) > 0)) count("recovered attempt");
  await two.app.orders.recoverRefunds(later);

  await expectBooksAgree(one.database.db, riders);
}

describe("the bank test: two instances on one database, random money moves and a dead instance", () => {
  it("keeps every ledger group at zero, no settled balance below zero, and the gateway equal to the books", async () => {
    await fc.assert(fc.asyncProperty(fc.array(command, { minLength: 6, maxLength: 16 }), run), {
      numRuns: Number(process.env.FC_RUNS ?? 8),
      seed: Number(process.env.FC_SEED ?? 20261129),
    });
    // It walked what it claims: each kind of move succeeded at least once, and dead attempts recovered.
    for (const what of [
      "checkout",
      "split checkout",
      "load",
      "transfer",
      "partial refund",
      "full refund",
      "renewal",
      "recovered attempt",
    ])
      expect(done.get(what) ?? 0, `${what} never happened: ${JSON.stringify([...done])}`).toBeGreaterThan(0);
    // Eight runs of up to 16 moves on two instances: seconds of work, more on a busy machine.
  }, 180_000);
});
