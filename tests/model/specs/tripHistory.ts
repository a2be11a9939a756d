import { expect } from "vitest";
import type { Trip, TripPage } from "../../../src/domain/transit/trips.ts";
import { tripHistoryMachine } from "../../../src/machines/tripHistory.machine.ts";
import {
  stopTrip,
  tripEmptyPage,
  tripOnlyPage,
  tripPageOne,
  tripPageThree,
  tripPageTwo,
  unknownTripId,
} from "../../support/trips.ts";
import { keysetHistorySpec } from "./keysetHistory.ts";

/** A fare card's trips (issue 35): the keyset history with a trip's facts as its detail. */
export const tripHistoryModel = keysetHistorySpec<TripPage, Trip, Trip>({
  name: "tripHistory",
  machine: tripHistoryMachine,
  pages: {
    one: tripPageOne,
    two: tripPageTwo,
    three: tripPageThree,
    only: tripOnlyPage,
    empty: tripEmptyPage,
  },
  itemsOf: (page) => page.trips,
  keyOf: (trip) => trip.id,
  detail: stopTrip,
  unknownId: unknownTripId,
  detailEvents: {},
  seesDetail: (snapshot) => expect(snapshot.context.detail).toBe(stopTrip),
  noun: "trip",
  journeys: ({ firstPage, openDetail, detailLoaded }) => [
    {
      name: "a trip's details open from its page",
      events: [firstPage, openDetail, detailLoaded],
      expected: "detail",
      ends: (snapshot) => expect(snapshot.context.detail).toBe(stopTrip),
    },
  ],
});
