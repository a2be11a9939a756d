import { expect } from "vitest";
import type { SecurityQuestionsState } from "../../../src/domain/identity.ts";
import { rowProblemsOf, securityQuestionsMachine } from "../../../src/machines/securityQuestions.machine.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents =
  | "xstate.done.actor.loadQuestions"
  | "xstate.error.actor.loadQuestions"
  | "xstate.done.actor.saveQuestions"
  | "xstate.error.actor.saveQuestions";

/** Two questions keep the graph small; the rules are the same for any count. */
const noneChosen: SecurityQuestionsState = {
  enabled: true,
  count: 2,
  question_ids: [],
  updated_at: null,
};
export const twoChosen: SecurityQuestionsState = {
  enabled: true,
  count: 2,
  question_ids: ["first-pet", "first-job"],
  updated_at: "2026-11-20T10:00:00.000Z",
};
const turnedOff: SecurityQuestionsState = { enabled: false, count: 3, question_ids: [], updated_at: null };

/** Every gesture the journeys use; the graph walks the first of each (a small graph, view walks stay short). */
const moves = {
  "questions.edit": [{ type: "questions.edit" }],
  "questions.cancel": [{ type: "questions.cancel" }],
  "questions.retry": [{ type: "questions.retry" }],
  // Only what the selects offer: a question no other row took.
  "questions.choose": [
    { type: "questions.choose", index: 0, question: "first-school" },
    { type: "questions.choose", index: 1, question: "childhood-street" },
  ],
  "questions.answer": [
    { type: "questions.answer", index: 0, answer: "Springfield Elementary" },
    { type: "questions.answer", index: 1, answer: " a " },
    { type: "questions.answer", index: 1, answer: "Evergreen Terrace" },
  ],
  "questions.password": [
    { type: "questions.password", password: "a fine long passphrase" },
    { type: "questions.password", password: "" },
  ],
  "questions.save": [{ type: "questions.save" }],
  "xstate.done.actor.loadQuestions": [
    { type: "xstate.done.actor.loadQuestions", output: noneChosen },
    { type: "xstate.done.actor.loadQuestions", output: twoChosen },
    { type: "xstate.done.actor.loadQuestions", output: turnedOff },
  ],
  "xstate.error.actor.loadQuestions": [
    { type: "xstate.error.actor.loadQuestions", error: { code: 40401, message: "Not found" } },
    { type: "xstate.error.actor.loadQuestions", error: { code: 50301, message: "Network Error" } },
  ],
  "xstate.done.actor.saveQuestions": [
    {
      type: "xstate.done.actor.saveQuestions",
      output: {
        ...noneChosen,
        question_ids: ["first-school", "childhood-street"],
        updated_at: "2026-11-23T10:00:00.000Z",
      },
    },
  ],
  "xstate.error.actor.saveQuestions": [
    { type: "xstate.error.actor.saveQuestions", error: { code: 40102, message: "Invalid password" } },
    { type: "xstate.error.actor.saveQuestions", error: { code: 50301, message: "Network Error" } },
  ],
} satisfies EventSamples<typeof securityQuestionsMachine, ActorEvents>;

const events = {
  ...moves,
  "questions.choose": [moves["questions.choose"][0]],
  "questions.answer": [moves["questions.answer"][0]],
  "questions.password": [moves["questions.password"][0]],
} satisfies EventSamples<typeof securityQuestionsMachine, ActorEvents>;

/** What the walk told the app: one "saved" per accepted save. */
const securityQuestionsEffects: string[] = [];

