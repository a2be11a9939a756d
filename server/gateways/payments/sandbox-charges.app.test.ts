import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { paymentGatewayRequests, sandboxCharges } from "../../db/schema.ts";
import { manualClock } from "../../domain/clock.ts";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import { SandboxPaymentGateway } from "./sandbox.ts";

const clock = manualClock(new Date("2026-11-23T12:00:00Z"));
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ clock });
});

afterAll(async () => {
  await test?.close();
});

it("the app's default gateway is the sandbox, charging in the app's database on the app's clock", async () => {
  const { payments } = test.app;
  expect(payments).toBeInstanceOf(SandboxPaymentGateway);
  if (!(payments instanceof SandboxPaymentGateway)) return;
  const made = payments.createCardToken({
    number: "4242424242424242",
    exp_month: 12,
    exp_year: 2030,
    cvc: "739",
    postal_code: "94103",
  });
  if (!made.ok) throw new Error(made.problem);
  const customer = { id: "6f1c8e52-3b0e-4a53-9d55-0d1f2a3b4c5d" };
  const saved = await payments.attach({ idempotencyKey: "attach-1", customer, token: made.value.token });
  if (saved.outcome !== "approved") throw new Error(saved.outcome);

  clock.advance(90_000);
  const result = await payments.authorize({
    idempotencyKey: "order:1:leg:1:authorize",
    customer,
    methodId: saved.method.methodId,
    amount: { amount: 2500, currency: "USD" },
    reference: "order-1",
  });
  expect(result).toMatchObject({ outcome: "approved", amount: { amount: 2500, currency: "USD" } });
  if (result.outcome !== "approved") return;
  const [row] = await test.app.db
    .select()
    .from(sandboxCharges)
    .where(eq(sandboxCharges.id, result.authorizationId));
  expect(row).toMatchObject({ customerId: saved.method.customerId, createdAt: clock.now() });
  const [request] = await test.app.db
    .select()
    .from(paymentGatewayRequests)
    .where(eq(paymentGatewayRequests.idempotencyKey, "order:1:leg:1:authorize"));
  expect(request).toMatchObject({ gateway: "sandbox", operation: "authorize", completedAt: clock.now() });
});
