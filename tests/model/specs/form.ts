import { expect } from "vitest";
import { formDefinition } from "../../../server/forms/definitions.ts";
import { isComplete } from "../../../src/domain/forms.ts";
import { formMachine } from "../../../src/machines/form.machine.ts";
import { languageNeverChanges } from "../../support/language.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents =
  | "xstate.done.actor.fetchForm"
  | "xstate.error.actor.fetchForm"
  | "xstate.done.actor.submitForm"
  | "xstate.error.actor.submitForm";

const signInDefinition = formDefinition("SIGN_IN", "en");
const spanishSignIn = formDefinition("SIGN_IN", "es");

const events = {
  "field.change": [
    { type: "field.change", key: "email", value: "rider@example.com" },
    { type: "field.change", key: "email", value: "rider@" },
    { type: "field.change", key: "password", value: "transit-demo-2026" },
  ],
  "field.blur": [{ type: "field.blur", key: "email" }],
  "form.submit": [{ type: "form.submit" }],
  "form.retry": [{ type: "form.retry" }],
  "form.relabel": [
    { type: "form.relabel", language: "es" },
    { type: "form.relabel", language: "en" },
  ],
  "xstate.done.actor.fetchForm": [
    { type: "xstate.done.actor.fetchForm", output: signInDefinition },
    { type: "xstate.done.actor.fetchForm", output: spanishSignIn },
  ],
  "xstate.error.actor.fetchForm": [
    { type: "xstate.error.actor.fetchForm", error: { code: 50301, message: "Network Error" } },
  ],
  "xstate.done.actor.submitForm": [
    {
      type: "xstate.done.actor.submitForm",
      output: { access_token: "t".repeat(43), mfa_enrollment_status: 0 },
    },
  ],
  "xstate.error.actor.submitForm": [
    { type: "xstate.error.actor.submitForm", error: { code: 40102, message: "mismatch" } },
  ],
} satisfies EventSamples<typeof formMachine, ActorEvents>;

export const formModel = defineModel({
  name: "form",
  // Its language switches are walked as `form.relabel` events (language-changes.wiring.test.ts).
  machine: formMachine.provide({ actors: { languageChanges: languageNeverChanges } }),
  inputs: [{ method: "SIGN_IN", language: "en" }],
  deferred: ["fetchForm", "submitForm"],
  events,
  // The labels that arrive are in the language asked for; one change of language (English to
  // Spanish) is enough to show that labels follow and values stay.
  filterEvents: (snapshot, event) =>
    (event.type !== "xstate.done.actor.fetchForm" ||
      (event.output as { lang_code: string }).lang_code === snapshot.context.language) &&
    (event.type !== "form.relabel" || snapshot.context.language === "en") &&
    // After the change, typing more would only repeat the English walks in Spanish.
    (snapshot.context.language === "en" || !event.type.startsWith("field.")),
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.language,
      snapshot.context.values,
      snapshot.context.touched.length,
      snapshot.context.error,
    ]),
  invariants: [
    {
      name: "only a complete form is ever submitted",
      holds: (s) =>
        !s.matches("submitting") ||
        (s.context.definition !== null && isComplete(s.context.definition.fields, s.context.values)),
    },
    {
      name: "a finished form keeps the server's answer",
      holds: (s) => !s.matches("done") || s.context.result !== null,
    },
    {
      name: "relabeling never drops a value",
      holds: (s) => !s.matches("relabeling") || s.context.definition !== null,
    },
    {
      name: "no definition means no values",
      holds: (s) => s.context.definition !== null || Object.keys(s.context.values).length === 0,
    },
  ],
  states: {
    loading: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.context.definition).toBeNull();
    },
    unavailable: (snapshot) => {
      expect(snapshot.context.error).toBe(50301);
      expect(snapshot.context.definition).toBeNull();
    },
    editing: (snapshot) => {
      expect(snapshot.context.definition?.form_method).toBe("SIGN_IN");
      expect(snapshot.hasTag("busy")).toBe(false);
    },
    relabeling: (snapshot) => {
      expect(snapshot.context.language).toBe("es");
      expect(snapshot.context.definition).not.toBeNull();
      expect(snapshot.hasTag("busy")).toBe(false);
    },
    submitting: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.context.definition).not.toBeNull();
    },
    done: (snapshot) => expect(snapshot.context.result).toMatchObject({ mfa_enrollment_status: 0 }),
  },
  journeys: [
    {
      name: "a form that failed to load is retried",
      events: [
        events["xstate.error.actor.fetchForm"][0],
        events["form.retry"][0],
        events["xstate.done.actor.fetchForm"][0],
      ],
      expected: "editing",
    },
    {
      name: "an incomplete form is not submitted and shows every problem",
      events: [events["xstate.done.actor.fetchForm"][0], events["field.change"][1], events["form.submit"][0]],
      expected: "editing",
    },
    {
      name: "a complete form is submitted once and finishes with the answer",
      events: [
        events["xstate.done.actor.fetchForm"][0],
        events["field.change"][0],
        events["field.change"][2],
        events["form.submit"][0],
        events["xstate.done.actor.submitForm"][0],
      ],
      expected: "done",
    },
    {
      name: "a new language relabels the form and keeps what was typed",
      events: [
        events["xstate.done.actor.fetchForm"][0],
        events["field.change"][0],
        events["form.relabel"][0],
        events["xstate.done.actor.fetchForm"][1],
      ],
      expected: "editing",
    },
    {
      name: "leaving a field shows its problem and nothing else",
      events: [events["xstate.done.actor.fetchForm"][0], events["field.blur"][0]],
      expected: "editing",
    },
    {
      name: "typing while the new labels load keeps the typing",
      events: [
        events["xstate.done.actor.fetchForm"][0],
        events["form.relabel"][0],
        events["field.change"][0],
        events["field.blur"][0],
        events["xstate.done.actor.fetchForm"][1],
      ],
      expected: "editing",
    },
    {
      name: "the same language again changes nothing",
      events: [events["xstate.done.actor.fetchForm"][0], events["form.relabel"][1]],
      expected: "editing",
    },
    {
      name: "labels that fail to load leave the old ones",
      events: [
        events["xstate.done.actor.fetchForm"][0],
        events["form.relabel"][0],
        events["xstate.error.actor.fetchForm"][0],
      ],
      expected: "editing",
    },
    {
      name: "a refused submission keeps what was typed",
      events: [
        events["xstate.done.actor.fetchForm"][0],
        events["field.change"][0],
        events["field.change"][2],
        events["form.submit"][0],
        events["xstate.error.actor.submitForm"][0],
      ],
      expected: "editing",
    },
  ],
});
