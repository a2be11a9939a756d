import { useLingui } from "@lingui/react/macro";
import { useActorRef } from "@xstate/react";
import { createAddressesLogic } from "../../app/live/addresses.ts";
import { useFeature } from "../../app/logic.tsx";
import { AddressesView } from "../account/AddressesView.tsx";
import { card } from "../shared/Screen.tsx";
import { AccountScreen } from "./AccountScreen.tsx";

/** /account/addresses: the rider's shipping addresses, on a machine started for this screen. */
export function ShippingAddresses() {
  const actor = useActorRef(useFeature(createAddressesLogic).addresses, { input: {} });
  return (
    <div className={card}>
      <AddressesView addresses={actor} />
    </div>
  );
}

export function ShippingAddressScreen() {
  const { t } = useLingui();
  return (
    <AccountScreen title={t`Shipping Address`}>
      <ShippingAddresses />
    </AccountScreen>
  );
}
