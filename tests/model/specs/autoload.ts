import { expect } from "vitest";
import { autoloadMachine, autoloadRequest } from "../../../src/machines/autoload.machine.ts";
import {
  autoloadPaused,
  autoloadWeekly,
  limits,
  mastercard,
  methods,
  networkError,
  serverError,
  source,
  validationError,
  visa,
} from "../../support/wallet.ts";
import { defineModel, type EventSamples, type Snap } from "../harness.ts";

type ActorEvents =
  | "xstate.done.actor.loadMethods"
  | "xstate.error.actor.loadMethods"
  | "xstate.done.actor.saveAutoload"
  | "xstate.error.actor.saveAutoload"
  | "xstate.done.actor.removeAutoload"
  | "xstate.error.actor.removeAutoload";

const events = {
  "autoload.edit": [{ type: "autoload.edit" }],
  "autoload.change": [
    { type: "autoload.change", values: { trigger: "weekly", weekday: 3 } },
    { type: "autoload.change", values: { trigger: "monthly", monthDay: 15 } },
    { type: "autoload.change", values: { trigger: "threshold", threshold: "5.00" } },
    { type: "autoload.change", values: { amount: "1.00" } },
    { type: "autoload.change", values: { amount: "20.00" } },
    { type: "autoload.change", values: { method: mastercard.id } },
  ],
  "autoload.save": [{ type: "autoload.save" }],
  "autoload.cancel": [{ type: "autoload.cancel" }],
  "autoload.resume": [{ type: "autoload.resume" }],
  "autoload.remove": [{ type: "autoload.remove" }],
  "autoload.confirmRemove": [{ type: "autoload.confirmRemove" }],
  "xstate.done.actor.loadMethods": [{ type: "xstate.done.actor.loadMethods", output: methods }],
  "xstate.error.actor.loadMethods": [{ type: "xstate.error.actor.loadMethods", error: networkError }],
  "xstate.done.actor.saveAutoload": [{ type: "xstate.done.actor.saveAutoload", output: autoloadWeekly }],
  "xstate.error.actor.saveAutoload": [{ type: "xstate.error.actor.saveAutoload", error: validationError }],
  "xstate.done.actor.removeAutoload": [{ type: "xstate.done.actor.removeAutoload", output: undefined }],
  "xstate.error.actor.removeAutoload": [{ type: "xstate.error.actor.removeAutoload", error: serverError }],
} satisfies EventSamples<typeof autoloadMachine, ActorEvents>;

/** What the card screen was told during a walk. */
const autoloadEffects: string[] = [];

const ev = events;
const edit = ev["autoload.edit"][0];
const [weekly, monthly, threshold, tooLittle, twenty, otherMethod] = ev["autoload.change"];
const save = ev["autoload.save"][0];
const cancel = ev["autoload.cancel"][0];
const resume = ev["autoload.resume"][0];
const remove = ev["autoload.remove"][0];
const confirmRemove = ev["autoload.confirmRemove"][0];
const methodsLoaded = ev["xstate.done.actor.loadMethods"][0];
const methodsLost = ev["xstate.error.actor.loadMethods"][0];
const saved = ev["xstate.done.actor.saveAutoload"][0];
const refused = ev["xstate.error.actor.saveAutoload"][0];
const removed = ev["xstate.done.actor.removeAutoload"][0];
const removeFailed = ev["xstate.error.actor.removeAutoload"][0];

const noProblems = (s: Snap<typeof autoloadMachine>) => Object.keys(s.context.problems).length === 0;

