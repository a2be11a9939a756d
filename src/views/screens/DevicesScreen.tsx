import { useLingui } from "@lingui/react/macro";
import { useActorRef } from "@xstate/react";
import { createPassesLogic } from "../../app/live/passes.ts";
import { useFeature } from "../../app/logic.tsx";
import { DevicesView } from "../devices/DevicesView.tsx";
import { AccountScreen } from "./AccountScreen.tsx";

/** /account/devices: the rider's phones, renamed and removed. */
export function DevicesScreen() {
  const { t } = useLingui();
  return (
    <AccountScreen title={t`Devices`}>
      <Devices />
    </AccountScreen>
  );
}

function Devices() {
  const actor = useActorRef(useFeature(createPassesLogic).devices);
  return <DevicesView devices={actor} />;
}
