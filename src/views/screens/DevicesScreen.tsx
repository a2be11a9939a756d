import { useLingui } from "@lingui/react/macro";
import { useActorRef } from "@xstate/react";
import { createDevicesLogic } from "../../app/live/devices.ts";
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
  const actor = useActorRef(useFeature(createDevicesLogic).devices);
  return <DevicesView devices={actor} />;
}
