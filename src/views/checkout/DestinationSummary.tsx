import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { css } from "../../../styled-system/css";
import { asksDestination } from "../../machines/checkout.machine.ts";
import type { CheckoutRef } from "./parts.tsx";

/** Where the passes go, as Review says it; null when the cart names its card or holds no pass. */
export function DestinationSummary({ checkout }: { checkout: CheckoutRef }) {
  const asks = useSelector(checkout, (snapshot) => asksDestination(snapshot.context));
  const chosen = useSelector(checkout, (snapshot) => {
    const { destination, quote } = snapshot.context;
    if (destination?.kind === "card") {
      const found = quote?.destinations?.cards.find((one) => one.id === destination.id);
      return found ? `${found.nickname} ${found.card_number}` : null;
    }
    return destination?.kind === "guestCard" ? destination.cardNumber : (destination?.kind ?? null);
  });
  if (!asks || chosen === null) return null;
  return (
    <div>
      <h3 className={css({ fontWeight: "semibold" })}>
        <Trans>Where your pass goes</Trans>
      </h3>
      <p>
        {chosen === "account" ? (
          <Trans>Kept in your account: move it to a fare card or your phone later, from Passes.</Trans>
        ) : (
          <Trans>On the fare card {chosen}: tap it to ride.</Trans>
        )}
      </p>
    </div>
  );
}
