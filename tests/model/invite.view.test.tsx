import { screen } from "@testing-library/react";
import { expect } from "vitest";
import { createActor, fromPromise } from "xstate";
import { formDefinition } from "../../server/forms/definitions.ts";
import type { FormDefinition, FormValues } from "../../src/domain/forms.ts";
import { formMachine } from "../../src/machines/form.machine.ts";
import { InviteView } from "../../src/views/account/InviteView.tsx";
import { languageNeverChanges } from "../support/language.ts";
import { inviteModel } from "./specs/invite.ts";
import { describeViewModel } from "./view-harness.tsx";

/** The ACCEPT_INVITE form for real; accepting answers like the server. */
const submitted: FormValues[] = [];
const acceptForm = formMachine.provide({
  actors: {
    languageChanges: languageNeverChanges,
    fetchForm: fromPromise<FormDefinition, { method: string; language: string }>(async () =>
      formDefinition("ACCEPT_INVITE", "en"),
    ),
    submitForm: fromPromise<unknown, { method: string; values: FormValues }>(async ({ input }) => {
      submitted.push(input.values);
      return { status: "accepted" };
    }),
  },
});

describeViewModel({
  model: inviteModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(logic.provide({ actors: { acceptForm } }), { input, clock, inspect }).start();
    return { element: <InviteView invite={actor} />, actor: () => actor };
  },
  environment: ["xstate.done.actor.loadInvite", "xstate.error.actor.loadInvite"],
  gestures: {
    "invite.retry": async (user) => user.click(screen.getByRole("button", { name: "Try again" })),
    "xstate.done.actor.acceptForm": async (user) => {
      // The invite's first name is there already; the last name and password are the rider's.
      expect(await screen.findByLabelText("First Name")).toHaveValue("Rosa");
      await user.type(screen.getByLabelText("Last Name"), "Parks");
      await user.type(screen.getByLabelText("Password"), "a fine long passphrase");
      await user.type(screen.getByLabelText("Confirm Password"), "a fine long passphrase");
      await user.click(screen.getByRole("button", { name: "Create account" }));
      await screen.findByText("Your account is ready.");
      expect(submitted.at(-1)).toMatchObject({
        first_name: "Rosa",
        last_name: "Parks",
        token: "i".repeat(43),
      });
    },
  },
  sees: {
    loading: () => expect(screen.getByRole("status")).toHaveTextContent("Checking your invite…"),
    failed: () =>
      expect(screen.getByRole("alert")).toHaveTextContent("Something went wrong, please try again!"),
    ready: () => expect(screen.getByText("rosa@example.org")).toBeVisible(),
    accepted: () => {
      expect(screen.getByRole("status")).toHaveTextContent("Sign in with rosa@example.org");
      expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
    },
    invalid: () => expect(screen.getByRole("alert")).toHaveTextContent("Invalid user information"),
  },
});
