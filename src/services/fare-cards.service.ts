import type {
  ActivityPage,
  AutoRenew,
  EnableAutoRenewRequest,
  FareCardDetail,
  FareCardsLoad,
  LinkCardRequest,
} from "../domain/transit/cards.ts";
import type { Trip, TripPage } from "../domain/transit/trips.ts";
import { createFareMediaService } from "./catalog.service.ts";
import { type HttpClient, required } from "./http.ts";

/**
 * The signed-in rider's fare cards (src/domain/transit/cards.ts): the list, one card's details and
 * activity pages, and what the rider may do to a card. Changes answer nothing the screen keeps: it
 * reads the card again afterwards, so it shows what the server has.
 */
export function createFareCardsService(http: HttpClient, transitBase: () => string) {
  const url = (path = "") => `${transitBase()}/faremedia${path}`;
  const card = (id: string, path = "") => url(`/${encodeURIComponent(id)}${path}`);

  // The list is /digital's own call: one GET /faremedia in the portal.
  const { list } = createFareMediaService(http, transitBase);

  async function detail(id: string): Promise<FareCardDetail> {
    const reply = await http.request<{ fare_medium: FareCardDetail }>(card(id));
    return required(reply, "GET /faremedia/:id").fare_medium;
  }

  async function activity(id: string, page: { limit: number; after: string | null }): Promise<ActivityPage> {
    const reply = await http.request<ActivityPage>(card(id, "/activity"), {
      query: { limit: page.limit, after: page.after ?? undefined },
    });
    return required(reply, "GET /faremedia/:id/activity");
  }

  /** A page of the card's trips (its taps), newest first. */
  async function trips(id: string, page: { limit: number; after: string | null }): Promise<TripPage> {
    const reply = await http.request<TripPage>(card(id, "/trips"), {
      query: { limit: page.limit, after: page.after ?? undefined },
    });
    return required(reply, "GET /faremedia/:id/trips");
  }

  /** One trip of the card (404 when it is not the card's, or the card not the rider's). */
  async function trip(id: string, tripId: string): Promise<Trip> {
    const reply = await http.request<{ trip: Trip }>(card(id, `/trips/${encodeURIComponent(tripId)}`));
    return required(reply, "GET /faremedia/:id/trips/:tripId").trip;
  }

  return {
    list,
    detail,
    activity,
    trips,
    trip,
    /** The list, and when `id` names a card its details and first activity page. */
    async load(id: string | null, limit: number): Promise<FareCardsLoad> {
      if (id === null) return { cards: await list(), card: null, activity: null };
      const [cards, found, page] = await Promise.all([
        list(),
        detail(id),
        activity(id, { limit, after: null }),
      ]);
      return { cards, card: found, activity: page };
    },
    async rename(id: string, nickname: string): Promise<FareCardDetail> {
      const reply = await http.request<{ fare_medium: FareCardDetail }>(card(id), {
        method: "PATCH",
        body: { nickname },
      });
      return required(reply, "PATCH /faremedia/:id").fare_medium;
    },
    async link(request: LinkCardRequest): Promise<FareCardDetail> {
      const reply = await http.request<{ fare_medium: FareCardDetail }>(url("/link"), {
        method: "POST",
        body: { ...request },
      });
      return required(reply, "POST /faremedia/link").fare_medium;
    },
    async unlink(id: string): Promise<void> {
      await http.request(card(id, "/unlink"), { method: "POST" });
    },
    async remove(id: string): Promise<void> {
      await http.request(card(id), { method: "DELETE" });
    },
    async block(id: string): Promise<void> {
      await http.request(card(id, "/block"), { method: "POST" });
    },
    async unblock(id: string): Promise<void> {
      await http.request(card(id, "/unblock"), { method: "POST" });
    },
    /** Reports the card lost or stolen; the digital replacement's id (issue 35). */
    async replace(id: string): Promise<string> {
      const reply = await http.request<{ fare_medium: { faremedia_id: string } }>(card(id, "/replace"), {
        method: "POST",
        body: { replacement: "digital" },
      });
      return required(reply, "POST /faremedia/:id/replace").fare_medium.faremedia_id;
    },
    async enableAutoRenew(id: string, request: EnableAutoRenewRequest): Promise<AutoRenew> {
      const reply = await http.request<{ auto_renew: AutoRenew }>(card(id, "/auto_renew"), {
        method: "POST",
        body: { ...request },
      });
      return required(reply, "POST /faremedia/:id/auto_renew").auto_renew;
    },
    async removeAutoRenew(id: string, autoRenewId: string): Promise<void> {
      await http.request(card(id, `/auto_renew/${encodeURIComponent(autoRenewId)}`), { method: "DELETE" });
    },
  };
}
