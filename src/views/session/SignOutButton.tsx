import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { cx } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import type { sessionMachine } from "../../machines/session.machine.ts";

type SessionRef = ActorRefFrom<typeof sessionMachine>;

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
