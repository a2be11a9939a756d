import { useActorRef } from "@xstate/react";
import { useScreenLogic } from "../../app/logic.tsx";
import { AddressesView } from "../account/AddressesView.tsx";
import { card } from "../shared/Screen.tsx";

/** /account/addresses: the rider's shipping addresses, on a machine started for this screen. */
export function ShippingAddresses() {
  const actor = useActorRef(useScreenLogic().addresses);
  return (
    <div className={card}>
      <AddressesView addresses={actor} />
    </div>
  );
}
