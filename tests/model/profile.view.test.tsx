import { screen } from "@testing-library/react";
import { expect } from "vitest";
import { createActor, fromPromise } from "xstate";
import { formDefinition } from "../../server/forms/definitions.ts";
import type { FormDefinition, FormValues } from "../../src/domain/forms.ts";
import { formMachine } from "../../src/machines/form.machine.ts";
import { ProfileView } from "../../src/views/account/AccountViews.tsx";
import { languageNeverChanges } from "../support/language.ts";
import { profileModel, savedUser } from "./specs/profile.ts";
import { describeViewModel } from "./view-harness.tsx";

/** The PROFILE form for real; saving answers with the saved rider. */
const submitted: FormValues[] = [];
const profileForm = formMachine.provide({
  actors: {
    languageChanges: languageNeverChanges,
    fetchForm: fromPromise<FormDefinition, { method: string; language: string }>(async () =>
      formDefinition("PROFILE", "en"),
    ),
    submitForm: fromPromise<unknown, { method: string; values: FormValues }>(async ({ input }) => {
      submitted.push(input.values);
      return savedUser;
    }),
  },
});

describeViewModel({
  model: profileModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(logic.provide({ actors: { profileForm } }), { input, clock, inspect }).start();
    return { element: <ProfileView profile={actor} />, actor: () => actor };
  },
  environment: [],
  gestures: {
    "profile.edit": async (user) => user.click(screen.getByRole("button", { name: "Edit profile" })),
    "profile.cancel": async (user) => user.click(screen.getByRole("button", { name: "Cancel" })),
    "xstate.done.actor.profileForm": async (user) => {
      const first = await screen.findByLabelText("First Name");
      await user.clear(first);
      await user.type(first, "  Sam ");
      await user.click(screen.getByRole("button", { name: "Save changes" }));
      await screen.findByRole("heading", { name: "Your details" });
      // Trimmed, and the form started from the current profile.
      expect(submitted.at(-1)).toMatchObject({ first_name: "Sam", last_name: "Rider" });
    },
  },
  sees: {
    viewing: (snapshot) => {
      expect(screen.getByRole("heading", { name: "Your details" })).toBeVisible();
      expect(screen.getByText(snapshot.context.user.email)).toBeVisible();
      if (snapshot.context.saved > 0) {
        expect(screen.getByRole("status")).toHaveTextContent("Your profile was updated.");
        expect(screen.getByText("Sam Rider")).toBeVisible();
      }
    },
    editing: () => expect(screen.getByRole("heading", { name: "Edit profile" })).toBeVisible(),
  },
});
