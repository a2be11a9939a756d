import { expect } from "vitest";
import type { ConnectedAccount, ConnectedAccounts } from "../../../src/domain/identity.ts";
import {
  accountOf,
  connectedAccountsMachine,
  isLastWayIn,
} from "../../../src/machines/connectedAccounts.machine.ts";
import { defineModel, type EventSamples } from "../harness.ts";
import { networkError } from "./orderSummary.ts";

type ActorEvents =
  | "xstate.done.actor.loadAccounts"
  | "xstate.error.actor.loadAccounts"
  | "xstate.done.actor.beginLink"
  | "xstate.error.actor.beginLink"
  | "xstate.done.actor.disconnectAccount"
  | "xstate.error.actor.disconnectAccount";

const google: ConnectedAccount = {
  provider: "google",
  email: "sandy.rider@example.com",
  linked_at: "2026-11-20T15:30:00.000Z",
};
const apple: ConnectedAccount = {
  provider: "apple",
  email: null,
  linked_at: "2026-10-02T08:00:00.000Z",
};
const offered: ConnectedAccounts["providers"] = ["apple", "google", "facebook"];

/** A rider with a password and Google connected. */
const withPassword: ConnectedAccounts = { accounts: [google], password_set: true, providers: offered };
/** A rider opened by Google: no password, Google alone. */
const googleOnly: ConnectedAccounts = { accounts: [google], password_set: false, providers: offered };
/** No password, Apple and Google: either may go, not both. */
const twoWays: ConnectedAccounts = {
  accounts: [apple, google],
  password_set: false,
  providers: offered,
};
/** A deployment that offers no provider. */
const noProviders: ConnectedAccounts = { accounts: [], password_set: true, providers: [] };

const events = {
  "accounts.retry": [{ type: "accounts.retry" }],
  "connect.start": [
    { type: "connect.start", provider: "facebook" },
    { type: "connect.start", provider: "google" },
  ],
  "disconnect.ask": [
    { type: "disconnect.ask", provider: "google" },
    { type: "disconnect.ask", provider: "facebook" },
    { type: "disconnect.ask", provider: "apple" },
  ],
  "disconnect.confirm": [{ type: "disconnect.confirm" }],
  "disconnect.cancel": [{ type: "disconnect.cancel" }],
  "xstate.done.actor.loadAccounts": [
    { type: "xstate.done.actor.loadAccounts", output: withPassword },
    { type: "xstate.done.actor.loadAccounts", output: googleOnly },
    { type: "xstate.done.actor.loadAccounts", output: twoWays },
    { type: "xstate.done.actor.loadAccounts", output: noProviders },
  ],
  "xstate.error.actor.loadAccounts": [{ type: "xstate.error.actor.loadAccounts", error: networkError }],
  "xstate.done.actor.beginLink": [{ type: "xstate.done.actor.beginLink", output: undefined }],
  "xstate.error.actor.beginLink": [
    { type: "xstate.error.actor.beginLink", error: new Error("crypto.subtle is unavailable") },
  ],
  "xstate.done.actor.disconnectAccount": [{ type: "xstate.done.actor.disconnectAccount", output: undefined }],
  "xstate.error.actor.disconnectAccount": [
    { type: "xstate.error.actor.disconnectAccount", error: { code: 42225, message: "Last way to sign in" } },
    { type: "xstate.error.actor.disconnectAccount", error: networkError },
  ],
} satisfies EventSamples<typeof connectedAccountsMachine, ActorEvents>;

/** The success notices sent during a walk. */
const connectedEffects: string[] = [];

const loaded = events["xstate.done.actor.loadAccounts"];
const connect = events["connect.start"];
const ask = events["disconnect.ask"];
const confirm = events["disconnect.confirm"][0];
const disconnected = events["xstate.done.actor.disconnectAccount"][0];
const refused = events["xstate.error.actor.disconnectAccount"];
const clear = () => void connectedEffects.splice(0);

