import { css } from "../../../styled-system/css";

/** A plain list of bordered rows (connected accounts, devices, passes in the cloud, a card's parts). */
export const rowList = css({ display: "grid", gap: "3", listStyle: "none", p: "0", m: "0" });

/** A bordered row: what it is on the left, its buttons on the right on a desktop, below on a phone. */
export const rowItem = css({
  display: "grid",
  gap: "3",
  p: "4",
  borderWidth: "1px",
  borderColor: "border",
  borderRadius: "md",
  gridTemplateColumns: { base: "1fr", md: "minmax(0, 1fr) auto" },
  alignItems: "center",
});
