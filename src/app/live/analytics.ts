import type { InspectionEvent } from "xstate";
import { tagManagerIdOf } from "../../domain/tag-manager.ts";
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

type Analytics = ReturnType<typeof import("../../services/analytics.ts").createAnalytics>;

/**
 * The analytics (src/services/analytics.ts) download only for a deployment with a tag manager, the
 * first time a snapshot would be reported: one without never carries them. Snapshots reached while
 * they download are reported in order once they are here; if they cannot be downloaded, the portal
 * works on and reports nothing.
 */
export function createAnalyticsLogic(deps: LiveDeps): AnalyticsLogic {
  let analytics: Analytics | null = null;
  let state: "idle" | "loading" | "failed" = "idle";
  const waiting: InspectionEvent[] = [];
  return {
    inspect(inspection) {
      if (analytics) return analytics.inspect(inspection);
      if (inspection.type !== "@xstate.snapshot" || state === "failed") return;
      const current = deps.config();
      if (current === null || tagManagerIdOf(current.analytics) === null) return;
      waiting.push(inspection);
      if (state === "loading") return;
      state = "loading";
      import("../../services/analytics.ts").then(
        ({ createAnalytics }) => {
          const loaded = createAnalytics(deps.browser, deps.config);
          analytics = loaded;
          for (const waited of waiting.splice(0)) loaded.inspect(waited);
        },
        (error: unknown) => {
          state = "failed";
          waiting.length = 0;
          console.warn("Analytics could not be loaded", error);
        },
      );
    },
  };
}
