import { expect } from "vitest";
import { autoRenewMachine } from "../../../src/machines/autoRenew.machine.ts";
import { commute, commuteDetail, mastercard, networkError, visa } from "../../support/fare-cards.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents =
  | "xstate.done.actor.loadMethods"
  | "xstate.error.actor.loadMethods"
  | "xstate.done.actor.enable"
  | "xstate.error.actor.enable"
  | "xstate.done.actor.stop"
  | "xstate.error.actor.stop";

const monthlyPassId = commuteDetail.passes[0]?.id ?? "";
const tenRideId = commuteDetail.passes[1]?.id ?? "";
const weeklyRenewalId = commuteDetail.auto_renew[0]?.id ?? "";
const renewal = commuteDetail.auto_renew[0];

export const events = {
  "renew.open": [
    { type: "renew.open", pass: monthlyPassId },
    // A pass whose product does not renew: nothing opens.
    { type: "renew.open", pass: tenRideId },
  ],
  "renew.mode": [
    { type: "renew.mode", mode: "once" },
    { type: "renew.mode", mode: "auto" },
  ],
  "renew.method": [
    { type: "renew.method", id: mastercard.id },
    { type: "renew.method", id: "not-a-method" },
  ],
  "renew.submit": [{ type: "renew.submit" }],
  "renew.cancel": [{ type: "renew.cancel" }],
  "methods.retry": [{ type: "methods.retry" }],
  "stop.ask": [{ type: "stop.ask", id: weeklyRenewalId }],
  "stop.confirm": [{ type: "stop.confirm" }],
  "stop.cancel": [{ type: "stop.cancel" }],
  "xstate.done.actor.loadMethods": [
    { type: "xstate.done.actor.loadMethods", output: [visa, mastercard] },
    { type: "xstate.done.actor.loadMethods", output: [{ ...mastercard }] },
    { type: "xstate.done.actor.loadMethods", output: [] },
  ],
  "xstate.error.actor.loadMethods": [{ type: "xstate.error.actor.loadMethods", error: networkError }],
  "xstate.done.actor.enable": [{ type: "xstate.done.actor.enable", output: renewal }],
  "xstate.error.actor.enable": [{ type: "xstate.error.actor.enable", error: networkError }],
  "xstate.done.actor.stop": [{ type: "xstate.done.actor.stop", output: undefined }],
  "xstate.error.actor.stop": [{ type: "xstate.error.actor.stop", error: networkError }],
} satisfies EventSamples<typeof autoRenewMachine, ActorEvents>;

/** What a walk announced and where it sent the rider. */
const autoRenewEffects: string[] = [];

const autoRenewInput = {
  card: commute,
  renewable: [monthlyPassId],
  renewals: [weeklyRenewalId],
};

const e = (type: keyof typeof events, index = 0) =>
  events[type][index] as (typeof events)[typeof type][number];

