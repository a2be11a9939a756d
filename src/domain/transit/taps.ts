/**
 * The fare system behind the cards (issue 13): routes with a fare per rider type, fare caps, and taps
 * (server/services/taps.ts). A tap on a fare card uses a usable pass first (activating it on first use
 * and counting the ride), else rides free once a fare cap of the card's rider type is reached in the
 * current period, else deducts the route's fare from the card's general funds (refused when they do
 * not hold it). A tap of a saved bank card charges the fare through the gateway as a transaction.
 * Every tap that moves money posts one ledger group and one activity row in the same transaction.
 *
 * - `npm run simulate:taps -- [--card <number>] [--route <code>] [--count <n>]` taps against the
 *   database of `DATA_DIR` / `DATABASE_URL`.
 * - Where the dev mailbox is on (`devMailbox`, as in `npm start`'s demo): `GET /dev/transit/routes`
 *   → `{ routes: TransitRoute[] }`, `POST /dev/transit/taps` `TapRequest` → 201 `{ tap: TapResult }`.
 */

export interface TransitRoute {
  code: string;
  name: string;
  mode: "bus" | "rail" | "ferry";
  /** Minor units per rider type; a type not listed pays ADULT. */
  fares: Record<string, number>;
}

export type TapRequest = {
  route: string;
  /** ISO time of the tap; now when absent (the simulator taps in the past to build history). */
  at?: string;
  /** Makes a repeated tap the same tap. */
  key?: string;
  /** The stop the reader stands at, where it knows it (shown in the card's trip history). */
  stop?: string;
} & ({ card_number: string } | { fare_medium: string } | { payment_method: string });

type TapOutcome = "pass" | "capped" | "fare" | "declined";

export interface TapResult {
  id: string;
  outcome: TapOutcome;
  fare: number;
  charged: number;
  currency: string;
  /** The card's stored value after (fare card taps). */
  balance_after: number | null;
  pass: string | null;
  transaction_number: string | null;
  /** Why it was declined: insufficient_funds, card_blocked, card_unusable, payment_declined. */
  declined_reason: string | null;
}
