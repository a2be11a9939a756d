import type { InspectionEvent } from "xstate";
import type { PortalConfig } from "../domain/portal-config.ts";
import { tagManagerIdOf, tagManagerScriptUrl } from "../domain/tag-manager.ts";
import type { AnalyticsMemory } from "./analytics-events.ts";

/**
 * The page's analytics observer. Which events a snapshot means (./analytics-events.ts, with the
 * machines' vocabulary) is read only on a deployment with a tag manager: it downloads when the tag
 * manager starts, so a first page without one carries none of it (issue 16).
 */
type Reading = Pick<typeof import("./analytics-events.ts"), "analyticsEventsOf" | "observationOf">;

/** The page's tag manager data layer: an array GTM reads, and pushes to, once its script runs. */
declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export interface Analytics {
  /** Give this to every actor whose snapshots mean analytics events (XState's `inspect` option). */
  inspect(inspection: InspectionEvent): void;
}

/**
 * The analytics of one page: nothing at all until the deployment's configuration is known and allows
 * a tag manager with an id; then the tag manager's script is loaded once (async, by a script element:
 * the CSP admits googletagmanager.com only then) and every event goes to `window.dataLayer`. A script
 * that cannot load changes nothing for the rider: the entries simply stay in the array.
 */
export function createAnalytics(
  browser: Window,
  config: () => PortalConfig | null,
  loadReading: () => Promise<Reading> = () => import("./analytics-events.ts"),
): Analytics {
  let memory: AnalyticsMemory = {};
  let started: "no" | "on" | "off" = "no";
  let reading: Reading | null = null;
  /** Snapshots reached while the reading downloads, read in order once it is here. */
  const waiting: InspectionEvent[] = [];

  const record = (
    inspection: InspectionEvent,
    current: PortalConfig,
    { analyticsEventsOf, observationOf }: Reading,
  ) => {
    const observation = observationOf(inspection);
    if (!observation) return;
    try {
      const result = analyticsEventsOf(memory, observation, { currency: current.currency_code });
      memory = result.memory;
      const layer = browser.dataLayer ?? [];
      browser.dataLayer = layer;
      for (const entry of result.events) layer.push(entry);
    } catch (error) {
      // Analytics never breaks a purchase.
      console.warn("An analytics event was not recorded", error);
    }
  };

  const start = (current: PortalConfig): boolean => {
    if (started !== "no") return started === "on";
    const id = tagManagerIdOf(current.analytics);
    started = id === null ? "off" : "on";
    if (id === null) return false;
    browser.dataLayer = browser.dataLayer ?? [];
    browser.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
    const script = browser.document.createElement("script");
    script.async = true;
    script.src = tagManagerScriptUrl(id);
    // No internet, a blocker, a CSP: the portal works on without its tag manager.
    script.addEventListener("error", () => console.warn("The tag manager could not be loaded"));
    browser.document.head.appendChild(script);
    loadReading().then(
      (module) => {
        reading = module;
        const current = config();
        for (const inspection of waiting.splice(0)) if (current) record(inspection, current, module);
      },
      (error: unknown) => {
        // Like the tag manager's own script: without it the portal works on, and records nothing.
        started = "off";
        waiting.length = 0;
        console.warn("Analytics could not be loaded", error);
      },
    );
    return true;
  };

  return {
    inspect(inspection) {
      if (inspection.type !== "@xstate.snapshot") return;
      const current = config();
      if (current === null || !start(current)) return;
      if (reading) record(inspection, current, reading);
      else waiting.push(inspection);
    },
  };
}
