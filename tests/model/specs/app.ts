import { expect } from "vitest";
import { fromPromise } from "xstate";
import { appMachine } from "../../../src/machines/app.machine.ts";
import { languageMachine } from "../../../src/machines/language.machine.ts";
import { networkMachine } from "../../../src/machines/network.machine.ts";
import { tourMachine } from "../../../src/machines/tour.machine.ts";
import { cartItem, portalConfig, storedUser } from "../../support/fixtures.ts";
import { quietCart, quietSession } from "../../support/forms.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents = "xstate.done.actor.loadConfig" | "xstate.error.actor.loadConfig";

const events = {
  "app.retry": [{ type: "app.retry" }],
  "session.expired": [{ type: "session.expired" }],
  "cart.clear": [{ type: "cart.clear" }],
  "cart.synced": [{ type: "cart.synced", items: [] }],
  "cart.repriced": [{ type: "cart.repriced", prices: { "product-1": 300 } }],
  "language.changed": [{ type: "language.changed" }],
  "session.refresh": [{ type: "session.refresh" }],
  "session.deleted": [{ type: "session.deleted" }],
  "session.handOver": [
    { type: "session.handOver", result: { access_token: "a".repeat(43), mfa_enrollment_status: 0 } },
  ],
  "session.deactivated": [{ type: "session.deactivated" }],
  "session.userUpdated": [{ type: "session.userUpdated", user: storedUser }],
  "session.language": [{ type: "session.language", locale: { language_code: "es", country_code: "ES" } }],
  "menu.open": [{ type: "menu.open" }],
  "menu.close": [{ type: "menu.close" }],
  "route.changed": [{ type: "route.changed", path: "/products" }],
  "network.lost": [{ type: "network.lost" }],
  "network.restored": [{ type: "network.restored" }],
  "notify.success": [{ type: "notify.success", code: "connectionRestored" }],
  "notify.error": [{ type: "notify.error", code: "generic" }],
  "xstate.done.actor.loadConfig": [
    { type: "xstate.done.actor.loadConfig", output: { config: portalConfig, storedLanguage: "es" } },
  ],
  "xstate.error.actor.loadConfig": [
    { type: "xstate.error.actor.loadConfig", error: { code: 50301, message: "Network Error" } },
  ],
} satisfies EventSamples<typeof appMachine, ActorEvents>;

/** Every signal that reaches the app from outside React and is forwarded to a child. */
const outsideSignals = [
  events["network.lost"][0],
  events["network.restored"][0],
  events["notify.success"][0],
  events["notify.error"][0],
  events["session.refresh"][0],
  events["session.userUpdated"][0],
  events["session.deleted"][0],
  events["session.handOver"][0],
  events["session.deactivated"][0],
  events["session.language"][0],
  events["session.expired"][0],
  events["cart.clear"][0],
  events["cart.synced"][0],
  events["cart.repriced"][0],
  events["language.changed"][0],
];

/** Children that do nothing outside themselves; the app machine is what is under test. */
const machine = appMachine.provide({
  actors: {
    sessionMachine: quietSession,
    cartMachine: quietCart,
    languageMachine: languageMachine.provide({
      actors: { activateLocale: fromPromise(async () => {}) },
      actions: { storeLanguage: () => {} },
    }),
    networkMachine: networkMachine.provide({ actors: { probeConnection: fromPromise(async () => {}) } }),
    tourMachine: tourMachine.provide({ actions: { rememberTourDone: () => {} } }),
  },
});

export const appModel = defineModel({
  name: "app",
  machine,
  inputs: [
    {
      stored: { authenticated: false, user: null, cart: [], guest: false, productMode: null, tourDone: true },
    },
    {
      stored: {
        authenticated: true,
        user: storedUser,
        cart: [cartItem()],
        guest: false,
        productMode: null,
        tourDone: true,
      },
    },
  ],
  deferred: ["loadConfig"],
  events,
  serialize: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.bootError, snapshot.context.config !== null]),
  invariants: [
    {
      name: "ready means a configuration without a boot error",
      holds: (s) => !s.matches("ready") || (s.context.config !== null && s.context.bootError === null),
    },
    {
      name: "failed means a boot error is kept",
      holds: (s) => !s.matches("failed") || s.context.bootError !== null,
    },
    {
      name: "the session lives exactly as long as the configuration",
      holds: (s) => s.matches("ready") === (s.children.session !== undefined),
    },
  ],
  states: {
    booting: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.language).toBeUndefined();
    },
    failed: (snapshot) => {
      expect(snapshot.context.bootError).toBe(50301);
      expect(snapshot.can({ type: "app.retry" })).toBe(true);
    },
    ready: (snapshot) => {
      expect(snapshot.context.config?.uuid).toBe(portalConfig.uuid);
      expect(snapshot.context.storedLanguage).toBe("es");
      for (const child of [
        "language",
        "notifications",
        "network",
        "cart",
        "tour",
        "serviceLevels",
        "session",
      ] as const) {
        expect(snapshot.children[child], child).toBeDefined();
      }
    },
    "ready.menu": (snapshot) =>
      expect(
        (["open", "closed"] as const).filter((state) => snapshot.matches({ ready: { menu: state } })),
      ).toHaveLength(1),
    "ready.menu.closed": (snapshot) => expect(snapshot.can({ type: "menu.open" })).toBe(true),
    "ready.menu.open": (snapshot) => expect(snapshot.can({ type: "menu.close" })).toBe(true),
  },
  journeys: [
    {
      name: "a failed boot retried until the configuration loads",
      events: [
        events["xstate.error.actor.loadConfig"][0],
        events["app.retry"][0],
        events["xstate.done.actor.loadConfig"][0],
      ],
      expected: { ready: { menu: "closed" } },
    },
    {
      name: "a lost network and notices never close the menu",
      input: 1,
      events: [events["xstate.done.actor.loadConfig"][0], events["menu.open"][0], ...outsideSignals],
      expected: { ready: { menu: "open" } },
    },
    {
      name: "signals from outside never open the menu",
      events: [events["xstate.done.actor.loadConfig"][0], ...outsideSignals],
      expected: { ready: { menu: "closed" } },
    },
    {
      name: "the menu button opens the side menu",
      events: [events["xstate.done.actor.loadConfig"][0], events["menu.open"][0]],
      expected: { ready: { menu: "open" } },
    },
    {
      name: "closing the side menu",
      input: 1,
      events: [events["xstate.done.actor.loadConfig"][0], events["menu.open"][0], events["menu.close"][0]],
      expected: { ready: { menu: "closed" } },
    },
    {
      name: "navigating closes the side menu",
      events: [events["xstate.done.actor.loadConfig"][0], events["menu.open"][0], events["route.changed"][0]],
      expected: { ready: { menu: "closed" } },
    },
  ],
});
