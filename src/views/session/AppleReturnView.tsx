import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { appleSignInMachine } from "../../machines/appleSignIn.machine.ts";

/** The return from Apple: "Processing apple sign in!" until the session takes over or it failed. */
export function AppleReturnView({ apple }: { apple: ActorRefFrom<typeof appleSignInMachine> }) {
  const failed = useSelector(apple, (snapshot) => snapshot.matches("failed"));
  const signedIn = useSelector(apple, (snapshot) => snapshot.matches("signedIn"));
  if (failed) {
    return (
      <p role="alert">
        <Trans>Failed to login by Apple sign in.</Trans>
      </p>
    );
  }
  return (
    <p role="status">
      {signedIn ? <Trans>Signing you in…</Trans> : <Trans>Processing apple sign in!</Trans>}
    </p>
  );
}
