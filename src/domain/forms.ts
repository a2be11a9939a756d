/**
 * Server-driven forms (POST /transit/api/get_form) and the spec's rules for them (section 5): required
 * fields, length bounds, patterns, fields that must match another, characters refused while typing,
 * trimmed values. Problems are codes; src/i18n/forms.ts words them.
 */

export interface FormField {
  key: string;
  label: string;
  type: "text" | "email" | "password" | "tel";
  value: string;
  required: boolean;
  min_length: number | null;
  max_length: number | null;
  pattern: string | null;
  input_pattern: string | null;
  match_field: string | null;
  autocomplete: string;
}

export interface FormDefinition {
  form_method: string;
  lang_code: string;
  fields: FormField[];
}

/**
 * Form definitions the server writes into the page in one language (server/plugins/spa.ts, read by
 * src/services/forms.service.ts): the sign-in form, which every guest's first screen holds, comes
 * without a round trip (issue 16).
 */
export interface WrittenForms {
  language: string;
  forms: FormDefinition[];
}

export type FieldProblem =
  | { kind: "required" }
  | { kind: "minLength"; min: number }
  | { kind: "maxLength"; max: number }
  | { kind: "email" }
  | { kind: "pattern" }
  | { kind: "match"; other: string };

export type FormValues = Record<string, string>;
export type FormProblems = Record<string, FieldProblem>;

/**
 * Drops characters a field refuses while typing or pasting (mobile keeps only digits and plus), then
 * caps the length: normalising first, so a pasted "+1 (202) 555-0142" keeps every digit.
 */
export function acceptInput(field: Pick<FormField, "input_pattern" | "max_length">, raw: string): string {
  const allowed = field.input_pattern ? new RegExp(`^${field.input_pattern}$`, "u") : null;
  const kept = allowed ? [...raw].filter((char) => allowed.test(char)) : [...raw];
  return (field.max_length === null ? kept : kept.slice(0, field.max_length)).join("");
}

export function fieldProblem(field: FormField, values: FormValues): FieldProblem | null {
  const value = (values[field.key] ?? "").trim();
  if (value === "") return field.required ? { kind: "required" } : null;
  const length = [...value].length;
  if (field.min_length !== null && length < field.min_length)
    return { kind: "minLength", min: field.min_length };
  if (field.max_length !== null && length > field.max_length)
    return { kind: "maxLength", max: field.max_length };
  if (field.pattern && !new RegExp(field.pattern, "u").test(value)) {
    return field.type === "email" ? { kind: "email" } : { kind: "pattern" };
  }
  if (field.match_field && value !== (values[field.match_field] ?? "").trim()) {
    return { kind: "match", other: field.match_field };
  }
  return null;
}

export function formProblems(fields: FormField[], values: FormValues): FormProblems {
  const problems: FormProblems = {};
  for (const field of fields) {
    const problem = fieldProblem(field, values);
    if (problem) problems[field.key] = problem;
  }
  return problems;
}

/** A form is incomplete if any required field is empty or any field has a problem. */
export function isComplete(fields: FormField[], values: FormValues): boolean {
  return Object.keys(formProblems(fields, values)).length === 0;
}

/** The values to submit: trimmed, and optional empty fields left out. */
export function submittedValues(fields: FormField[], values: FormValues): FormValues {
  const result: FormValues = {};
  for (const field of fields) {
    const value = (values[field.key] ?? "").trim();
    if (value !== "" || field.required) result[field.key] = value;
  }
  return result;
}
