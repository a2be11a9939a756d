import type { CardLookupRefusal } from "../domain/envelope.ts";

/*
 * Opening a fare card by its number and security code (POST /anonymous/card_tokens), as /manage-card
 * (guestCard.machine.ts) and checkout's "Where your pass goes" (checkout.machine.ts) both do. What a
 * refusal means is `cardLookupRefusal` (src/domain/envelope.ts, in the first download, so neither
 * screen fetches a file of its own for it).
 */

/**
 * Why the form is shown again: a refusal (`noMatch`, `throttled`, `failed`), `expired` (the card token
 * ran out) or `done` (the guest finished: not a failure, a goodbye).
 */
export type GuestCardNotice = CardLookupRefusal | { kind: "expired" } | { kind: "done" };
