import { css } from "../../../styled-system/css";
import { errorLine } from "../shared/fieldStyles.ts";

/** Styles the wallet views share (money moves on a card, the wallet, a guest's card). */
const panelStyle = css.raw({
  display: "flex",
  flexDirection: "column",
  gap: "4",
  p: { base: "4", md: "6" },
  borderWidth: "1px",
  borderColor: "border",
  borderRadius: "lg",
  bg: "surface",
  maxWidth: "40rem",
  width: "100%",
});
export const panel = css(panelStyle);
/** A panel among a page's full-width sections (a guest's card page): as wide and as padded as they are. */
export const widePanel = css(panelStyle, {
  maxWidth: "none",
  p: { base: "5", md: "8" },
  // Its forms keep a panel's measure: an amount field is not a page wide.
  "& > form": { maxWidth: "40rem" },
});
export const panelHeading = css({ fontSize: "lg", fontWeight: "bold", outline: "none" });
export const actions = css({ display: "flex", flexWrap: "wrap", gap: "3", alignItems: "center" });
/** A form's or a dialog's error line (the shared style). */
export const errorText = errorLine;
export const muted = css({ color: "muted", fontSize: "sm" });
export const figures = css({ display: "grid", gap: "2", gridTemplateColumns: "auto 1fr", columnGap: "4" });
export const figureValue = css({
  fontWeight: "semibold",
  textAlign: "end",
  fontVariantNumeric: "tabular-nums",
});
export const stack = css({ display: "flex", flexDirection: "column", gap: "3" });

export type Money = (minorUnits: number) => string;
