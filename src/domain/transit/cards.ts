import type { FareMedium } from "../fare-media.ts";
import type { PassSummary } from "./passes.ts";
import type { Autoload } from "./wallet.ts";

/**
 * Fare cards (issue 13; spec sections 3 "Fare medium", 4 "Fare card", 5, 8): what the portal's API
 * says about one rider's cards, shared by the server (server/routes/transit/fare-cards.ts) and the
 * portal (src/services/fare-cards.service.ts). Every route needs a signed-in rider with a confirmed
 * email; an id that is not one of the rider's live cards (another rider's, removed, unknown, not a
 * uuid) answers 404 notFound, byte for byte the same, on every route.
 *
 * - `GET    /transit/faremedia`                         → `{ fare_mediums: FareMedium[] }` (exists)
 * - `GET    /transit/faremedia/:id`                     → `{ fare_medium: FareCardDetail }`
 * - `GET    /transit/faremedia/:id/activity?limit&after` → `ActivityPage` (newest first, keyset)
 * - `PATCH  /transit/faremedia/:id`  `{ nickname }`     → `{ fare_medium: FareCardDetail }`
 * - `POST   /transit/faremedia/link` `LinkCardRequest`  → 201 `{ fare_medium: FareCardDetail }`
 *     Throttled per rider and per card number (42901 with Retry-After). Refusals, each on `field`
 *     card_number: cardNoMatch (a number and code that do not match a card, whether the number
 *     exists or not), cardMultipleMatches, cardAlreadyLinked (to this or another account),
 *     cardBlocked (a card blocked by its previous holder or the agency cannot be linked).
 * - `POST   /transit/faremedia/claim` `{ card_token, nickname? }` → 201 `{ fare_medium: FareCardDetail }`
 *     (issue 35) A card looked up as a guest on /manage-card, added to the signed-in rider's account:
 *     the card token stands for its number and security code, and dies once the card is linked. The
 *     refusals of linking, on `card_token`; an expired or unknown token is cardNoMatch.
 * - `POST   /transit/faremedia/:id/unlink`              → 204 (physical cards only: the card keeps its
 *     value and passes and can be linked again; its autoload is removed and auto-renewals cancelled)
 * - `DELETE /transit/faremedia/:id`                     → 204 (removed for good; refused with
 *     cardNotEmpty while it holds value or usable passes)
 * - `POST   /transit/faremedia/:id/block`               → `{ fare_medium }` (ACTIVE → BLOCKED)
 * - `POST   /transit/faremedia/:id/unblock`             → `{ fare_medium }` (BLOCKED by the rider → ACTIVE)
 *     Blocking twice, or unblocking an active card, answers the card as it is (idempotent). An
 *     INVALID or SUSPENDED card (the agency's states), or one the agency blocked, is refused with
 *     fareCardUnavailable.
 * - `POST   /transit/faremedia/:id/replace` `{ replacement: "digital" }` → `{ fare_medium, replaced }`
 *     (issue 35) Report lost or stolen: the card is blocked at once and a digital card issued to the
 *     rider takes its general funds and commuter benefits (apart), usable passes, autoload and active
 *     auto-renewals in one transaction; `fare_medium` is the replacement, `replaced` the old card (BLOCKED
 *     for good, `replaced_by` the new one). Asked again, it answers the same replacement. Refusals:
 *     fareCardUnavailable (INVALID, SUSPENDED or blocked by the agency), loadPending (a load settling).
 * - `POST   /transit/faremedia/transfers` `TransferRequest`, header `Idempotency-Key` (required)
 *     → 201 `TransferReply`. General funds only. Refusals: onlyOneCard (the rider has one live card),
 *     transferAmountExceeded (more than the source's general funds), amountInvalid (not a positive
 *     integer), fareCardUnavailable (target not ACTIVE; a BLOCKED source may give its value away),
 *     notFound (either card not the rider's), idempotencyMismatch (the key with another body). The
 *     same key and body answer the first reply.
 * - `POST   /transit/faremedia/:id/auto_renew` `EnableAutoRenewRequest` → 201 `{ auto_renew: AutoRenew }`
 * - `DELETE /transit/faremedia/:id/auto_renew/:autoRenewId` → 204
 *
 * Development only (registered when the dev mailbox is on, never in production), for end-to-end tests
 * that link fresh cards to fresh riders:
 * - `POST   /dev/transit/fare_media` `{ rider_type?: "ADULT"|"YOUTH"|"SENIOR", type?: "PHYSICAL"|"VIRTUAL",
 *     balance?: number }` → 201 `{ id, card_number, security_code }`: a new unlinked ACTIVE card with a
 *     random unused number starting 6000 ("6000 1234 5678 9012"), a random 3-digit security code and
 *     `balance` minor units of general funds (default ADULT, PHYSICAL, 0).
 */

