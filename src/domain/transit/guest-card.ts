import type { FareCardDetail } from "./cards.ts";
import type { LoadRequest } from "./wallet.ts";

/**
 * Guests manage a card by its number and security code (issue 13; spec section 6: "Guests hold a card
 * token"), shared by the server (server/routes/transit/guest-card.ts) and the portal
 * (src/services/guest-card.service.ts, the `/manage-card` screen).
 *
 * - `POST   /transit/anonymous/card_tokens` `CardTokenRequest` → 201 `CardTokenReply`
 *     A wrong pair answers 422 cardNoMatch with one message whether the number exists or not, in the
 *     same time. Attempts are throttled per card number and per IP address (42901, Retry-After).
 *     A card linked to a rider's account, or a BLOCKED / INVALID / SUSPENDED card, still gives a
 *     token: the guest sees it (read-only when not ACTIVE) — its status is what they came to check.
 * - The other routes take `Authorization: Card <token>` (src/services/http.ts sends it while the
 *   portal's `isGuestUser` and `cardToken` are stored). An expired or unknown token answers 401.
 * - `GET    /transit/anonymous/card`                     → `{ fare_medium: GuestCard }`
 * - `GET    /transit/anonymous/card/activity?limit&after` → `ActivityPage`
 * - `POST   /transit/anonymous/card/loads` `GuestLoadRequest`, `Idempotency-Key` → 201 `{ order, fare_medium }`
 *     one-time cards only; the receipt goes to `email`.
 * - `POST   /transit/anonymous/card/block`               → `{ fare_medium: GuestCard }` (issue 35)
 *     Blocks a lost or stolen card nobody's account holds, at once (taps refused from then on);
 *     blocking twice answers the card as it is. A card in an account, or not ACTIVE, is refused with
 *     fareCardUnavailable. Only its rider, or customer service, can unblock it.
 * - `DELETE /transit/anonymous/card_tokens/current`      → 204 (the guest is done; the token dies)
 */

export interface CardTokenRequest {
  card_number: string;
  security_code: string;
}

export interface CardTokenReply {
  card_token: string;
  expires_at: string;
  fare_medium: GuestCard;
}

/** What a guest sees of the card: no autoload, auto-renewals or rider account. */
export type GuestCard = Omit<FareCardDetail, "auto_renew" | "autoload" | "linked_at" | "can"> & {
  can: {
    load: boolean;
    /**
     * Block it, lost or stolen (issue 35): an ACTIVE card in nobody's account (a card in an account
     * is blocked, and replaced, by its rider from there).
     */
    block: boolean;
  };
};

export interface GuestLoadRequest extends LoadRequest {
  email: string;
  payments: Array<Extract<LoadRequest["payments"][number], { kind: "card" }>>;
}

/** A card token lives this long (minutes) from the last time it was given. */
export const cardTokenMinutes = 30;
