import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import {
  selectConfirmingSignOut,
  selectDeactivated,
  selectExpiryNotice,
  selectMustEnrol,
  type sessionMachine,
} from "../../machines/session.machine.ts";
import { Sheet, SheetDescription, SheetTitle } from "../../ui/Sheet.tsx";

/*
 * The session's dialogs: the sign-out question, the deactivation notice, the session-expired popup and
 * the required two-factor enrolment. Each opens only in its session state, so the layout loads this module when one first
 * does (src/views/layout/LayoutParts.tsx), not with the first page.
 */

type SessionRef = ActorRefFrom<typeof sessionMachine>;

/** "The cart will be cleared": asked before signing out with items in the cart. */
export function SignOutDialog({ session }: { session: SessionRef }) {
  const open = useSelector(session, selectConfirmingSignOut);
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
  return (
    <SessionNotice
      open={useSelector(session, selectDeactivated)}
      title={<Trans>Account deactivated</Trans>}
      onAcknowledge={() => session.send({ type: "session.deactivationAcknowledged" })}
    >
      <Trans>This account has been deactivated. You will be signed out.</Trans>
    </SessionNotice>
  );
}

/**
 * The spec's session-expired popup, on the sign-in page an ended session lands on. Closed any way, it
 * leaves the sign-in form (which keeps saying the session ended) with what the rider may type.
 */
export function SessionExpiredDialog({ session }: { session: SessionRef }) {
  return (
    <SessionNotice
      open={useSelector(session, selectExpiryNotice)}
      title={<Trans>Session expired</Trans>}
      onAcknowledge={() => session.send({ type: "session.expiryAcknowledged" })}
    >
      <Trans>Your session has ended. Please sign in again.</Trans>
    </SessionNotice>
  );
}

/** A centred notice about the session with one "OK": however it is closed, that is the rider's OK. */
function SessionNotice({
  open,
  title,
  onAcknowledge,
  children,
}: {
  open: boolean;
  title: ReactNode;
  onAcknowledge: () => void;
  children: ReactNode;
}) {
  return (
    <Sheet open={open} role="alertdialog" placement="center" onDismiss={onAcknowledge}>
      {(styles) => (
        <>
          <SheetTitle className={styles.title}>{title}</SheetTitle>
          <SheetDescription className={styles.description}>{children}</SheetDescription>
          <div className={css({ display: "flex", justifyContent: "flex-end" })}>
            <button type="button" className={button()} onClick={onAcknowledge}>
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
