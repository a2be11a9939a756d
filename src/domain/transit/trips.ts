/**
 * A fare card's trip history (issue 35): every tap the card made at a reader, newest first, in keyset
 * pages like order history. `GET /transit/faremedia/:id/trips?limit&after` → `TripPage`, and
 * `GET /transit/faremedia/:id/trips/:tripId` → `{ trip: Trip }`, for the rider's own cards (blocked and
 * replaced ones too); any other card or trip is one 404. Declined taps moved nothing and are not trips.
 */

/** What paid a trip: the card's stored value, a pass on the card, or a fare cap already reached. */
type TripPaidBy = "stored_value" | "pass" | "cap";

export interface Trip {
  id: string;
  tapped_at: string;
  /**
   * The agency's time zone (IANA): the time of a tap is told on the agency's wall clock, wherever
   * the rider reads it.
   */
  time_zone: string;
  /** The route, its name in the request's language. */
  route: { code: string; name: string; mode: string };
  /** The stop the reader stood at; null where the reader did not say. */
  stop: string | null;
  /** The route's fare for the card's rider type. */
  fare: number;
  /** What the stored value paid (0 on a pass or once capped). */
  charged: number;
  currency: string;
  paid_by: TripPaidBy;
  /** The pass the trip rode on. */
  pass: { id: string; name: string } | null;
  /** The cap that made it free: its name in the request's language, period and trips. */
  cap: { name: string; period: "day" | "week" | "month"; trips: number } | null;
  /** The card's stored value right after a trip it paid; null on a pass or a cap (nothing moved). */
  balance_after: number | null;
}

export interface TripPage {
  trips: Trip[];
  /** The `after` of the next (older) page; null on the last. */
  next: string | null;
}

/** A trip that is not one of the card's, or a card that is not the rider's, on the detail route. */
export const tripNotFoundMessage = "Trip not found.";
