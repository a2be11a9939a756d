import { assign, fromPromise, sendTo, setup } from "xstate";
import type { CartItem, ProductMode } from "../domain/cart.ts";
import { errorCodeOf } from "../domain/envelope.ts";
import type { IdentityProvider } from "../domain/identity.ts";
import type { NoticeCode } from "../domain/notices.ts";
import { defaultLocale, isSupportedLocale, type PortalConfig } from "../domain/portal-config.ts";
import {
  isActionBlocked,
  type ProfileLocale,
  type SignInResult,
  type StoredUser,
} from "../domain/session.ts";
import { cartMachine } from "./cart.machine.ts";
import { languageMachine } from "./language.machine.ts";
import { networkMachine } from "./network.machine.ts";
import { notificationsMachine } from "./notifications.machine.ts";
import { serviceLevelsMachine } from "./serviceLevels.machine.ts";
import { sessionMachine } from "./session.machine.ts";
import { tourMachine } from "./tour.machine.ts";
import { unprovided } from "./unprovided.ts";

/** What browser storage held when the portal started. */
export interface StoredAtStart {
  authenticated: boolean;
  user: StoredUser | null;
  cart: CartItem[];
  /** The rider chose to check out as a guest (isGuestUser). */
  guest: boolean;
  /** The product mode set when the rider last left the products page (purchaseFlowType). */
  productMode: ProductMode | null;
  tourDone: boolean;
}

/** The configuration, and the stored language (whose storage key the configuration names). */
export interface BootResult {
  config: PortalConfig;
  storedLanguage: string | null;
  /** What storage holds once the deployment is adopted (it may have forgotten some); the input's when absent. */
  stored?: StoredAtStart;
}

export interface AppInput {
  stored: StoredAtStart;
}

export interface AppContext {
  stored: StoredAtStart;
  config: PortalConfig | null;
  storedLanguage: string | null;
  /** Error code of the last failed boot, for the failure screen. */
  bootError: number | null;
}

export type AppEvent =
  | { type: "app.retry" }
  | { type: "session.expired" }
  | { type: "session.refresh" }
  | { type: "session.deleted" }
  | { type: "session.handOver"; result: SignInResult; provider?: IdentityProvider }
  | { type: "session.deactivated" }
  | { type: "session.language"; locale: ProfileLocale }
  | { type: "session.userUpdated"; user: StoredUser }
  | { type: "cart.clear" }
  /** Another tab changed the cart (the `storage` event): the cart takes what it wrote. */
  | { type: "cart.synced"; items: CartItem[] }
  /** The checkout accepted the server's prices: product uuid -> list_price (minor units). */
  | { type: "cart.repriced"; prices: Record<string, number> }
  /** The rider chose another language: what came in the old one is asked for again. */
  | { type: "language.changed" }
  | { type: "menu.open" }
  | { type: "menu.close" }
  | { type: "route.changed"; path: string }
  | { type: "network.lost" }
  | { type: "network.restored" }
  | { type: "notify.success"; code: NoticeCode }
  | { type: "notify.error"; code: NoticeCode };

function initialLanguage(context: AppContext) {
  const config = context.config;
  const offered = config ? config.locales.map((locale) => locale.code) : ["en" as const];
  const fallback = config ? defaultLocale(config) : "en";
  const stored = context.storedLanguage;
  return { offered, initial: isSupportedLocale(stored) && offered.includes(stored) ? stored : fallback };
}

/*
 * The root of the portal. `booting` loads the deployment's configuration: nothing can render, call the
 * API or pick a language before it, and `failed` offers a retry instead of a half-configured screen.
 * `ready` runs the side menu and the children every screen shares (session, language, notifications,
 * network status, cart, tour, service levels), which live exactly as long as the config. Signals from
 * outside (an expired session, a lost connection, a cleared cart) are forwarded to the child they concern.
 */
