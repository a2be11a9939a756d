import { Trans } from "@lingui/react/macro";
import { Link } from "wouter";
import { css } from "../../../styled-system/css";
import type { FareMedium } from "../../domain/fare-media.ts";
import { textLink } from "../shared/Screen.tsx";
import { lastFour } from "./cardText.ts";

/**
 * A card reported lost or stolen (issue 35): "Replaced by card ending …" in the list; on its page, what
 * happened and the way to the new card.
 */
export function ReplacedBy({
  card,
  cards,
  detailed = false,
}: {
  card: Pick<FareMedium, "replaced_by">;
  cards: readonly FareMedium[];
  detailed?: boolean;
}) {
  if (!card.replaced_by) return null;
  const replacement = cards.find((entry) => entry.faremedia_id === card.replaced_by);
  const digits = replacement ? lastFour(replacement.printed_card_number) : null;
  if (!detailed) {
    return (
      <span className={css({ display: "block", fontSize: "sm", color: "muted" })} data-testid="replaced-by">
        {digits ? <Trans>Replaced by card ending {digits}</Trans> : <Trans>Replaced</Trans>}
      </span>
    );
  }
  return (
    <p data-testid="status-note">
      {digits ? (
        <Trans>
          This card was reported lost or stolen and is blocked for good. Its balance and passes are on the
          card ending {digits}.
        </Trans>
      ) : (
        <Trans>This card was reported lost or stolen and is blocked for good.</Trans>
      )}{" "}
      {replacement ? (
        <Link href={`/faremedia/${replacement.faremedia_id}`} className={textLink}>
          <Trans>Open the new card</Trans>
        </Link>
      ) : null}
    </p>
  );
}
