import { useLingui } from "@lingui/react/macro";
import { useActorRef } from "@xstate/react";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { createConnectedAccountsLogic } from "../../app/live/connected-accounts.ts";
import { useFeature } from "../../app/logic.tsx";
import { linkFailureOf } from "../../machines/connectedAccounts.machine.ts";
import { ConnectedAccountsView } from "../account/ConnectedAccountsView.tsx";
import { AccountScreen } from "./AccountScreen.tsx";

/** /account/connected-accounts: Apple, Google and Facebook, connected and disconnected. */
export function ConnectedAccountsScreen() {
  const { t } = useLingui();
  return (
    <AccountScreen title={t`Connected accounts`}>
      <ConnectedAccounts />
    </AccountScreen>
  );
}

function ConnectedAccounts() {
  // A provider's return that could not connect comes back here with why, in history state: read once,
  // then forgotten, so a reload does not say it again.
  const [returned] = useState(() => linkFailureOf(window.history.state));
  const [location, navigate] = useLocation();
  useEffect(() => {
    if (returned) navigate(location, { replace: true, state: null });
  }, [returned, location, navigate]);
  const actor = useActorRef(useFeature(createConnectedAccountsLogic).connectedAccounts, {
    input: { returned },
  });
  return <ConnectedAccountsView accounts={actor} />;
}
