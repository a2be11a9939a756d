import { expect } from "vitest";
import type { AlertSettings } from "../../../src/domain/alerts.ts";
import { alertSettingsMachine, alertsToSave } from "../../../src/machines/alertSettings.machine.ts";
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
  autoload_paused: { enabled: true },
  channels: { email: "ada@example.org", text: "•••• 0123" },
};
const changedAlerts: AlertSettings = {
  ...savedAlerts,
  low_balance: { enabled: true, below: 1_250 },
  autoload_paused: { enabled: false },
};

/** The notices of saves made during a walk. */
const alertEffects: string[] = [];

const events = {
  "alerts.toggle": [
    { type: "alerts.toggle", alert: "lowBalance", enabled: false },
    { type: "alerts.toggle", alert: "lowBalance", enabled: true },
    { type: "alerts.toggle", alert: "autoloadPaused", enabled: false },
  ],
  "alerts.below": [
    { type: "alerts.below", text: "12.50" },
    { type: "alerts.below", text: "five" },
    { type: "alerts.below", text: "0.50" },
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
const [offLow, onLow, offPaused] = events["alerts.toggle"];
const [twelve, five, half] = events["alerts.below"];

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
    // A switch turns to the other position; a field changes to another text.
    if (event.type === "alerts.toggle")
      return (
        (event.alert === "lowBalance" ? snapshot.context.lowBalance : snapshot.context.autoloadPaused) !==
        event.enabled
      );
    // The amount is typed in its field, which shows while the low-balance alert is on.
    if (event.type === "alerts.below")
      return snapshot.context.lowBalance && snapshot.context.below !== event.text;
    return true;
  },
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.lowBalance,
      snapshot.context.below,
      snapshot.context.autoloadPaused,
      snapshot.context.problem,
      snapshot.context.error,
      snapshot.context.saved?.low_balance.below ?? null,
    ]),
  invariants: [
    {
      name: "what is saved is never an amount out of bounds",
      holds: (s) => {
        if (!s.matches("saving")) return true;
        const { below } = alertsToSave(s.context).low_balance;
        return below >= 100 && below <= 100_000;
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
    saving: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
    },
  },
  journeys: [
    {
      name: "a new amount and the paused alert turned off are saved, and said so",
      before: () => void alertEffects.splice(0),
      events: [loaded, twelve, offPaused, save, events["xstate.done.actor.saveAlerts"][0]],
      expected: "editing",
      ends: (snapshot) => {
        expect(snapshot.context.below).toBe("12.50");
        expect(snapshot.context.autoloadPaused).toBe(false);
        expect(alertEffects).toEqual(["saved"]);
      },
    },
    {
      name: "an amount that is not one, or under 1.00, is refused before anything is sent",
      events: [loaded, five, save, half, save],
      expected: "editing",
      ends: (snapshot) => {
        expect(snapshot.context.problem).toBe("belowInvalid");
        expect(snapshot.children.saveAlerts).toBeUndefined();
      },
    },
    {
      name: "with the low-balance alert off, a bad amount keeps the saved one",
      events: [loaded, five, offLow, save],
      expected: "saving",
      ends: (snapshot) =>
        expect(alertsToSave(snapshot.context)).toEqual({
          low_balance: { enabled: false, below: 500 },
          autoload_paused: { enabled: true },
        }),
    },
    {
      name: "turning it back on asks for a real amount again",
      events: [loaded, five, offLow, onLow, save],
      expected: "editing",
      ends: (snapshot) => expect(snapshot.context.problem).toBe("belowInvalid"),
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
