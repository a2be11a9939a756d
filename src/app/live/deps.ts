import type { PortalConfig } from "../../domain/portal-config.ts";
import type { AppEvent } from "../../machines/app.machine.ts";
import type { GuestCardService } from "../../services/guest-card.service.ts";
import type { HttpClient } from "../../services/http.ts";
import type { createGatewayClient } from "../../services/payment-methods.service.ts";
import type { PortalStorage } from "../../services/storage.ts";

/**
 * What a feature's composition (src/app/live/<feature>.ts) may use to give its machines their
 * services: the one HTTP client, storage, the event bus to the root machine, the loaded portal
 * configuration and the browser. Each feature exports its part of ScreenLogic (an interface
 * `<Feature>Logic` that src/app/logic.tsx extends) and a `create<Feature>Logic(deps)` that
 * src/app/live.ts spreads into the logic it gives the screens.
 */
export interface LiveDeps {
  http: HttpClient;
  storage: PortalStorage;
  bus: { send(event: AppEvent): void };
  /** The transit service's base path ("/transit"), once the configuration is loaded. */
  transitBase: () => string;
  config: () => PortalConfig | null;
  /** Posts card details to the payment gateway's token endpoint (never to our API). */
  tokenizeCard: ReturnType<typeof createGatewayClient>;
  /** The current language code ("en", "es"). */
  language: () => string;
  browser: Window;
  /** The card a guest opened on /manage-card, and its token: one holder for every feature using it. */
  guestCard: GuestCardService;
}
