import type { FormDefinition, WrittenForms } from "../domain/forms.ts";
import type { HttpClient } from "./http.ts";
import { takeWrittenJson } from "./page-data.ts";

/**
 * POST {transit}/api/get_form: a form's definition in the rider's language. A definition the page
 * holds in that language is answered from it, on every ask: definitions do not change while the page
 * is open.
 */
export function createFormsService(
  http: HttpClient,
  transit: () => string,
  inPage: WrittenForms | null = null,
) {
  return {
    async definition(method: string, language: string): Promise<FormDefinition> {
      const held =
        inPage?.language === language ? inPage.forms.find((form) => form.form_method === method) : undefined;
      if (held) return held;
      const reply = await http.request<FormDefinition>(`${transit()}/api/get_form`, {
        method: "POST",
        body: { form_method: method, langCode: language },
      });
      if (!reply || !Array.isArray(reply.fields)) throw new Error("Failed to fetch the form");
      return reply;
    },
  };
}

/** The form definitions the server wrote into the page, taken out of it; null when it has none. */
export function formsWrittenInto(document: Document): WrittenForms | null {
  const value = takeWrittenJson(document, "portal-forms") as { language?: unknown; forms?: unknown } | null;
  if (typeof value?.language !== "string" || !Array.isArray(value.forms)) return null;
  const forms = value.forms.filter(
    (form): form is FormDefinition =>
      typeof form === "object" &&
      form !== null &&
      typeof form.form_method === "string" &&
      Array.isArray(form.fields),
  );
  return { language: value.language, forms };
}
