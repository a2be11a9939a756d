import { navigate } from "wouter/use-browser-location";
import { type AnyEventObject, assign, fromPromise } from "xstate";
import { normalizeCartItem, productModeOf } from "../domain/cart.ts";
import type { Filter, Product, ProductPage } from "../domain/catalog.ts";
import type { FormValues } from "../domain/forms.ts";
import type { SavedAddress } from "../domain/payments/saved.ts";
import { defaultPaymentGateway, type PortalConfig } from "../domain/portal-config.ts";
import { activateLocale } from "../i18n/i18n.ts";
import { accountDeletionMachine } from "../machines/accountDeletion.machine.ts";
import { addressesMachine, type SaveAddressInput } from "../machines/addresses.machine.ts";
import { type AppEvent, type AppInput, appMachine, type BootResult } from "../machines/app.machine.ts";
import { cartMachine, type RefreshInput } from "../machines/cart.machine.ts";
import { type CheckoutContext, checkoutMachine, choicesOf } from "../machines/checkout.machine.ts";
import { deactivationMachine } from "../machines/deactivation.machine.ts";
import { emailConfirmationMachine } from "../machines/emailConfirmation.machine.ts";
import { fareCardChoiceMachine } from "../machines/fareCardChoice.machine.ts";
import { formMachine } from "../machines/form.machine.ts";
import { inviteMachine } from "../machines/invite.machine.ts";
import { languageMachine } from "../machines/language.machine.ts";
import { networkMachine } from "../machines/network.machine.ts";
import { orderHistoryMachine } from "../machines/orderHistory.machine.ts";
import { orderSummaryMachine } from "../machines/orderSummary.machine.ts";
import { cardSubmission, paymentMethodsMachine } from "../machines/paymentMethods.machine.ts";
import { productsMachine, type SearchInput } from "../machines/products.machine.ts";
import { profileMachine, profileValues } from "../machines/profile.machine.ts";
import { requestMachine } from "../machines/request.machine.ts";
import { serviceLevelsMachine } from "../machines/serviceLevels.machine.ts";
import { sessionMachine } from "../machines/session.machine.ts";
import { tourMachine } from "../machines/tour.machine.ts";
import { twoFactorSetupMachine } from "../machines/twoFactorSetup.machine.ts";
import {
  createAccountsService,
  createDeactivationService,
  createInviteService,
} from "../services/accounts.service.ts";
import { createAddressesService } from "../services/addresses.service.ts";
import { createCaptchaService } from "../services/captcha.service.ts";
import { createCatalogService, createFareMediaService } from "../services/catalog.service.ts";
import {
  createCheckoutChoicesStore,
  createCheckoutService,
  retryDelayMs,
} from "../services/checkout.service.ts";
import { createFormsService } from "../services/forms.service.ts";
import { createGuestCardService } from "../services/guest-card.service.ts";
import { createHealthService } from "../services/health.service.ts";
import { createHttpClient } from "../services/http.ts";
import { createOrdersService } from "../services/orders.service.ts";
import { createOrgConfigService } from "../services/org-config.service.ts";
import {
  createGatewayClient,
  createPaymentMethodsService,
  createPayPalApproval,
} from "../services/payment-methods.service.ts";
import { createPortalConfigService } from "../services/portal-config.service.ts";
import { createPortalStorage } from "../services/storage.ts";
import { applyTheme } from "../theme/apply-theme.ts";
import { createAnalyticsLogic } from "./live/analytics.ts";
import { createConnectedAccountsLogic } from "./live/connected-accounts.ts";
import type { LiveDeps } from "./live/deps.ts";
import { createFareCardsLogic } from "./live/fare-cards.ts";
import { createPassesLogic } from "./live/passes.ts";
import { createSecurityQuestionsLogic } from "./live/security-questions.ts";
import { createWalletLogic } from "./live/wallet.ts";
import type { ScreenLogic } from "./logic.tsx";
import { isTaskLink, rememberedFrom } from "./routes.ts";

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
      accountDeactivated: () => bus.send({ type: "session.deactivated" }),
    },
  });
  const portalConfig = createPortalConfigService(http);
  const health = createHealthService(http);
  const transitBases = () => ({
    transit: loaded?.apiBases.transit ?? "/transit",
    childOrganization: loaded?.organization.childUuid ?? null,
  });
  const orgConfig = createOrgConfigService(http, transitBases);
  const catalog = createCatalogService(http, transitBases, () => storage.isSignedIn());
  const fareMedia = createFareMediaService(http, () => transitBases().transit);
  const paymentGateway = () => loaded?.payment_gateway ?? defaultPaymentGateway;
  const paymentMethods = createPaymentMethodsService(http, () => transitBases().transit, {
    config: paymentGateway,
    tokenize: createGatewayClient(fetch),
  });
  const payPal = createPayPalApproval(() => paymentGateway().paypal_approve_url, "/account/paymentmethods", {
    crypto: browser.crypto,
    storage: browser.sessionStorage,
    origin: browser.location.origin,
    go: (url) => browser.location.assign(url),
  });
  const addresses = createAddressesService(http, () => transitBases().transit);
  const checkout = createCheckoutService(http, () => transitBases().transit);
  const checkoutChoices = createCheckoutChoicesStore(browser.sessionStorage);
  const tokenizeCard = createGatewayClient(fetch);
  const orders = createOrdersService(http, () => transitBases().transit);
  const accountsBase = () => loaded?.apiBases.accounts ?? "/accounts";
  const accounts = createAccountsService(http, accountsBase);
  const invites = createInviteService(http, accountsBase);
  const deactivation = createDeactivationService(http, accountsBase);
  const forms = createFormsService(http, () => loaded?.apiBases.transit ?? "/transit");
  const captcha = createCaptchaService(
    http,
    () => loaded?.captcha ?? null,
    () => loaded?.apiBases.transit ?? "/transit",
    browser,
  );
  /** A server-driven form whose submission is `submit`. */
  const formWith = (submit: (values: FormValues) => Promise<unknown>) =>
    formMachine.provide({
      actors: {
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
    transitBase: () => transitBases().transit,
    config: () => loaded,
    tokenizeCard,
    language,
    browser,
    guestCard: createGuestCardService(http, () => transitBases().transit, storage),
  };
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
          storeLanguage: ({ context }) => {
            const previous = storage.get("language");
            storage.set("language", context.current);
            // Cart texts come again in a new language (spec section 4); starting in the stored one
            // costs no search.
            if (previous !== null && previous !== context.current) bus.send({ type: "language.changed" });
            const user = storage.get("user");
            const locale = localeOf(context.current);
            // Signed in: the profile follows (spec section 4). Only 50020 matters (the client signs out).
            if (!storage.isSignedIn() || !user || user.locale === locale.language_code) return;
            saveProfile(profileValues(user))
              .then((updated) => bus.send({ type: "session.userUpdated", user: updated }))
              .catch((error: unknown) => console.warn("The profile language was not updated", error));
          },
        },
      }),
      networkMachine: networkMachine.provide({
        actors: { probeConnection: fromPromise(() => health.probe()) },
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
          storeProductMode: ({ context }) => storage.set("purchaseFlowType", productModeOf(context.items)),
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

  const input: AppInput = {
    stored: {
      authenticated: storage.isSignedIn(),
      user: storage.get("user"),
      cart: (storage.get("cart") ?? []).map(normalizeCartItem),
      guest: storage.get("isGuestUser") ?? false,
      // Arriving by an emailed link, the task comes first; the tour is offered on a later visit.
      tourDone: (storage.get("tourDone") ?? false) || isTaskLink(browser.location.pathname),
    },
  };

  const logic: ScreenLogic = {
    // Feature compositions (src/app/live/<feature>.ts): one spread each.
    ...createFareCardsLogic(deps),
    ...createWalletLogic(deps),
    ...createPassesLogic(deps),
    ...createAnalyticsLogic(deps),
    ...createConnectedAccountsLogic(deps),
    ...createSecurityQuestionsLogic(deps),
    forms: {
      signUp: formWith(async (values) =>
        accounts.signUp(values, language(), await captcha.checkedToken("signup")),
      ),
      forgotPassword: formWith(accounts.forgotPassword),
      resetPassword: formWith(accounts.resetPassword),
      changePassword: formWith(accounts.changePassword),
    },
    emailConfirmation: emailConfirmationMachine.provide({
      actors: { confirmEmail: fromPromise(({ input }) => accounts.confirmEmail(input.token)) },
      actions: {
        goToLogin: () => navigate(storage.isSignedIn() ? (loaded?.loggedInDefaultRoute ?? "/") : "/login"),
        refreshSession: () => {
          if (storage.isSignedIn()) bus.send({ type: "session.refresh" });
        },
      },
    }),
    profile: profileMachine.provide({
      actors: {
        profileForm: formWith(saveProfile),
      },
      actions: {
        publishUser: ({ context }) => {
          bus.send({ type: "session.userUpdated", user: context.user });
          bus.send({ type: "notify.success", code: "profileUpdated" });
        },
      },
    }),
    resendVerification: requestMachine.provide({
      actors: { send: fromPromise(() => accounts.resendConfirmation()) },
    }),
    invite: inviteMachine.provide({
      actors: {
        loadInvite: fromPromise(({ input }) => invites.details(input.token)),
        acceptForm: formWith(invites.accept),
      },
      actions: { notifyAccepted: () => bus.send({ type: "notify.success", code: "inviteAccepted" }) },
    }),
    deactivation: deactivationMachine.provide({
      actors: {
        loadInfo: fromPromise(() => deactivation.info()),
        confirmForm: formWith(deactivation.deactivate),
      },
      // The same notice as a deactivation on another device, which then ends the session here.
      actions: { signOut: () => bus.send({ type: "session.deactivated" }) },
    }),
    accountDeletion: accountDeletionMachine.provide({
      actors: { confirmForm: formWith(accounts.deleteAccount) },
      // The account is gone: nothing of it stays in this browser, and the rider starts over.
      actions: { announceDeletion: () => bus.send({ type: "session.deleted" }) },
    }),
    addresses: addressesMachine.provide({
      actors: {
        loadAddresses: fromPromise(() => addresses.list()),
        saveAddress: fromPromise(({ input }) => addresses.save(input.id, input.body)),
        removeAddress: fromPromise(({ input }) => addresses.remove(input.id)),
        setDefaultAddress: fromPromise(({ input }) => addresses.setDefault(input.id)),
      },
    }),
    paymentMethods: paymentMethodsMachine.provide({
      actors: {
        loadMethods: fromPromise(() => paymentMethods.list()),
        addCard: fromPromise(({ input }) => paymentMethods.addCard(input)),
        addBank: fromPromise(({ input }) => paymentMethods.addBank(input)),
        checkPayPalState: fromPromise(({ input }) => payPal.matches(input.state)),
        addPayPal: fromPromise(({ input }) => paymentMethods.addPayPal(input.token)),
        beginPayPal: fromPromise(() => payPal.begin()),
        removeMethod: fromPromise(({ input }) => paymentMethods.remove(input.id)),
        setDefault: fromPromise(({ input }) => paymentMethods.setDefault(input.id)),
      },
      // The PayPal answer leaves the address bar: a reload or a shared link repeats nothing.
      actions: { cleanAddress: () => navigate("/account/paymentmethods", { replace: true }) },
    }),
    orderSummary: orderSummaryMachine.provide({
      actors: {
        loadOrder: fromPromise(({ input }) =>
          input.link === null ? orders.detail(input.id) : orders.guestDetail(input.id, input.link),
        ),
      },
      actions: { printReceipt: () => browser.print() },
    }),
    orderHistory: orderHistoryMachine.provide({
      actors: {
        loadPage: fromPromise(({ input }) => orders.page(input.limit, input.after)),
        loadDetail: fromPromise(({ input }) => orders.detail(input.id)),
      },
      actions: { printReceipt: () => browser.print() },
    }),
    checkout: checkoutMachine.provide({
      actors: {
        prepareCheckout: fromPromise(async ({ input }) => {
          const [quote, saved, methods] = await Promise.all([
            input.guest ? checkout.guestQuote(input.body) : checkout.quote(input.body),
            input.guest ? [] : addresses.list(),
            input.guest ? [] : paymentMethods.list(),
          ]);
          return { quote, addresses: saved, methods };
        }),
        quote: fromPromise(({ input }) =>
          input.guest ? checkout.guestQuote(input.body) : checkout.quote(input.body),
        ),
        // The number and code go to the gateway's token endpoint only; the order gets the token.
        tokenizeCard: fromPromise(async ({ input }) => {
          const card = cardSubmission(input, false, false);
          const token = await tokenizeCard<{ token: string; brand: string; last4: string }>(
            paymentGateway().tokens_url,
            {
              number: card.number,
              exp_month: card.expMonth,
              exp_year: card.expYear,
              cvc: card.cvc,
              postal_code: card.postalCode,
              name: card.lastName,
            },
          );
          return { token: token.token, brand: token.brand, last4: token.last4 };
        }),
        placeOrder: fromPromise(({ input }) =>
          input.guest
            ? checkout.placeGuestOrder(input.body, input.idempotencyKey)
            : checkout.placeOrder(input.body, input.idempotencyKey),
        ),
        // 409 in flight: the first request is still being worked on; ask again with the same key after
        // the server's Retry-After (within 0.5 to 10 s), or 1.5 s when it named none.
        waitBeforeRetry: fromPromise(
          ({ input }) =>
            new Promise<void>((resolve) => browser.setTimeout(resolve, retryDelayMs(input.retryAfter))),
        ),
      },
      actions: {
        rememberChoices: ({ context }) => {
          if (!context.guest) checkoutChoices.remember(choicesOf(context));
        },
        forgetChoices: () => checkoutChoices.forget(),
        repriceCart: (_, prices) => bus.send({ type: "cart.repriced", prices }),
        clearCart: () => bus.send({ type: "cart.clear" }),
        goToOrder: (_, order) =>
          navigate(
            order.guest_link
              ? `/anonymous/ordersummary/${encodeURIComponent(order.id)}?link=${encodeURIComponent(order.guest_link)}`
              : `/ordersummary/${encodeURIComponent(order.id)}`,
          ),
        assignKey: assign(({ context }: { context: CheckoutContext }) =>
          context.idempotencyKey !== null
            ? {}
            : { idempotencyKey: browser.crypto.randomUUID(), keys: context.keys + 1 },
        ),
      },
    }),
    guestAddress: addressesMachine.provide({
      actors: {
        loadAddresses: fromPromise<SavedAddress[]>(async () => []),
        // Nothing is saved for a guest: the checked address is kept for this order.
        saveAddress: fromPromise<SavedAddress, SaveAddressInput>(async ({ input }) => ({
          ...input.body,
          address_2: input.body.address_2 ?? null,
          email: input.body.email ?? null,
          id: input.id ?? "guest-address",
          isDefault: false,
          created_at: new Date().toISOString(),
        })),
        removeAddress: fromPromise<void, { id: string }>(async () => {}),
        setDefaultAddress: fromPromise<SavedAddress[], { id: string }>(async () => []),
      },
    }),
    restoredCheckout: () => checkoutChoices.restore(),
    currentFareCard: () => storage.get("currentFareCard"),
    fareCardChoice: fareCardChoiceMachine.provide({
      actors: { loadCards: fromPromise(() => fareMedia.list()) },
      actions: {
        clearCart: () => bus.send({ type: "cart.clear" }),
        buyFor: (_, card) => {
          storage.set("currentFareCard", {
            nickname: card.nickname,
            faremediaId: card.faremedia_id,
            cardNumber: card.printed_card_number,
            category: card.category,
            storedValue: card.stored_value,
          });
          storage.set("faremediaId", card.faremedia_id);
          storage.set("purchaseFlowType", "digital");
          navigate("/products/null/digital");
        },
      },
    }),
    products: productsMachine.provide({
      actors: {
        fetchFilters: fromPromise<Filter[], SearchInput>(({ input }) =>
          catalog.filters(input.applied, input.faremediaId),
        ),
        fetchProducts: fromPromise<ProductPage, SearchInput>(({ input }) =>
          catalog.products(input.applied, input.faremediaId),
        ),
      },
    }),
    twoFactorSetup: twoFactorSetupMachine.provide({
      actors: {
        sendEnrolCode: fromPromise(({ input }) => accounts.sendEnrolCode(input.mobile, input.password)),
        confirmEnrolment: fromPromise(({ input }) => accounts.confirmEnrolment(input.code)),
        sendDisableCode: fromPromise(({ input }) => accounts.sendDisableCode(input.password)),
        confirmDisable: fromPromise(({ input }) => accounts.confirmDisable(input.code)),
      },
      actions: {
        publishUser: () => bus.send({ type: "session.refresh" }),
        notifyOn: () => bus.send({ type: "notify.success", code: "twoFactorOn" }),
        notifyOff: () => bus.send({ type: "notify.success", code: "twoFactorOff" }),
      },
    }),
  };

  /** PUT /users from the PROFILE form's values (or a rider's, for a language change), in the current language. */
  function saveProfile(values: FormValues) {
    return accounts.updateProfile({
      first_name: values.first_name ?? "",
      last_name: values.last_name ?? "",
      email: values.email ?? "",
      mobile: values.mobile ? values.mobile : null,
      locale: localeOf(language()),
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
