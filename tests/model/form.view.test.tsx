import { screen } from "@testing-library/react";
import { expect } from "vitest";
import { createActor } from "xstate";
import { ServerForm } from "../../src/views/shared/ServerForm.tsx";
import { formModel } from "./specs/form.ts";
import { describeViewModel } from "./view-harness.tsx";

/** The field labels of each language the walk uses (from the server's definitions). */
const labels: Record<string, Record<string, string>> = {
  en: { email: "Email", password: "Password" },
  es: { email: "Correo electrónico", password: "Contraseña" },
};
let current: {
  getSnapshot(): { context: { language: string; definition: { lang_code: string } | null } };
} | null = null;
/** The label a rider reads now: the definition's language (relabeling shows the old labels). */
const labelOf = (key: string) => {
  const lang = current?.getSnapshot().context.definition?.lang_code ?? "en";
  return labels[lang]?.[key] ?? key;
};

describeViewModel({
  model: formModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(logic, { input, clock, inspect }).start();
    current = actor;
    return { element: <ServerForm form={actor} submitLabel="Sign in" />, actor: () => actor };
  },
  environment: [
    "xstate.done.actor.fetchForm",
    "xstate.error.actor.fetchForm",
    "xstate.done.actor.submitForm",
    "xstate.error.actor.submitForm",
    // The language select, elsewhere on the page.
    "form.relabel",
  ],
  gestures: {
    "field.change": async (user, event) => {
      const input = screen.getByLabelText(labelOf(String(event.key)));
      await user.clear(input);
      if (event.value) await user.type(input, String(event.value));
    },
    "field.blur": async (user, event) => {
      await user.click(screen.getByLabelText(labelOf(String(event.key))));
      await user.click(document.body);
    },
    "form.submit": async (user) => user.click(screen.getByRole("button", { name: "Sign in" })),
    "form.retry": async (user) => user.click(screen.getByRole("button", { name: "Try again" })),
  },
  sees: {
    loading: () => expect(screen.getByRole("status")).toHaveTextContent("Loading the form…"),
    unavailable: () => {
      expect(screen.getByRole("alert")).toHaveTextContent("Failed to fetch the form");
      expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
    },
    editing: (snapshot) => {
      expect(screen.getByLabelText(labelOf("email"))).toHaveValue(snapshot.context.values.email ?? "");
      expect(screen.getByLabelText(labelOf("password"))).toHaveValue(snapshot.context.values.password ?? "");
      expect(screen.getByRole("button", { name: "Sign in" })).toBeEnabled();
      if (snapshot.context.error === 40102) {
        expect(screen.getByRole("alert")).toHaveTextContent(
          "The email and password you entered do not match our information. Check again and retry.",
        );
      }
      if (snapshot.context.touched.includes("email") && !snapshot.context.values.email) {
        expect(screen.getByText(`${labelOf("email")} can not be empty.`)).toBeVisible();
      }
    },
    relabeling: (snapshot) =>
      expect(screen.getByLabelText(labelOf("email"))).toHaveValue(snapshot.context.values.email ?? ""),
    submitting: () => expect(screen.getByRole("button", { name: "Please wait…" })).toBeDisabled(),
    done: () => expect(screen.getByRole("button", { name: "Sign in" })).toBeInTheDocument(),
  },
});
