import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useActionBlocked, useChild } from "../../app/children.ts";
import { ResendVerification } from "../account/ResendVerificationOnDemand.ts";
import { PurchaseOnDemand as Purchase } from "../checkout/onDemand.ts";
import { NothingHere } from "../shared/NothingHere.tsx";
import { Screen } from "../shared/Screen.tsx";

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
