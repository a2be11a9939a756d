import type { FormDefinition } from "../domain/forms.ts";
import type { HttpClient } from "./http.ts";

/** POST {transit}/api/get_form: a form's definition in the rider's language. */
export function createFormsService(http: HttpClient, transit: () => string) {
  return {
    async definition(method: string, language: string): Promise<FormDefinition> {
      const reply = await http.request<FormDefinition>(`${transit()}/api/get_form`, {
        method: "POST",
        body: { form_method: method, langCode: language },
      });
      if (!reply || !Array.isArray(reply.fields)) throw new Error("Failed to fetch the form");
      return reply;
    },
  };
}
