import { css } from "../../../styled-system/css";
import { errorLine } from "../shared/fieldStyles.ts";

/** Styles the wallet views share (money moves on a card, the wallet, a guest's card). */
export const panel = css({
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
