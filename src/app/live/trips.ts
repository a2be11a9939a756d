import { fromPromise } from "xstate";
import { tripHistoryMachine } from "../../machines/tripHistory.machine.ts";
import { createFareCardsService } from "../../services/fare-cards.service.ts";
import type { LiveDeps } from "./deps.ts";

/** A fare card's trip history (issue 35): a feature of its own, so the page brings only its machine. */
export interface TripsLogic {
  /** /faremedia/:cardId/trips/:page/:id?: the card's taps by keyset pages, and one trip. */
  tripHistory(cardId: string): typeof tripHistoryMachine;
}

export function createTripsLogic(deps: LiveDeps): TripsLogic {
  const cards = createFareCardsService(deps.http, deps.transitBase);
  return {
    tripHistory: (cardId) =>
      tripHistoryMachine.provide({
        actors: {
          loadPage: fromPromise(({ input }) => cards.trips(cardId, input)),
          loadDetail: fromPromise(({ input }) => cards.trip(cardId, input.id)),
        },
      }),
  };
}