export const connectedAccountsModel = defineModel({
  name: "connectedAccounts",
  machine: connectedAccountsMachine.provide({
    actions: { notifyDisconnected: (_, provider) => void connectedEffects.push(`disconnected:${provider}`) },
  }),
  inputs: [{ returned: null }, { returned: { provider: "google", code: 42226 } }],
  deferred: ["loadAccounts", "beginLink", "disconnectAccount"],
  events,
  pathKinds: ["shortest", "edge"],
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.accounts.map((account) => account.provider),
      snapshot.context.providers.length,
      snapshot.context.passwordSet,
      snapshot.context.target,
      snapshot.context.failure,
    ]),
  invariants: [
    {
      name: "a question or a trip is about a provider the deployment offers",
      holds: (s) =>
        !(s.matches({ shown: "confirming" }) || s.matches({ shown: "leaving" })) ||
        (s.context.target !== null && s.context.providers.includes(s.context.target)),
    },
    {
      name: "only a connected provider is disconnected, and never the last way in",
      holds: (s) =>
        !(s.matches({ shown: "confirming" }) || s.matches({ shown: "disconnecting" })) ||
        (s.context.target !== null &&
          accountOf(s, s.context.target) !== null &&
          !isLastWayIn(s.context, s.context.target)),
    },
    {
      name: "only a provider not connected is connected",
      holds: (s) =>
        !s.matches({ shown: "leaving" }) ||
        (s.context.target !== null && accountOf(s, s.context.target) === null),
    },
  ],
  states: {
    loading: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.context.accounts).toEqual([]);
    },
    shown: (snapshot) => expect(snapshot.context.providers.length).toBeGreaterThan(0),
    "shown.listing": (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(snapshot.context.target).toBeNull();
    },
    "shown.leaving": (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.beginLink?.getSnapshot().input).toEqual({ provider: snapshot.context.target });
    },
    "shown.left": (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.context.target).not.toBeNull();
    },
    "shown.confirming": (snapshot) => {
      expect(snapshot.context.target).not.toBeNull();
      expect(snapshot.context.failure).toBeNull();
      expect(snapshot.can(confirm)).toBe(true);
    },
    "shown.disconnecting": (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.disconnectAccount?.getSnapshot().input).toEqual({
        provider: snapshot.context.target,
      });
    },
    empty: (snapshot) => {
      expect(snapshot.context.providers).toEqual([]);
      expect(snapshot.hasTag("busy")).toBe(false);
    },
    failed: (snapshot) => {
      expect(snapshot.context.failure).toEqual({ kind: "load", provider: null, code: 50301 });
      expect(snapshot.can({ type: "accounts.retry" })).toBe(true);
    },
  },
  journeys: [
    {
      name: "the providers are listed with the rider's identities",
      events: [loaded[0]],
      expected: { shown: "listing" },
      ends: (snapshot) => {
        expect(snapshot.context.accounts).toEqual([google]);
        expect(snapshot.context.providers).toEqual(["apple", "google", "facebook"]);
        expect(snapshot.context.passwordSet).toBe(true);
        expect(snapshot.context.failure).toBeNull();
      },
    },
    {
      name: "a deployment without providers shows the empty state",
      events: [loaded[3]],
      expected: "empty",
    },
    {
      name: "a list that could not be read is retried by hand",
      events: [events["xstate.error.actor.loadAccounts"][0], events["accounts.retry"][0], loaded[0]],
      expected: { shown: "listing" },
      ends: (snapshot) => expect(snapshot.context.failure).toBeNull(),
    },
    {
      name: "a connection refused on the provider's return shows its reason once listed",
      input: 1,
      events: [loaded[0]],
      expected: { shown: "listing" },
      ends: (snapshot) =>
        expect(snapshot.context.failure).toEqual({ kind: "connect", provider: "google", code: 42226 }),
    },
    {
      name: "the returned reason survives a failed first read",
      input: 1,
      events: [events["xstate.error.actor.loadAccounts"][0]],
      expected: "failed",
    },
    {
      name: "Connect leaves for the provider with a link trip",
      events: [loaded[0], connect[0]],
      expected: { shown: "leaving" },
      ends: (snapshot) => expect(snapshot.context.target).toBe("facebook"),
    },
    {
      name: "the page stays put while the browser leaves",
      events: [loaded[0], connect[0], events["xstate.done.actor.beginLink"][0]],
      expected: { shown: "left" },
    },
    {
      name: "a provider already connected is not connected again",
      events: [loaded[0], connect[1]],
      expected: { shown: "listing" },
    },
    {
      name: "a trip that could not start says so",
      events: [loaded[0], connect[0], events["xstate.error.actor.beginLink"][0]],
      expected: { shown: "listing" },
      ends: (snapshot) => {
        expect(snapshot.context.failure).toEqual({ kind: "connect", provider: "facebook", code: null });
        expect(snapshot.context.target).toBeNull();
      },
    },
    {
      name: "disconnecting asks first, then drops the identity and says so",
      before: clear,
      events: [loaded[0], ask[0], confirm, disconnected],
      expected: { shown: "listing" },
      ends: (snapshot) => {
        expect(snapshot.context.accounts).toEqual([]);
        expect(snapshot.context.failure).toBeNull();
        expect(connectedEffects).toEqual(["disconnected:google"]);
      },
    },
    {
      name: "keeping it connected closes the question",
      events: [loaded[0], ask[0], events["disconnect.cancel"][0]],
      expected: { shown: "listing" },
      ends: (snapshot) => expect(snapshot.context.accounts).toEqual([google]),
    },
    {
      name: "a provider not connected cannot be disconnected",
      events: [loaded[0], ask[1]],
      expected: { shown: "listing" },
      ends: (snapshot) => expect(snapshot.context.failure).toBeNull(),
    },
    {
      name: "the only way in is refused before anything is asked or sent",
      before: clear,
      events: [loaded[1], ask[0]],
      expected: { shown: "listing" },
      ends: (snapshot) => {
        expect(snapshot.context.failure).toEqual({ kind: "disconnect", provider: "google", code: 42225 });
        expect(snapshot.context.accounts).toEqual([google]);
        expect(connectedEffects).toEqual([]);
      },
    },
    {
      name: "without a password, one of two identities may go, then the other is the last way in",
      events: [loaded[2], ask[2], confirm, disconnected, ask[0]],
      expected: { shown: "listing" },
      ends: (snapshot) => {
        expect(snapshot.context.accounts).toEqual([google]);
        expect(snapshot.context.failure?.code).toBe(42225);
      },
    },
    {
      name: "the server's refusal keeps the identity and gives its reason",
      before: clear,
      events: [loaded[0], ask[0], confirm, refused[0]],
      expected: { shown: "listing" },
      ends: (snapshot) => {
        expect(snapshot.context.accounts).toEqual([google]);
        expect(snapshot.context.failure).toEqual({ kind: "disconnect", provider: "google", code: 42225 });
        expect(connectedEffects).toEqual([]);
      },
    },
    {
      name: "the next question clears the last refusal",
      events: [loaded[0], ask[0], confirm, refused[1], ask[0]],
      expected: { shown: "confirming" },
      ends: (snapshot) => expect(snapshot.context.failure).toBeNull(),
    },
  ],
});
