import type { InspectionEvent } from "xstate";
import { createAnalytics } from "../../services/analytics.ts";
import type { LiveDeps } from "./deps.ts";

/**
 * Analytics events to the tag manager (spec section 7): one observer of the actors' snapshots. The
 * root actor (session, cart) and the screens' products, checkout and form actors are created with
 * `inspect` set to this; nothing is pushed or loaded unless the deployment has a tag manager id.
 */
export interface AnalyticsLogic {
  /** XState's `inspect` option for an actor whose snapshots mean analytics events. */
  inspect: (inspection: InspectionEvent) => void;
}

export function createAnalyticsLogic(deps: LiveDeps): AnalyticsLogic {
  const analytics = createAnalytics(deps.browser, deps.config);
  return { inspect: (inspection) => analytics.inspect(inspection) };
}
