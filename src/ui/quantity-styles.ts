import type { ReactNode } from "react";
import { css } from "../../styled-system/css";
import { button } from "../../styled-system/recipes";

export interface QuantityInputProps {
  label: ReactNode;
  hideLabel?: boolean;
  min: number;
  max: number;
  value: number;
  lessLabel: string;
  moreLabel: string;
  onChange: (quantity: number) => void;
  className?: string;
}

/** The quantity input's parts, Ark's (QuantityNumberInput.tsx) and the look-alike's (QuantityInput.tsx) alike. */
export const quantityStyles = {
  root: css({ display: "flex", flexDirection: "column", gap: "1" }),
  label: css({ fontWeight: "semibold", fontSize: "sm" }),
  hiddenLabel: css({ srOnly: true }),
  control: css({ display: "flex", alignItems: "stretch", gap: "1" }),
  step: button({ variant: "outline", size: "sm" }),
  input: css({
    width: "16",
    textAlign: "center",
    borderWidth: "1px",
    borderColor: "border",
    borderRadius: "md",
  }),
};
