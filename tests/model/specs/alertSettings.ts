import { expect } from "vitest";
import type { AlertSettings } from "../../../src/domain/alerts.ts";
import {
  type AlertToggle,
  alertSettingsMachine,
  alertsToSave,
} from "../../../src/machines/alertSettings.machine.ts";
import { defineModel, type EventSamples } from "../harness.ts";
import { networkError } from "./orderSummary.ts";

type ActorEvents =
  | "xstate.done.actor.loadAlerts"
  | "xstate.error.actor.loadAlerts"
  | "xstate.done.actor.saveAlerts"
  | "xstate.error.actor.saveAlerts";

/** The rider's alerts as the server has them, before and after a save. */
const savedAlerts: AlertSettings = {
  low_balance: { enabled: true, below: 500 },
  pass_ending: { enabled: true, days: 3 },
  renewal_soon: { enabled: true },
  autoload_paused: { enabled: true },
  channels: { email: "ada@example.org", text: "•••• 0123" },
};
const changedAlerts: AlertSettings = {
  ...savedAlerts,
  low_balance: { enabled: true, below: 1_250 },
  pass_ending: { enabled: true, days: 7 },
  autoload_paused: { enabled: false },
};

/** The notices of saves made during a walk. */
const alertEffects: string[] = [];

const events = {
  "alerts.toggle": [
    { type: "alerts.toggle", alert: "lowBalance", enabled: false },
    { type: "alerts.toggle", alert: "lowBalance", enabled: true },
    { type: "alerts.toggle", alert: "passEnding", enabled: false },
    { type: "alerts.toggle", alert: "renewalSoon", enabled: false },
    { type: "alerts.toggle", alert: "autoloadPaused", enabled: false },
  ],
  "alerts.below": [
    { type: "alerts.below", text: "12.50" },
    { type: "alerts.below", text: "five" },
    { type: "alerts.below", text: "0.50" },
  ],
  "alerts.days": [
    { type: "alerts.days", text: "7" },
    { type: "alerts.days", text: "45" },
  ],
  "alerts.save": [{ type: "alerts.save" }],
  "alerts.retry": [{ type: "alerts.retry" }],
  "xstate.done.actor.loadAlerts": [{ type: "xstate.done.actor.loadAlerts", output: savedAlerts }],
  "xstate.error.actor.loadAlerts": [{ type: "xstate.error.actor.loadAlerts", error: networkError }],
  "xstate.done.actor.saveAlerts": [{ type: "xstate.done.actor.saveAlerts", output: changedAlerts }],
  "xstate.error.actor.saveAlerts": [{ type: "xstate.error.actor.saveAlerts", error: networkError }],
} satisfies EventSamples<typeof alertSettingsMachine, ActorEvents>;

const loaded = events["xstate.done.actor.loadAlerts"][0];
const save = events["alerts.save"][0];
const [offLow, onLow, offEnding, offRenewal, offPaused] = events["alerts.toggle"];
const [twelve, five, half] = events["alerts.below"];
const [seven, tooMany] = events["alerts.days"];

export const alertSettingsModel = defineModel({
  name: "alertSettings",
  machine: alertSettingsMachine.provide({
    actions: { notifySaved: () => void alertEffects.push("saved") },
  }),
  inputs: [{ currency: "USD" }],
  deferred: ["loadAlerts", "saveAlerts"],
  events,
  pathKinds: ["shortest", "edge"],
  filterEvents: (snapshot, event) => {
    const { context } = snapshot;
    // A switch turns to the other position; a field changes to another text, and shows only while its
    // alert is on.
    if (event.type === "alerts.toggle") return context.on[event.alert as AlertToggle] !== event.enabled;
    if (event.type === "alerts.below") return context.on.lowBalance && context.below !== event.text;
    if (event.type === "alerts.days") return context.on.passEnding && context.days !== event.text;
    return true;
  },
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.on,
      snapshot.context.below,
      snapshot.context.days,
      snapshot.context.problems,
      snapshot.context.error,
      snapshot.context.saved?.low_balance.below ?? null,
    ]),
  invariants: [
    {
      name: "what is saved is never out of bounds",
      holds: (s) => {
        if (!s.matches("saving")) return true;
        const saved = alertsToSave(s.context);
        return (
          saved.low_balance.below >= 100 &&
          saved.low_balance.below <= 100_000 &&
          saved.pass_ending.days >= 1 &&
          saved.pass_ending.days <= 30
        );
      },
    },
    {
      name: "the form is shown only once the settings came",
      holds: (s) => !s.matches("editing") || s.context.saved !== null,
    },
  ],
  states: {
    loading: (snapshot) => expect(snapshot.hasTag("busy")).toBe(true),
    loadFailed: (snapshot) => expect(snapshot.context.error).toBe(50301),
    editing: (snapshot) => expect(snapshot.context.saved).not.toBeNull(),
    saving: (snapshot) => expect(snapshot.hasTag("busy")).toBe(true),
  },
  journeys: [
    {
      name: "a new amount, seven days and the paused alert turned off are saved, and said so",
      before: () => void alertEffects.splice(0),
      events: [loaded, twelve, seven, offPaused, save, events["xstate.done.actor.saveAlerts"][0]],
      expected: "editing",
      ends: (snapshot) => {
        expect(snapshot.context.below).toBe("12.50");
        expect(snapshot.context.days).toBe("7");
        expect(snapshot.context.on.autoloadPaused).toBe(false);
        expect(alertEffects).toEqual(["saved"]);
      },
    },
    {
      name: "an amount that is not one, or under 1.00, is refused before anything is sent",
      events: [loaded, five, save, half, save],
      expected: "editing",
      ends: (snapshot) => {
        expect(snapshot.context.problems).toEqual(["below"]);
        expect(snapshot.children.saveAlerts).toBeUndefined();
      },
    },
    {
      name: "45 days are refused, with a bad amount, both at once",
      events: [loaded, five, tooMany, save],
      expected: "editing",
      ends: (snapshot) => expect(snapshot.context.problems).toEqual(["below", "days"]),
    },
    {
      name: "with an alert off, its bad field keeps the saved value",
      events: [loaded, five, offLow, tooMany, offEnding, offRenewal, save],
      expected: "saving",
      ends: (snapshot) =>
        expect(alertsToSave(snapshot.context)).toEqual({
          low_balance: { enabled: false, below: 500 },
          pass_ending: { enabled: false, days: 3 },
          renewal_soon: { enabled: false },
          autoload_paused: { enabled: true },
        }),
    },
    {
      name: "turning it back on asks for a real amount again",
      events: [loaded, five, offLow, onLow, save],
      expected: "editing",
      ends: (snapshot) => expect(snapshot.context.problems).toEqual(["below"]),
    },
    {
      name: "a save that failed keeps the form and says so",
      events: [loaded, twelve, save, events["xstate.error.actor.saveAlerts"][0]],
      expected: "editing",
      ends: (snapshot) => {
        expect(snapshot.context.error).toBe(50301);
        expect(snapshot.context.below).toBe("12.50");
      },
    },
    {
      name: "settings that could not be loaded are asked again",
      events: [events["xstate.error.actor.loadAlerts"][0], events["alerts.retry"][0], loaded],
      expected: "editing",
    },
  ],
});
