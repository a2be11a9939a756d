import { expect } from "vitest";
import { fromPromise } from "xstate";
import { appMachine } from "../../../src/machines/app.machine.ts";
import { languageMachine } from "../../../src/machines/language.machine.ts";
import { networkMachine } from "../../../src/machines/network.machine.ts";
import { tourMachine } from "../../../src/machines/tour.machine.ts";
import { portalConfig } from "../../support/fixtures.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents = "xstate.done.actor.loadConfig" | "xstate.error.actor.loadConfig";

const events = {
  "app.retry": [{ type: "app.retry" }],
  "session.started": [{ type: "session.started" }],
  "session.expired": [{ type: "session.expired" }],
  "menu.open": [{ type: "menu.open" }],
  "menu.close": [{ type: "menu.close" }],
  "route.changed": [{ type: "route.changed", path: "/products" }],
  "network.lost": [{ type: "network.lost" }],
  "network.restored": [{ type: "network.restored" }],
  "notify.success": [{ type: "notify.success", code: "languageChanged" }],
  "notify.error": [{ type: "notify.error", code: "generic" }],
  "xstate.done.actor.loadConfig": [
    { type: "xstate.done.actor.loadConfig", output: { config: portalConfig, storedLanguage: "es" } },
  ],
  "xstate.error.actor.loadConfig": [
    { type: "xstate.error.actor.loadConfig", error: { code: 50301, message: "Network Error" } },
  ],
} satisfies EventSamples<typeof appMachine, ActorEvents>;

/** Children that do nothing outside themselves; the app machine is what is under test. */
const machine = appMachine.provide({
  actions: { clearSession: () => {}, goToLogin: () => {} },
  actors: {
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
    { stored: { authenticated: false, cart: [], tourDone: true } },
    { stored: { authenticated: true, cart: [], tourDone: true } },
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
      name: "the session is never left undecided",
      holds: (s) => !s.matches({ ready: { session: "checking" } }),
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
      ] as const) {
        expect(snapshot.children[child], child).toBeDefined();
      }
    },
    "ready.session": (snapshot) =>
      expect(
        (["guest", "signedIn"] as const).filter((state) => snapshot.matches({ ready: { session: state } })),
      ).toHaveLength(1),
    "ready.session.guest": (snapshot) => expect(snapshot.can({ type: "session.started" })).toBe(true),
    "ready.session.signedIn": (snapshot) => expect(snapshot.can({ type: "session.started" })).toBe(false),
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
      expected: { ready: { session: "guest", menu: "closed" } },
    },
    {
      name: "a stored token starts signed in; an expired session signs out",
      input: 1,
      events: [events["xstate.done.actor.loadConfig"][0], events["session.expired"][0]],
      expected: { ready: { session: "guest", menu: "closed" } },
    },
    {
      name: "a stored token starts signed in",
      input: 1,
      events: [events["xstate.done.actor.loadConfig"][0]],
      expected: { ready: { session: "signedIn", menu: "closed" } },
    },
    {
      name: "a lost network and notices never sign out or close the menu",
      input: 1,
      events: [
        events["xstate.done.actor.loadConfig"][0],
        events["menu.open"][0],
        events["network.lost"][0],
        events["network.restored"][0],
        events["notify.success"][0],
        events["notify.error"][0],
      ],
      expected: { ready: { session: "signedIn", menu: "open" } },
    },
    {
      name: "a guest stays a guest through network trouble and notices",
      events: [
        events["xstate.done.actor.loadConfig"][0],
        events["network.lost"][0],
        events["network.restored"][0],
        events["notify.success"][0],
        events["notify.error"][0],
      ],
      expected: { ready: { session: "guest", menu: "closed" } },
    },
    {
      name: "a guest starts as a guest",
      events: [events["xstate.done.actor.loadConfig"][0]],
      expected: { ready: { session: "guest", menu: "closed" } },
    },
    {
      name: "signing in makes the session signed in",
      events: [events["xstate.done.actor.loadConfig"][0], events["session.started"][0]],
      expected: { ready: { session: "signedIn", menu: "closed" } },
    },
    {
      name: "error 50020 for a guest leaves a guest with the menu as it was",
      events: [
        events["xstate.done.actor.loadConfig"][0],
        events["menu.open"][0],
        events["session.expired"][0],
      ],
      expected: { ready: { session: "guest", menu: "open" } },
    },
    {
      name: "the menu button opens the side menu",
      events: [events["xstate.done.actor.loadConfig"][0], events["menu.open"][0]],
      expected: { ready: { session: "guest", menu: "open" } },
    },
    {
      name: "closing the side menu",
      input: 1,
      events: [events["xstate.done.actor.loadConfig"][0], events["menu.open"][0], events["menu.close"][0]],
      expected: { ready: { session: "signedIn", menu: "closed" } },
    },
    {
      name: "error 50020 for a guest keeps the menu closed",
      events: [events["xstate.done.actor.loadConfig"][0], events["session.expired"][0]],
      expected: { ready: { session: "guest", menu: "closed" } },
    },
    {
      name: "a second expiry keeps a signed-out rider signed out",
      input: 1,
      events: [
        events["xstate.done.actor.loadConfig"][0],
        events["session.expired"][0],
        events["session.expired"][0],
      ],
      expected: { ready: { session: "guest", menu: "closed" } },
    },
    {
      name: "closing the menu keeps a fresh sign-in",
      events: [
        events["xstate.done.actor.loadConfig"][0],
        events["session.started"][0],
        events["menu.open"][0],
        events["menu.close"][0],
      ],
      expected: { ready: { session: "signedIn", menu: "closed" } },
    },
    {
      name: "navigating keeps a fresh sign-in",
      events: [
        events["xstate.done.actor.loadConfig"][0],
        events["session.started"][0],
        events["menu.open"][0],
        events["route.changed"][0],
      ],
      expected: { ready: { session: "signedIn", menu: "closed" } },
    },
    {
      name: "closing the menu as a guest",
      events: [events["xstate.done.actor.loadConfig"][0], events["menu.open"][0], events["menu.close"][0]],
      expected: { ready: { session: "guest", menu: "closed" } },
    },
    {
      name: "navigating closes the side menu",
      events: [events["xstate.done.actor.loadConfig"][0], events["menu.open"][0], events["route.changed"][0]],
      expected: { ready: { session: "guest", menu: "closed" } },
    },
  ],
});
