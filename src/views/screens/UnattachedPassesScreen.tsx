import { useLingui } from "@lingui/react/macro";
import { useActorRef } from "@xstate/react";
import { createUnattachedPassesLogic } from "../../app/live/unattached-passes.ts";
import { useFeature } from "../../app/logic.tsx";
import { UnattachedPassesView } from "../passes/UnattachedPassesView.tsx";
import { AccountScreen } from "./AccountScreen.tsx";

/** /account/unattachedpasses: passes on no fare card, attached to one of the rider's active cards. */
export function UnattachedPassesScreen() {
  const { t } = useLingui();
  return (
    <AccountScreen title={t`Unattached Passes`}>
      <Unattached />
    </AccountScreen>
  );
}

function Unattached() {
  const actor = useActorRef(useFeature(createUnattachedPassesLogic).unattachedPasses);
  return <UnattachedPassesView unattached={actor} />;
}
