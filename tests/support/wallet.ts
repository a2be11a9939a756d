import type { PlacedOrder } from "../../src/domain/checkout/order.ts";
import type { FareMedium } from "../../src/domain/fare-media.ts";
import type { SavedPaymentMethod } from "../../src/domain/payments/saved.ts";
import type { TransferReply } from "../../src/domain/transit/cards.ts";
import type { Autoload, LoadLimits, Wallet } from "../../src/domain/transit/wallet.ts";
import { passOrder } from "./orders.ts";

/** Cards, methods, loads and autoloads for the wallet machines' tests (issue 13). */

const medium = (id: string, nickname: string, status: FareMedium["status"], general: number): FareMedium => ({
  faremedia_id: id,
  nickname,
  printed_card_number: `6000 0000 0000 00${id.slice(-2)}`,
  expiration_date: "2030-12-31",
  category: "Adult",
  type: "PHYSICAL",
  status,
  rider_type: "ADULT",
  stored_value: general + 500,
  balance: { general_funds: general, commuter_benefits: 500 },
  blocked: status === "BLOCKED",
  invalid: status === "INVALID",
  suspended: status === "SUSPENDED",
  replaced_by: null,
});

export const source = medium("c2000000-0000-4000-8000-000000000011", "Commute card", "ACTIVE", 1_250);
export const spare = medium("c2000000-0000-4000-8000-000000000012", "Spare card", "ACTIVE", 300);
export const weekend = medium("c2000000-0000-4000-8000-000000000013", "Weekend card", "ACTIVE", 0);
export const blocked = medium("c2000000-0000-4000-8000-000000000014", "Lost card", "BLOCKED", 700);

export const transferReply: TransferReply = {
  transfer: {
    id: "t2000000-0000-4000-8000-000000000001",
    from: source.faremedia_id,
    to: spare.faremedia_id,
    amount: 500,
    currency: "USD",
    created_at: "2026-11-23T12:00:00.000Z",
  },
  from: { ...source, balance: { general_funds: 750, commuter_benefits: 500 }, stored_value: 1_250 },
  to: { ...spare, balance: { general_funds: 800, commuter_benefits: 500 }, stored_value: 1_300 },
};

export const limits: LoadLimits = { min: 500, max: 25_000, currency: "USD" };
export const wallet: Wallet = { balance: 2_500, pending: 0, currency: "USD", limits };

export const visa: SavedPaymentMethod = {
  id: "m2000000-0000-4000-8000-000000000001",
  kind: "card",
  commuter_benefits: false,
  nickname: null,
  is_default: true,
  brand: "visa",
  last4: "4242",
  exp_month: 12,
  exp_year: 2030,
  billing: null,
  bank_name: null,
  account_type: null,
  holder_name: null,
  paypal_email: null,
  created_at: "2026-10-01T12:00:00.000Z",
};
export const mastercard: SavedPaymentMethod = {
  ...visa,
  id: "m2000000-0000-4000-8000-000000000002",
  is_default: false,
  brand: "mastercard",
  last4: "4444",
};
/** A commuter benefits card: it never pays for a load. */
const benefits: SavedPaymentMethod = {
  ...visa,
  id: "m2000000-0000-4000-8000-000000000003",
  is_default: false,
  commuter_benefits: true,
  last4: "1111",
};
export const methods = [visa, mastercard, benefits];

/** A load's order; a guest's comes with the link to its receipt (a rider's view does not use it). */
export const loadOrder: PlacedOrder = { ...passOrder, number: "TP-00002001", guest_link: "guest-link-2001" };
export const oneTimeCard = { token: "tok_visa_4242", brand: "visa", last4: "4242" };
export const goodCard = {
  nickname: "",
  firstName: "Riley",
  lastName: "Rider",
  number: "4242 4242 4242 4242",
  expiry: "12/30",
  cvv: "123",
  address: "1 Main St",
  zip: "94107",
  makeDefault: false,
};

export const autoloadWeekly: Autoload = {
  id: "a2000000-0000-4000-8000-000000000001",
  amount: 2_000,
  currency: "USD",
  trigger: "weekly",
  threshold: null,
  weekday: 1,
  month_day: null,
  payment_method: { id: visa.id, label: "Visa •••• 4242" },
  status: "active",
  paused_reason: null,
  next_run_at: "2026-11-30T08:00:00.000Z",
  last_run_at: null,
};
export const autoloadPaused: Autoload = {
  ...autoloadWeekly,
  trigger: "threshold",
  threshold: 500,
  weekday: null,
  status: "paused",
  paused_reason: "Your card was declined.",
  next_run_at: null,
};

export const networkError = { code: 50301, message: "Network Error" };
export const inFlightError = { code: 40902, message: "Request in flight" };
export const serverError = { code: 50001, message: "Something went wrong, please try again!" };
export const exceededError = { code: 42220, message: "Transfer amount should not be exceeded" };
export const amountError = { code: 42222, message: "Amount is not valid." };
export const onlyOneError = { code: 42221, message: "Only one Fare Media card exists on the account" };
export const unavailableError = { code: 42202, message: "This card cannot be used now" };
export const declinedError = {
  code: 42203,
  message: "Your card was declined.",
  errors: [
    { code: 42203, message: "Your card was declined.", field: "payments/1", reason: "insufficient_funds" },
  ],
};
export const validationError = {
  code: 40001,
  message: "Validation failed",
  errors: [{ code: 40001, message: "Payment method is not valid", field: "payment_method" }],
};
