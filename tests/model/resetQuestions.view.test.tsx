import { I18nProvider } from "@lingui/react";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useActorRef } from "@xstate/react";
import { afterEach, describe, expect, it } from "vitest";
import { type ActorRefFrom, createActor, fromPromise } from "xstate";
import type { FormDefinition, FormField, FormValues } from "../../src/domain/forms.ts";
import type { SecurityQuestionId } from "../../src/domain/identity.ts";
import { activateLocale, i18n } from "../../src/i18n/i18n.ts";
import { formMachine } from "../../src/machines/form.machine.ts";
import { resetQuestionsMachine } from "../../src/machines/resetQuestions.machine.ts";
import { ResetQuestionsView } from "../../src/views/session/ResetPasswordFlow.tsx";
import { ServerForm } from "../../src/views/shared/ServerForm.tsx";
import { languageSwitch } from "../support/language.ts";
import { resetQuestionsModel } from "./specs/resetQuestions.ts";
import { describeViewModel } from "./view-harness.tsx";

const texts: Record<string, string> = {
  "first-school": "What was the name of your first school?",
  "first-pet": "What was the name of your first pet?",
  "childhood-street": "What street did you live on as a child?",
};

describeViewModel({
  model: resetQuestionsModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(logic, { input, clock, inspect }).start();
    return {
      element: (
        <ResetQuestionsView questions={actor}>
          {(fields, fieldLabel) => (
            <ul aria-label="Fields">
              {fields.map((field) => (
                <li key={field.key}>{`${field.key}: ${fieldLabel(field)}`}</li>
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

/*
 * The bug this guards: the questions were worded once, when the reset form started, so after the
 * rider changed the language they stayed in the old one until a reload. The form keeps question ids;
 * the labels are worded as they render, and what was typed stays.
 */
describe("reset questions follow the language", () => {
  const serverLabels: Record<string, string> = { en: "New password", es: "Nueva contraseña" };
  /** The server's RESET_PASSWORD form in each language (the answers are the portal's own fields). */
  // The language machine's switch, as the portal's composition hands it to every form.
  const language = languageSwitch((locale) => ({ type: "form.relabel", language: locale }));
  const resetForm = formMachine.provide({
    actors: {
      languageChanges: language.logic,
      fetchForm: fromPromise<FormDefinition, { method: string; language: string }>(async ({ input }) => ({
        form_method: input.method,
        lang_code: input.language,
        fields: [
          {
            key: "password",
            label: serverLabels[input.language] ?? "New password",
            type: "password",
            value: "",
            required: true,
            min_length: 8,
            max_length: 64,
            pattern: null,
            input_pattern: null,
            match_field: null,
            autocomplete: "new-password",
          },
        ],
      })),
      submitForm: fromPromise<unknown, { method: string; values: FormValues }>(async () => ({})),
    },
  });
  const linkQuestions = (ids: SecurityQuestionId[]) =>
    createActor(
      resetQuestionsMachine.provide({ actors: { loadResetQuestions: fromPromise(async () => ids) } }),
      { input: { token: "reset-token" } },
    ).start();

  function Form({
    extraFields,
    fieldLabel,
  }: {
    extraFields: FormField[];
    fieldLabel: (field: FormField) => string;
  }) {
    const form = useActorRef(resetForm, {
      input: { method: "RESET_PASSWORD", language: "en", extraFields },
    });
    return <ServerForm form={form} submitLabel="Reset" fieldLabel={fieldLabel} />;
  }
  const page = (questions: ActorRefFrom<typeof resetQuestionsMachine>) => (
    <I18nProvider i18n={i18n}>
      <ResetQuestionsView questions={questions}>
        {(extraFields, fieldLabel) => <Form extraFields={extraFields} fieldLabel={fieldLabel} />}
      </ResetQuestionsView>
    </I18nProvider>
  );

  afterEach(async () => {
    await act(() => activateLocale("en"));
  });

  it("relabels the questions in the new language and keeps the typed answers", async () => {
    const user = userEvent.setup();
    const questions = linkQuestions(["first-school", "first-pet"]);
    const view = render(page(questions));
    await user.type(await screen.findByLabelText("What was the name of your first school?"), "Lincoln High");
    await user.type(screen.getByLabelText("What was the name of your first pet?"), "Rex");
    await user.type(screen.getByLabelText("New password"), "a-new-secret-1");

    await act(() => activateLocale("es"));
    act(() => language.switchLanguage("es"));
    view.rerender(page(questions));

    // The server's label follows through the form's relabel, the questions as they render.
    expect(await screen.findByLabelText("Nueva contraseña")).toHaveValue("a-new-secret-1");
    expect(screen.getByLabelText("¿Cómo se llamaba su primera escuela?")).toHaveValue("Lincoln High");
    expect(screen.getByLabelText("¿Cómo se llamaba su primera mascota?")).toHaveValue("Rex");
    expect(screen.queryByText("What was the name of your first school?")).toBeNull();
    expect(screen.queryByText("What was the name of your first pet?")).toBeNull();

    // A problem names the question in the new language too.
    const pet = screen.getByLabelText("¿Cómo se llamaba su primera mascota?");
    await user.clear(pet);
    await user.click(document.body);
    expect(pet).toBeInvalid();
    expect(
      await screen.findByText("El campo ¿Cómo se llamaba su primera mascota? no puede estar vacío."),
    ).toBeVisible();

    // And back: the answers are still what the rider typed (the one cleared stays cleared).
    await act(() => activateLocale("en"));
    act(() => language.switchLanguage("en"));
    view.rerender(page(questions));
    expect(await screen.findByLabelText("New password")).toHaveValue("a-new-secret-1");
    expect(screen.getByLabelText("What was the name of your first school?")).toHaveValue("Lincoln High");
    expect(screen.getByLabelText("What was the name of your first pet?")).toHaveValue("");
  });
});
