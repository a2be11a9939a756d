import { useState } from "react";
import { createAddressesLogic } from "../../app/live/addresses.ts";
import { useFeature } from "../../app/logic.tsx";
import { Shipping, type ShippingProps } from "./Shipping.tsx";

/**
 * The shipping part as the portal draws it: with the rider's address book (adding an address saves
 * it to the account), or for a guest one that keeps the address for this order only.
 */
export function AddressBookShipping({ checkout, guest }: ShippingProps) {
  const book = useFeature(createAddressesLogic);
  // A guest's book is made once per drawing, from the address the checkout kept until then.
  const [addresses] = useState(() =>
    guest ? book.guestAddress(checkout.getSnapshot().context.guestAddress) : book.addresses,
  );
  return <Shipping checkout={checkout} guest={guest} addresses={addresses} />;
}
