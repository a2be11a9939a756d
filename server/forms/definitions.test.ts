import { describe, expect, it } from "vitest";
import { formProblems } from "../../src/domain/forms.ts";
import { formDefinition, formMethods } from "./definitions.ts";

describe("form definitions", () => {
  it("change password: Confirm Password must repeat the new password, not the current one", () => {
    const { fields } = formDefinition("CHANGE_PASSWORD", "en");
    const confirm = fields.find((field) => field.key === "confirm_password");
    expect(confirm?.match_field).toBe("new_password");
    const values = {
      current_password: "old-password-1",
      new_password: "brand-new-pass",
      confirm_password: "brand-new-pass",
    };
    expect(formProblems(fields, values)).toEqual({});
    expect(formProblems(fields, { ...values, confirm_password: "old-password-1" })).toEqual({
      confirm_password: { kind: "match", other: "new_password" },
    });
  });

  it("every match field names a field of the same form", () => {
    for (const method of formMethods) {
      const { fields } = formDefinition(method, "en");
      const keys = new Set(fields.map((field) => field.key));
      for (const field of fields) {
        if (field.match_field) expect(keys, `${method}.${field.key}`).toContain(field.match_field);
      }
    }
  });

  it("sign-up, reset and invite still confirm the password itself", () => {
    for (const method of ["SIGN_UP", "RESET_PASSWORD", "ACCEPT_INVITE"] as const) {
      const confirm = formDefinition(method, "en").fields.find((field) => field.key === "confirm_password");
      expect(confirm?.match_field).toBe("password");
    }
  });
});
