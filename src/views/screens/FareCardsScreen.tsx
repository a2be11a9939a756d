import { Trans, useLingui } from "@lingui/react/macro";
import { useActorRef } from "@xstate/react";
import { Link, useLocation, useParams } from "wouter";
import { button } from "../../../styled-system/recipes";
import { useActionBlocked, useConfig, useSignedIn } from "../../app/children.ts";
import { createFareCardsLogic } from "../../app/live/fare-cards.ts";
import { useFeature } from "../../app/logic.tsx";
import { ResendVerification } from "../account/ResendVerificationOnDemand.ts";
import { cardIdOf, FareCardsView, FollowCardRoute } from "../fare-cards/FareCardsView.tsx";
import { card, Screen } from "../shared/Screen.tsx";
import { useMoney } from "../shared/useMoney.ts";
import { CardMoneyActionsOnDemand as CardMoneyActions } from "../wallet/onDemand.ts";

/**
 * /faremedia/:cardId?: a signed-in rider's fare cards (a confirmed email first when the deployment
 * asks for one); a guest is asked to sign in and comes back here.
 */
export function FareCardsScreen() {
  const { t } = useLingui();
  const signedIn = useSignedIn();
  const blocked = useActionBlocked();
  return (
    <Screen title={t`Fare cards`}>
      {!signedIn ? <SignInPrompt /> : blocked ? <ResendVerification /> : <FareCards />}
    </Screen>
  );
}

function FareCards() {
  const cards = useFeature(createFareCardsLogic);
  const cardId = cardIdOf(useParams<{ cardId?: string }>());
  const actor = useActorRef(cards.fareCards, {
    // A card's activity by pages of the deployment's ideal_row_count.
    input: { cardId, pageSize: useConfig().ideal_row_count },
  });
  return (
    <>
      <FollowCardRoute cards={actor} />
      <FareCardsView
        cards={actor}
        machines={{ cardBlock: cards.cardBlock, cardReplace: cards.cardReplace, autoRenew: cards.autoRenew }}
        money={useMoney()}
        MoneyActions={CardMoneyActions}
      />
    </>
  );
}

/** Signing in comes back to the page asked for: the list, or the card of /faremedia/<id> (issue 47). */
function SignInPrompt() {
  const [location] = useLocation();
  return (
    <div className={card}>
      <p>
        <Trans>Sign in to see the fare cards on your account.</Trans>
      </p>
      <p>
        <Link href="/login" state={{ from: location }} className={button()}>
          <Trans>Sign in</Trans>
        </Link>
      </p>
    </div>
  );
}
