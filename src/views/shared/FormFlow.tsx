import { useActorRef, useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import { useChild } from "../../app/children.ts";
import { useScreenLogic } from "../../app/logic.tsx";
import type { FormField, FormValues } from "../../domain/forms.ts";
import type { formMachine } from "../../machines/form.machine.ts";
import { selectLocale } from "../../machines/language.machine.ts";
import { ServerForm } from "./ServerForm.tsx";

/**
 * A screen's server-driven form, started from the machine the composition root prepared: the form
 * while it is being filled in, then `done` once the server accepted it.
 */
export function FormFlow({
  logic,
  method,
  submitLabel,
  hidden,
  initial,
  extraFields,
  fieldLabel,
  done,
  extra,
}: {
  logic: typeof formMachine;
  method: string;
  submitLabel: string;
  hidden?: FormValues;
  initial?: FormValues;
  /** Fields added after the server's (the security questions of a reset link). */
  extraFields?: FormField[];
  /** Words a field's label at render time, so it follows the language (see ServerForm). */
  fieldLabel?: (field: FormField) => string;
  done: ReactNode;
  /** Shown under the server's error, e.g. a link to ask for a new reset email. */
  extra?: (error: number | null) => ReactNode;
}) {
  const language = useSelector(useChild("language"), selectLocale);
  const form = useActorRef(logic, {
    input: {
      method,
      language,
      ...(hidden ? { hidden } : {}),
      ...(initial ? { initial } : {}),
      ...(extraFields ? { extraFields } : {}),
    },
    // A sign-up's acceptance is an analytics event (sign_up).
    inspect: useScreenLogic().inspect,
  });
  const finished = useSelector(form, (snapshot) => snapshot.matches("done"));
  const error = useSelector(form, (snapshot) => snapshot.context.error);
  if (finished) return <>{done}</>;
  return (
    <>
      <ServerForm form={form} submitLabel={submitLabel} {...(fieldLabel ? { fieldLabel } : {})} />
      {extra?.(error)}
    </>
  );
}
