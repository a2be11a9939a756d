import { setup } from "xstate";
import { formMachine } from "./form.machine.ts";
import { unprovided } from "./unprovided.ts";

export interface AccountDeletionInput {
  language: string;
}

export interface AccountDeletionContext {
  language: string;
}

export type AccountDeletionEvent = { type: "deletion.start" } | { type: "deletion.cancel" };

/*
 * Deleting the account for good, where the deployment allows it. `idle` only warns:
 * no password field sits next to an ordinary button, so one stray click or Enter cannot delete
 * anything. `confirming` is the question itself, and the password form lives only inside it: keeping
 * the account stops the form, so a password typed there never waits in the page for the next
 * opening, and a refused password stays in the question with the server's error. The form's answer
 * is the only way to `deleted`, where the app is told the account is gone (it forgets the session and
 * sends the rider to sign-in).
 */
export const accountDeletionMachine = setup({
  types: {
    input: {} as AccountDeletionInput,
    context: {} as AccountDeletionContext,
    events: {} as AccountDeletionEvent,
    children: {} as { confirmForm: "confirmForm" },
  },
  actors: {
    confirmForm: formMachine,
  },
  actions: {
    /** The account is gone: nothing of it stays in this browser, and the rider starts over. */
    announceDeletion: unprovided("announceDeletion"),
  },
}).createMachine({
  id: "accountDeletion",
  context: ({ input }) => ({ language: input.language }),
  initial: "idle",
  states: {
    idle: {
      on: { "deletion.start": "confirming" },
    },
    confirming: {
      invoke: {
        id: "confirmForm",
        src: "confirmForm",
        input: ({ context }) => ({ method: "DELETE_ACCOUNT", language: context.language }),
        onDone: { target: "deleted", actions: "announceDeletion" },
      },
      on: { "deletion.cancel": "idle" },
    },
    deleted: { type: "final" },
  },
});
