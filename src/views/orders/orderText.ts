import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type {
  OrderDetail,
  OrderEntryType,
  OrderItem,
  OrderPayment,
  OrderStatus,
} from "../../domain/checkout/order.ts";
import type { Address } from "../../domain/payments/address.ts";
import { type CardBrand, cardBrandName, countryName } from "../../domain/payments/names.ts";

/** Formats minor units in the deployment's currency and the rider's language (useMoney). */
export type MoneyFormat = (minorUnits: number) => string;

export function statusText(i18n: I18n, status: OrderStatus): string {
  switch (status) {
    case "paid":
      return i18n._(msg`Paid`);
    case "partially_refunded":
      return i18n._(msg`Partially refunded`);
    case "refunded":
      return i18n._(msg`Refunded`);
  }
}

/** Spec section 3's entry types. */
export function entryTypeText(i18n: I18n, type: OrderEntryType): string {
  switch (type) {
    case "sale":
      return i18n._(msg`Sale`);
    case "refund":
      return i18n._(msg`Refund`);
    case "unpaid":
      return i18n._(msg`Unpaid`);
    case "cash":
      return i18n._(msg`Cash`);
  }
}

const lastFour = (digits: string) => digits.replace(/\D/g, "").slice(-4);

/** The order's fare card as riders know it: "•••• 1234". */
export function orderCard(order: Pick<OrderDetail, "card_number" | "fare_medium">): string | null {
  if (order.card_number) return order.card_number;
  return order.fare_medium ? `•••• ${lastFour(order.fare_medium.card_number)}` : null;
}

function brandName(brand: string): string {
  if (brand.toLowerCase() === "paypal") return "PayPal";
  try {
    return cardBrandName(brand as CardBrand);
  } catch {
    return brand;
  }
}

/** One payment leg as the rider knows it: "Visa •••• 4242", "PayPal", "Wallet", "Stored value". */
export function paymentName(i18n: I18n, payment: OrderPayment): string {
  if (payment.kind === "wallet") return i18n._(msg`Wallet`);
  if (payment.kind === "stored_value") return i18n._(msg`Stored value`);
  const name = payment.brand ? brandName(payment.brand) : i18n._(msg`Card`);
  return payment.last4 ? `${name} •••• ${payment.last4}` : name;
}

/** An address on one line, its country named in the rider's language. */
export function addressLine(address: Address, locale: string): string {
  const street = [address.address_1, address.address_2].filter(Boolean).join(", ");
  return `${address.firstName} ${address.lastName}, ${street}, ${address.city}, ${address.state} ${address.zipCode}, ${countryName(address.country, locale)}`;
}

/**
 * What the order became, in words, once per kind and in the items' order: passes on the fare card,
 * stored value added, a card to be shipped, a pass that renews.
 */
export function fulfilmentLines(i18n: I18n, order: OrderDetail, locale: string): string[] {
  const card = orderCard(order);
  const kinds = [...new Set(order.items.map((item: OrderItem) => item.fulfilment))];
  return kinds.map((kind) => fulfilmentLine(i18n, kind, order, card, locale));
}

function fulfilmentLine(
  i18n: I18n,
  kind: OrderItem["fulfilment"],
  order: OrderDetail,
  card: string | null,
  locale: string,
): string {
  switch (kind) {
    case "pass":
      // Said plainly where the pass is and how to use it (issue 34).
      return card
        ? i18n._(msg`Passes added to the fare card ${card}: tap the card to ride.`)
        : i18n._(msg`Passes kept in your account: move them to a fare card or your phone from Passes.`);
    case "subscription":
      return card
        ? i18n._(msg`Auto-renewing pass added to the fare card ${card}`)
        : i18n._(msg`Auto-renewing pass issued`);
    case "stored_value":
      if (card) return i18n._(msg`Stored value added to the fare card ${card}`);
      // A load with no fare card went to the rider's wallet.
      return order.kind === "load"
        ? i18n._(msg`Value added to your wallet`)
        : i18n._(msg`Stored value added`);
    case "shipment": {
      const address = order.shipping_address ? addressLine(order.shipping_address, locale) : null;
      const method = order.shipping_method?.name ?? null;
      if (address && method) return i18n._(msg`Card to be shipped to ${address} by ${method}`);
      if (address) return i18n._(msg`Card to be shipped to ${address}`);
      return i18n._(msg`Card to be shipped`);
    }
  }
}
