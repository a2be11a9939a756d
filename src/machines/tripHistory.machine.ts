import type { Trip, TripPage } from "../domain/transit/trips.ts";
import { createKeysetHistoryMachine } from "./keysetHistory.ts";

/*
 * A fare card's trip history (/faremedia/:cardId/trips/:page/:id?): the keyset history
 * (keysetHistory.ts) of the card's taps; `notFound` is also a trip that is not the card's, or a card
 * that is not the rider's ("Trip not found."). The card is the services' concern: the screen provides
 * `loadPage` and `loadDetail` for the card its address names.
 */
export const tripHistoryMachine = createKeysetHistoryMachine<TripPage, Trip, Trip>({
  id: "tripHistory",
  itemsOf: (page) => page.trips,
});
