import { navigate } from "wouter/use-browser-location";
import { type AnyEventObject, fromPromise } from "xstate";
import type { PortalConfig } from "../domain/portal-config.ts";
import { activateLocale } from "../i18n/i18n.ts";
import { type AppEvent, type AppInput, appMachine, type BootResult } from "../machines/app.machine.ts";
import { languageMachine } from "../machines/language.machine.ts";
import { networkMachine } from "../machines/network.machine.ts";
import { serviceLevelsMachine } from "../machines/serviceLevels.machine.ts";
import { tourMachine } from "../machines/tour.machine.ts";
import { createHealthService } from "../services/health.service.ts";
import { createHttpClient } from "../services/http.ts";
import { createOrgConfigService } from "../services/org-config.service.ts";
import { createPortalConfigService } from "../services/portal-config.service.ts";
import { createPortalStorage } from "../services/storage.ts";
import { applyTheme } from "../theme/apply-theme.ts";

/** Where events from outside React (HTTP replies, the browser) reach the root actor once it exists. */
export interface EventBus {
  send(event: AppEvent): void;
  connect(target: { send(event: AnyEventObject): void }): () => void;
}

function createEventBus(): EventBus {
  let target: { send(event: AnyEventObject): void } | null = null;
  return {
    send: (event) => target?.send(event),
    connect(next) {
      target = next;
      return () => {
        if (target === next) target = null;
      };
    },
  };
}

/**
 * The composition root: the only place where machines meet services. Tests build the same machines
 * with fakes through `.provide()` instead.
 */
export function createLiveApp(
  browser: Window = window,
  fetch: typeof globalThis.fetch = browser.fetch.bind(browser),
) {
  const storage = createPortalStorage(browser.localStorage);
  const bus = createEventBus();
  let loaded: PortalConfig | null = null;
  const clientId = () => loaded?.clientId ?? null;
  const http = createHttpClient({
    storage,
    fetch,
    clientId,
    signals: {
      sessionExpired: () => bus.send({ type: "session.expired" }),
      networkLost: () => bus.send({ type: "network.lost" }),
    },
  });
  const portalConfig = createPortalConfigService(http);
  const health = createHealthService(http);
  const orgConfig = createOrgConfigService(http, () => ({
    transit: loaded?.apiBases.transit ?? "/transit",
    childOrganization: loaded?.organization.childUuid ?? null,
  }));
  browser.addEventListener("online", () => bus.send({ type: "network.restored" }));

  const machine = appMachine.provide({
    actors: {
      loadConfig: fromPromise<BootResult>(async () => {
        const config = await portalConfig.load();
        storage.useLanguageKey(config.storageKeys.language);
        loaded = config;
        applyTheme(config.themes.default, browser.document.documentElement);
        return { config, storedLanguage: storage.get("language") };
      }),
      languageMachine: languageMachine.provide({
        actors: {
          activateLocale: fromPromise(({ input }) =>
            activateLocale(input.locale, browser.document.documentElement),
          ),
        },
        actions: {
          storeLanguage: ({ context }) => storage.set("language", context.current),
        },
      }),
      networkMachine: networkMachine.provide({
        actors: { probeConnection: fromPromise(() => health.probe()) },
      }),
      serviceLevelsMachine: serviceLevelsMachine.provide({
        actors: { fetchServiceLevels: fromPromise(() => orgConfig.serviceLevels()) },
      }),
      tourMachine: tourMachine.provide({
        actions: { rememberTourDone: () => storage.set("tourDone", true) },
      }),
    },
    actions: {
      clearSession: () => storage.clearSession({ clearCart: false }),
      goToLogin: () => navigate("/login", { replace: true }),
    },
  });

  const input: AppInput = {
    stored: {
      authenticated: storage.isSignedIn(),
      cart: storage.get("cart") ?? [],
      tourDone: storage.get("tourDone") ?? false,
    },
  };

  return { machine, input, bus, storage };
}
