import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  acceptInput,
  type FormField,
  fieldProblem,
  formProblems,
  isComplete,
  submittedValues,
} from "./forms.ts";

const field = (overrides: Partial<FormField>): FormField => ({
  key: "first_name",
  label: "First Name",
  type: "text",
  value: "",
  required: true,
  min_length: 1,
  max_length: 10,
  pattern: null,
  input_pattern: null,
  match_field: null,
  autocomplete: "off",
  ...overrides,
});

const email = field({
  key: "email",
  label: "Email",
  type: "email",
  max_length: 254,
  pattern: "^[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,}$",
});
const confirm = field({
  key: "confirm_email",
  label: "Confirm Email",
  type: "email",
  max_length: 254,
  match_field: "email",
});
const mobile = field({
  key: "mobile",
  label: "Mobile",
  type: "tel",
  required: false,
  min_length: 8,
  max_length: 16,
  pattern: "^\\+?[0-9]{7,15}$",
  input_pattern: "[0-9+]",
});

describe("form rules", () => {
  it("requires required fields, after trimming", () => {
    expect(fieldProblem(field({}), { first_name: "   " })).toEqual({ kind: "required" });
    expect(fieldProblem(mobile, { mobile: "" })).toBeNull();
  });

  it("checks length bounds and patterns", () => {
    expect(fieldProblem(field({ min_length: 3 }), { first_name: "Al" })).toEqual({
      kind: "minLength",
      min: 3,
    });
    expect(fieldProblem(field({}), { first_name: "Bartholomew!" })).toEqual({ kind: "maxLength", max: 10 });
    expect(fieldProblem(email, { email: "not-an-email" })).toEqual({ kind: "email" });
    expect(fieldProblem(mobile, { mobile: "12345678x" })).toEqual({ kind: "pattern" });
  });

  it("makes confirm fields equal their base field", () => {
    expect(fieldProblem(confirm, { email: "a@b.org", confirm_email: "a@c.org" })).toEqual({
      kind: "match",
      other: "email",
    });
    expect(fieldProblem(confirm, { email: "a@b.org", confirm_email: " a@b.org " })).toBeNull();
  });

  it("keeps only digits and plus in a mobile number, typed or pasted", () => {
    expect(acceptInput(mobile, "+1 (555) 010-2030")).toBe("+15550102030");
    fc.assert(
      fc.property(fc.string(), (raw) => {
        expect(acceptInput(mobile, raw)).toMatch(/^[0-9+]*$/);
      }),
    );
  });

  it("strips formatting before capping the length, so a pasted number keeps every digit", () => {
    const capped = { ...mobile, max_length: 16 };
    expect(acceptInput(capped, "+1 (202) 555-0142")).toBe("+12025550142");
    expect(acceptInput(capped, "+44 (0) 20 7946 0958 12345")).toBe("+440207946095812");
    fc.assert(
      fc.property(fc.string(), (raw) => {
        expect([...acceptInput(capped, raw)].length).toBeLessThanOrEqual(16);
      }),
    );
  });

  it("is complete only when no field has a problem", () => {
    const fields = [email, confirm, mobile];
    expect(isComplete(fields, { email: "a@b.org", confirm_email: "a@b.org" })).toBe(true);
    expect(isComplete(fields, { email: "a@b.org", confirm_email: "" })).toBe(false);
    expect(Object.keys(formProblems(fields, {}))).toEqual(["email", "confirm_email"]);
  });

  it("submits trimmed values and leaves empty optional fields out", () => {
    expect(submittedValues([email, mobile], { email: " a@b.org ", mobile: "" })).toEqual({
      email: "a@b.org",
    });
  });
});
