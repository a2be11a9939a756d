import { Trans } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { createResendVerificationLogic } from "../../app/live/resend-verification.ts";
import { useFeature } from "../../app/logic.tsx";
import type { requestMachine } from "../../machines/request.machine.ts";
import { errorLine } from "../shared/fieldStyles.ts";
import { card } from "../shared/Screen.tsx";

// Kept apart from AccountViews: the layout's checkout dialog uses it, and AccountViews loads lazily.
const sectionHeading = css({ fontSize: "xl", fontWeight: "bold" });

/** The "Action Blocked" notice of a page (account sections, /checkout), with its own resend request. */
export function ResendVerification() {
  const resend = useActorRef(useFeature(createResendVerificationLogic));
  return (
    <div className={card}>
      <ActionBlocked resend={resend} />
    </div>
  );
}

/** Just the resend and its outcome, for the cart's "Action Blocked" dialog, which has its own title. */
export function ResendNow() {
  return <ResendControls resend={useActorRef(useFeature(createResendVerificationLogic))} />;
}

/** "Action Blocked": an unverified rider can only ask for the confirmation email again. */
export function ActionBlocked({ resend }: { resend: ActorRefFrom<typeof requestMachine> }) {
  return (
    <section aria-labelledby="action-blocked" className={css({ display: "grid", gap: "3" })}>
      <h2 id="action-blocked" className={sectionHeading}>
        <Trans>Action Blocked</Trans>
      </h2>
      <p>
        <Trans>Unable to complete your request. Please verify your email and try again.</Trans>
      </p>
      <ResendControls resend={resend} />
    </section>
  );
}

/** "Resend verification email" and what came of it (the page's notice and the checkout dialog). */
function ResendControls({ resend }: { resend: ActorRefFrom<typeof requestMachine> }) {
  const state = useSelector(resend, (snapshot) => snapshot.value);
  return (
    <div className={css({ display: "grid", gap: "3" })}>
      <p>
        <button
          type="button"
          className={button()}
          disabled={state === "sending"}
          aria-busy={state === "sending"}
          onClick={() => resend.send({ type: "request.send" })}
        >
          {state === "sending" ? <Trans>Sending…</Trans> : <Trans>Resend verification email</Trans>}
        </button>
      </p>
      {state === "sent" ? (
        <p role="status">
          <Trans>We sent you a new verification email.</Trans>
        </p>
      ) : null}
      {state === "failed" ? (
        <p role="alert" className={errorLine}>
          <Trans>Failed to send a verification email. Please try later.</Trans>
        </p>
      ) : null}
    </div>
  );
}
