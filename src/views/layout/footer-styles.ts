import { css } from "../../../styled-system/css";

export const footerLink = css({
  color: "brand.footerText",
  textDecoration: "underline",
  textUnderlineOffset: "3px",
});

/** "Contact Us": the look-alike and the real disclosure's trigger look the same. */
export const contactTrigger = css({
  display: "inline-flex",
  alignItems: "center",
  gap: "2",
  fontWeight: "semibold",
  cursor: "pointer",
  minHeight: "11",
  "& svg": { transition: "transform 150ms" },
  "&[data-state=open] svg": { transform: "rotate(180deg)" },
});
