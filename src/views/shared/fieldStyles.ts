import { css } from "../../../styled-system/css";

/**
 * The styles every form shares, in one place: a text input (or select trigger) 44 px high with the
 * focus ring and the red border of an invalid field, the small error text under a field, the bold
 * error line of a form or a dialog, and the column a label, its input and its error text stand in.
 */
export const fieldInput = css({
  width: "100%",
  minHeight: "11",
  px: "3",
  borderWidth: "1px",
  borderColor: "border",
  borderRadius: "md",
  bg: "surface",
  _focusVisible: { outline: "3px solid token(colors.focus)", outlineOffset: "1px" },
  "&[data-invalid]": { borderColor: "brand.error" },
});

/** The error text tied to one field (Field.ErrorText or a paragraph under it). */
export const fieldError = css({ color: "brand.error", fontSize: "sm" });

/** A form's or a dialog's error line (a role="alert" paragraph). */
export const errorLine = css({ color: "brand.error", fontWeight: "semibold" });

/** A label, its input and its error text, one under the other. */
export const fieldColumn = css({ display: "flex", flexDirection: "column", gap: "1" });
