import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { button } from "../../../styled-system/recipes";
import { linkList, Screen } from "../shared/Screen.tsx";

function BackToSignIn() {
  return (
    <p className={linkList}>
      <Link href="/login" className={button({ variant: "outline" })}>
        <Trans>Back to sign in</Trans>
      </Link>
    </p>
  );
}

export function SignUpScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Create an account`}>
      <p>
        <Trans>Already have an account?</Trans>{" "}
        <Link href="/login">
          <Trans>Sign in</Trans>
        </Link>
      </p>
    </Screen>
  );
}

export function ForgotPasswordScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Forgot password`}>
      <BackToSignIn />
    </Screen>
  );
}

export function ResetPasswordScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Reset password`}>
      <BackToSignIn />
    </Screen>
  );
}

export function ConfirmEmailScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Confirm email`}>
      <BackToSignIn />
    </Screen>
  );
}

export function InviteScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Accept invite`}>
      <BackToSignIn />
    </Screen>
  );
}

export function AppleRedirectScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Sign in with Apple`}>
      <BackToSignIn />
    </Screen>
  );
}
