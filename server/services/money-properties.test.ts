import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maxStoredValue } from "../../src/domain/transit/wallet.ts";
import { cardActivity, ledgerEntries } from "../db/schema.ts";
import { balanceOf } from "../repositories/card-activity.ts";
import { createTestApp, type TestApp } from "../test/helpers.ts";
import { newCard, newRider, newRoute, savedCard } from "../test/transit-fixtures.ts";

let t: TestApp;
let route: string;
beforeAll(async () => {
  t = await createTestApp();
  route = await newRoute(t, { ADULT: 275 });
});
afterAll(() => t.close());

type Command =
  | { kind: "tap"; card: number }
  | { kind: "load"; card: number; amount: number }
  | { kind: "transfer"; from: number; to: number; amount: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant("tap" as const), card: fc.nat({ max: 2 }) }),
  fc.record({
    kind: fc.constant("load" as const),
    card: fc.nat({ max: 2 }),
    amount: fc.integer({ min: 500, max: 3000 }),
  }),
  fc.record({
    kind: fc.constant("transfer" as const),
    from: fc.nat({ max: 2 }),
    to: fc.nat({ max: 2 }),
    amount: fc.integer({ min: 1, max: 3000 }),
  }),
);

/** The sum of an account's ledger entries, read straight from the table. */
async function ledgerSum(account: string): Promise<number> {
  const [row] = await t.app.db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, account));
  return Number(row?.total ?? 0);
}

describe("money moves only as the rules say (fast-check)", () => {
  it("any sequence of taps, loads and transfers keeps each card at its model, its ledger sum and its activity; only settled value moves", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 10 }), async (commands) => {
        const rider = await newRider(t, "prop");
        // A rider type without fare caps, so every tap that is not declined pays the fare.
        const opening = [1000, 300, 0];
        const commuter = [700, 0, 0];
        const cards = await Promise.all(
          opening.map((general, index) =>
            newCard(t, rider.id, { general, commuter: commuter[index] ?? 0, riderType: "PROPERTY" }),
          ),
        );
        const method = await savedCard(t, rider);
        const model = [...opening];
        // Loads not settled yet (nothing settles here): rides may use them, transfers may not.
        const pending = opening.map(() => 0);
        for (const step of commands) {
          if (step.kind === "tap") {
            const card = cards[step.card];
            if (!card) continue;
            const result = await t.app.taps.tap({ route, fare_medium: card.id });
            expect(result.ok).toBe(true);
            const paid = (model[step.card] ?? 0) >= 275;
            if (result.ok) expect(result.tap.outcome).toBe(paid ? "fare" : "declined");
            if (paid) model[step.card] = (model[step.card] ?? 0) - 275;
          } else if (step.kind === "load") {
            const card = cards[step.card];
            if (!card) continue;
            const reply = await t.app.inject({
              method: "POST",
              url: `/transit/faremedia/${card.id}/loads`,
              headers: { authorization: `Bearer ${rider.token}`, "idempotency-key": randomUUID() },
              payload: {
                amount: step.amount,
                expected_total: step.amount,
                payments: [{ kind: "saved", payment_method: method, amount: step.amount }],
              },
            });
            const fits = (model[step.card] ?? 0) + step.amount <= maxStoredValue;
            expect(reply.statusCode).toBe(fits ? 201 : 422);
            if (fits) {
              model[step.card] = (model[step.card] ?? 0) + step.amount;
              pending[step.card] = (pending[step.card] ?? 0) + step.amount;
            }
          } else {
            const from = cards[step.from];
            const to = cards[step.to];
            if (!from || !to) continue;
            const before = await Promise.all(cards.map((card) => balanceOf(t.app.db, card.id, "USD")));
            const reply = await t.app.inject({
              method: "POST",
              url: "/transit/faremedia/transfers",
              headers: { authorization: `Bearer ${rider.token}`, "idempotency-key": randomUUID() },
              payload: { from: from.id, to: to.id, amount: step.amount },
            });
            const settled = Math.max(0, (model[step.from] ?? 0) - (pending[step.from] ?? 0));
            const moves = step.from !== step.to && step.amount <= settled;
            expect(reply.statusCode, reply.body).toBe(moves ? 201 : step.from === step.to ? 400 : 422);
            if (moves) {
              model[step.from] = (model[step.from] ?? 0) - step.amount;
              model[step.to] = (model[step.to] ?? 0) + step.amount;
            }
            const after = await Promise.all(cards.map((card) => balanceOf(t.app.db, card.id, "USD")));
            // A transfer neither makes nor destroys money, and never moves commuter benefits.
            const total = (rows: typeof after) =>
              rows.reduce((sum, row) => sum + row.general + row.commuter, 0);
            expect(total(after)).toBe(total(before));
            expect(after.map((row) => row.commuter)).toEqual(before.map((row) => row.commuter));
          }
        }
        for (const [index, card] of cards.entries()) {
          const balance = await balanceOf(t.app.db, card.id, "USD");
          expect(balance.general).toBe(model[index]);
          expect(balance.general).toBeGreaterThanOrEqual(0);
          expect(balance.commuter).toBe(commuter[index]);
          expect(balance.general).toBe(await ledgerSum(`farecard:${card.id}:general`));
          // The activity rows add up to what moved, and the newest says the stored value now.
          const rows = await t.app.db
            .select()
            .from(cardActivity)
            .where(eq(cardActivity.fareMediumId, card.id))
            .orderBy(cardActivity.occurredAt, cardActivity.id);
          const moved = rows.reduce((sum, row) => sum + Number(row.amount ?? 0), 0);
          expect(moved).toBe(balance.general - (opening[index] ?? 0));
          for (const row of rows) expect(Number(row.balanceAfter ?? 0)).toBeGreaterThanOrEqual(0);
        }
      }),
      { seed: 20261123, numRuns: 12 },
    );
  }, 180_000);
});
