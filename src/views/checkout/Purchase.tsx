import { useActorRef } from "@xstate/react";
import { useConfig } from "../../app/children.ts";
import { createAddressesLogic } from "../../app/live/addresses.ts";
import { createCheckoutLogic } from "../../app/live/checkout.ts";
import { useFeature, useScreenLogic } from "../../app/logic.tsx";
import type { CartItem } from "../../domain/cart.ts";
import { CheckoutView } from "./CheckoutView.tsx";

/** The purchase of the cart as it is when the screen opens (placing the order empties the cart). */
export function Purchase({ guest, items }: { guest: boolean; items: CartItem[] }) {
  const logic = useScreenLogic();
  const addressBook = useFeature(createAddressesLogic);
  const checkoutLogic = useFeature(createCheckoutLogic);
  const config = useConfig();
  const checkout = useActorRef(checkoutLogic.checkout, {
    input: {
      guest,
      items,
      splitAllowed: config.enableSplitPayments.purchasePasses,
      promoAllowed: config.promoCodeRequired,
      now: Date.now(),
      restored: guest ? null : checkoutLogic.restoredCheckout(),
    },
    inspect: logic.inspect,
  });
  return (
    <CheckoutView checkout={checkout} addresses={guest ? addressBook.guestAddress : addressBook.addresses} />
  );
}
