import { I18nProvider } from "@lingui/react";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { type AnyEventObject, createActor, fromPromise } from "xstate";
import type {
  SecurityAnswer,
  SecurityQuestionId,
  SecurityQuestionsState,
} from "../../src/domain/identity.ts";
import { activateLocale, i18n } from "../../src/i18n/i18n.ts";
import { securityQuestionsMachine } from "../../src/machines/securityQuestions.machine.ts";
import { SecurityQuestionsView } from "../../src/views/account/SecurityQuestionsView.tsx";
import { securityQuestionsModel, twoChosen } from "./specs/securityQuestions.ts";
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
  mount(logic, { clock, inspect }) {
    const actor = createActor(logic, { clock, inspect }).start();
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

/*
 * The chosen questions, the selects' options and the question a select shows are worded as they
 * render (the machine keeps ids), so a change of language relabels them and keeps what was typed.
 */
describe("security questions follow the language", () => {
  afterEach(async () => {
    await act(() => activateLocale("en"));
  });

  it("rewords the chosen list, the selects and their options, keeping the answers and the password", async () => {
    const user = userEvent.setup();
    const questions = createActor(
      securityQuestionsMachine.provide({
        actors: {
          loadQuestions: fromPromise(async () => twoChosen),
          saveQuestions: fromPromise<SecurityQuestionsState, { password: string; answers: SecurityAnswer[] }>(
            async () => twoChosen,
          ),
        },
      }),
    ).start();
    render(
      <I18nProvider i18n={i18n}>
        <SecurityQuestionsView questions={questions} />
      </I18nProvider>,
    );
    expect((await screen.findAllByRole("listitem")).map((item) => item.textContent)).toEqual([
      "What was the name of your first pet?",
      "What was your first job?",
    ]);

    await act(() => activateLocale("es"));
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "¿Cómo se llamaba su primera mascota?",
      "¿Cuál fue su primer empleo?",
    ]);

    await user.click(screen.getByRole("button", { name: "Cambiar preguntas de seguridad" }));
    await user.type(screen.getByRole("textbox", { name: "Respuesta 1" }), "Rex");
    await user.type(screen.getByRole("textbox", { name: "Respuesta 2" }), "Paper route");
    await user.type(screen.getByLabelText("Contraseña actual"), "a fine long passphrase");

    await act(() => activateLocale("en"));
    const first = screen.getByRole("combobox", { name: "Security question 1" });
    expect(first).toHaveTextContent("What was the name of your first pet?");
    expect(screen.getByRole("combobox", { name: "Security question 2" })).toHaveTextContent(
      "What was your first job?",
    );
    expect(screen.getByRole("textbox", { name: "Answer 1" })).toHaveValue("Rex");
    expect(screen.getByRole("textbox", { name: "Answer 2" })).toHaveValue("Paper route");
    expect(screen.getByLabelText("Current password")).toHaveValue("a fine long passphrase");

    // The options of an open select are in the new language too.
    await user.click(first);
    const listbox = await screen.findByRole("listbox");
    expect(
      within(listbox).getByRole("option", { name: "What was the name of your first school?" }),
    ).toBeVisible();
    await act(() => activateLocale("es"));
    expect(
      within(screen.getByRole("listbox")).getByRole("option", {
        name: "¿Cómo se llamaba su primera escuela?",
      }),
    ).toBeVisible();
    await user.keyboard("{Escape}");
    expect(screen.getByRole("combobox", { name: "Pregunta de seguridad 1" })).toHaveTextContent(
      "¿Cómo se llamaba su primera mascota?",
    );
    expect(screen.getByRole("textbox", { name: "Respuesta 1" })).toHaveValue("Rex");
  });
});
