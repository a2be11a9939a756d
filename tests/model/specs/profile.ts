import { expect } from "vitest";
import { profileMachine } from "../../../src/machines/profile.machine.ts";
import { storedUser } from "../../support/fixtures.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents = "xstate.done.actor.profileForm";

export const savedUser = { ...storedUser, first_name: "Sam", mobile: "+12025550123" };

const events = {
  "profile.edit": [{ type: "profile.edit" }],
  "profile.cancel": [{ type: "profile.cancel" }],
  "xstate.done.actor.profileForm": [{ type: "xstate.done.actor.profileForm", output: savedUser }],
} satisfies EventSamples<typeof profileMachine, ActorEvents>;

const publishedUsers: string[] = [];

export const profileModel = defineModel({
  name: "profile",
  machine: profileMachine.provide({
    actions: { publishUser: ({ context }) => void publishedUsers.push(context.user.first_name) },
  }),
  inputs: [{ user: storedUser, language: "en" }],
  deferred: ["profileForm"],
  events,
  serialize: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.saved]),
  // Two saves show that a second edit starts from the saved profile.
  filterEvents: (snapshot) => snapshot.context.saved < 2,
  invariants: [
    {
      name: "the form runs exactly while editing",
      holds: (s) => s.matches("editing") === (s.children.profileForm !== undefined),
    },
    {
      name: "a saved profile is the one shown",
      holds: (s) => s.context.saved === 0 || s.context.user.first_name === "Sam",
    },
  ],
  states: {
    viewing: (snapshot) => {
      expect(snapshot.can({ type: "profile.edit" })).toBe(true);
      if (snapshot.context.saved > 0) expect(publishedUsers.at(-1)).toBe("Sam");
    },
    editing: (snapshot) => {
      expect(snapshot.children.profileForm).toBeDefined();
      expect(snapshot.can({ type: "profile.cancel" })).toBe(true);
    },
  },
  journeys: [
    {
      name: "a saved profile is shown and handed to the session",
      events: [events["profile.edit"][0], events["xstate.done.actor.profileForm"][0]],
      expected: "viewing",
    },
    {
      name: "cancelling an edit keeps the profile as it was",
      events: [events["profile.edit"][0], events["profile.cancel"][0]],
      expected: "viewing",
    },
    {
      name: "editing again after a save",
      events: [
        events["profile.edit"][0],
        events["xstate.done.actor.profileForm"][0],
        events["profile.edit"][0],
      ],
      expected: "editing",
    },
  ],
});