export const autoRenewModel = defineModel({
  name: "autoRenew",
  machine: autoRenewMachine.provide({
    actions: {
      notify: (_, code) => void autoRenewEffects.push(`notify ${code}`),
      buyOnce: (_, card) => void autoRenewEffects.push(`buy once for ${card.faremedia_id}`),
    },
  }),
  inputs: [autoRenewInput],
  deferred: ["loadMethods", "enable", "stop"],
  events,
  pathKinds: ["shortest", "edge"],
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.pass,
      snapshot.context.renewal,
      snapshot.context.methods.map((method) => method.id),
      snapshot.context.mode,
      snapshot.context.method,
      snapshot.context.methodMissing,
      snapshot.context.failure,
    ]),
  invariants: [
    {
      name: "only a renewable pass is asked about",
      holds: (s) => s.context.pass === null || s.context.renewable.includes(s.context.pass),
    },
    {
      name: "the chosen method is one of the rider's",
      holds: (s) =>
        s.context.method === null || s.context.methods.some((method) => method.id === s.context.method),
    },
    {
      name: "renewal is turned on only with a method, for auto-renewal",
      holds: (s) => !s.matches("enabling") || (s.context.method !== null && s.context.mode === "auto"),
    },
  ],
  states: {
    idle: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(snapshot.context.pass).toBeNull();
      expect(snapshot.context.renewal).toBeNull();
    },
    loadingMethods: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.context.pass).toBe(monthlyPassId);
      expect(snapshot.context.failure).toBeNull();
    },
    choosing: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(snapshot.context.pass).toBe(monthlyPassId);
      expect(snapshot.can({ type: "renew.submit" })).toBe(true);
      expect(snapshot.context.failure === null || snapshot.context.failure.kind !== "remove").toBe(true);
    },
    enabling: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.enable?.getSnapshot().input).toEqual({
        id: commute.faremedia_id,
        request: { pass: monthlyPassId, payment_method: snapshot.context.method },
      });
    },
    confirmingStop: (snapshot) => {
      expect(snapshot.context.renewal).toBe(weeklyRenewalId);
      expect(snapshot.can({ type: "stop.confirm" })).toBe(true);
      expect(snapshot.context.failure === null || snapshot.context.failure.kind === "remove").toBe(true);
    },
    stopping: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.stop?.getSnapshot().input).toEqual({
        id: commute.faremedia_id,
        autoRenewId: weeklyRenewalId,
      });
    },
    done: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.can({ type: "renew.open", pass: monthlyPassId })).toBe(false);
    },
  },
  journeys: [
    {
      name: "auto-renewal with the default method is turned on and announced",
      before: () => void autoRenewEffects.splice(0),
      events: [
        e("renew.open"),
        e("xstate.done.actor.loadMethods"),
        e("renew.submit"),
        e("xstate.done.actor.enable"),
      ],
      expected: "done",
      ends: () => expect(autoRenewEffects).toEqual(["notify autoRenewOn"]),
    },
    {
      name: "another saved method may be chosen",
      events: [e("renew.open"), e("xstate.done.actor.loadMethods"), e("renew.method"), e("renew.submit")],
      expected: "enabling",
      ends: (snapshot) => expect(snapshot.context.method).toBe(mastercard.id),
    },
    {
      name: "without a default method the rider must choose one",
      events: [e("renew.open"), e("xstate.done.actor.loadMethods", 1), e("renew.submit")],
      expected: "choosing",
      ends: (snapshot) => expect(snapshot.context.methodMissing).toBe(true),
    },
    {
      name: "a method that is not the rider's cannot be chosen",
      events: [e("renew.open"), e("xstate.done.actor.loadMethods", 1), e("renew.method", 1)],
      expected: "choosing",
      ends: (snapshot) => expect(snapshot.context.method).toBeNull(),
    },
    {
      name: "buying once chooses the card and opens the products, no renewal",
      before: () => void autoRenewEffects.splice(0),
      events: [e("renew.open"), e("xstate.done.actor.loadMethods", 2), e("renew.mode"), e("renew.submit")],
      expected: "idle",
      ends: (snapshot) => {
        expect(autoRenewEffects).toEqual([`buy once for ${commute.faremedia_id}`]);
        expect(snapshot.children.enable).toBeUndefined();
      },
    },
    {
      name: "a pass whose product does not renew opens nothing",
      events: [e("renew.open", 1)],
      expected: "idle",
    },
    {
      name: "payment methods that could not be loaded are retried",
      events: [
        e("renew.open"),
        e("xstate.error.actor.loadMethods"),
        e("methods.retry"),
        e("xstate.done.actor.loadMethods"),
      ],
      expected: "choosing",
      ends: (snapshot) => expect(snapshot.context.method).toBe(visa.id),
    },
    {
      name: "a refused auto-renewal stays in the dialog with why",
      events: [
        e("renew.open"),
        e("xstate.done.actor.loadMethods"),
        e("renew.submit"),
        e("xstate.error.actor.enable"),
      ],
      expected: "choosing",
      ends: (snapshot) => expect(snapshot.context.failure).toEqual({ kind: "enable", code: 50301 }),
    },
    {
      name: "removing an auto-renewal asks first and says so",
      before: () => void autoRenewEffects.splice(0),
      events: [e("stop.ask"), e("stop.confirm"), e("xstate.done.actor.stop")],
      expected: "done",
      ends: () => expect(autoRenewEffects).toEqual(["notify autoRenewOff"]),
    },
    {
      name: "Stop renewing asks first and sends nothing yet",
      events: [e("stop.ask")],
      expected: "confirmingStop",
      ends: (snapshot) => expect(snapshot.children.stop).toBeUndefined(),
    },
    {
      name: "keeping the renewal after the question changes nothing",
      events: [e("stop.ask"), e("stop.cancel")],
      expected: "idle",
    },
    {
      name: "closing the dialog while methods load changes nothing",
      events: [e("renew.open"), e("renew.cancel")],
      expected: "idle",
    },
    {
      name: "closing the dialog after choosing changes nothing",
      events: [e("renew.open"), e("xstate.done.actor.loadMethods"), e("renew.cancel")],
      expected: "idle",
      ends: (snapshot) => expect(snapshot.context.method).toBeNull(),
    },
    {
      name: "a failed removal stays on the question",
      events: [e("stop.ask"), e("stop.confirm"), e("xstate.error.actor.stop")],
      expected: "confirmingStop",
    },
  ],
});