export const autoloadModel = defineModel({
  name: "autoload",
  machine: autoloadMachine.provide({
    actions: {
      saved: () => void autoloadEffects.push("saved"),
      removed: () => void autoloadEffects.push("removed"),
    },
  }),
  emitted: (emitted) => void autoloadEffects.push(`emit ${emitted.type}`),
  inputs: [
    { target: { kind: "card", id: source.faremedia_id }, autoload: null, limits },
    { target: { kind: "card", id: source.faremedia_id }, autoload: autoloadWeekly, limits },
    { target: { kind: "card", id: source.faremedia_id }, autoload: autoloadPaused, limits },
    // Paused because its method was removed: Resume needs another method first.
    {
      target: { kind: "card", id: source.faremedia_id },
      autoload: { ...autoloadPaused, payment_method: null },
      limits,
    },
    // The wallet's own autoload (issue 47): the same steps, for the wallet.
    { target: { kind: "wallet" }, autoload: autoloadWeekly, limits },
  ],
  deferred: ["loadMethods", "saveAutoload", "removeAutoload"],
  pathKinds: ["shortest", "edge"],
  events,
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.autoload?.status ?? null,
      s.context.autoload?.trigger ?? null,
      s.context.methods.length,
      s.context.draft.trigger,
      s.context.draft.amount,
      s.context.draft.method,
      Object.keys(s.context.problems).sort(),
      s.context.failure?.code ?? null,
      s.context.removeFailed,
    ]),
  invariants: [
    { name: "field problems only in the form", holds: (s) => noProblems(s) || s.matches("editing") },
    {
      name: "a refused save only in the form",
      holds: (s) => s.context.failure === null || s.matches("editing"),
    },
    {
      name: "a failed removal is told in idle only",
      holds: (s) => !s.context.removeFailed || s.matches("idle"),
    },
    {
      name: "a commuter benefits card or a purse never pays an autoload",
      holds: (s) => s.context.methods.every((method) => !method.commuter_benefits),
    },
  ],
  states: {
    methods: (s) => {
      expect(s.hasTag("busy")).toBe(true);
      expect(s.children.loadMethods).toBeDefined();
    },
    idle: (s) => {
      expect(s.hasTag("busy")).toBe(false);
      expect(s.can(edit)).toBe(true);
      expect(s.can(remove)).toBe(s.context.autoload !== null);
      expect(s.can(resume)).toBe(s.context.autoload?.status === "paused");
    },
    editing: (s) => {
      expect(s.can(save)).toBe(true);
      expect(s.can(cancel)).toBe(true);
      expect(s.can(edit)).toBe(false);
    },
    saving: (s) => {
      expect(s.hasTag("busy")).toBe(true);
      expect(s.children.saveAutoload?.getSnapshot().input).toMatchObject({ target: s.context.target });
    },
    confirmingRemove: (s) => {
      expect(s.can(confirmRemove)).toBe(true);
      expect(s.can(cancel)).toBe(true);
    },
    removing: (s) => {
      expect(s.hasTag("busy")).toBe(true);
      expect(s.children.removeAutoload?.getSnapshot().input).toEqual({ target: s.context.target });
    },
  },
  journeys: [
    {
      name: "a weekly autoload is added with the default method",
      before: () => void autoloadEffects.splice(0),
      events: [methodsLoaded, edit, weekly, save],
      expected: "saving",
      ends: (s) => {
        expect(autoloadRequest(s.context)).toEqual({
          amount: 2_000,
          payment_method: visa.id,
          trigger: "weekly",
          weekday: 3,
        });
        // The commuter benefits card is not offered.
        expect(s.context.methods.map((method) => method.id)).toEqual([visa.id, mastercard.id]);
      },
    },
    {
      name: "the saved methods could not be read: the autoload is still shown",
      input: 1,
      events: [methodsLost],
      expected: "idle",
      ends: (s) => {
        expect(s.context.methods).toEqual([]);
        expect(s.context.autoload).toEqual(autoloadWeekly);
      },
    },
    {
      name: "choosing another method stays in the form",
      events: [methodsLoaded, edit, otherMethod],
      expected: "editing",
      ends: (s) => expect(s.context.draft.method).toBe(mastercard.id),
    },
    {
      name: "cancelling the form saves nothing",
      before: () => void autoloadEffects.splice(0),
      events: [methodsLoaded, edit, weekly, cancel],
      expected: "idle",
      ends: (s) => {
        expect(s.context.autoload).toBeNull();
        expect(autoloadEffects).toEqual([]);
      },
    },
    {
      name: "saved, the card is told",
      before: () => void autoloadEffects.splice(0),
      events: [methodsLoaded, edit, monthly, otherMethod, save, saved],
      expected: "idle",
      ends: (s) => {
        expect(s.context.autoload).toEqual(autoloadWeekly);
        // The card is read again.
        expect(autoloadEffects).toEqual(["saved", "emit changed"]);
      },
    },
    {
      name: "a monthly autoload on day 15",
      events: [methodsLoaded, edit, monthly, save],
      expected: "saving",
      ends: (s) => expect(autoloadRequest(s.context)).toMatchObject({ trigger: "monthly", month_day: 15 }),
    },
    {
      name: "an amount out of bounds is refused before asking",
      events: [methodsLoaded, edit, tooLittle, save],
      expected: "editing",
      ends: (s) => expect(s.context.problems).toEqual({ amount: "invalid" }),
    },
    {
      name: "fixing the amount clears its problem",
      events: [methodsLoaded, edit, tooLittle, save, twenty, threshold, save],
      expected: "saving",
      ends: (s) =>
        expect(autoloadRequest(s.context)).toMatchObject({
          trigger: "threshold",
          threshold: 500,
          amount: 2_000,
        }),
    },
    {
      name: "without saved methods nothing can be saved",
      events: [methodsLost, edit, save],
      expected: "editing",
      ends: (s) => expect(s.context.problems).toEqual({ method: "invalid" }),
    },
    {
      name: "the server's refusal is shown in the form",
      events: [methodsLoaded, edit, save, refused],
      expected: "editing",
      ends: (s) => expect(s.context.failure?.message).toBe("Payment method is not valid"),
    },
    {
      name: "editing the weekly autoload starts from it",
      input: 1,
      events: [methodsLoaded, edit],
      expected: "editing",
      ends: (s) => expect(s.context.draft).toMatchObject({ trigger: "weekly", weekday: 1, amount: "20.00" }),
    },
    {
      name: "removing asks first, and removes",
      input: 1,
      before: () => void autoloadEffects.splice(0),
      events: [methodsLoaded, remove, confirmRemove, removed],
      expected: "idle",
      ends: (s) => {
        expect(s.context.autoload).toBeNull();
        expect(autoloadEffects).toEqual(["removed", "emit changed"]);
      },
    },
    {
      name: "keeping it removes nothing",
      input: 1,
      events: [methodsLoaded, remove, cancel],
      expected: "idle",
      ends: (s) => expect(s.context.autoload).toEqual(autoloadWeekly),
    },
    {
      name: "a failed removal says so and keeps the autoload",
      input: 1,
      before: () => void autoloadEffects.splice(0),
      events: [methodsLoaded, remove, confirmRemove, removeFailed],
      expected: "idle",
      ends: (s) => {
        expect(s.context.removeFailed).toBe(true);
        expect(s.context.autoload).toEqual(autoloadWeekly);
      },
    },
    {
      name: "Resume saves the paused autoload as it is",
      input: 2,
      events: [methodsLoaded, resume],
      expected: "saving",
      ends: (s) =>
        expect(autoloadRequest(s.context)).toEqual({
          amount: 2_000,
          payment_method: visa.id,
          trigger: "threshold",
          threshold: 500,
        }),
    },
    {
      name: "Resume with its method gone uses the default one",
      input: 3,
      events: [methodsLoaded, resume],
      expected: "saving",
      ends: (s) => expect(s.context.draft.method).toBe(visa.id),
    },
    {
      name: "Resume without any saved method opens the form",
      input: 3,
      events: [methodsLost, resume],
      expected: "editing",
      ends: (s) => expect(s.context.problems).toEqual({ method: "invalid" }),
    },
  ],
});
