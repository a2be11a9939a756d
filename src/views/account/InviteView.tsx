import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { Link } from "wouter";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import type { formMachine } from "../../machines/form.machine.ts";
import type { inviteMachine } from "../../machines/invite.machine.ts";
import { linkList } from "../shared/Screen.tsx";
import { ServerForm } from "../shared/ServerForm.tsx";

const box = css({ display: "grid", gap: "3" });

/** Accepting an invite: who it is for, the names and password form, then sign-in. */
export function InviteView({ invite }: { invite: ActorRefFrom<typeof inviteMachine> }) {
  const { t } = useLingui();
  // A flat machine: its state value is the step shown.
  const step = useSelector(invite, (snapshot) => snapshot.value);
  const email = useSelector(invite, (snapshot) => snapshot.context.invite?.email ?? "");
  const form = useSelector(invite, (snapshot) => snapshot.children.acceptForm) as
    | ActorRefFrom<typeof formMachine>
    | undefined;

  if (step === "loading") {
    return (
      <p role="status">
        <Trans>Checking your invite…</Trans>
      </p>
    );
  }
  if (step === "invalid") {
    return (
      <div role="alert" className={box}>
        <p className={css({ fontWeight: "bold" })}>
          <Trans>Invalid user information</Trans>
        </p>
        <p>
          <Trans>This invite link is invalid, was already used or has expired. Ask for a new invite.</Trans>
        </p>
        <p className={linkList}>
          <Link href="/login" className={button({ variant: "outline" })}>
            <Trans>Back to sign in</Trans>
          </Link>
        </p>
      </div>
    );
  }
  if (step === "failed") {
    return (
      <div role="alert" className={box}>
        <p>
          <Trans>Something went wrong, please try again!</Trans>
        </p>
        <p>
          <button type="button" className={button()} onClick={() => invite.send({ type: "invite.retry" })}>
            <Trans>Try again</Trans>
          </button>
        </p>
      </div>
    );
  }
  if (step === "accepted") {
    return (
      <div role="status" className={box}>
        <p className={css({ fontWeight: "bold", fontSize: "lg" })}>
          <Trans>Your account is ready.</Trans>
        </p>
        <p>
          <Trans>Sign in with {email} and the password you chose.</Trans>
        </p>
        <p className={linkList}>
          <Link href="/login" className={button()}>
            <Trans>Sign in</Trans>
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className={box}>
      <p>
        <Trans>
          You are invited to open a rider account as <strong>{email}</strong>. Check your name and choose a
          password.
        </Trans>
      </p>
      {form ? <ServerForm form={form} submitLabel={t`Create account`} /> : null}
    </div>
  );
}
