import type { ReactNode } from "react";
import { useEffect, useId } from "react";
import { css } from "../../../styled-system/css";
import { useConfig } from "../../app/children.ts";

/** A routed screen: one h1, and the document title that names it. */
export function Screen({ title, children }: { title: string; children?: ReactNode }) {
  const config = useConfig();
  const headingId = useId();
  useEffect(() => {
    document.title = `${title} | ${config.shortDisplayName}`;
  }, [title, config.shortDisplayName]);
  return (
    <section
      aria-labelledby={headingId}
      className={css({ display: "flex", flexDirection: "column", gap: "6" })}
    >
      <h1 id={headingId} className={css({ fontSize: { base: "2xl", md: "3xl" }, fontWeight: "bold" })}>
        {title}
      </h1>
      {children}
    </section>
  );
}

export const linkList = css({ display: "flex", flexWrap: "wrap", gap: "3" });
export const card = css({
  bg: "surface",
  borderRadius: "lg",
  borderWidth: "1px",
  borderColor: "border",
  p: { base: "5", md: "8" },
  display: "flex",
  flexDirection: "column",
  gap: "4",
});

/** A link inside text: underlined, so it is told apart by more than colour. */
export const textLink = css({
  color: "brand.button",
  textDecoration: "underline",
  textUnderlineOffset: "3px",
  fontWeight: "semibold",
});
