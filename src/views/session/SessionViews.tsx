import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import type { ActorRefFrom, SnapshotFrom } from "xstate";
import { css, cx } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { apiErrorMessage } from "../../i18n/forms.ts";
import type { formMachine } from "../../machines/form.machine.ts";
import { selectDeactivated, selectMustEnrol, type sessionMachine } from "../../machines/session.machine.ts";
import { Sheet, SheetDescription, SheetTitle } from "../../ui/Sheet.tsx";
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
export function SignInPanel({
  session,
  language,
}: {
  session: SessionRef;
  /** The rider's language, for the labels of the server's forms. */
  language?: string;
}) {
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
        {codeForm ? <ServerForm form={codeForm} submitLabel={t`Verify`} language={language} /> : null}
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
        <p role="alert" className={alert}>
          <Trans>Your session has ended. Please sign in again.</Trans>
        </p>
      ) : error !== null ? (
        <p role="alert" className={alert}>
          {apiErrorMessage(i18n, error)}
        </p>
      ) : null}
      {signInForm ? <ServerForm form={signInForm} submitLabel={t`Sign in`} language={language} /> : null}
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

/** The header's sign-out button; the cart is read when clicked, since signing out clears it. */
export function SignOutButton({
  session,
  isCartEmpty,
  className,
}: {
  session: SessionRef;
  isCartEmpty: () => boolean;
  className?: string;
}) {
  const busy = useSelector(session, (snapshot) => snapshot.matches("signingOut"));
  return (
    <button
      type="button"
      className={cx(button({ variant: "ghost" }), className)}
      disabled={busy}
      aria-busy={busy}
      onClick={() => session.send({ type: "session.signOut", cartEmpty: isCartEmpty() })}
    >
      {busy ? <Trans>Signing out…</Trans> : <Trans>Sign out</Trans>}
    </button>
  );
}

/** "The cart will be cleared": asked before signing out with items in the cart. */
export function SignOutDialog({ session }: { session: SessionRef }) {
  const open = useSelector(session, (snapshot) => snapshot.matches("confirmingSignOut"));
  return (
    <Sheet
      open={open}
      role="alertdialog"
      placement="center"
      onDismiss={() => session.send({ type: "session.signOutCancelled" })}
    >
      {(styles) => (
        <>
          <SheetTitle className={styles.title}>
            <Trans>Sign out?</Trans>
          </SheetTitle>
          <SheetDescription className={styles.description}>
            <Trans>Your cart will be cleared when you sign out.</Trans>
          </SheetDescription>
          <div className={css({ display: "flex", gap: "3", justifyContent: "flex-end", flexWrap: "wrap" })}>
            <button
              type="button"
              className={button({ variant: "outline" })}
              onClick={() => session.send({ type: "session.signOutCancelled" })}
            >
              <Trans>Stay signed in</Trans>
            </button>
            <button
              type="button"
              className={button()}
              onClick={() => session.send({ type: "session.signOutConfirmed" })}
            >
              <Trans>Sign out and clear cart</Trans>
            </button>
          </div>
        </>
      )}
    </Sheet>
  );
}

/**
 * "Your account has been deactivated" (here or on another device): the session ends once the rider
 * has read it, however they close the notice.
 */
export function DeactivatedDialog({ session }: { session: SessionRef }) {
  const open = useSelector(session, selectDeactivated);
  const acknowledge = () => session.send({ type: "session.deactivationAcknowledged" });
  return (
    <Sheet open={open} role="alertdialog" placement="center" onDismiss={acknowledge}>
      {(styles) => (
        <>
          <SheetTitle className={styles.title}>
            <Trans>Account deactivated</Trans>
          </SheetTitle>
          <SheetDescription className={styles.description}>
            <Trans>This account has been deactivated. You will be signed out.</Trans>
          </SheetDescription>
          <div className={css({ display: "flex", justifyContent: "flex-end" })}>
            <button type="button" className={button()} onClick={acknowledge}>
              <Trans>OK</Trans>
            </button>
          </div>
        </>
      )}
    </Sheet>
  );
}

/**
 * The multifactor enrolment dialog after sign-in, where the deployment requires two-factor: it stays
 * until two-factor is on (the enrolment runs inside it) or the rider signs out.
 */
export function TwoFactorEnrolmentDialog({
  session,
  isCartEmpty,
  children,
}: {
  session: SessionRef;
  isCartEmpty: () => boolean;
  children: ReactNode;
}) {
  const open = useSelector(session, selectMustEnrol);
  return (
    <Sheet open={open} placement="center" onDismiss={() => {}}>
      {(styles) => (
        <>
          <SheetTitle className={styles.title}>
            <Trans>Turn on two-factor authentication</Trans>
          </SheetTitle>
          <SheetDescription className={styles.description}>
            <Trans>
              This agency asks every rider for a code sent by text at sign-in. Add your mobile number to
              continue.
            </Trans>
          </SheetDescription>
          {children}
          <div className={css({ display: "flex", justifyContent: "flex-end" })}>
            <button
              type="button"
              className={button({ variant: "ghost" })}
              onClick={() => session.send({ type: "session.signOut", cartEmpty: isCartEmpty() })}
            >
              <Trans>Sign out instead</Trans>
            </button>
          </div>
        </>
      )}
    </Sheet>
  );
}
