import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import type { ActorRefFrom } from "xstate";
import type { sessionMachine } from "../../machines/session.machine.ts";
import type { socialReturnMachine } from "../../machines/socialReturn.machine.ts";
import { providerName } from "./providers.ts";
import { SignInPanel } from "./SessionViews.tsx";

type SocialReturnRef = ActorRefFrom<typeof socialReturnMachine>;
type SessionRef = ActorRefFrom<typeof sessionMachine>;

/**
 * The return from a provider: "Processing <provider> sign in!" until the session takes over, a
 * connection is made, or it failed ("Failed to login by <Provider> sign in."). Once handed over, the
 * session's own steps show here: the texted code when two-factor asks for it, and the sign-in form
 * (with why) when the profile could not be loaded.
 */
export function SocialReturnView({ social, session }: { social: SocialReturnRef; session?: SessionRef }) {
  const provider = useSelector(social, (snapshot) => snapshot.context.input.provider);
  const phase = useSelector(social, (snapshot) =>
    snapshot.matches("failed")
      ? "failed"
      : snapshot.matches("signedIn")
        ? "signedIn"
        : snapshot.matches("linking")
          ? "linking"
          : snapshot.matches("linked") || snapshot.matches("linkFailed")
            ? "back"
            : "processing",
  );
  const name = providerName[provider];
  if (phase === "failed") {
    return (
      <p role="alert">
        {provider === "apple" ? (
          <Trans>Failed to login by Apple sign in.</Trans>
        ) : provider === "google" ? (
          <Trans>Failed to login by Google sign in.</Trans>
        ) : (
          <Trans>Failed to login by Facebook sign in.</Trans>
        )}
      </p>
    );
  }
  const status = (
    <p role="status">
      {phase === "signedIn" ? (
        <Trans>Signing you in…</Trans>
      ) : phase === "linking" ? (
        <Trans>Connecting {name}…</Trans>
      ) : phase === "back" ? (
        <Trans>Back to your connected accounts…</Trans>
      ) : provider === "apple" ? (
        <Trans>Processing apple sign in!</Trans>
      ) : provider === "google" ? (
        <Trans>Processing Google sign in!</Trans>
      ) : (
        <Trans>Processing Facebook sign in!</Trans>
      )}
    </p>
  );
  return phase === "signedIn" && session ? <HandedOver session={session}>{status}</HandedOver> : status;
}

/** After the hand-over: the session's code step or sign-in form when it asks, else `children`. */
function HandedOver({ session, children }: { session: SessionRef; children: ReactNode }) {
  const asks = useSelector(
    session,
    (snapshot) => snapshot.matches("twoFactor") || snapshot.matches("anonymous"),
  );
  return asks ? <SignInPanel session={session} /> : children;
}
