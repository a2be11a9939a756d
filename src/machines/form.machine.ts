import { assign, fromPromise, setup } from "xstate";
import {
  acceptInput,
  type FormDefinition,
  type FormField,
  type FormValues,
  isComplete,
  submittedValues,
} from "../domain/forms.ts";
import { languageChangesStandIn } from "./languageChanges.ts";
import { unprovided } from "./unprovided.ts";

export type FormEvent =
  | { type: "field.change"; key: string; value: string }
  | { type: "field.blur"; key: string }
  | { type: "form.submit" }
  | { type: "form.retry" }
  | { type: "form.relabel"; language: string };

export interface FormInput {
  /** The server's form_method, e.g. SIGN_IN. */
  method: string;
  /** Language of the labels. */
  language: string;
  /** Values to start from instead of the definition's (e.g. the profile being edited). */
  initial?: FormValues;
  /** Sent with the values but never shown (e.g. the reset token from the link). */
  hidden?: FormValues;
  /** Fields the portal adds after the server's (e.g. the security questions a reset link asks). */
  extraFields?: FormField[];
}

export interface FormContext {
  method: string;
  language: string;
  initial: FormValues;
  hidden: FormValues;
  extraFields: FormField[];
  definition: FormDefinition | null;
  values: FormValues;
  /** Fields whose problems are shown (left once, or all after a refused submit). */
  touched: string[];
  /** Code of the last failed load or submit. */
  error: number | null;
  /** What the server answered to the submission. */
  result: unknown;
}

const codeOf = (error: unknown): number =>
  typeof error === "object" && error !== null && "code" in error && typeof error.code === "number"
    ? error.code
    : 0;

/*
 * A server-driven form (spec section 5). `loading` fetches the definition in the rider's language and
 * `unavailable` says "Failed to fetch the form" with a retry, so no form is ever shown half-defined.
 * `editing` keeps every value, even after a refused submit or a server error: nothing typed is lost.
 * `submitting` ignores further edits and submits, so one click sends exactly one request. `done` hands
 * the server's answer to whoever invoked the form. `relabeling` fetches the labels again when the
 * rider changes language, keeping every value typed (if that fails, the old labels stay).
 */
export const formMachine = setup({
  types: {
    input: {} as FormInput,
    context: {} as FormContext,
    events: {} as FormEvent,
    output: {} as unknown,
  },
  actors: {
    /**
     * Sends `form.relabel` with the new language at each switch while the form runs
     * (src/app/live/language-changes.ts): the labels follow, the values stay.
     */
    languageChanges: languageChangesStandIn(),
    fetchForm: fromPromise<FormDefinition, { method: string; language: string }>(unprovided("fetchForm")),
    submitForm: fromPromise<unknown, { method: string; values: FormValues }>(unprovided("submitForm")),
  },
  actions: {
    assignDefinition: assign(({ context }, served: FormDefinition) => {
      const definition = { ...served, fields: [...served.fields, ...context.extraFields] };
      return {
        definition,
        values: Object.fromEntries(
          definition.fields.map((field) => [field.key, context.initial[field.key] ?? field.value]),
        ),
        error: null,
      };
    }),
    assignError: assign((_, error: unknown) => ({ error: codeOf(error) })),
    assignValue: assign(({ context, event }) => {
      if (event.type !== "field.change") return {};
      const field = context.definition?.fields.find((candidate) => candidate.key === event.key);
      if (!field) return {};
      return { values: { ...context.values, [field.key]: acceptInput(field, event.value) }, error: null };
    }),
    touchField: assign(({ context, event }) =>
      event.type === "field.blur" && !context.touched.includes(event.key)
        ? { touched: [...context.touched, event.key] }
        : {},
    ),
    touchAll: assign(({ context }) => ({
      touched: context.definition?.fields.map((field) => field.key) ?? [],
    })),
    assignResult: assign((_, result: unknown) => ({ result, error: null })),
    assignLanguage: assign(({ event }) =>
      event.type === "form.relabel" ? { language: event.language } : {},
    ),
    relabel: assign(({ context }, definition: FormDefinition) => ({
      definition: context.definition
        ? {
            ...context.definition,
            lang_code: definition.lang_code,
            fields: context.definition.fields.map((field) => ({
              ...field,
              label: definition.fields.find((next) => next.key === field.key)?.label ?? field.label,
            })),
          }
        : definition,
    })),
  },
  guards: {
    otherLanguage: ({ context, event }) =>
      event.type === "form.relabel" && event.language !== context.language,
    isComplete: ({ context }) =>
      context.definition !== null && isComplete(context.definition.fields, context.values),
  },
}).createMachine({
  id: "form",
  context: ({ input }) => ({
    method: input.method,
    language: input.language,
    initial: input.initial ?? {},
    hidden: input.hidden ?? {},
    extraFields: input.extraFields ?? [],
    definition: null,
    values: {},
    touched: [],
    error: null,
    result: null,
  }),
  initial: "loading",
  // The labels come again in a new language.
  invoke: { id: "languageChanges", src: "languageChanges", input: ({ self }) => ({ machine: self }) },
  output: ({ context }: { context: FormContext }) => context.result,
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "fetchForm",
        src: "fetchForm",
        input: ({ context }) => ({ method: context.method, language: context.language }),
        onDone: {
          target: "editing",
          actions: { type: "assignDefinition", params: ({ event }) => event.output },
        },
        onError: {
          target: "unavailable",
          actions: { type: "assignError", params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    unavailable: {
      on: { "form.retry": "loading" },
    },
    editing: {
      on: {
        "field.change": { actions: "assignValue" },
        "field.blur": { actions: "touchField" },
        "form.submit": [{ guard: "isComplete", target: "submitting" }, { actions: "touchAll" }],
        "form.relabel": { guard: "otherLanguage", target: "relabeling", actions: "assignLanguage" },
      },
    },
    relabeling: {
      invoke: {
        id: "fetchForm",
        src: "fetchForm",
        input: ({ context }) => ({ method: context.method, language: context.language }),
        onDone: { target: "editing", actions: { type: "relabel", params: ({ event }) => event.output } },
        onError: "editing",
      },
      on: {
        "field.change": { actions: "assignValue" },
        "field.blur": { actions: "touchField" },
      },
    },
    submitting: {
      tags: ["busy"],
      invoke: {
        id: "submitForm",
        src: "submitForm",
        input: ({ context }) => ({
          method: context.method,
          values: {
            ...(context.definition ? submittedValues(context.definition.fields, context.values) : {}),
            ...context.hidden,
          },
        }),
        onDone: {
          target: "done",
          actions: {
            type: "assignResult",
            params: ({ event }: { event: { output: unknown } }) => event.output,
          },
        },
        onError: {
          target: "editing",
          actions: { type: "assignError", params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    done: { type: "final" },
  },
});

const _selectFields = (snapshot: { context: FormContext }) => snapshot.context.definition?.fields ?? [];
