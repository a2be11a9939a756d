import { expect } from "vitest";
import { devicesMachine, selectTarget } from "../../../src/machines/devices.machine.ts";
import { phone, renamedPhone, tablet } from "../../support/passes.ts";
import { defineModel, type EventSamples } from "../harness.ts";
import { networkError, serverError } from "./orderSummary.ts";

type ActorEvents =
  | "xstate.done.actor.loadDevices"
  | "xstate.error.actor.loadDevices"
  | "xstate.done.actor.renameDevice"
  | "xstate.error.actor.renameDevice"
  | "xstate.done.actor.removeDevice"
  | "xstate.error.actor.removeDevice";

const events = {
  "devices.retry": [{ type: "devices.retry" }],
  "edit.open": [{ type: "edit.open", id: phone.id }],
  "edit.change": [
    { type: "edit.change", nickname: "Work phone" },
    { type: "edit.change", nickname: "   " },
    { type: "edit.change", nickname: "x".repeat(41) },
  ],
  "edit.submit": [{ type: "edit.submit" }],
  "edit.cancel": [{ type: "edit.cancel" }],
  "remove.ask": [
    { type: "remove.ask", id: phone.id },
    { type: "remove.ask", id: tablet.id },
  ],
  "remove.confirm": [{ type: "remove.confirm" }],
  "remove.cancel": [{ type: "remove.cancel" }],
  "xstate.done.actor.loadDevices": [
    { type: "xstate.done.actor.loadDevices", output: [phone, tablet] },
    { type: "xstate.done.actor.loadDevices", output: [] },
  ],
  "xstate.error.actor.loadDevices": [{ type: "xstate.error.actor.loadDevices", error: networkError }],
  "xstate.done.actor.renameDevice": [{ type: "xstate.done.actor.renameDevice", output: renamedPhone }],
  "xstate.error.actor.renameDevice": [{ type: "xstate.error.actor.renameDevice", error: serverError }],
  "xstate.done.actor.removeDevice": [{ type: "xstate.done.actor.removeDevice", output: undefined }],
  "xstate.error.actor.removeDevice": [{ type: "xstate.error.actor.removeDevice", error: serverError }],
} satisfies EventSamples<typeof devicesMachine, ActorEvents>;

/** The success toasts sent during a walk. */
const devicesEffects: string[] = [];

const loaded = events["xstate.done.actor.loadDevices"];
const change = events["edit.change"];
const open = events["edit.open"][0];
const submit = events["edit.submit"][0];
const ask = events["remove.ask"];
const confirm = events["remove.confirm"][0];
const renamed = events["xstate.done.actor.renameDevice"][0];
const renameFailed = events["xstate.error.actor.renameDevice"][0];
const removed = events["xstate.done.actor.removeDevice"][0];
const removeFailed = events["xstate.error.actor.removeDevice"][0];

