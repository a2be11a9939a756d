import type { Trip, TripPage } from "../../src/domain/transit/trips.ts";

/** Trips of one fare card for the trip history's model and view tests (issue 35). */
export const tripCardId = "c2000000-0000-4000-8000-000000000001";
export const unknownTripId = "ffffffff-0000-4000-8000-00000000beef";

const kinds: Array<Pick<Trip, "paid_by" | "pass" | "cap" | "charged" | "balance_after">> = [
  { paid_by: "stored_value", pass: null, cap: null, charged: 250, balance_after: 1_750 },
  {
    paid_by: "pass",
    pass: { id: "a1000000-0000-4000-8000-000000000001", name: "Adult Day Pass" },
    cap: null,
    charged: 0,
    balance_after: null,
  },
  {
    paid_by: "cap",
    pass: null,
    cap: { name: "Daily cap", period: "day", trips: 3 },
    charged: 0,
    balance_after: null,
  },
];

const trip = (index: number): Trip =>
  ({
    id: `b1000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
    // One every hour back from noon UTC on March 4, 2026: 07:00 in New York for the first.
    tapped_at: new Date(Date.UTC(2026, 2, 4, 12) - index * 3_600_000).toISOString(),
    time_zone: "America/New_York",
    route:
      index % 2 === 0
        ? { code: "10", name: "Crosstown", mode: "bus" }
        : { code: "RED", name: "Red Line", mode: "rail" },
    stop: index % 4 === 3 ? null : index % 2 === 0 ? "Main St & 5th Ave" : "Union Station",
    fare: 250,
    currency: "USD",
    ...(kinds[index % 3] ?? kinds[0]),
  }) as Trip;

const page = (from: number, count: number, next: string | null): TripPage => ({
  trips: Array.from({ length: count }, (_, index) => trip(from + index)),
  next,
});

export const stopTrip = trip(0);
export const tripPageOne = page(0, 12, "cursor-page-2");
export const tripPageTwo = page(12, 12, "cursor-page-3");
export const tripPageThree = page(24, 3, null);
export const tripOnlyPage: TripPage = { trips: [stopTrip, trip(1), trip(2)], next: null };
export const tripEmptyPage: TripPage = { trips: [], next: null };