export interface Balance {
  /** Minor units. */
  general_funds: number;
  commuter_benefits: number;
  /** Loads paid through the gateway and not settled yet, included in general_funds. */
  pending: number;
  /** general_funds - pending. */
  settled: number;
  /** When these figures were read (ISO 8601). */
  as_of: string;
}

export interface FareCapProgress {
  id: string;
  /** In the request's language. */
  name: string;
  period: "day" | "week" | "month";
  /** Paid trips needed to reach the cap, and trips counted so far in the current period. */
  trips: number;
  trips_counted: number;
  /** Reached: rides are free until `period_ends_at`. */
  capped: boolean;
  period_ends_at: string;
}

export interface AutoRenew {
  id: string;
  product: string;
  /** The product's name in the request's language. */
  name: string;
  /** Minor units, per renewal. */
  price: number;
  currency: string;
  /** The saved method renewals charge ("Visa •••• 4242"), null when none is set. */
  payment_method: { id: string; label: string } | null;
  renews_at: string | null;
  status: "active" | "cancelled";
}

export interface FareCardDetail extends FareMedium {
  balance_detail: Balance;
  /** Passes on the card, usable first (available, active), then the rest, newest first. */
  passes: PassSummary[];
  auto_renew: AutoRenew[];
  fare_caps: FareCapProgress[];
  autoload: Autoload | null;
  /** What the rider may do now (the server refuses the rest anyway). */
  can: {
    transfer: boolean;
    block: boolean;
    unblock: boolean;
    /** Report it lost or stolen and get a digital replacement (issue 35). */
    replace: boolean;
    unlink: boolean;
    remove: boolean;
    load: boolean;
    autoload: boolean;
  };
  linked_at: string | null;
}

const activityKinds = [
  "tap",
  "tap_pass",
  "tap_capped",
  "purchase",
  "load",
  "autoload",
  "transfer_in",
  "transfer_out",
  "refund",
  "pass_attached",
  "blocked",
  "unblocked",
  "linked",
  "unlinked",
  "replaced",
  "replacement",
] as const;
export type ActivityKind = (typeof activityKinds)[number];

/** One activity row (spec section 3: date and time, activity type, description, balance). */
export interface ActivityRow {
  id: string;
  occurred_at: string;
  kind: ActivityKind;
  /**
   * What the portal words the description from, per kind: `route` (tap*: the route's name in the
   * request's language), `pass` (tap_pass, pass_attached: the pass's name), `card` (transfer_*: the
   * other card's nickname), `order` (purchase, load, autoload, refund: the order number).
   */
  detail: Record<string, string | number | null>;
  /** Signed minor units: what the stored value gained or lost; null when no money moved. */
  amount: number | null;
  /** The stored value right after; null when no money moved. */
  balance_after: number | null;
  currency: string;
  /** A load not settled yet. */
  pending: boolean;
}

export interface ActivityPage {
  activity: ActivityRow[];
  /** Pass as `after` for the next (older) page; null on the last page. */
  next: string | null;
}

/** A page of card activity holds the deployment's ideal_row_count rows unless asked for another count, at most this. */
export const maxActivityPageSize = 50;

export interface LinkCardRequest {
  /** Digits, spaces allowed ("6000 0000 0000 0031"). */
  card_number: string;
  security_code: string;
  nickname?: string | null;
}

export interface TransferRequest {
  from: string;
  to: string;
  /** Minor units, a positive integer. */
  amount: number;
}

export interface TransferReply {
  transfer: { id: string; from: string; to: string; amount: number; currency: string; created_at: string };
  from: FareMedium;
  to: FareMedium;
}

export interface EnableAutoRenewRequest {
  /** A pass on this card whose product allows subscriptions. */
  pass: string;
  /** A saved payment method of the rider (a card, PayPal or bank account; never a purse). */
  payment_method: string;
}

export const cardNicknameMaxLength = 40;

/** Spec section 5 and 8 texts the portal shows for these refusals (translated there). */
export const cardMessages = {
  transferAmountExceeded: "Transfer amount should not be exceeded",
  onlyOneCard: "Only one Fare Media card exists on the account",
  transferFailed: "Balance transfer is failed",
  amountInvalid: "Amount is not valid.",
} as const;

/** Whether a card's number as typed is plausible: 16 digits once spaces are dropped. */
export function normaliseCardNumber(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, "");
  return /^\d{16}$/.test(digits) ? digits : null;
}

/** A card's page as the screen opens it: the rider's cards, the chosen card and its newest activity. */
export interface FareCardsLoad {
  cards: FareMedium[];
  card: FareCardDetail | null;
  activity: ActivityPage | null;
}
