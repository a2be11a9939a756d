import { expect } from "vitest";
import { resetQuestionsMachine } from "../../../src/machines/resetQuestions.machine.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents = "xstate.done.actor.loadResetQuestions" | "xstate.error.actor.loadResetQuestions";

const events = {
  "xstate.done.actor.loadResetQuestions": [
    {
      type: "xstate.done.actor.loadResetQuestions",
      output: ["first-school", "first-pet", "childhood-street"],
    },
    { type: "xstate.done.actor.loadResetQuestions", output: [] },
  ],
  "xstate.error.actor.loadResetQuestions": [
    { type: "xstate.error.actor.loadResetQuestions", error: { code: 50301, message: "Network Error" } },
  ],
} satisfies EventSamples<typeof resetQuestionsMachine, ActorEvents>;

export const resetQuestionsModel = defineModel({
  name: "resetQuestions",
  machine: resetQuestionsMachine,
  inputs: [{ token: "r".repeat(43) }],
  deferred: ["loadResetQuestions"],
  events,
  serialize: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.questionIds]),
  invariants: [
    {
      name: "no questions are known before the server named them",
      holds: (s) => !s.matches("loading") || s.context.questionIds.length === 0,
    },
  ],
  states: {
    loading: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.loadResetQuestions).toBeDefined();
    },
    ready: (snapshot) => {
      expect(snapshot.status).toBe("done");
      expect(snapshot.hasTag("busy")).toBe(false);
    },
  },
  journeys: [
    {
      name: "a link with questions names them, in order",
      events: [events["xstate.done.actor.loadResetQuestions"][0]],
      expected: "ready",
      ends: (snapshot) =>
        expect(snapshot.context.questionIds).toEqual(["first-school", "first-pet", "childhood-street"]),
    },
    {
      name: "a link without questions asks none",
      events: [events["xstate.done.actor.loadResetQuestions"][1]],
      expected: "ready",
      ends: (snapshot) => expect(snapshot.context.questionIds).toEqual([]),
    },
    {
      name: "a failed read still shows the form, without questions (the server refuses what is missing)",
      events: [events["xstate.error.actor.loadResetQuestions"][0]],
      expected: "ready",
      ends: (snapshot) => expect(snapshot.context.questionIds).toEqual([]),
    },
  ],
});
