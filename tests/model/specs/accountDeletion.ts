import { expect } from "vitest";
import { accountDeletionMachine } from "../../../src/machines/accountDeletion.machine.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents = "xstate.done.actor.confirmForm";

const events = {
  "deletion.start": [{ type: "deletion.start" }],
  "deletion.cancel": [{ type: "deletion.cancel" }],
  "xstate.done.actor.confirmForm": [{ type: "xstate.done.actor.confirmForm", output: null }],
} satisfies EventSamples<typeof accountDeletionMachine, ActorEvents>;

const accountDeletionEffects: string[] = [];

export const accountDeletionModel = defineModel({
  name: "accountDeletion",
  machine: accountDeletionMachine.provide({
    actions: { announceDeletion: () => void accountDeletionEffects.push("announceDeletion") },
  }),
  inputs: [{ language: "en" }],
  deferred: ["confirmForm"],
  events,
  serialize: (snapshot) => JSON.stringify(snapshot.value),
  invariants: [
    {
      name: "the password form runs exactly while the question is open",
      holds: (s) => s.matches("confirming") === (s.children.confirmForm !== undefined),
    },
  ],
  states: {
    idle: (snapshot) => {
      expect(snapshot.children.confirmForm).toBeUndefined();
      expect(snapshot.can({ type: "deletion.start" })).toBe(true);
      expect(snapshot.can({ type: "deletion.cancel" })).toBe(false);
    },
    confirming: (snapshot) => {
      expect(snapshot.children.confirmForm).toBeDefined();
      expect(snapshot.can({ type: "deletion.cancel" })).toBe(true);
      expect(snapshot.can({ type: "deletion.start" })).toBe(false);
    },
    deleted: (snapshot) => {
      expect(snapshot.status).toBe("done");
      expect(accountDeletionEffects.at(-1)).toBe("announceDeletion");
    },
  },
  journeys: [
    {
      name: "the button only asks: nothing is deleted yet",
      before: () => void accountDeletionEffects.splice(0),
      events: [events["deletion.start"][0]],
      expected: "confirming",
      ends: () => expect(accountDeletionEffects).toEqual([]),
    },
    {
      name: "keeping the account closes the question",
      before: () => void accountDeletionEffects.splice(0),
      events: [events["deletion.start"][0], events["deletion.cancel"][0]],
      expected: "idle",
      ends: () => expect(accountDeletionEffects).toEqual([]),
    },
    {
      name: "the password deletes the account and the app is told once",
      before: () => void accountDeletionEffects.splice(0),
      events: [events["deletion.start"][0], events["xstate.done.actor.confirmForm"][0]],
      expected: "deleted",
      ends: () => expect(accountDeletionEffects).toEqual(["announceDeletion"]),
    },
    {
      name: "asking again after keeping the account opens a fresh question",
      before: () => void accountDeletionEffects.splice(0),
      events: [
        events["deletion.start"][0],
        events["deletion.cancel"][0],
        events["deletion.start"][0],
        events["xstate.done.actor.confirmForm"][0],
      ],
      expected: "deleted",
      ends: () => expect(accountDeletionEffects).toEqual(["announceDeletion"]),
    },
  ],
});
