import { useLingui } from "@lingui/react/macro";
import { useActorRef } from "@xstate/react";
import { useScreenLogic } from "../../app/logic.tsx";
import { DevicesView } from "../devices/DevicesView.tsx";
import { AccountScreen } from "./AccountScreens.tsx";

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
  const actor = useActorRef(useScreenLogic().devices);
  return <DevicesView devices={actor} />;
}
