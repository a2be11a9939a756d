import { useLingui } from "@lingui/react/macro";
import { useActorRef } from "@xstate/react";
import { useParams, useSearch } from "wouter";
import { useChild } from "../../app/children.ts";
import { createConnectedAccountsLogic } from "../../app/live/connected-accounts.ts";
import { useFeature } from "../../app/logic.tsx";
import { SocialReturnView } from "../session/SocialReturnView.tsx";
import { card, Screen } from "../shared/Screen.tsx";

/** A path segment as it was meant (the callback encodes an email's "@" as %40); a broken one as it is. */
function segment(value: string | undefined): string {
  if (value === undefined) return "";
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** /redirect/{state}/{id_token}/{email}/{first_name}/{last_name}: the return from Apple. */
export function AppleRedirectScreen() {
  const { t } = useLingui();
  const { socialReturn } = useFeature(createConnectedAccountsLogic);
  const session = useChild("session");
  const params = useParams<{
    state: string;
    idToken: string;
    email: string;
    firstName: string;
    lastName: string;
  }>();
  const actor = useActorRef(socialReturn, {
    input: {
      provider: "apple",
      state: segment(params.state),
      idToken: segment(params.idToken),
      email: segment(params.email),
      firstName: segment(params.firstName),
      lastName: segment(params.lastName),
    },
  });
  return (
    <Screen title={t`Sign in with Apple`}>
      <div className={card}>
        <SocialReturnView social={actor} session={session} />
      </div>
    </Screen>
  );
}

/** /oauth/{google|facebook}/return?code=...&state=... (or ?error=...&state=...). */
function OAuthReturn({ provider, title }: { provider: "google" | "facebook"; title: string }) {
  const { socialReturn } = useFeature(createConnectedAccountsLogic);
  const session = useChild("session");
  const query = new URLSearchParams(useSearch());
  const actor = useActorRef(socialReturn, {
    input: {
      provider,
      state: query.get("state") ?? "",
      code: query.get("code") ?? "",
      error: query.get("error") ?? "",
    },
  });
  return (
    <Screen title={title}>
      <div className={card}>
        <SocialReturnView social={actor} session={session} />
      </div>
    </Screen>
  );
}

export function GoogleReturnScreen() {
  const { t } = useLingui();
  return <OAuthReturn provider="google" title={t`Sign in with Google`} />;
}

export function FacebookReturnScreen() {
  const { t } = useLingui();
  return <OAuthReturn provider="facebook" title={t`Sign in with Facebook`} />;
}
