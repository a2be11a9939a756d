import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GuestOrderRequest, PlacedOrder } from "../../../src/domain/checkout/order.ts";
import { demoCatalog } from "../../db/seed-catalog.ts";
import { SandboxPaymentGateway } from "../../gateways/payments/sandbox.ts";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import { guestCardToken, issueCard } from "../../test/pass-fixtures.ts";
import { testCardToken } from "../../test/sandbox-cards.ts";

/*
 * Order numbers are random ("TP-" and 8 digits), so two orders may draw the same one. The number is
 * claimed with the Idempotency-Key, before any charge: a drawn number another claim holds is drawn
 * again, and never makes the second order fail after its card was charged.
 */

const draws: string[] = [];
let t: TestApp;
let gateway: SandboxPaymentGateway;
beforeAll(async () => {
  t = await createTestApp({
    orderNumbers: () => {
      const next = draws.shift();
      if (!next) throw new Error("the test ran out of order numbers");
      return next;
    },
  });
  if (!(t.app.payments instanceof SandboxPaymentGateway)) throw new Error("the test app has the sandbox");
  gateway = t.app.payments;
});
afterAll(async () => t.close());

async function dayPassAsGuest(): Promise<GuestOrderRequest> {
  const entry = (await t.app.catalog.snapshot()).products.find(
    (product) => product.row.uuid === demoCatalog.products.dayPass,
  );
  if (!entry) throw new Error("no Day Pass in the catalogue");
  const total = entry.row.listPrice;
  return {
    email: "numbers@example.org",
    card_token: await guestCardToken(t, await issueCard(t)),
    lines: [{ product: demoCatalog.products.dayPass, quantity: 1 }],
    expected_total: total,
    payments: [{ kind: "card", token: testCardToken(gateway), amount: total }],
  };
}

const place = async (payload: GuestOrderRequest) => {
  const reply = await t.app.inject({
    method: "POST",
    url: "/transit/anonymous/orders",
    headers: { "idempotency-key": randomUUID() },
    payload,
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data as PlacedOrder;
};

describe("order numbers", () => {
  it("draws again when the number drawn is another order's", async () => {
    draws.push("TP-00000001");
    const first = await place(await dayPassAsGuest());
    expect(first.number).toBe("TP-00000001");

    draws.push("TP-00000001", "TP-00000001", "TP-00000002");
    const second = await place(await dayPassAsGuest());
    expect(second.number).toBe("TP-00000002");
    expect(draws).toEqual([]);
    expect(second.id).not.toBe(first.id);
  });
});