export const appMachine = setup({
  types: {
    input: {} as AppInput,
    context: {} as AppContext,
    events: {} as AppEvent,
    children: {} as {
      loadConfig: "loadConfig";
      language: "languageMachine";
      notifications: "notificationsMachine";
      network: "networkMachine";
      cart: "cartMachine";
      tour: "tourMachine";
      serviceLevels: "serviceLevelsMachine";
      session: "sessionMachine";
    },
  },
  actors: {
    loadConfig: fromPromise<BootResult>(unprovided("loadConfig")),
    languageMachine,
    notificationsMachine,
    networkMachine,
    cartMachine,
    tourMachine,
    serviceLevelsMachine,
    sessionMachine,
  },
  actions: {
    assignBoot: assign(({ context }, boot: BootResult) => ({
      config: boot.config,
      storedLanguage: boot.storedLanguage,
      stored: boot.stored ?? context.stored,
      bootError: null,
    })),
    assignBootError: assign((_, error: unknown) => ({ bootError: errorCodeOf(error) })),
    forwardToNetwork: sendTo("network", ({ event }) => event),
    forwardToNotifications: sendTo("notifications", ({ event }) => event),
    forwardToSession: sendTo("session", ({ event }) => event),
    forwardToCart: sendTo("cart", ({ event }) => event),
    refreshCart: sendTo("cart", { type: "cart.refresh" }),
    renameServiceLevels: sendTo("serviceLevels", { type: "serviceLevels.reload" }),
  },
}).createMachine({
  id: "app",
  context: ({ input }) => ({ stored: input.stored, config: null, storedLanguage: null, bootError: null }),
  initial: "booting",
  states: {
    booting: {
      tags: ["busy"],
      invoke: {
        id: "loadConfig",
        src: "loadConfig",
        onDone: { target: "ready", actions: { type: "assignBoot", params: ({ event }) => event.output } },
        onError: {
          target: "failed",
          actions: {
            type: "assignBootError",
            params: ({ event }: { event: { error: unknown } }) => event.error,
          },
        },
      },
    },
    failed: {
      on: { "app.retry": "booting" },
    },
    ready: {
      type: "parallel",
      invoke: [
        {
          id: "language",

          src: "languageMachine",
          input: ({ context }) => ({ ...initialLanguage(context), fallback: "en" }),
        },
        { id: "notifications", src: "notificationsMachine" },
        { id: "network", src: "networkMachine" },
        {
          id: "cart",
          src: "cartMachine",
          input: ({ context }) => ({
            items: context.stored.cart,
            maxQuantity: context.config?.max_cart_quantity ?? 20,
            guest: context.stored.guest,
            mode: context.stored.productMode,
          }),
        },
        {
          id: "session",
          src: "sessionMachine",
          input: ({ context }) => ({
            user: context.stored.user,
            signedIn: context.stored.authenticated,
            twoFactorEnabled: context.config?.multifactorAuth.enable ?? false,
            twoFactorRequired: context.config?.multifactorAuth.required ?? false,
            language: initialLanguage(context).initial,
          }),
          // The cart's rules follow who is signed in: every snapshot of the session, its first one too
          // (relayed once every child has started), tells the cart.
          onSnapshot: {
            actions: sendTo("cart", ({ context, event }) => ({
              type: "cart.session",
              signedIn: event.snapshot.hasTag("signedIn"),
              blocked: isActionBlocked(
                event.snapshot.context.user,
                context.config?.requiredAccountVerification ?? false,
              ),
            })),
          },
        },
        { id: "serviceLevels", src: "serviceLevelsMachine" },
        {
          id: "tour",

          src: "tourMachine",
          input: ({ context }) => ({
            enabled: context.config?.tour.enabled ?? false,
            done: context.stored.tourDone,
          }),
        },
      ],
      on: {
        "network.lost": { actions: "forwardToNetwork" },
        "network.restored": { actions: "forwardToNetwork" },
        "notify.success": { actions: "forwardToNotifications" },
        "notify.error": { actions: "forwardToNotifications" },
        "session.expired": { actions: "forwardToSession" },
        "session.refresh": { actions: "forwardToSession" },
        "session.deleted": { actions: "forwardToSession" },
        "session.handOver": { actions: "forwardToSession" },
        "session.deactivated": { actions: "forwardToSession" },
        "session.language": { actions: "forwardToSession" },
        "session.userUpdated": { actions: "forwardToSession" },
        "cart.clear": { actions: "forwardToCart" },
        "cart.synced": { actions: "forwardToCart" },
        "cart.repriced": { actions: "forwardToCart" },
        // Cart texts and prices, and the services' names, come again in the new language.
        "language.changed": { actions: ["refreshCart", "renameServiceLevels"] },
      },
      states: {
        menu: {
          initial: "closed",
          states: {
            closed: { on: { "menu.open": "open" } },
            open: { on: { "menu.close": "closed", "route.changed": "closed" } },
          },
        },
      },
    },
  },
});

const _selectConfig = (snapshot: { context: AppContext }): PortalConfig | null => snapshot.context.config;
