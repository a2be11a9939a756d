import { Trans, useLingui } from "@lingui/react/macro";
import { useActorRef } from "@xstate/react";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { useChild, useSignedIn } from "../../app/children.ts";
import { createShopLogic } from "../../app/live/shop.ts";
import { useFeature } from "../../app/logic.tsx";
import { SignInPanel } from "../session/SessionViews.tsx";
import { card, Screen } from "../shared/Screen.tsx";
import { useMoney } from "../shared/useMoney.ts";
import { FareCardChoice } from "../shop/FareCardChoiceView.tsx";

/** /digital: the rider's fare cards to buy for; guests get the sign-in form inside the page. */
export function DigitalScreen() {
  const { t } = useLingui();
  const signedIn = useSignedIn();
  return (
    <Screen title={t`Choose a fare card`}>
      {signedIn ? <DigitalChoice /> : <InlineSignIn from="/digital" />}
    </Screen>
  );
}

function DigitalChoice() {
  const choice = useActorRef(useFeature(createShopLogic).fareCardChoice);
  return <FareCardChoice choice={choice} cart={useChild("cart")} money={useMoney()} />;
}

/** The session's sign-in form, inside the page; signing in comes back here. */
function InlineSignIn({ from }: { from: string }) {
  const [location, navigate] = useLocation();
  useEffect(() => {
    const state: unknown = window.history.state;
    const remembered = typeof state === "object" && state !== null && "from" in state ? state.from : null;
    if (remembered !== from) navigate(location, { replace: true, state: { from } });
  }, [from, location, navigate]);
  return (
    <div className={card}>
      <p>
        <Trans>Sign in to see the fare cards on your account.</Trans>
      </p>
      <SignInPanel session={useChild("session")} />
    </div>
  );
}
