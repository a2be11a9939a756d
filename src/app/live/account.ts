import { msg } from "@lingui/core/macro";
import { navigate } from "wouter/use-browser-location";
import { fromPromise } from "xstate";
import { addNoticeTexts, type NoticeTexts } from "../../i18n/notices.ts";
import { accountDeletionMachine } from "../../machines/accountDeletion.machine.ts";
import { deactivationMachine } from "../../machines/deactivation.machine.ts";
import { emailConfirmationMachine } from "../../machines/emailConfirmation.machine.ts";
import type { formMachine } from "../../machines/form.machine.ts";
import { inviteMachine } from "../../machines/invite.machine.ts";
import { profileMachine } from "../../machines/profile.machine.ts";
import {
  createAccountChangesService,
  createDeactivationService,
  createInviteService,
} from "../../services/account-changes.service.ts";
import { createCaptchaService } from "../../services/captcha.service.ts";
import type { LiveDeps } from "./deps.ts";

/** The rider's account: sign-up and password forms, email confirmation, invites, profile (two-factor: ./two-factor.ts). */
export interface AccountLogic {
  forms: {
    signUp: typeof formMachine;
    forgotPassword: typeof formMachine;
    resetPassword: typeof formMachine;
    changePassword: typeof formMachine;
  };
  emailConfirmation: typeof emailConfirmationMachine;
  profile: typeof profileMachine;
  invite: typeof inviteMachine;
  deactivation: typeof deactivationMachine;
  /** "Delete my account": asks first, then the password. */
  accountDeletion: typeof accountDeletionMachine;
}

/** The notices this feature announces (src/i18n/notices.ts). */
export const accountNotices = {
  profileUpdated: msg`Your profile was updated.`,
  inviteAccepted: msg`Your account is ready. You can sign in now.`,
} satisfies NoticeTexts;

export function createAccountLogic(deps: LiveDeps): AccountLogic {
  addNoticeTexts(accountNotices);
  const { bus, storage, formWith } = deps;
  const accounts = createAccountChangesService(deps.http, deps.accountsBase);
  const invites = createInviteService(deps.http, deps.accountsBase);
  const deactivation = createDeactivationService(deps.http, deps.accountsBase);
  const captcha = createCaptchaService(
    deps.http,
    () => deps.config()?.captcha ?? null,
    deps.transitBase,
    deps.browser,
  );
  return {
    forms: {
      signUp: formWith(async (values) =>
        accounts.signUp(values, deps.language(), await captcha.checkedToken("signup")),
      ),
      forgotPassword: formWith(accounts.forgotPassword),
      resetPassword: formWith(accounts.resetPassword),
      changePassword: formWith(accounts.changePassword),
    },
    emailConfirmation: emailConfirmationMachine.provide({
      actors: { confirmEmail: fromPromise(({ input }) => accounts.confirmEmail(input.token)) },
      actions: {
        goToLogin: () =>
          navigate(storage.isSignedIn() ? (deps.config()?.loggedInDefaultRoute ?? "/") : "/login"),
        refreshSession: () => {
          if (storage.isSignedIn()) bus.send({ type: "session.refresh" });
        },
      },
    }),
    profile: profileMachine.provide({
      actors: {
        profileForm: formWith(deps.saveProfile),
      },
      actions: {
        publishUser: ({ context }) => {
          bus.send({ type: "session.userUpdated", user: context.user });
          bus.send({ type: "notify.success", code: "profileUpdated" });
        },
      },
    }),
    invite: inviteMachine.provide({
      actors: {
        loadInvite: fromPromise(({ input }) => invites.details(input.token)),
        acceptForm: formWith(invites.accept),
      },
      actions: { notifyAccepted: () => bus.send({ type: "notify.success", code: "inviteAccepted" }) },
    }),
    deactivation: deactivationMachine.provide({
      actors: {
        loadInfo: fromPromise(() => deactivation.info()),
        confirmForm: formWith(deactivation.deactivate),
      },
      // The same notice as a deactivation on another device, which then ends the session here.
      actions: { signOut: () => bus.send({ type: "session.deactivated" }) },
    }),
    accountDeletion: accountDeletionMachine.provide({
      actors: { confirmForm: formWith(accounts.deleteAccount) },
      // The account is gone: nothing of it stays in this browser, and the rider starts over.
      actions: { announceDeletion: () => bus.send({ type: "session.deleted" }) },
    }),
  };
}