export const securityQuestionsModel = defineModel({
  name: "securityQuestions",
  machine: securityQuestionsMachine.provide({
    actions: { notifySaved: () => void securityQuestionsEffects.push("saved") },
  }),
  deferred: ["loadQuestions", "saveQuestions"],
  events,
  pathKinds: ["shortest", "edge"],
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.state?.question_ids ?? null,
      snapshot.context.rows,
      snapshot.context.password,
      snapshot.context.rowProblems,
      snapshot.context.passwordMissing,
      snapshot.context.error,
    ]),
  invariants: [
    {
      name: "nothing is sent unless every row has its own question and a good answer, and a password",
      holds: (s) =>
        !s.matches("saving") ||
        (s.context.password !== "" && rowProblemsOf(s.context.rows).every((problem) => problem === null)),
    },
    {
      name: "the form has one row per question the agency asks for",
      holds: (s) =>
        !(s.matches("editing") || s.matches("saving")) ||
        s.context.rows.length === (s.context.state?.count ?? -1),
    },
    {
      name: "the problems shown, once shown, are the rows' current ones",
      holds: (s) =>
        s.context.rowProblems.length === 0 ||
        s.context.rowProblems.every((problem, index) => problem === rowProblemsOf(s.context.rows)[index]),
    },
  ],
  states: {
    loading: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.loadQuestions).toBeDefined();
    },
    failed: (snapshot) => {
      expect(snapshot.context.error).toBe(50301);
      expect(snapshot.can({ type: "questions.retry" })).toBe(true);
    },
    off: (snapshot) => {
      expect(snapshot.status).toBe("done");
    },
    viewing: (snapshot) => {
      expect(snapshot.context.state?.enabled).toBe(true);
      expect(snapshot.can({ type: "questions.edit" })).toBe(true);
      expect(snapshot.can({ type: "questions.save" })).toBe(false);
    },
    editing: (snapshot) => {
      expect(snapshot.can({ type: "questions.cancel" })).toBe(true);
      expect(snapshot.can({ type: "questions.edit" })).toBe(false);
    },
    saving: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.saveQuestions).toBeDefined();
      expect(snapshot.can({ type: "questions.cancel" })).toBe(false);
    },
  },
  journeys: [
    {
      name: "a rider without questions chooses two, answers them and saves: told once, the questions shown",
      before: () => void securityQuestionsEffects.splice(0),
      events: [
        moves["xstate.done.actor.loadQuestions"][0],
        moves["questions.edit"][0],
        moves["questions.choose"][0],
        moves["questions.answer"][0],
        moves["questions.choose"][1],
        moves["questions.answer"][2],
        moves["questions.password"][0],
        moves["questions.save"][0],
        moves["xstate.done.actor.saveQuestions"][0],
      ],
      expected: "viewing",
      ends: (snapshot) => {
        expect(securityQuestionsEffects).toEqual(["saved"]);
        expect(snapshot.context.state?.question_ids).toEqual(["first-school", "childhood-street"]);
      },
    },
    {
      name: "Save with nothing filled in names every problem and sends nothing",
      before: () => void securityQuestionsEffects.splice(0),
      events: [
        moves["xstate.done.actor.loadQuestions"][0],
        moves["questions.edit"][0],
        moves["questions.save"][0],
      ],
      expected: "editing",
      ends: (snapshot) => {
        expect(snapshot.context.rowProblems).toEqual(["chooseQuestion", "chooseQuestion"]);
        expect(snapshot.context.passwordMissing).toBe(true);
        expect(securityQuestionsEffects).toEqual([]);
      },
    },
    {
      name: "a one-letter answer is refused on its row",
      events: [
        moves["xstate.done.actor.loadQuestions"][0],
        moves["questions.edit"][0],
        moves["questions.choose"][0],
        moves["questions.choose"][1],
        moves["questions.answer"][0],
        moves["questions.answer"][1],
        moves["questions.password"][0],
        moves["questions.save"][0],
      ],
      expected: "editing",
      ends: (snapshot) => expect(snapshot.context.rowProblems).toEqual([null, "tooShort"]),
    },
    {
      name: "a row fixed after Save loses its problem at once",
      events: [
        moves["xstate.done.actor.loadQuestions"][0],
        moves["questions.edit"][0],
        moves["questions.choose"][0],
        moves["questions.save"][0],
        moves["questions.choose"][1],
      ],
      expected: "editing",
      ends: (snapshot) => expect(snapshot.context.rowProblems).toEqual(["tooShort", "tooShort"]),
    },
    {
      name: "a wrong password keeps everything typed and says Invalid password until the password changes",
      before: () => void securityQuestionsEffects.splice(0),
      events: [
        moves["xstate.done.actor.loadQuestions"][1],
        moves["questions.edit"][0],
        moves["questions.answer"][0],
        moves["questions.answer"][2],
        moves["questions.password"][0],
        moves["questions.save"][0],
        moves["xstate.error.actor.saveQuestions"][0],
      ],
      expected: "editing",
      ends: (snapshot) => {
        expect(snapshot.context.error).toBe(40102);
        expect(snapshot.context.rows).toEqual([
          { question: "first-pet", answer: "Springfield Elementary" },
          { question: "first-job", answer: "Evergreen Terrace" },
        ]);
        expect(snapshot.context.password).toBe("a fine long passphrase");
        expect(securityQuestionsEffects).toEqual([]);
      },
    },
    {
      name: "a new password clears Invalid password; a network failure stays until the next save",
      events: [
        moves["xstate.done.actor.loadQuestions"][1],
        moves["questions.edit"][0],
        moves["questions.answer"][0],
        moves["questions.answer"][2],
        moves["questions.password"][0],
        moves["questions.save"][0],
        moves["xstate.error.actor.saveQuestions"][0],
        moves["questions.password"][1],
        moves["questions.password"][0],
        moves["questions.save"][0],
        moves["xstate.error.actor.saveQuestions"][1],
        moves["questions.password"][1],
      ],
      expected: "editing",
      ends: (snapshot) => {
        expect(snapshot.context.error).toBe(50301);
        expect(snapshot.context.passwordMissing).toBe(false);
      },
    },
    {
      name: "editing starts from the chosen questions with empty answers; cancel keeps them",
      events: [
        moves["xstate.done.actor.loadQuestions"][1],
        moves["questions.edit"][0],
        moves["questions.cancel"][0],
      ],
      expected: "viewing",
      ends: (snapshot) => expect(snapshot.context.state?.question_ids).toEqual(["first-pet", "first-job"]),
    },
    {
      name: "editing again starts afresh",
      events: [
        moves["xstate.done.actor.loadQuestions"][1],
        moves["questions.edit"][0],
        moves["questions.answer"][0],
        moves["questions.password"][0],
        moves["questions.save"][0],
        moves["questions.cancel"][0],
        moves["questions.edit"][0],
      ],
      expected: "editing",
      ends: (snapshot) => {
        expect(snapshot.context.rows).toEqual([
          { question: "first-pet", answer: "" },
          { question: "first-job", answer: "" },
        ]);
        expect(snapshot.context.password).toBe("");
        expect(snapshot.context.rowProblems).toEqual([]);
        expect(snapshot.context.passwordMissing).toBe(false);
      },
    },
    {
      name: "a 404 means the agency does not use them",
      events: [moves["xstate.error.actor.loadQuestions"][0]],
      expected: "off",
    },
    {
      name: "a state saying off is off too",
      events: [moves["xstate.done.actor.loadQuestions"][2]],
      expected: "off",
    },
    {
      name: "a failed load retries and shows the questions",
      events: [
        moves["xstate.error.actor.loadQuestions"][1],
        moves["questions.retry"][0],
        moves["xstate.done.actor.loadQuestions"][1],
      ],
      expected: "viewing",
    },
  ],
});
