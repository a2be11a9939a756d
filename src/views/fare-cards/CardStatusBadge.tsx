import { useLingui } from "@lingui/react/macro";
import { css, cx } from "../../../styled-system/css";
import type { FareMediumStatus } from "../../domain/fare-media.ts";
import { cardStatusText } from "./cardText.ts";

/*
 * What the list of a rider's fare cards shares with a card's page (CardParts.tsx, which passes these
 * on): the list of /faremedia draws its cards with them without bringing the page's parts.
 */

export const partHeading = css({ fontSize: "lg", fontWeight: "bold" });

/** A badge's shape (a pass's status on the card's page has it too). */
export const badgeBase = css({
  display: "inline-block",
  px: "2",
  py: "0.5",
  borderRadius: "full",
  fontSize: "sm",
  fontWeight: "semibold",
  borderWidth: "1px",
  whiteSpace: "nowrap",
});
const badgeTone: Record<FareMediumStatus, string> = {
  ACTIVE: css({ color: "brand.success", borderColor: "brand.success" }),
  BLOCKED: css({ color: "brand.error", borderColor: "brand.error" }),
  INVALID: css({ color: "brand.error", borderColor: "brand.error" }),
  SUSPENDED: css({ color: "text", borderColor: "muted" }),
};

/** The card's status as a badge: a word, never only a colour. */
export function CardStatusBadge({ status }: { status: FareMediumStatus }) {
  const { i18n } = useLingui();
  return (
    <span className={cx(badgeBase, badgeTone[status])} data-status={status}>
      {cardStatusText(i18n, status)}
    </span>
  );
}
