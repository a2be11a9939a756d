import { createGuestCardService, type GuestCardService } from "../../services/guest-card.service.ts";
import type { LiveDeps } from "./deps.ts";

const services = new WeakMap<LiveDeps, GuestCardService>();

/**
 * The card a guest opened on /manage-card, and its token: one holder per app for every feature using
 * it (the card's page and a guest's loads), made when one first asks, so no page before carries it.
 */
export function guestCardService(deps: LiveDeps): GuestCardService {
  let service = services.get(deps);
  if (!service) {
    service = createGuestCardService(deps.http, deps.transitBase, deps.storage);
    services.set(deps, service);
  }
  return service;
}
