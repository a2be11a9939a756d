import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { socialReturnMachine } from "../../machines/socialReturn.machine.ts";
import { providerName } from "./providers.ts";

type SocialReturnRef = ActorRefFrom<typeof socialReturnMachine>;

/**
 * The return from a provider: "Processing <provider> sign in!" until the session takes over, a
 * connection is made, or it failed ("Failed to login by <Provider> sign in.").
 */
export function SocialReturnView({ social }: { social: SocialReturnRef }) {
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
  return (
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
}
