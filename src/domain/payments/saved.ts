import type { Address, AddressInput } from "./address.ts";
import type { AccountType } from "./bank.ts";

/**
 * What the portal's API says about a rider's saved payment methods and shipping addresses (issue 11),
 * shared by the server (server/routes/transit/payment-methods.ts, addresses.ts) and the portal
 * (src/services/payment-methods.service.ts, addresses.service.ts). Every route needs a signed-in rider
 * with a confirmed email (requireVerifiedRider) and lives under the transit service:
 *
 * Payment methods
 * - `GET    /transit/payment_methods`               → `{ payment_methods: SavedPaymentMethod[] }`
 * - `POST   /transit/payment_methods`  NewPaymentMethod → 201 `{ payment_method: SavedPaymentMethod }`
 *     The token comes from the gateway (the sandbox's `/sandbox-gateway/v1/tokens`, `/v1/bank_tokens`
 *     or the PayPal approval's `paypal_token`); the browser posts the card number and code there,
 *     never here. The same token posted again by the same rider answers the method it made (200).
 * - `PATCH  /transit/payment_methods/:id`   `{ nickname }` → `{ payment_method }`
 * - `POST   /transit/payment_methods/:id/default`   → `{ payment_methods }` (403 forbidden when the
 *     deployment's `supportDefaultPayment` is off)
 * - `DELETE /transit/payment_methods/:id`            → 204
 *
 * Shipping addresses
 * - `GET    /transit/addresses`                     → `{ addresses: SavedAddress[] }`
 * - `POST   /transit/addresses`   AddressBody       → 201 `{ address: SavedAddress }`
 * - `PUT    /transit/addresses/:id`  AddressBody    → `{ address: SavedAddress }`
 * - `POST   /transit/addresses/:id/default`         → `{ addresses }`
 * - `DELETE /transit/addresses/:id`                  → 204
 *
 * An id that is not the rider's own (another rider's, unknown, or not a uuid) answers 404 notFound on
 * every route, so ids cannot be probed. Lists come default first, then oldest first.
 */

const paymentMethodKinds = ["card", "bank_account", "paypal"] as const;
type SavedPaymentMethodKind = (typeof paymentMethodKinds)[number];

/** Methods one rider may keep, and addresses: a real wallet holds a handful. */
export const maxPaymentMethods = 10;
export const maxAddresses = 10;
export const nicknameMaxLength = 40;

/** The card's billing details the spec keeps beside the token (section 3, Payment card). */
export interface BillingDetails {
  last_name: string;
  address_1: string;
  zip_code: string;
}

export interface SavedPaymentMethod {
  id: string;
  kind: SavedPaymentMethodKind;
  /** A card flagged as a commuter benefits card: its funds land in a fare card's commuter benefits. */
  commuter_benefits: boolean;
  nickname: string | null;
  is_default: boolean;
  /** card: card-validator's brand id ("visa", "american-express", ...); null otherwise. */
  brand: string | null;
  /** card and bank_account; null for PayPal. */
  last4: string | null;
  exp_month: number | null;
  exp_year: number | null;
  /** card: its billing details; null otherwise. */
  billing: BillingDetails | null;
  bank_name: string | null;
  account_type: AccountType | null;
  /** bank_account: the holder's name as given to the bank form. */
  holder_name: string | null;
  /** PayPal: the payer's login, so the rider knows which account pays. */
  paypal_email: string | null;
  created_at: string;
}

export interface NewPaymentMethod {
  token: string;
  nickname?: string | null;
  /** card only; false when absent. */
  commuter_benefits?: boolean;
  /** card only, required for a card. */
  billing?: BillingDetails;
  /** bank_account only, required for a bank account. */
  holder_name?: string;
}

/** The address fields as the API takes them (src/domain/payments/address.ts checks them). */
export type AddressBody = AddressInput;

/** An address as stored and listed: the checked fields, its id and when it was added. */
export interface SavedAddress extends Address {
  id: string;
  created_at: string;
}

/**
 * Error codes of these routes (src/domain/envelope.ts), besides validation 40001 with `field`,
 * notFound 40401 and forbidden 40301:
 * - `paymentMethodDeclined` (42203): the gateway declined the method; the error's `field` holds the
 *   gateway's DeclineReason ("card_declined", "expired_card", "incorrect_cvc", "processing_error").
 * - `paymentTokenInvalid` (42204): a forged, used or expired token (the form starts again).
 * - `limitReached` (42205): maxPaymentMethods / maxAddresses already saved.
 */
