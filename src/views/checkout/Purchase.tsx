import { useActorRef } from "@xstate/react";
import { useEffect } from "react";
import { useConfig } from "../../app/children.ts";
import { createCheckoutLogic } from "../../app/live/checkout.ts";
import { useFeature, useScreenLogic } from "../../app/logic.tsx";
import type { CartItem } from "../../domain/cart.ts";
import { CheckoutView } from "./CheckoutView.tsx";
import { ShippingOnDemand } from "./onDemand.ts";
import type { CheckoutRef } from "./parts.tsx";

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
      restored: checkoutLogic.restoredCheckout(),
    },
    inspect: logic.inspect,
  });
  useReviewHistory(checkout);
  return <CheckoutView checkout={checkout} shipping={ShippingOnDemand} />;
}

/**
 * Review as a step of the browser's history (./reviewHistory.ts), downloaded on the way into Review
 * (or at once when the page opens on `#review`), so the first visit of Details does not carry it.
 */
function useReviewHistory(checkout: CheckoutRef): void {
  useEffect(() => {
    let stop: (() => void) | null = null;
    let asked = false;
    let ended = false;
    const start = (added: boolean) => {
      if (asked) return;
      asked = true;
      void import("./reviewHistory.ts").then((module) => {
        if (!ended) stop = module.followReviewHistory(checkout, window, added);
      });
    };
    if (window.location.hash === "#review") start(false);
    const subscription = checkout.subscribe((snapshot) => {
      if (!snapshot.matches("review") || asked) return;
      // The Review entry is added at once: a Back right away must find it, before the rest downloads.
      window.history.pushState(
        window.history.state,
        "",
        `${window.location.pathname}${window.location.search}#review`,
      );
      start(true);
    });
    return () => {
      ended = true;
      subscription.unsubscribe();
      stop?.();
    };
  }, [checkout]);
}
