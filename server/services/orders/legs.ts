import type { LedgerAccount } from "../../domain/ledger-accounts.ts";
import type { PaymentMethodRow } from "../../repositories/payment-methods.ts";

/* An order's payment legs as placing checks and holds them. */

/** One leg as the order pays it, once checked. */
export type Leg =
  | { n: number; kind: "saved"; amount: number; method: PaymentMethodRow }
  | {
      n: number;
      kind: "card";
      amount: number;
      token: string;
      tokenHash: string;
      /** A recovered request's card: its token is only a digest (the claim keeps no token). */
      recorded: boolean;
    }
  | { n: number; kind: "stored_value"; amount: number; account: LedgerAccount }
  | { n: number; kind: "wallet"; amount: number; account: LedgerAccount };

/** A card leg the gateway holds: authorized, perhaps captured, with what the order shows of it. */
export interface HeldLeg {
  n: number;
  methodId: string;
  authorizationId: string;
  captureId: string | null;
  brand: string | null;
  last4: string | null;
}

export const isCardLeg = (leg: Leg): leg is Extract<Leg, { kind: "saved" | "card" }> =>
  leg.kind === "saved" || leg.kind === "card";

/** What the order shows of a saved method: its brand (or bank, or PayPal), last four and nickname. */
export function shownMethod(method: PaymentMethodRow): { brand: string | null; last4: string | null } {
  switch (method.kind) {
    case "card":
      return { brand: method.brand, last4: method.last4 };
    case "bank_account":
      return { brand: method.bankName, last4: method.last4 };
    case "paypal":
      return { brand: "PayPal", last4: null };
  }
}
