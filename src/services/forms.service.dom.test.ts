import { afterEach, describe, expect, it, vi } from "vitest";
import { writeIntoPage } from "../../tests/support/page-blocks.ts";
import type { FormDefinition } from "../domain/forms.ts";
import { createFormsService, formsWrittenInto } from "./forms.service.ts";
import type { HttpClient } from "./http.ts";

const signIn: FormDefinition = {
  form_method: "SIGN_IN",
  lang_code: "en",
  fields: [
    {
      key: "email",
      label: "Email",
      type: "email",
      value: "",
      required: true,
      min_length: null,
      max_length: 254,
      pattern: null,
      input_pattern: null,
      match_field: null,
      autocomplete: "username",
    },
  ],
};
const fromServer: FormDefinition = { ...signIn, fields: [] };

function http() {
  const request = vi.fn(async () => fromServer);
  return { client: { request } as unknown as HttpClient, request };
}

/** The service over a page holding `text` as its form definitions, and its requests. */
function overPage(text: string) {
  writeIntoPage("portal-forms", text);
  const { client, request } = http();
  return {
    forms: createFormsService(client, () => "/transit", formsWrittenInto(document)),
    request,
  };
}

afterEach(() => document.getElementById("portal-forms")?.remove());

describe("form definitions", () => {
  it("answers the page's definition in its language without a request, on every ask", async () => {
    const { forms, request } = overPage(JSON.stringify({ language: "en", forms: [signIn] }));
    expect(await forms.definition("SIGN_IN", "en")).toEqual(signIn);
    // Signing out draws the sign-in form again: still from the page, whose element is gone by now.
    expect(await forms.definition("SIGN_IN", "en")).toEqual(signIn);
    expect(document.getElementById("portal-forms")).toBeNull();
    expect(request).not.toHaveBeenCalled();
  });

  it("asks the server for another form, or for the same one in another language", async () => {
    const { forms, request } = overPage(JSON.stringify({ language: "en", forms: [signIn] }));
    expect(await forms.definition("SIGN_UP", "en")).toBe(fromServer);
    expect(await forms.definition("SIGN_IN", "es")).toBe(fromServer);
    expect(request.mock.calls).toEqual([
      ["/transit/api/get_form", { method: "POST", body: { form_method: "SIGN_UP", langCode: "en" } }],
      ["/transit/api/get_form", { method: "POST", body: { form_method: "SIGN_IN", langCode: "es" } }],
    ]);
  });

  it("asks the server when the page holds nothing it can use", async () => {
    for (const text of [
      "",
      "not json",
      "null",
      '"SIGN_IN"',
      JSON.stringify({ forms: [signIn] }),
      JSON.stringify({ language: "en", forms: {} }),
      JSON.stringify({ language: "en", forms: [null, 1, { form_method: "SIGN_IN" }, { fields: [] }] }),
    ]) {
      const { forms, request } = overPage(text);
      expect(await forms.definition("SIGN_IN", "en"), text).toBe(fromServer);
      expect(request, text).toHaveBeenCalledTimes(1);
      document.getElementById("portal-forms")?.remove();
    }
  });

  it("without a page to read (tests, the development server), always asks the server", async () => {
    const { client, request } = http();
    const forms = createFormsService(client, () => "/transit");
    await forms.definition("SIGN_IN", "en");
    await forms.definition("SIGN_IN", "en");
    expect(request).toHaveBeenCalledTimes(2);
  });
});
