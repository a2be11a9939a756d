import { screen } from "@testing-library/react";
import { expect } from "vitest";
import { type AnyEventObject, createActor } from "xstate";
import type { SecurityQuestionId } from "../../src/domain/identity.ts";
import { SecurityQuestionsView } from "../../src/views/account/SecurityQuestionsView.tsx";
import { securityQuestionsModel } from "./specs/securityQuestions.ts";
import { describeViewModel } from "./view-harness.tsx";

const texts: Partial<Record<SecurityQuestionId, string>> = {
  "first-school": "What was the name of your first school?",
  "childhood-street": "What street did you live on as a child?",
  "first-pet": "What was the name of your first pet?",
  "first-job": "What was your first job?",
};

const problemTexts: Record<string, string> = {
  chooseQuestion: "Choose a question.",
  repeatedQuestion: "Choose a different question for each answer.",
  tooShort: "An answer needs at least 2 characters.",
  tooLong: "An answer can have at most 100 characters.",
  invalidCharacters: "An answer can only be one line of text.",
};

describeViewModel({
  model: securityQuestionsModel,
  kinds: ["shortest"],
  mount(logic, { clock }) {
    const actor = createActor(logic, { clock }).start();
    return { element: <SecurityQuestionsView questions={actor} />, actor: () => actor };
  },
  environment: [
    "xstate.done.actor.loadQuestions",
    "xstate.error.actor.loadQuestions",
    "xstate.done.actor.saveQuestions",
    "xstate.error.actor.saveQuestions",
  ],
  gestures: {
    "questions.retry": async (user) => user.click(screen.getByRole("button", { name: "Retry" })),
    "questions.edit": async (user) =>
      user.click(screen.getByRole("button", { name: /^(Set|Change) security questions$/ })),
    "questions.cancel": async (user) => user.click(screen.getByRole("button", { name: "Cancel" })),
    "questions.save": async (user) => user.click(screen.getByRole("button", { name: "Save" })),
    "questions.choose": async (user, event: AnyEventObject) => {
      await user.click(screen.getByRole("combobox", { name: `Security question ${event.index + 1}` }));
      await user.click(
        await screen.findByRole("option", { name: texts[event.question as SecurityQuestionId] }),
      );
    },
    "questions.answer": async (user, event: AnyEventObject) => {
      const field = screen.getByRole("textbox", { name: `Answer ${event.index + 1}` });
      await user.clear(field);
      if (event.answer !== "") await user.type(field, event.answer);
    },
    "questions.password": async (user, event: AnyEventObject) => {
      const field = screen.getByLabelText("Current password");
      await user.clear(field);
      if (event.password !== "") await user.type(field, event.password);
    },
  },
  sees: {
    loading: () => expect(screen.getByRole("status")).toHaveTextContent("Loading your security questions…"),
    failed: () => {
      expect(screen.getByRole("alert")).toHaveTextContent("Your security questions could not be loaded.");
      expect(screen.getByRole("button", { name: "Retry" })).toBeEnabled();
    },
    off: () => {
      expect(screen.getByText(/^This agency does not use security questions/)).toBeVisible();
      expect(screen.queryByRole("button")).toBeNull();
    },
    viewing: (snapshot) => {
      const chosen = snapshot.context.state?.question_ids ?? [];
      if (chosen.length === 0) {
        expect(screen.getByText(/^Choose 2 security questions/)).toBeVisible();
        expect(screen.getByRole("button", { name: "Set security questions" })).toBeEnabled();
      } else {
        expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual(
          chosen.map((id) => texts[id]),
        );
        expect(screen.getByRole("button", { name: "Change security questions" })).toBeEnabled();
      }
      expect(screen.queryByRole("form")).toBeNull();
    },
    editing: (snapshot) => {
      const { rows, rowProblems, passwordMissing, error, password } = snapshot.context;
      expect(screen.getByRole("form", { name: "Security questions" })).toBeVisible();
      rows.forEach((row, index) => {
        const number = index + 1;
        const trigger = screen.getByRole("combobox", { name: `Security question ${number}` });
        expect(trigger).toHaveTextContent(row.question ? (texts[row.question] ?? "") : "Choose a question");
        const answer = screen.getByRole("textbox", { name: `Answer ${number}` });
        expect(answer).toHaveValue(row.answer);
        const problem = rowProblems[index] ?? null;
        if (problem === "chooseQuestion" || problem === "repeatedQuestion") {
          expect(trigger).toHaveAccessibleDescription(problemTexts[problem] ?? "");
          expect(answer).not.toHaveAttribute("aria-invalid");
        } else if (problem) {
          expect(answer).toHaveAttribute("aria-invalid", "true");
          expect(answer).toHaveAccessibleDescription(expect.stringContaining(problemTexts[problem] ?? ""));
        } else {
          expect(answer).not.toHaveAttribute("aria-invalid");
        }
      });
      const passwordField = screen.getByLabelText("Current password");
      expect(passwordField).toHaveValue(password);
      if (passwordMissing) expect(passwordField).toHaveAccessibleDescription("Enter your current password.");
      else if (error === 40102) expect(passwordField).toHaveAccessibleDescription("Invalid password");
      else expect(passwordField).not.toHaveAttribute("aria-invalid");
      if (error !== null && error !== 40102) expect(screen.getByRole("alert")).toBeVisible();
      else expect(screen.queryByRole("alert")).toBeNull();
      expect(screen.getByRole("button", { name: "Save" })).toBeEnabled();
    },
    saving: () => {
      expect(screen.getByRole("button", { name: "Please wait…" })).toBeDisabled();
      expect(screen.getByRole("button", { name: "Cancel" })).toBeDisabled();
    },
  },
});
