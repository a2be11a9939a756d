import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { type FormField, fieldProblem } from "../../domain/forms.ts";
import { apiErrorMessage, problemMessage } from "../../i18n/forms.ts";
import type { formMachine } from "../../machines/form.machine.ts";
import * as Field from "../../ui/field.ts";
import { errorLine, fieldColumn, fieldError, fieldInput } from "./fieldStyles.ts";

/** A form defined by the server: labels, rules and problems from its definition, behaviour from its machine. */
export function ServerForm({
  form,
  submitLabel,
  submitVariant = "solid",
  fieldLabel,
  failure,
}: {
  form: ActorRefFrom<typeof formMachine>;
  submitLabel: string;
  /** "danger" for a submission that cannot be undone. */
  submitVariant?: "solid" | "danger";
  /**
   * The label a field is shown with, worded at render time in the rider's current language (the
   * security questions of a reset link, kept as ids); the definition's label by default.
   */
  fieldLabel?: (field: FormField) => string;
  /** What a refusal without a text of its own reads as (the generic error by default). */
  failure?: string;
}) {
  const { i18n } = useLingui();
  const loading = useSelector(form, (snapshot) => snapshot.matches("loading"));
  const unavailable = useSelector(form, (snapshot) => snapshot.matches("unavailable"));
  const submitting = useSelector(form, (snapshot) => snapshot.matches("submitting"));
  const definition = useSelector(form, (snapshot) => snapshot.context.definition);
  const values = useSelector(form, (snapshot) => snapshot.context.values);
  const touched = useSelector(form, (snapshot) => snapshot.context.touched);
  const error = useSelector(form, (snapshot) =>
    snapshot.matches("editing") ? snapshot.context.error : null,
  );

  if (loading) {
    return (
      <p role="status">
        <Trans>Loading the form…</Trans>
      </p>
    );
  }
  if (unavailable || !definition) {
    return (
      <div
        role="alert"
        className={css({ display: "flex", flexDirection: "column", gap: "3", alignItems: "flex-start" })}
      >
        <p>
          <Trans>Failed to fetch the form</Trans>
        </p>
        <button
          type="button"
          className={button({ variant: "outline" })}
          onClick={() => form.send({ type: "form.retry" })}
        >
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  return (
    <form
      noValidate
      className={css({ display: "flex", flexDirection: "column", gap: "4", maxWidth: "28rem" })}
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: "form.submit" });
      }}
    >
      {error !== null ? (
        <p role="alert" className={errorLine}>
          {apiErrorMessage(i18n, error, failure)}
        </p>
      ) : null}
      {definition.fields.map((field) => {
        const problem = touched.includes(field.key) ? fieldProblem(field, values) : null;
        const label = fieldLabel ? fieldLabel(field) : field.label;
        return (
          <Field.Root
            key={field.key}
            invalid={problem !== null}
            required={field.required}
            className={fieldColumn}
          >
            <Field.Label className={css({ fontWeight: "semibold" })}>{label}</Field.Label>
            <Field.Input
              className={fieldInput}
              name={field.key}
              type={field.type}
              autoComplete={field.autocomplete}
              value={values[field.key] ?? ""}
              // A field that drops characters (mobile keeps digits and plus) caps its length itself,
              // after dropping them: the browser's cap would cut a pasted "+1 (202) 555-0142" first.
              maxLength={field.input_pattern ? undefined : (field.max_length ?? undefined)}
              onChange={(event) =>
                form.send({ type: "field.change", key: field.key, value: event.currentTarget.value })
              }
              onBlur={() => form.send({ type: "field.blur", key: field.key })}
            />
            <Field.ErrorText className={fieldError}>
              {problem ? problemMessage(i18n, problem, label) : null}
            </Field.ErrorText>
          </Field.Root>
        );
      })}
      <button
        type="submit"
        // Each variant spelt out, so the build resolves the class names (scripts/vite/panda-static.ts).
        className={button({ variant: submitVariant === "danger" ? "danger" : "solid" })}
        disabled={submitting}
        aria-busy={submitting}
      >
        {submitting ? <Trans>Please wait…</Trans> : submitLabel}
      </button>
    </form>
  );
}
