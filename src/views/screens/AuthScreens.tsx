import { Trans, useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { Link, useParams } from "wouter";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { useChild } from "../../app/children.ts";
import { createAccountLogic } from "../../app/live/account.ts";
import { useFeature } from "../../app/logic.tsx";
import { isTokenShaped } from "../../domain/accounts.ts";
import { ErrorCode } from "../../domain/envelope.ts";
import type { emailConfirmationMachine } from "../../machines/emailConfirmation.machine.ts";
import { selectLocale } from "../../machines/language.machine.ts";
import { InviteView } from "../account/InviteView.tsx";
import { ResetPasswordFlow } from "../session/ResetPasswordFlow.tsx";
import { SocialSignInButtons } from "../session/SocialSignInButtons.tsx";
import { FormFlow } from "../shared/FormFlow.tsx";
import { card, linkList, Screen, textLink } from "../shared/Screen.tsx";

function BackToSignIn() {
  return (
    <p className={linkList}>
      <Link href="/login" className={button({ variant: "outline" })}>
        <Trans>Back to sign in</Trans>
      </Link>
    </p>
  );
}

const doneBox = css({ display: "grid", gap: "3" });

export function SignUpScreen() {
  const { t } = useLingui();
  const { forms } = useFeature(createAccountLogic);
  return (
    <Screen title={t`Create an account`}>
      <div className={card}>
        <FormFlow
          logic={forms.signUp}
          method="SIGN_UP"
          submitLabel={t`Create account`}
          done={
            <div role="status" className={doneBox}>
              <p className={css({ fontWeight: "bold", fontSize: "lg" })}>
                <Trans>Check your email</Trans>
              </p>
              <p>
                <Trans>
                  We sent a link to confirm your email address. Open it to finish creating your account, then
                  sign in.
                </Trans>
              </p>
              <BackToSignIn />
            </div>
          }
        />
        <SocialSignInButtons verb="signUp" />
        <p>
          <Trans>Already have an account?</Trans>{" "}
          <Link href="/login" className={textLink}>
            <Trans>Sign in</Trans>
          </Link>
        </p>
      </div>
    </Screen>
  );
}

export function ForgotPasswordScreen() {
  const { t } = useLingui();
  const { forms } = useFeature(createAccountLogic);
  return (
    <Screen title={t`Forgot password`}>
      <div className={card}>
        <p>
          <Trans>Enter the email of your account and we will send you a link to choose a new password.</Trans>
        </p>
        <FormFlow
          logic={forms.forgotPassword}
          method="FORGOT_PASSWORD"
          submitLabel={t`Send reset link`}
          done={
            <div role="status" className={doneBox}>
              <p>
                <Trans>
                  If an account uses this email, a link to reset the password is on its way. The link works
                  for 30 minutes.
                </Trans>
              </p>
              <BackToSignIn />
            </div>
          }
        />
      </div>
    </Screen>
  );
}

export function ResetPasswordScreen() {
  const { t } = useLingui();
  const { token } = useParams<{ token?: string }>();
  return (
    <Screen title={t`Reset password`}>
      <div className={card}>
        {isTokenShaped(token) ? (
          <ResetPasswordFlow
            token={token}
            submitLabel={t`Save new password`}
            done={
              <div role="status" className={doneBox}>
                <p>
                  <Trans>Your password was changed. Sign in with your new password.</Trans>
                </p>
                <BackToSignIn />
              </div>
            }
            extra={(error) => (error === ErrorCode.tokenInvalid ? <AskAgain /> : null)}
          />
        ) : (
          <>
            <p role="alert">
              <Trans>This token is invalid</Trans>
            </p>
            <AskAgain />
          </>
        )}
      </div>
    </Screen>
  );
}

/** The way out of a dead reset link: ask for a new one. */
function AskAgain() {
  return (
    <p>
      <Link href="/forgotpassword" className={textLink}>
        <Trans>Request a new password reset link</Trans>
      </Link>
    </p>
  );
}

export function ConfirmEmailScreen() {
  const { t } = useLingui();
  const { emailConfirmation } = useFeature(createAccountLogic);
  const { token } = useParams<{ token?: string }>();
  const confirmation = useActorRef(emailConfirmation, { input: { token: token ?? null } });
  return (
    <Screen title={t`Confirm email`}>
      <div className={card}>
        <EmailConfirmationView confirmation={confirmation} />
      </div>
    </Screen>
  );
}

/** What the rider sees while the link is checked, and after. */
export function EmailConfirmationView({
  confirmation,
}: {
  confirmation: ActorRefFrom<typeof emailConfirmationMachine>;
}) {
  const state = useSelector(confirmation, (snapshot) =>
    snapshot.matches("confirmed") || snapshot.matches("redirected")
      ? "confirmed"
      : snapshot.matches("failed")
        ? "failed"
        : snapshot.matches("invalid")
          ? "invalid"
          : "confirming",
  );
  if (state === "confirming") {
    return (
      <p role="status">
        <Trans>Confirming your email…</Trans>
      </p>
    );
  }
  if (state === "confirmed") {
    return (
      <div role="status" className={doneBox}>
        <p className={css({ fontWeight: "bold", fontSize: "lg" })}>
          <Trans>Your email is confirmed.</Trans>
        </p>
        <p>
          <Trans>We will take you to sign in in 5 seconds.</Trans>
        </p>
        <BackToSignIn />
      </div>
    );
  }
  if (state === "failed") {
    return (
      <div role="alert" className={doneBox}>
        <p>
          <Trans>Something went wrong, please try again!</Trans>
        </p>
        <p>
          <button
            type="button"
            className={button()}
            onClick={() => confirmation.send({ type: "confirmation.retry" })}
          >
            <Trans>Try again</Trans>
          </button>
        </p>
      </div>
    );
  }
  return (
    <div role="alert" className={doneBox}>
      <p>
        <Trans>This confirmation link is invalid or was already used.</Trans>
      </p>
      <p>
        <Trans>Sign in and ask for a new confirmation email from your account.</Trans>
      </p>
      <BackToSignIn />
    </div>
  );
}

export function InviteScreen() {
  const { t } = useLingui();
  const { invite } = useFeature(createAccountLogic);
  const { token } = useParams<{ token?: string }>();
  const language = useSelector(useChild("language"), selectLocale);
  const actor = useActorRef(invite, { input: { token: token ?? null, language } });
  return (
    <Screen title={t`Accept invite`}>
      <div className={card}>
        <InviteView invite={actor} />
      </div>
    </Screen>
  );
}
