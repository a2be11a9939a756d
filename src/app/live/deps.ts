import type { FormValues } from "../../domain/forms.ts";
import type { PortalConfig } from "../../domain/portal-config.ts";
import type { StoredUser } from "../../domain/session.ts";
import type { AppEvent } from "../../machines/app.machine.ts";
import type { formMachine } from "../../machines/form.machine.ts";
import type { createCatalogService, createFareMediaService } from "../../services/catalog.service.ts";
import type { HttpClient } from "../../services/http.ts";
import type { PortalStorage } from "../../services/storage.ts";

/**
 * What a feature's composition (src/app/live/<feature>.ts) may use to give its machines their
 * services: the one HTTP client, storage, the event bus to the root machine, the loaded portal
 * configuration and the browser, plus the services the always-loaded part already has. Each feature
 * exports its logic's interface (`<Feature>Logic`) and a `create<Feature>Logic(deps)`, which a screen
 * asks for with `useFeature(create<Feature>Logic)`: the composition is imported by the screen's own
 * chunk and run once, the first time a screen needs it (src/app/logic.tsx).
 */
export interface LiveDeps {
  http: HttpClient;
  storage: PortalStorage;
  bus: { send(event: AppEvent): void };
  /** The transit service's base path ("/transit"), once the configuration is loaded. */
  transitBase: () => string;
  /** The accounts service's base path ("/accounts"), once the configuration is loaded. */
  accountsBase: () => string;
  /** Where POST /users/login goes: the service the deployment's `loginService` names. */
  loginBase: () => string;
  config: () => PortalConfig | null;
  /** The browser's fetch, for the payment gateway's token endpoint (never our API: no client of ours). */
  fetch: typeof globalThis.fetch;
  /** The current language code ("en", "es"). */
  language: () => string;
  /**
   * Calls `listener` with each new language, once the requests' language is stored; answers how to
   * stop. Machines hear it through their `languageChanges` (./language-changes.ts).
   */
  onLanguageChange: (listener: (locale: string) => void) => () => void;
  browser: Window;
  /** Product search (the cart refreshes its items with it too). */
  catalog: ReturnType<typeof createCatalogService>;
  fareMedia: ReturnType<typeof createFareMediaService>;
  /** A server-driven form whose submission is `submit`. */
  formWith: (submit: (values: FormValues) => Promise<unknown>) => typeof formMachine;
  /** PUT /users from the PROFILE form's values, in the current language. */
  saveProfile: (values: FormValues) => Promise<StoredUser>;
}

/** A feature's composition: its machines given their services, built from the shared dependencies. */
export type Feature<T> = (deps: LiveDeps) => T;
