import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { SecurityQuestionsState } from "../domain/identity.ts";
import { questionsFor, rowProblemsOf, securityQuestionsMachine } from "./securityQuestions.machine.ts";

describe("security question rows", () => {
  it("names a missing question, a repeated one and each answer's rule", () => {
    expect(
      rowProblemsOf([
        { question: null, answer: "Rex" },
        { question: "first-pet", answer: "Rex" },
        { question: "first-pet", answer: "Rex" },
        { question: "first-job", answer: " a " },
        { question: "first-school", answer: "x".repeat(101) },
        { question: "first-concert", answer: "two\nlines" },
        { question: "childhood-street", answer: "  Evergreen   Terrace " },
      ]),
    ).toEqual(["chooseQuestion", null, "repeatedQuestion", "tooShort", "tooLong", "invalidCharacters", null]);
  });

  it("offers each row its own question and those no other row took", () => {
    const rows = [
      { question: "first-pet" as const, answer: "" },
      { question: "first-job" as const, answer: "" },
      { question: null, answer: "" },
    ];
    expect(questionsFor(rows, 0)).not.toContain("first-job");
    expect(questionsFor(rows, 0)).toContain("first-pet");
    expect(questionsFor(rows, 2)).toHaveLength(6);
  });

  it("ignores a question that is not on the list, and sends nothing with a repeated one", async () => {
    const sent: unknown[] = [];
    const actor = createActor(
      securityQuestionsMachine.provide({
        actors: {
          loadQuestions: fromPromise(
            async (): Promise<SecurityQuestionsState> => ({
              enabled: true,
              count: 2,
              question_ids: [],
              updated_at: null,
            }),
          ),
          saveQuestions: fromPromise(async ({ input }) => {
            sent.push(input);
            throw new Error("not expected");
          }),
        },
        actions: { notifySaved: () => undefined },
      }),
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches("viewing"));
    actor.send({ type: "questions.edit" });
    actor.send({ type: "questions.choose", index: 0, question: "mothers-maiden-name" });
    expect(actor.getSnapshot().context.rows[0]?.question).toBeNull();
    actor.send({ type: "questions.choose", index: 0, question: "first-pet" });
    actor.send({ type: "questions.choose", index: 1, question: "first-pet" });
    actor.send({ type: "questions.answer", index: 0, answer: "Rex" });
    actor.send({ type: "questions.answer", index: 1, answer: "Rex" });
    actor.send({ type: "questions.password", password: "secret" });
    actor.send({ type: "questions.save" });
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.rowProblems).toEqual([null, "repeatedQuestion"]);
    expect(sent).toEqual([]);
  });
});
