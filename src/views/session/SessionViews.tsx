import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { Link } from "wouter";
import type { ActorRefFrom, SnapshotFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { apiErrorMessage } from "../../i18n/forms.ts";
import type { formMachine } from "../../machines/form.machine.ts";
import type { sessionMachine } from "../../machines/session.machine.ts";
import { linkList, textLink } from "../shared/Screen.tsx";
import { ServerForm } from "../shared/ServerForm.tsx";

type SessionRef = ActorRefFrom<typeof sessionMachine>;

/** The sign-in form's actor while the session shows it. */
export const selectSignInForm = (snapshot: SnapshotFrom<SessionRef>) =>
  snapshot.children.signInForm as FormRef | undefined;
type FormRef = ActorRefFrom<typeof formMachine>;

const alert = css({
  color: "brand.error",
  fontWeight: "semibold",
  borderLeftWidth: "4px",
  borderColor: "brand.error",
  pl: "3",
});

/**
 * Signing in, wherever it happens (the sign-in page, an inline prompt, the checkout dialog): the
 * session's sign-in form, then the texted code when two-factor asks for it.
 */
export function SignInPanel({ session }: { session: SessionRef }) {
  const { t, i18n } = useLingui();
  const phase = useSelector(session, (snapshot) =>
    snapshot.matches("anonymous")
      ? "signIn"
      : snapshot.matches("twoFactor")
        ? "code"
        : snapshot.matches("loadingProfile") || snapshot.matches("restoring")
          ? "loading"
          : "signedIn",
  );
  const expired = useSelector(session, (snapshot) => snapshot.matches({ anonymous: "expired" }));
  const error = useSelector(session, (snapshot) => snapshot.context.error);
  const resending = useSelector(session, (snapshot) => snapshot.matches({ twoFactor: "resending" }));
  const signInForm = useSelector(session, selectSignInForm);
  const codeForm = useSelector(session, (snapshot) => snapshot.children.codeForm) as FormRef | undefined;
  const heading = css({ fontSize: "xl", fontWeight: "bold" });

  if (phase === "loading") {
    return (
      <p role="status">
        <Trans>Signing you in…</Trans>
      </p>
    );
  }
  if (phase === "signedIn") {
    return (
      <p role="status">
        <Trans>You are signed in.</Trans>
      </p>
    );
  }
  if (phase === "code") {
    return (
      <section aria-labelledby="two-factor-heading" className={css({ display: "grid", gap: "4" })}>
        <h2 id="two-factor-heading" className={heading}>
          <Trans>Two-factor verification</Trans>
        </h2>
        <p>
          <Trans>
            Enter the 6-digit code we sent to your phone by text message. It can take about a minute to
            arrive.
          </Trans>
        </p>
        {error !== null ? (
          <p role="alert" className={alert}>
            {apiErrorMessage(i18n, error)}
          </p>
        ) : null}
        {codeForm ? <ServerForm form={codeForm} submitLabel={t`Verify`} /> : null}
        <div className={linkList}>
          <button
            type="button"
            className={button({ variant: "outline" })}
            disabled={resending}
            aria-busy={resending}
            onClick={() => session.send({ type: "twoFactor.resend" })}
          >
            {resending ? <Trans>Sending…</Trans> : <Trans>Send a new code</Trans>}
          </button>
          <button
            type="button"
            className={button({ variant: "ghost" })}
            onClick={() => session.send({ type: "twoFactor.cancel" })}
          >
            <Trans>Cancel</Trans>
          </button>
        </div>
      </section>
    );
  }
  return (
    <section aria-labelledby="sign-in-heading" className={css({ display: "grid", gap: "4" })}>
      <h2 id="sign-in-heading" className={heading}>
        <Trans>Sign in with your email</Trans>
      </h2>
      {expired ? (
        // Said aloud by the "Session expired" popup (SessionDialogs.tsx); kept here once it is closed.
        <p className={alert}>
          <Trans>Your session has ended. Please sign in again.</Trans>
        </p>
      ) : error !== null ? (
        <p role="alert" className={alert}>
          {apiErrorMessage(i18n, error)}
        </p>
      ) : null}
      {signInForm ? <ServerForm form={signInForm} submitLabel={t`Sign in`} /> : null}
      <p className={linkList}>
        <Link href="/forgotpassword" className={textLink}>
          <Trans>Forgot password?</Trans>
        </Link>
        <Link href="/signup" className={textLink}>
          <Trans>Create an account</Trans>
        </Link>
      </p>
    </section>
  );
}
