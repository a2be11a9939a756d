import { I18nProvider } from "@lingui/react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import { formDefinition } from "../../../server/forms/definitions.ts";
import { storedUser } from "../../../tests/support/fixtures.ts";
import { languageNeverChanges } from "../../../tests/support/language.ts";
import { ErrorCode } from "../../domain/envelope.ts";
import type { FormDefinition, FormValues } from "../../domain/forms.ts";
import { i18n } from "../../i18n/i18n.ts";
import { formMachine } from "../../machines/form.machine.ts";
import { profileMachine } from "../../machines/profile.machine.ts";
import { ProfileView } from "./AccountViews.tsx";

/** The profile with the real PROFILE form, whose save the server refuses with `code`. */
function refusedProfile(code: number) {
  const profileForm = formMachine.provide({
    actors: {
      languageChanges: languageNeverChanges,
      fetchForm: fromPromise<FormDefinition, { method: string; language: string }>(async () =>
        formDefinition("PROFILE", "en"),
      ),
      submitForm: fromPromise<unknown, { method: string; values: FormValues }>(async () => {
        throw Object.assign(new Error("refused"), { code });
      }),
    },
  });
  const actor = createActor(profileMachine.provide({ actors: { profileForm } }), {
    input: { user: storedUser, language: "en" },
  }).start();
  render(
    <I18nProvider i18n={i18n}>
      <ProfileView profile={actor} />
    </I18nProvider>,
  );
  return actor;
}

async function saveNewName() {
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Edit profile" }));
  const first = await screen.findByLabelText("First Name");
  await user.clear(first);
  await user.type(first, "Sam");
  await user.click(screen.getByRole("button", { name: "Save changes" }));
  return first;
}

describe("a refused profile save", () => {
  it("says the profile failed to update (spec section 8) and keeps what was typed", async () => {
    const actor = refusedProfile(500);
    const first = await saveNewName();
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to update Profile. Please try later.");
    expect(first).toHaveValue("Sam");
    expect(actor.getSnapshot().matches("editing")).toBe(true);
  });

  it("keeps the catalogue's own text for a refusal it names", async () => {
    refusedProfile(ErrorCode.reauthenticationRequired);
    await saveNewName();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Your current password is not correct. Please try again.",
    );
  });
});
