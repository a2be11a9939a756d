import { navigate } from "wouter/use-browser-location";
import { type AnyEventObject, fromPromise } from "xstate";
import { normalizeCartItem } from "../domain/cart.ts";
import type { Product } from "../domain/catalog.ts";
import type { FormValues } from "../domain/forms.ts";
import type { PortalConfig } from "../domain/portal-config.ts";
import { profileValues } from "../domain/session.ts";
import { activateLocale } from "../i18n/i18n.ts";
import {
  type AppEvent,
  type AppInput,
  appMachine,
  type BootResult,
  type StoredAtStart,
} from "../machines/app.machine.ts";
import { cartMachine, type RefreshInput } from "../machines/cart.machine.ts";
import { formMachine } from "../machines/form.machine.ts";
import { languageMachine } from "../machines/language.machine.ts";
import { networkMachine } from "../machines/network.machine.ts";
import { serviceLevelsMachine } from "../machines/serviceLevels.machine.ts";
import { sessionMachine } from "../machines/session.machine.ts";
import { tourMachine } from "../machines/tour.machine.ts";
import { createAccountsService } from "../services/accounts.service.ts";
import { createCatalogService, createFareMediaService } from "../services/catalog.service.ts";
import { createFormsService, formsWrittenInto } from "../services/forms.service.ts";
import { createHealthService } from "../services/health.service.ts";
import { createHttpClient } from "../services/http.ts";
import { createOrgConfigService } from "../services/org-config.service.ts";
import { configWrittenInto, createPortalConfigService } from "../services/portal-config.service.ts";
import { createPortalStorage, storageKeyNames } from "../services/storage.ts";
import { applyTheme } from "../theme/apply-theme.ts";
import { connectChunks, retryChunks } from "./chunks.ts";
import { createAnalyticsLogic } from "./live/analytics.ts";
import type { Feature, LiveDeps } from "./live/deps.ts";
import { languageChanges } from "./live/language-changes.ts";
import type { ScreenLogic } from "./logic.tsx";
import { isTaskLink, rememberedFrom } from "./routes.ts";

/** Where events from outside React (HTTP replies, the browser) reach the root actor once it exists. */
export interface EventBus {
  send(event: AppEvent): void;
  connect(target: { send(event: AnyEventObject): void }): () => void;
}

