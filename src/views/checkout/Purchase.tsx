import { useActorRef } from "@xstate/react";
import { useConfig } from "../../app/children.ts";
import { createCheckoutLogic } from "../../app/live/checkout.ts";
import { useFeature, useScreenLogic } from "../../app/logic.tsx";
import type { CartItem } from "../../domain/cart.ts";
import { CheckoutView } from "./CheckoutView.tsx";
import { ShippingOnDemand } from "./onDemand.ts";
import { useReviewHistory } from "./reviewHistory.ts";

/**
 * The purchase of the cart as it is when the screen opens (placing the order empties the cart); the
 * shipping part and its address book load only for a cart that has something to ship.
 */
export function Purchase({ guest, items }: { guest: boolean; items: CartItem[] }) {
  const logic = useScreenLogic();
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
  useReviewHistory(checkout);
  return <CheckoutView checkout={checkout} shipping={ShippingOnDemand} />;
}
