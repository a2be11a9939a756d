import { screen } from "@testing-library/react";
import { expect } from "vitest";
import { createActor } from "xstate";
import { ResetQuestionsView } from "../../src/views/session/ResetPasswordFlow.tsx";
import { resetQuestionsModel } from "./specs/resetQuestions.ts";
import { describeViewModel } from "./view-harness.tsx";

const texts: Record<string, string> = {
  "first-school": "What was the name of your first school?",
  "first-pet": "What was the name of your first pet?",
  "childhood-street": "What street did you live on as a child?",
};

describeViewModel({
  model: resetQuestionsModel,
  mount(logic, { input, clock }) {
    const actor = createActor(logic, { input, clock }).start();
    return {
      element: (
        <ResetQuestionsView questions={actor}>
          {(fields) => (
            <ul aria-label="Fields">
              {fields.map((field) => (
                <li key={field.key}>{`${field.key}: ${field.label}`}</li>
              ))}
            </ul>
          )}
        </ResetQuestionsView>
      ),
      actor: () => actor,
    };
  },
  environment: ["xstate.done.actor.loadResetQuestions", "xstate.error.actor.loadResetQuestions"],
  gestures: {},
  sees: {
    loading: () => {
      expect(screen.getByRole("status")).toHaveTextContent("Loading the form…");
      expect(screen.queryByRole("list")).toBeNull();
    },
    ready: (snapshot) => {
      expect(screen.queryByRole("status")).toBeNull();
      const items = screen.queryAllByRole("listitem").map((item) => item.textContent);
      expect(items).toEqual(
        snapshot.context.questionIds.map((id) => `security_answer.${id}: ${texts[id] ?? id}`),
      );
    },
  },
});
