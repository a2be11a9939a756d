import { screen } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";
import { type AnyEventObject, createActor, fromPromise } from "xstate";
import { formDefinition } from "../../server/forms/definitions.ts";
import type { FormDefinition, FormValues } from "../../src/domain/forms.ts";
import { formMachine } from "../../src/machines/form.machine.ts";
import {
  DeactivatedDialog,
  SessionExpiredDialog,
  SignOutDialog,
  TwoFactorEnrolmentDialog,
} from "../../src/views/session/SessionDialogs.tsx";
import { SignInPanel } from "../../src/views/session/SessionViews.tsx";
import { SignOutButton } from "../../src/views/session/SignOutButton.tsx";
import { languageNeverChanges } from "../support/language.ts";
import { sessionModel } from "./specs/session.ts";
import { describeViewModel } from "./view-harness.tsx";

/*
 * The sign-in and code forms are real forms here: finishing one is the rider typing and submitting it,
 * and the fake submission answers with the output the path expects.
 */
let answer: unknown = null;
let cartEmpty = true;
const submitted: FormValues[] = [];
const form = (method: "SIGN_IN" | "MFA_CODE") =>
  formMachine.provide({
    actors: {
      languageChanges: languageNeverChanges,
      fetchForm: fromPromise<FormDefinition, { method: string; language: string }>(async () =>
        formDefinition(method, "en"),
      ),
      submitForm: fromPromise<unknown, { method: string; values: FormValues }>(async ({ input }) => {
        submitted.push(input.values);
        return answer;
      }),
    },
  });

async function typeInto(user: UserEvent, label: string, value: string) {
  const field = await screen.findByLabelText(label);
  await user.clear(field);
  await user.type(field, value);
}

const signOutDialog = () => screen.queryByRole("alertdialog", { name: "Sign out?" });

