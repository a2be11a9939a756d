import { useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { useChild, useConfig } from "../../app/children.ts";
import { createGuestCardLogic } from "../../app/live/guest-card.ts";
import { useFeature } from "../../app/logic.tsx";
import { selectSignedIn } from "../../machines/session.machine.ts";
import { ClaimCardPanel } from "../guest-card/ClaimCard.tsx";
import { GuestBlockPanel } from "../guest-card/GuestBlock.tsx";
import { GuestCardView } from "../guest-card/GuestCardView.tsx";
import { Screen } from "../shared/Screen.tsx";
import { useMoney } from "../shared/useMoney.ts";
import { AddValueOnDemand as AddValue } from "../wallet/onDemand.ts";

/**
 * /manage-card: a fare card opened by its number and security code, no account needed (a signed-in
 * rider may use it too; the menu hides it from them). The card token stays for the visit.
 */
export function ManageCardScreen() {
  const { t } = useLingui();
  const guest = useFeature(createGuestCardLogic);
  const activityPageSize = useConfig().ideal_row_count;
  const signedIn = useSelector(useChild("session"), selectSignedIn);
  const actor = useActorRef(guest.guestCard, {
    input: { holdsToken: guest.holdsCardToken(), activityPageSize },
  });
  return (
    <Screen title={t`Manage Card`}>
      <GuestCardView
        guest={actor}
        money={useMoney()}
        addValue={({ id, balance, onChanged }) => (
          <AddValue guest wide target={{ kind: "card", id }} balance={balance} onChanged={onChanged} />
        )}
        claim={<ClaimCardPanel machine={guest.cardClaim} signedIn={signedIn} />}
        block={({ id, canBlock, onChanged }) => (
          <GuestBlockPanel machine={guest.cardBlock} cardId={id} canBlock={canBlock} onChanged={onChanged} />
        )}
      />
    </Screen>
  );
}
