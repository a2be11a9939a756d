import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { css } from "../../../styled-system/css";
import { asksDestination, orderCard } from "../../domain/checkout/draft.ts";
import type { CheckoutRef } from "./parts.tsx";

/**
 * Where the passes go, as Review says it: the card the cart names or checkout chose, a guest's card,
 * or the account; null when the cart holds no pass (or its card is not one the quote lists).
 */
export function DestinationSummary({ checkout }: { checkout: CheckoutRef }) {
  const chosen = useSelector(checkout, (snapshot) => {
    const { context } = snapshot;
    const { destination, quote } = context;
    const cardId = orderCard(context);
    if (cardId !== null) {
      const found = quote?.destinations?.cards.find((one) => one.id === cardId);
      return found ? `${found.nickname} ${found.card_number}` : null;
    }
    if (!asksDestination(context)) return null;
    return destination?.kind === "guestCard" ? destination.cardNumber : (destination?.kind ?? null);
  });
  if (chosen === null) return null;
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
