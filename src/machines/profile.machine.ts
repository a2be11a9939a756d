import { assign, setup } from "xstate";
import { isStoredUser, profileValues, type StoredUser } from "../domain/session.ts";
import { formMachine } from "./form.machine.ts";
import { unprovided } from "./unprovided.ts";

export interface ProfileInput {
  user: StoredUser;
  language: string;
}

export interface ProfileContext {
  user: StoredUser;
  language: string;
  /** How many times the profile was saved on this screen (a saved notice shows after the first). */
  saved: number;
}

export type ProfileEvent = { type: "profile.edit" } | { type: "profile.cancel" };

/*
 * The rider's profile (spec section 2, /account/profile). `viewing` shows it; `editing` runs the
 * server-driven PROFILE form from the current values, where a refused save keeps every change and
 * cancelling drops them. A save shows the saved profile and hands it to the session, so the stored
 * rider and the header agree.
 */
export const profileMachine = setup({
  types: {
    input: {} as ProfileInput,
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    children: {} as { profileForm: "profileForm" },
  },
  actors: { profileForm: formMachine },
  actions: {
    /** Tells the session (and storage) about the saved rider. */
    publishUser: unprovided("publishUser"),
    assignUser: assign(({ context }, user: unknown) =>
      isStoredUser(user) ? { user, saved: context.saved + 1 } : {},
    ),
  },
}).createMachine({
  id: "profile",
  context: ({ input }) => ({ user: input.user, language: input.language, saved: 0 }),
  initial: "viewing",
  states: {
    viewing: {
      on: { "profile.edit": "editing" },
    },
    editing: {
      invoke: {
        id: "profileForm",
        src: "profileForm",
        input: ({ context }) => ({
          method: "PROFILE",
          language: context.language,
          initial: profileValues(context.user),
        }),
        onDone: {
          target: "viewing",
          actions: [
            { type: "assignUser", params: ({ event }: { event: { output: unknown } }) => event.output },
            "publishUser",
          ],
        },
      },
      on: { "profile.cancel": "viewing" },
    },
  },
});