describeViewModel({
  model: sessionModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(
      logic.provide({ actors: { signInForm: form("SIGN_IN"), codeForm: form("MFA_CODE") } }),
      { input, clock, inspect },
    ).start();
    return {
      element: (
        <>
          <SignInPanel session={actor} />
          <SignOutButton session={actor} isCartEmpty={() => cartEmpty} />
          <SignOutDialog session={actor} />
          <DeactivatedDialog session={actor} />
          <SessionExpiredDialog session={actor} />
          <TwoFactorEnrolmentDialog session={actor} isCartEmpty={() => cartEmpty}>
            <p>The enrolment steps</p>
          </TwoFactorEnrolmentDialog>
        </>
      ),
      actor: () => actor,
    };
  },
  environment: [
    "session.expired",
    "session.refresh",
    "session.userUpdated",
    "session.deleted",
    "session.handOver",
    "session.deactivated",
    // The language picker's choice, told through the app (live.ts: storeLanguage).
    "session.language",
    "xstate.done.actor.saveLanguage",
    "xstate.error.actor.saveLanguage",
    "xstate.done.actor.loadProfile",
    "xstate.error.actor.loadProfile",
    "xstate.done.actor.resendCode",
    "xstate.error.actor.resendCode",
    "xstate.done.actor.logout",
    "xstate.error.actor.logout",
  ],
  gestures: {
    "xstate.done.actor.signInForm": async (user, event: AnyEventObject) => {
      answer = event.output;
      await typeInto(user, "Email", "rider@example.com");
      await typeInto(user, "Password", "transit-demo-2026");
      await user.click(screen.getByRole("button", { name: "Sign in" }));
    },
    "xstate.done.actor.codeForm": async (user, event: AnyEventObject) => {
      answer = event.output;
      await typeInto(user, "Verification Code", "12a3456");
      expect(screen.getByLabelText("Verification Code")).toHaveValue("123456");
      await user.click(screen.getByRole("button", { name: "Verify" }));
    },
    "twoFactor.resend": async (user) => user.click(screen.getByRole("button", { name: "Send a new code" })),
    "twoFactor.cancel": async (user) => user.click(screen.getByRole("button", { name: "Cancel" })),
    "session.signOut": async (user, event: AnyEventObject) => {
      cartEmpty = event.cartEmpty === true;
      await user.click(screen.getByRole("button", { name: "Sign out" }));
    },
    "session.signOutConfirmed": async (user) =>
      user.click(screen.getByRole("button", { name: "Sign out and clear cart" })),
    "session.deactivationAcknowledged": async (user) =>
      user.click(screen.getByRole("button", { name: "OK" })),
    "session.expiryAcknowledged": async (user) => user.click(screen.getByRole("button", { name: "OK" })),
    "session.signOutCancelled": async (user) =>
      user.click(screen.getByRole("button", { name: "Stay signed in" })),
  },
  sees: {
    anonymous: (snapshot) => {
      // Beneath the session-expired popup, the form is there but hidden from assistive technology.
      const hidden = snapshot.hasTag("expiryNotice");
      expect(screen.getByRole("heading", { name: "Sign in with your email", hidden })).toBeVisible();
      expect(screen.getByRole("link", { name: "Forgot password?", hidden })).toHaveAttribute(
        "href",
        "/forgotpassword",
      );
    },
    "anonymous.fresh": (snapshot) => {
      if (snapshot.context.error === 50301) {
        expect(screen.getByRole("alert")).toHaveTextContent(
          "You are not connected to the internet. Please connect to the internet and try again.",
        );
      } else {
        expect(screen.queryByText("Your session has ended. Please sign in again.")).not.toBeInTheDocument();
      }
    },
    "anonymous.expired": () => {
      const heading = screen.getByRole("heading", { name: "Sign in with your email", hidden: true });
      const form = heading.closest("section");
      expect(form).toHaveTextContent("Your session has ended. Please sign in again.");
    },
    "anonymous.expired.told": () =>
      expect(screen.getByRole("alertdialog", { name: "Session expired" })).toHaveTextContent(
        "Your session has ended. Please sign in again.",
      ),
    "anonymous.expired.acknowledged": () => {
      expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
      expect(screen.getByRole("heading", { name: "Sign in with your email" })).toBeVisible();
    },
    twoFactor: () => {
      expect(screen.getByRole("heading", { name: "Two-factor verification" })).toBeVisible();
      expect(screen.getByText(/It can take about a minute to arrive\./)).toBeVisible();
    },
    "twoFactor.waiting": (snapshot) => {
      expect(screen.getByRole("button", { name: "Send a new code" })).toBeEnabled();
      if (snapshot.context.error === 42901) {
        expect(screen.getByRole("alert")).toHaveTextContent(
          "Too many attempts. Please wait a few minutes and try again.",
        );
      }
    },
    "twoFactor.resending": () => expect(screen.getByRole("button", { name: "Sending…" })).toBeDisabled(),
    loadingProfile: () => expect(screen.getByRole("status")).toHaveTextContent("Signing you in…"),
    restoring: () => expect(screen.getByRole("status")).toHaveTextContent("Signing you in…"),
    authenticated: (snapshot) => {
      // The required enrolment is modal: the page beneath it is there, but hidden from assistive technology.
      const beneathModal = snapshot.matches({ authenticated: "enrolling" });
      const status = screen.getByRole("status", { hidden: beneathModal });
      expect(status).toHaveTextContent("You are signed in.");
      expect(status.closest('[aria-hidden="true"]') !== null).toBe(beneathModal);
    },
    "authenticated.idle": () => {
      expect(signOutDialog()).not.toBeInTheDocument();
      expect(
        screen.queryByRole("dialog", { name: "Turn on two-factor authentication" }),
      ).not.toBeInTheDocument();
    },
    "authenticated.enrolling": () => {
      const dialog = screen.getByRole("dialog", { name: "Turn on two-factor authentication" });
      expect(dialog).toHaveTextContent("The enrolment steps");
      expect(screen.getByRole("button", { name: "Sign out instead" })).toBeVisible();
    },
    deactivatedNotice: () =>
      expect(screen.getByRole("alertdialog", { name: "Account deactivated" })).toHaveTextContent(
        "This account has been deactivated. You will be signed out.",
      ),
    "authenticated.refreshing": () => expect(screen.getByRole("button", { name: "Sign out" })).toBeEnabled(),
    // Saving the profile's language changes nothing on screen: the rider goes on.
    "authenticated.savingLanguage": () =>
      expect(screen.getByRole("button", { name: "Sign out" })).toBeEnabled(),
    confirmingSignOut: () => {
      const dialog = signOutDialog();
      if (!dialog) throw new Error("the sign-out confirmation is not open");
      expect(dialog).toHaveTextContent("Your cart will be cleared when you sign out.");
    },
    signingOut: () => expect(screen.getByRole("button", { name: "Signing out…" })).toBeDisabled(),
  },
});
