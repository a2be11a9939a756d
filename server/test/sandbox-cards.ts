import type { CardInput } from "../gateways/payments/checks.ts";
import type { SandboxPaymentGateway } from "../gateways/payments/sandbox.ts";

/**
 * A one-time card token from a sandbox gateway for a test card number (4242... approves;
 * 4000000000009995 saves and declines when charged), valid far ahead. For tests and the bench: a
 * gateway made with the servers' secret makes tokens those servers accept. `changes` alters the card
 * (an expired month, another postal code) for the tests of those checks.
 */
export function testCardToken(
  gateway: SandboxPaymentGateway,
  number = "4242424242424242",
  changes: Partial<CardInput> = {},
): string {
  const made = gateway.createCardToken({
    number,
    exp_month: 12,
    exp_year: 2031,
    cvc: "739",
    postal_code: "94103",
    ...changes,
  });
  if (!made.ok) throw new Error(`not tokenized: ${made.problem}`);
  return made.value.token;
}
