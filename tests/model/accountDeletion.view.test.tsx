import { I18nProvider } from "@lingui/react";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import { formDefinition } from "../../server/forms/definitions.ts";
import type { FormDefinition, FormValues } from "../../src/domain/forms.ts";
import { i18n } from "../../src/i18n/i18n.ts";
import { accountDeletionMachine } from "../../src/machines/accountDeletion.machine.ts";
import { formMachine } from "../../src/machines/form.machine.ts";
import { AccountDeletionView } from "../../src/views/account/AccountDeletionView.tsx";
import { languageNeverChanges } from "../support/language.ts";
import { accountDeletionModel } from "./specs/accountDeletion.ts";
import { describeViewModel } from "./view-harness.tsx";

/** The password form for real; deleting answers like the server. */
const asked: string[] = [];
const submitted: FormValues[] = [];
const confirmForm = formMachine.provide({
  actors: {
    languageChanges: languageNeverChanges,
    fetchForm: fromPromise<FormDefinition, { method: string; language: string }>(async ({ input }) => {
      asked.push(`${input.method} ${input.language}`);
      return formDefinition("DELETE_ACCOUNT", input.language);
    }),
    submitForm: fromPromise<unknown, { method: string; values: FormValues }>(async ({ input }) => {
      submitted.push(input.values);
      return null;
    }),
  },
});

const question = () => screen.getByRole("alertdialog", { name: "Delete your account?" });

describeViewModel({
  model: accountDeletionModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(logic.provide({ actors: { confirmForm } }), { input, clock, inspect }).start();
    return { element: <AccountDeletionView accountDeletion={actor} />, actor: () => actor };
  },
  environment: [],
  gestures: {
    "deletion.start": async (user) => user.click(screen.getByRole("button", { name: "Delete my account" })),
    "deletion.cancel": async (user) =>
      user.click(within(question()).getByRole("button", { name: "Keep my account" })),
    "xstate.done.actor.confirmForm": async (user) => {
      const dialog = question();
      await user.type(await within(dialog).findByLabelText("Current Password"), "transit-demo-2026");
      await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));
      await screen.findByText("Your account was deleted.");
      expect(submitted.at(-1)?.current_password).toBe("transit-demo-2026");
      expect(asked.at(-1)).toBe("DELETE_ACCOUNT en");
    },
  },
  sees: {
    idle: () => {
      expect(screen.queryByRole("alertdialog")).toBeNull();
      expect(screen.getByText(/This cannot be undone\./)).toBeVisible();
      expect(screen.getByRole("button", { name: "Delete my account" })).toBeEnabled();
    },
    confirming: () => {
      const dialog = question();
      expect(dialog).toHaveAccessibleDescription(/This cannot be undone/);
      expect(within(dialog).getByRole("button", { name: "Keep my account" })).toBeVisible();
    },
    deleted: () => {
      expect(screen.getByRole("status")).toHaveTextContent("Your account was deleted.");
      expect(screen.queryByRole("alertdialog")).toBeNull();
      expect(screen.queryByRole("button", { name: "Delete my account" })).toBeNull();
    },
  },
});

describe("account deletion question", () => {
  afterEach(() => cleanup());

  async function open() {
    const actor = createActor(accountDeletionMachine.provide({ actors: { confirmForm } }), {
      input: { language: "en" },
    }).start();
    const user = userEvent.setup();
    render(
      <I18nProvider i18n={i18n}>
        <AccountDeletionView accountDeletion={actor} />
      </I18nProvider>,
    );
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    const password = await within(question()).findByLabelText("Current Password");
    await user.type(password, "half a password");
    return { actor, user };
  }

  it("Escape keeps the account and forgets the password typed", async () => {
    const { actor, user } = await open();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(actor.getSnapshot().value).toBe("idle");
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    expect(await within(question()).findByLabelText("Current Password")).toHaveValue("");
    await act(async () => actor.stop());
  });

  it("Keep my account forgets the password typed too", async () => {
    const { actor, user } = await open();
    await user.click(within(question()).getByRole("button", { name: "Keep my account" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    expect(await within(question()).findByLabelText("Current Password")).toHaveValue("");
    expect(submitted).not.toContain(expect.objectContaining({ current_password: "half a password" }));
    await act(async () => actor.stop());
  });
});
