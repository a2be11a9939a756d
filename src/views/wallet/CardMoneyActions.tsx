import { Trans } from "@lingui/react/macro";
import { css } from "../../../styled-system/css";
import type { FareMedium } from "../../domain/fare-media.ts";
import type { FareCardDetail } from "../../domain/transit/cards.ts";

/**
 * A fare card's money actions on its details screen: transfer balance, add value and autoload.
 * The details screen renders it where these go and refetches the card when `onChanged` is called.
 */
export function CardMoneyActions({
  card,
  cards,
  onChanged,
}: {
  card: FareCardDetail;
  cards: FareMedium[];
  onChanged: () => void;
}) {
  void cards;
  void onChanged;
  return (
    <section aria-label={card.nickname} className={css({ display: "flex", flexWrap: "wrap", gap: "3" })}>
      <p>
        <Trans>Transfer balance, add value and autoload are coming.</Trans>
      </p>
    </section>
  );
}