export const devicesModel = defineModel({
  name: "devices",
  machine: devicesMachine.provide({
    actions: {
      notifyUpdated: () => void devicesEffects.push("deviceUpdated"),
      notifyRemoved: () => void devicesEffects.push("deviceRemoved"),
    },
  }),
  deferred: ["loadDevices", "renameDevice", "removeDevice"],
  events,
  pathKinds: ["shortest", "edge"],
  filterEvents: (snapshot, event) => {
    // The renamed device is the phone: only a rename of the phone answers it.
    if (event.type === "xstate.done.actor.renameDevice") return snapshot.context.target === phone.id;
    return true;
  },
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.devices.map((device) => `${device.id}:${device.nickname}`),
      snapshot.context.target,
      snapshot.context.nickname,
      snapshot.context.problem,
      snapshot.context.failure,
    ]),
  invariants: [
    {
      name: "a dialog is about a listed device",
      holds: (s) =>
        !(s.matches({ shown: "editing" }) || s.matches({ shown: "confirming" })) || selectTarget(s) !== null,
    },
    {
      name: "the list is never shown empty",
      holds: (s) => !s.matches("shown") || s.context.devices.length > 0,
    },
    {
      name: "a nickname problem is shown only in the form",
      holds: (s) => s.context.problem === null || s.matches({ shown: "editing" }),
    },
    {
      name: "a rename is sent only when the nickname holds",
      holds: (s) =>
        !s.matches({ shown: "saving" }) ||
        (s.context.nickname.trim() !== "" && s.context.nickname.trim().length <= 40),
    },
  ],
  states: {
    loading: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.context.devices).toEqual([]);
    },
    shown: (snapshot) => expect(snapshot.context.devices.length).toBeGreaterThan(0),
    "shown.listing": (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(snapshot.context.target).toBeNull();
      expect(snapshot.context.failure?.kind ?? "remove").toBe("remove");
    },
    "shown.editing": (snapshot) => {
      expect(selectTarget(snapshot)?.id).toBe(phone.id);
      expect(snapshot.can(submit)).toBe(true);
      expect(snapshot.context.failure?.kind ?? "update").toBe("update");
    },
    "shown.saving": (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.renameDevice?.getSnapshot().input).toEqual({
        id: phone.id,
        nickname: snapshot.context.nickname.trim(),
      });
    },
    "shown.confirming": (snapshot) => {
      expect(selectTarget(snapshot)).not.toBeNull();
      expect(snapshot.context.failure).toBeNull();
    },
    "shown.removing": (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.removeDevice?.getSnapshot().input).toEqual({ id: snapshot.context.target });
    },
    empty: (snapshot) => {
      expect(snapshot.context.devices).toEqual([]);
      expect(snapshot.hasTag("busy")).toBe(false);
    },
    failed: (snapshot) => {
      expect(snapshot.context.failure).toEqual({ kind: "load", code: 50301 });
      expect(snapshot.can({ type: "devices.retry" })).toBe(true);
    },
  },
  journeys: [
    {
      name: "the rider's devices are listed",
      events: [loaded[0]],
      expected: { shown: "listing" },
      ends: (snapshot) => expect(snapshot.context.devices).toEqual([phone, tablet]),
    },
    {
      name: "a rider without devices sees the empty state",
      events: [loaded[1]],
      expected: "empty",
    },
    {
      name: "a list that could not be read is retried by hand",
      events: [events["xstate.error.actor.loadDevices"][0], events["devices.retry"][0], loaded[0]],
      expected: { shown: "listing" },
      ends: (snapshot) => expect(snapshot.context.failure).toBeNull(),
    },
    {
      name: "renaming a device starts from its nickname, saves the new one trimmed and says so",
      before: () => void devicesEffects.splice(0),
      events: [loaded[0], open, change[0], submit, renamed],
      expected: { shown: "listing" },
      ends: (snapshot) => {
        expect(snapshot.context.devices[0]?.nickname).toBe("Work phone");
        expect(snapshot.context.nickname).toBe("");
        expect(devicesEffects).toEqual(["deviceUpdated"]);
      },
    },
    {
      name: "the form opens with the device's nickname",
      events: [loaded[0], open],
      expected: { shown: "editing" },
      ends: (snapshot) => expect(snapshot.context.nickname).toBe("My phone"),
    },
    {
      name: "an empty nickname is refused before anything is sent",
      events: [loaded[0], open, change[1], submit],
      expected: { shown: "editing" },
      ends: (snapshot) => expect(snapshot.context.problem).toBe("required"),
    },
    {
      name: "a nickname past 40 characters is refused",
      events: [loaded[0], open, change[2], submit],
      expected: { shown: "editing" },
      ends: (snapshot) => expect(snapshot.context.problem).toBe("tooLong"),
    },
    {
      name: "typing again clears the nickname's problem",
      events: [loaded[0], open, change[1], submit, change[0]],
      expected: { shown: "editing" },
      ends: (snapshot) => expect(snapshot.context.problem).toBeNull(),
    },
    {
      name: "a refused rename stays in the form: Device update failed.",
      before: () => void devicesEffects.splice(0),
      events: [loaded[0], open, change[0], submit, renameFailed],
      expected: { shown: "editing" },
      ends: (snapshot) => {
        expect(snapshot.context.failure).toEqual({ kind: "update", code: 50001 });
        expect(snapshot.context.nickname).toBe("Work phone");
        expect(snapshot.context.devices[0]?.nickname).toBe("My phone");
        expect(devicesEffects).toEqual([]);
      },
    },
    {
      name: "cancelling the form changes nothing",
      events: [loaded[0], open, change[0], events["edit.cancel"][0]],
      expected: { shown: "listing" },
      ends: (snapshot) => {
        expect(snapshot.context.devices[0]?.nickname).toBe("My phone");
        expect(snapshot.context.nickname).toBe("");
      },
    },
    {
      name: "removing a device asks first, then drops it and says so",
      before: () => void devicesEffects.splice(0),
      events: [loaded[0], ask[1], confirm, removed],
      expected: { shown: "listing" },
      ends: (snapshot) => {
        expect(snapshot.context.devices).toEqual([phone]);
        expect(devicesEffects).toEqual(["deviceRemoved"]);
      },
    },
    {
      name: "removing the last device leaves the empty state",
      events: [loaded[0], ask[0], confirm, removed, ask[1], confirm, removed],
      expected: "empty",
    },
    {
      name: "a refused removal keeps the device: Device removed failed.",
      before: () => void devicesEffects.splice(0),
      events: [loaded[0], ask[0], confirm, removeFailed],
      expected: { shown: "listing" },
      ends: (snapshot) => {
        expect(snapshot.context.devices).toEqual([phone, tablet]);
        expect(snapshot.context.failure).toEqual({ kind: "remove", code: 50001 });
        expect(devicesEffects).toEqual([]);
      },
    },
    {
      name: "the next question clears a failed removal's message",
      events: [loaded[0], ask[0], confirm, removeFailed, ask[1]],
      expected: { shown: "confirming" },
      ends: (snapshot) => expect(snapshot.context.failure).toBeNull(),
    },
    {
      name: "keeping the device closes the question",
      events: [loaded[0], ask[0], events["remove.cancel"][0]],
      expected: { shown: "listing" },
      ends: (snapshot) => expect(snapshot.context.devices).toHaveLength(2),
    },
    {
      name: "a device that is not listed opens nothing",
      events: [loaded[1], { type: "edit.open", id: tablet.id }],
      expected: "empty",
    },
  ],
});
