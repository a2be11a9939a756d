import { css } from "../../../styled-system/css";
import type { Filter } from "../../domain/catalog.ts";

export interface DropdownSelectProps {
  filter: Filter;
  current: string | null;
  onPick: (value: string | null) => void;
  /** Opens on mount: the rider pressed the look-alike trigger while this loaded (ProductsView.tsx). */
  defaultOpen?: boolean;
  /** Takes focus on mount (the look-alike trigger had it). */
  autoFocus?: boolean;
}

/** A dropdown filter's trigger, the look-alike's and Ark's alike. */
export const dropdownTrigger = css({
  width: "100%",
  justifyContent: "space-between",
  borderWidth: "1px",
  borderColor: "border",
  borderRadius: "md",
  px: "3",
  minHeight: "11",
  bg: "surface",
  color: "text",
});
