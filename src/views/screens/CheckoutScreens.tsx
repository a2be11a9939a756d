import { Trans, useLingui } from "@lingui/react/macro";
import { useActorRef } from "@xstate/react";
import { useState } from "react";
import { useActionBlocked, useChild, useConfig } from "../../app/children.ts";
import { createAddressesLogic } from "../../app/live/addresses.ts";
import { createCheckoutLogic } from "../../app/live/checkout.ts";
import { useFeature, useScreenLogic } from "../../app/logic.tsx";
import type { CartItem } from "../../domain/cart.ts";
import { ResendVerification } from "../account/ResendVerification.tsx";
import { CheckoutView } from "../checkout/CheckoutView.tsx";
import { NothingHere } from "../shared/NothingHere.tsx";
import { Screen } from "../shared/Screen.tsx";

/** The purchase of the cart as it is when the screen opens (placing the order empties the cart). */
function Purchase({ guest, items }: { guest: boolean; items: CartItem[] }) {
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

function CheckoutPage({ title, guest }: { title: string; guest: boolean }) {
  const cart = useChild("cart");
  const [items] = useState(() => cart.getSnapshot().context.items);
  return (
    <Screen title={title}>
      {items.length === 0 ? (
        <NothingHere>
          <Trans>Your shopping cart is empty.</Trans>
        </NothingHere>
      ) : (
        <Purchase guest={guest} items={items} />
      )}
    </Screen>
  );
}

/** A rider typing /checkout with an unconfirmed email is blocked here too, as the cart blocks them. */
export function CheckoutScreen() {
  const { t } = useLingui();
  if (useActionBlocked()) {
    return (
      <Screen title={t`Checkout`}>
        <ResendVerification />
      </Screen>
    );
  }
  return <CheckoutPage title={t`Checkout`} guest={false} />;
}

export function GuestCheckoutScreen() {
  const { t } = useLingui();
  return <CheckoutPage title={t`Guest checkout`} guest />;
}
