/**
 * Ledger account keys. Every amount the portal holds or moves sits in one of these accounts; an
 * account's balance is the sum of its entries. Riders' accounts (a fare card's two purses, a wallet)
 * hold what the portal owes them and never go below zero; the others are the portal's own books:
 *
 * - `farecard:<card id>:general`, `farecard:<card id>:commuter`: a fare card's general funds and
 *   commuter benefits (spec section 3, "balance split into general funds and commuter benefits").
 * - `wallet:<user id>`: a rider's stored-value wallet.
 * - `gateway:clearing`: money a payment gateway took or gave back and has not settled yet.
 * - `opening`: balances that existed before the ledger (the migration and the demo seed).
 * - `promo`: value the agency gave away (promotions, goodwill).
 * - `revenue`: fares sold.
 * - `forfeited`: value a rider gave up (a deactivated account's digital cards).
 * - `refund:hold`: stored value an order bought, taken off the rider's purse while the refund that
 *   returns its price is at the gateway (settled: gone; refused: back on the purse).
 */

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const fareCardPurses = ["general", "commuter"] as const;
export type FareCardPurse = (typeof fareCardPurses)[number];

export const systemAccounts = [
  "gateway:clearing",
  "opening",
  "promo",
  "revenue",
  "forfeited",
  "refund:hold",
] as const;
type SystemAccount = (typeof systemAccounts)[number];

export type FareCardAccount = `farecard:${string}:${FareCardPurse}`;
export type WalletAccount = `wallet:${string}`;
export type LedgerAccount = FareCardAccount | WalletAccount | SystemAccount;

/** An account family's key prefix, for balances by prefix (every purse of one card). */
export type LedgerAccountPrefix = `farecard:${string}:` | "farecard:" | "wallet:";

function id(value: string, what: string): string {
  // Ids go into keys and prefixes: anything but a lower-case UUID could reach into another account.
  if (!uuidPattern.test(value)) throw new Error(`Not a ${what} id for a ledger account: ${value}`);
  return value;
}

export const ledgerAccounts = {
  fareCard: (cardId: string, purse: FareCardPurse): FareCardAccount =>
    `farecard:${id(cardId, "fare card")}:${purse}`,
  /** Every purse of one card. */
  fareCardPurses: (cardId: string): LedgerAccountPrefix => `farecard:${id(cardId, "fare card")}:`,
  wallet: (userId: string): WalletAccount => `wallet:${id(userId, "user")}`,
  gatewayClearing: "gateway:clearing",
  opening: "opening",
  promo: "promo",
  revenue: "revenue",
  forfeited: "forfeited",
  refundHold: "refund:hold",
} as const satisfies Record<string, LedgerAccount | ((...args: never[]) => string)>;

export type ParsedLedgerAccount =
  | { kind: "fareCard"; cardId: string; purse: FareCardPurse }
  | { kind: "wallet"; userId: string }
  | { kind: "system"; name: SystemAccount };

/** What a stored key names, or null for a key no constructor here makes. */
export function parseLedgerAccount(key: string): ParsedLedgerAccount | null {
  if ((systemAccounts as readonly string[]).includes(key))
    return { kind: "system", name: key as SystemAccount };
  const card = /^farecard:([^:]+):([a-z]+)$/.exec(key);
  if (
    card?.[1] &&
    uuidPattern.test(card[1]) &&
    (fareCardPurses as readonly string[]).includes(card[2] ?? "")
  ) {
    return { kind: "fareCard", cardId: card[1], purse: card[2] as FareCardPurse };
  }
  const wallet = /^wallet:(.+)$/.exec(key);
  if (wallet?.[1] && uuidPattern.test(wallet[1])) return { kind: "wallet", userId: wallet[1] };
  return null;
}

export function isLedgerAccount(key: string): key is LedgerAccount {
  return parseLedgerAccount(key) !== null;
}