/** Where the page that reloaded for a returned connection leaves its "You are back online." */
const backOnlineKey = "portal.backOnline";

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
  storage = createPortalStorage(browser.localStorage),
) {
  const reloadedOnline = browser.sessionStorage.getItem(backOnlineKey) !== null;
  browser.sessionStorage.removeItem(backOnlineKey);
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
      accountDeactivated: () => bus.send({ type: "session.deactivated" }),
      // Said once for a request that waits on a busy server; it goes on by itself (src/services/http.ts).
      serverBusy: () => bus.send({ type: "notify.error", code: "serverBusy" }),
    },
    // The deployment's child organisation on every transit-service call (spec section 7).
    scope: (path): Record<string, string> => {
      const child = loaded?.organization.childUuid;
      return child && path.startsWith(`${transitBase()}/`) ? { child_organization_uuid: child } : {};
    },
  });
  const portalConfig = createPortalConfigService(http, () => configWrittenInto(browser.document));
  const health = createHealthService(http);
  const transitBase = () => loaded?.apiBases.transit ?? "/transit";
  const orgConfig = createOrgConfigService(http, transitBase);
  const catalog = createCatalogService(http, transitBase, () => storage.isSignedIn());
  const fareMedia = createFareMediaService(http, transitBase);
  const accountsBase = () => loaded?.apiBases.accounts ?? "/accounts";
  // The sign-in goes to the service `loginService` names; the profile to the transit service when a
  // child organisation is configured (it carries child_organization_uuid there; spec section 7).
  const loginBase = () => (loaded ? loaded.apiBases[loaded.loginService] : accountsBase());
  const accounts = createAccountsService(http, accountsBase, {
    login: loginBase,
    profile: () => (loaded?.organization.childUuid ? transitBase() : accountsBase()),
  });
  const forms = createFormsService(http, transitBase, formsWrittenInto(browser.document));
  /** The screens' machines that hear a language switch (through their `languageChanges`). */
  const languageListeners = new Set<(locale: string) => void>();
  const onLanguageChange = (listener: (locale: string) => void) => {
    languageListeners.add(listener);
    return () => void languageListeners.delete(listener);
  };
  /** A server-driven form whose submission is `submit`; its labels follow the rider's language. */
  const formWith = (submit: (values: FormValues) => Promise<unknown>) =>
    formMachine.provide({
      actors: {
        languageChanges: languageChanges({ onLanguageChange }, (locale) => ({
          type: "form.relabel" as const,
          language: locale,
        })),
        fetchForm: fromPromise(({ input }) => forms.definition(input.method, input.language)),
        submitForm: fromPromise(({ input }) => submit(input.values)),
      },
    });
  const language = () => storage.get("language") ?? "en";
  /** What feature compositions (src/app/live/*.ts) build their machines from. */
  const deps: LiveDeps = {
    http,
    storage,
    bus,
    transitBase,
    accountsBase,
    loginBase,
    config: () => loaded,
    fetch,
    language,
    onLanguageChange,
    browser,
    catalog,
    fareMedia,
    formWith,
    saveProfile,
  };
  browser.addEventListener("online", () => bus.send({ type: "network.restored" }));
  // Another tab wrote the cart (the event fires only in the other tabs): this one shows the same.
  browser.addEventListener("storage", (event) => {
    if (event.storageArea !== browser.localStorage) return;
    if (event.key !== null && event.key !== storageKeyNames.cart) return;
    bus.send({ type: "cart.synced", items: storage.get("cart") ?? [] });
  });
  // A screen's or dialog's chunk that cannot be downloaded means the connection is lost (chunks.ts);
  // once it is back, the page loads again and says so.
  connectChunks({
    lost: () => bus.send({ type: "network.lost" }),
    reload: () => {
      browser.sessionStorage.setItem(backOnlineKey, "true");
      browser.location.reload();
    },
  });

  /** What the portal stored of the session, cart, guest flag and tour. */
  const storedAtStart = (): StoredAtStart => ({
    authenticated: storage.isSignedIn(),
    user: storage.get("user"),
    cart: (storage.get("cart") ?? []).map(normalizeCartItem),
    guest: storage.get("isGuestUser") ?? false,
    productMode: storage.get("purchaseFlowType"),
    // Arriving by an emailed link, the task comes first; the tour is offered on a later visit.
    tourDone: (storage.get("tourDone") ?? false) || isTaskLink(browser.location.pathname),
  });

  const machine = appMachine.provide({
    actors: {
      loadConfig: fromPromise<BootResult>(async () => {
        const config = await portalConfig.load();
        storage.useLanguageKey(config.storageKeys.language);
        // What the browser kept under another deployment, or an older file of this one, goes first.
        storage.adoptDeployment(config.uuid, config.currentDeployedVersion);
        loaded = config;
        applyTheme(config.themes.default, browser.document.documentElement);
        // Reloaded because the connection came back (chunks.ts): said once the portal is ready, which
        // it is when this reply has been taken in.
        if (reloadedOnline) {
          browser.setTimeout(() => bus.send({ type: "notify.success", code: "connectionRestored" }), 0);
        }
        return { config, storedLanguage: storage.get("language"), stored: storedAtStart() };
      }),
      languageMachine: languageMachine.provide({
        actors: {
          activateLocale: fromPromise(({ input }) =>
            activateLocale(input.locale, browser.document.documentElement),
          ),
        },
        actions: {
          storeLanguage: ({ context }) => {
            const previous = storage.get("language");
            storage.set("language", context.current);
            // Cart texts come again in a new language (spec section 4); starting in the stored one
            // costs no search.
            if (previous !== null && previous !== context.current) bus.send({ type: "language.changed" });
            // The open screens' machines ask for the server's names again, now in this language.
            if (previous !== context.current)
              for (const listener of languageListeners) listener(context.current);
            // The session decides whether a signed-in rider's profile follows (spec section 4).
            bus.send({ type: "session.language", locale: localeOf(context.current) });
          },
        },
      }),
      networkMachine: networkMachine.provide({
        actors: {
          probeConnection: fromPromise(async () => {
            await health.probe();
            // The server answers again: parts that could not be downloaded load now.
            retryChunks();
          }),
        },
      }),
      serviceLevelsMachine: serviceLevelsMachine.provide({
        actors: { fetchServiceLevels: fromPromise(() => orgConfig.serviceLevels()) },
      }),
      cartMachine: cartMachine.provide({
        actors: {
          refreshProducts: fromPromise<Product[], RefreshInput>(({ input }) =>
            catalog.refresh(input.uuids, input.faremediaId),
          ),
        },
        actions: {
          persist: ({ context }) => {
            const first = context.items[0];
            if (!first) return storage.clearCart();
            storage.set("cart", context.items);
            storage.set("parentOrgId", first.orgUuidProduct);
          },
          goToCheckout: (_, route) => navigate(route),
          rememberGuest: () => storage.set("isGuestUser", true),
          // The sign-in dialog's success lands on /checkout (the session reads `from`).
          rememberCheckout: () => {
            const state: unknown = browser.history.state;
            browser.history.replaceState(
              { ...(typeof state === "object" && state !== null ? state : {}), from: "/checkout" },
              "",
            );
          },
          storeProductMode: ({ context }) => {
            if (context.mode) storage.set("purchaseFlowType", context.mode);
          },
        },
      }),
      tourMachine: tourMachine.provide({
        actions: { rememberTourDone: () => storage.set("tourDone", true) },
      }),
      sessionMachine: sessionMachine.provide({
        actors: {
          signInForm: formWith(accounts.login),
          codeForm: formWith(accounts.verifyCode),
          loadProfile: fromPromise(() => accounts.me()),
          resendCode: fromPromise(() => accounts.resendCode()),
          logout: fromPromise(() => accounts.logout()),
          saveLanguage: fromPromise(({ input }) => saveProfile(profileValues(input.user), input.locale)),
        },
        actions: {
          storeTempToken: ({ context }) => {
            if (context.pendingToken) storage.set("tempAuthToken", context.pendingToken);
          },
          storeSession: ({ context }) => {
            if (!context.user) return;
            const token = storage.get("tempAuthToken");
            if (token) storage.set("authToken", token);
            storage.remove("tempAuthToken");
            storage.set("user", context.user);
          },
          storeUser: ({ context }) => {
            if (context.user) storage.set("user", context.user);
          },
          clearSession: () => storage.clearSession({ clearCart: false }),
          clearCart: () => {
            storage.clearCart();
            bus.send({ type: "cart.clear" });
          },
          // A session that ends mid-checkout brings the rider back to it after signing in again.
          goToLogin: () =>
            navigate("/login", {
              replace: true,
              state: browser.location.pathname === "/checkout" ? { from: "/checkout" } : null,
            }),
          goToSignedInRoute: () =>
            navigate(rememberedFrom(browser.history.state) ?? loaded?.loggedInDefaultRoute ?? "/", {
              replace: true,
            }),
          notifyCodeSent: () => bus.send({ type: "notify.success", code: "codeSent" }),
          notifyDeleted: () => bus.send({ type: "notify.success", code: "accountDeleted" }),
        },
      }),
    },
  });

  const input: AppInput = { stored: storedAtStart() };

  const analytics = createAnalyticsLogic(deps);
  const features = new Map<Feature<unknown>, unknown>();
  const logic: ScreenLogic = {
    ...analytics,
    feature<T>(feature: Feature<T>): T {
      if (!features.has(feature)) features.set(feature, feature(deps));
      return features.get(feature) as T;
    },
  };

  /** PUT /users from the PROFILE form's values (or a rider's, for a language change), in the current language. */
  function saveProfile(values: FormValues, locale = localeOf(language())) {
    return accounts.updateProfile({
      first_name: values.first_name ?? "",
      last_name: values.last_name ?? "",
      email: values.email ?? "",
      mobile: values.mobile ? values.mobile : null,
      locale,
      ...(values.current_password ? { current_password: values.current_password } : {}),
    });
  }

  /** PUT /users wants the language and country (es-ES) of a portal language (es). */
  function localeOf(code: string) {
    const entry = loaded?.locales.find((locale) => locale.code === code);
    return {
      language_code: entry?.language_code ?? code.split("-")[0] ?? "en",
      country_code: entry?.country_code ?? "US",
    };
  }

  return { machine, input, bus, storage, logic };
}
