import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { type ReactNode, useId } from "react";
import { css } from "../../../styled-system/css";
import type { FieldProblem } from "../../machines/paymentMethods.machine.ts";
import * as Field from "../../ui/field.ts";
import { errorLine, fieldColumn, fieldError, fieldInput } from "../shared/fieldStyles.ts";

export { errorLine, fieldInput };

export const formGrid = css({
  display: "grid",
  gap: "4",
  gridTemplateColumns: { base: "1fr", md: "repeat(2, minmax(0, 1fr))" },
  maxWidth: "40rem",
});

export const wide = css({ gridColumn: { md: "span 2" } });
export const formActions = css({ display: "flex", flexWrap: "wrap", gap: "3", gridColumn: { md: "span 2" } });

/** The spec's field texts (section 5) for a problem of the field labelled `label`. */
export function problemText(i18n: I18n, problem: FieldProblem, label: string, max = 0): string {
  switch (problem) {
    case "required":
      return i18n._(msg`${label} can not be empty.`);
    case "invalid":
      return i18n._(msg`${label} is not valid.`);
    case "tooLong":
      return i18n._(msg`${label} must not exceed ${max} characters`);
    case "unsupportedType":
      return i18n._(msg`Unsupported Card Type`);
    case "cvvInvalid":
      return i18n._(msg`Invalid CVV`);
  }
}

/** A labelled text field whose problem is tied to it (Ark sets aria-invalid and aria-describedby). */
export function TextField({
  label,
  name,
  value,
  problem,
  onChange,
  autoComplete,
  inputMode,
  placeholder,
  helper,
  required = true,
  className,
}: {
  label: string;
  name: string;
  value: string;
  problem: string | null;
  onChange: (value: string) => void;
  autoComplete?: string;
  inputMode?: "numeric" | "text";
  placeholder?: string;
  helper?: ReactNode;
  required?: boolean;
  className?: string;
}) {
  const id = useId();
  const ids = { errorText: `${id}-error`, helperText: `${id}-helper` };
  // Screen readers announce a description, not aria-errormessage (which Ark sets): tie both texts.
  const describedBy = [helper ? ids.helperText : null, problem ? ids.errorText : null]
    .filter(Boolean)
    .join(" ");
  return (
    <Field.Root
      ids={ids}
      invalid={problem !== null}
      required={required}
      className={`${fieldColumn} ${className ?? ""}`}
    >
      <Field.Label className={css({ fontWeight: "semibold" })}>{label}</Field.Label>
      <Field.Input
        className={fieldInput}
        name={name}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        spellCheck={false}
        aria-describedby={describedBy === "" ? undefined : describedBy}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {helper ? (
        <Field.HelperText className={css({ fontSize: "sm", color: "muted" })}>{helper}</Field.HelperText>
      ) : null}
      <Field.ErrorText className={fieldError}>{problem}</Field.ErrorText>
    </Field.Root>
  );
}
