import { describe, expect, it } from "vitest";
import { passOrder, shippedOrder } from "../../../tests/support/orders.ts";
import type { OrderPayment } from "../../domain/checkout/order.ts";
import { i18n } from "../../i18n/i18n.ts";
import { fulfilmentLines, orderCard, paymentName } from "./orderText.ts";

const leg = (payment: Partial<OrderPayment>): OrderPayment => ({
  leg: 0,
  kind: "saved",
  amount: 100,
  brand: null,
  last4: null,
  nickname: null,
  payment_method: null,
  purchase_number: null,
  ...payment,
});

describe("order texts", () => {
  it("names each payment leg as the rider knows it", () => {
    expect(paymentName(i18n, leg({ brand: "visa", last4: "4242" }))).toBe("Visa •••• 4242");
    expect(paymentName(i18n, leg({ brand: "american-express", last4: "0005" }))).toBe(
      "American Express •••• 0005",
    );
    expect(paymentName(i18n, leg({ brand: "Sandbox Bank", last4: "6789" }))).toBe("Sandbox Bank •••• 6789");
    expect(paymentName(i18n, leg({ brand: "PayPal" }))).toBe("PayPal");
    expect(paymentName(i18n, leg({ kind: "card", brand: null, last4: "1111" }))).toBe("Card •••• 1111");
    expect(paymentName(i18n, leg({ kind: "wallet", brand: "Wallet" }))).toBe("Wallet");
    expect(paymentName(i18n, leg({ kind: "stored_value", brand: "Stored value" }))).toBe("Stored value");
  });

  it("masks the fare card but its last four digits", () => {
    expect(orderCard({ card_number: null, fare_medium: passOrder.fare_medium })).toBe("•••• 0015");
    expect(orderCard(passOrder)).toBe("•••• 0015");
    expect(orderCard(shippedOrder)).toBeNull();
  });

  it("says what each kind of item became, once per kind", () => {
    expect(fulfilmentLines(i18n, passOrder, "en")).toEqual([
      "Auto-renewing pass added to the fare card •••• 0015",
      "Stored value added to the fare card •••• 0015",
    ]);
    expect(fulfilmentLines(i18n, shippedOrder, "en")).toEqual([
      "Card to be shipped to Ana Lima, 1 Main St, Springfield, IL 62701, United States by Priority mail",
    ]);
    const twoPasses = {
      ...passOrder,
      card_number: null,
      fare_medium: null,
      items: passOrder.items.map((item) => ({ ...item, fulfilment: "pass" as const })),
    };
    expect(fulfilmentLines(i18n, twoPasses, "en")).toEqual([
      "Passes kept in your account: move them to a fare card or your phone from Passes.",
    ]);
    const walletLoad = {
      ...passOrder,
      kind: "load" as const,
      card_number: null,
      fare_medium: null,
      items: passOrder.items.slice(0, 1).map((item) => ({ ...item, fulfilment: "stored_value" as const })),
    };
    expect(fulfilmentLines(i18n, walletLoad, "en")).toEqual(["Value added to your wallet"]);
    expect(fulfilmentLines(i18n, { ...walletLoad, kind: "digital" as const }, "en")).toEqual([
      "Stored value added",
    ]);
    expect(
      fulfilmentLines(i18n, { ...shippedOrder, shipping_method: null, shipping_address: null }, "en"),
    ).toEqual(["Card to be shipped"]);
  });
});
