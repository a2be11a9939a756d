import { fromPromise } from "xstate";
import type { FormDefinition } from "../../src/domain/forms.ts";
import { formMachine } from "../../src/machines/form.machine.ts";

/** A server-driven form whose definition never arrives: for tests where forms are not the subject. */
export const pendingForm = formMachine.provide({
  actors: {
    fetchForm: fromPromise<FormDefinition, { method: string; language: string }>(() => new Promise(() => {})),
  },
});
