import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useEffect, useId, useState } from "react";
import { css, cx } from "../../../styled-system/css";
import { useConfig } from "../../app/children.ts";

/** Laid out as a screen lays out its parts. */
const stack = css({ display: "flex", flexDirection: "column", gap: "6" });

/** A routed screen: one h1, and the document title that names it. */
export function Screen({ title, children }: { title: string; children?: ReactNode }) {
  const config = useConfig();
  const headingId = useId();
  useEffect(() => {
    document.title = `${title} | ${config.shortDisplayName}`;
  }, [title, config.shortDisplayName]);
  return (
    <section aria-labelledby={headingId} className={stack}>
      <h1 id={headingId} className={css({ fontSize: { base: "2xl", md: "3xl" }, fontWeight: "bold" })}>
        {title}
      </h1>
      {children}
    </section>
  );
}

/**
 * Draws a page's parts together, once their first answers are in: until `ready`, the parts are laid
 * out but invisible (so they start their requests and grow to their size unseen), and a status says the
 * page is loading. Nothing a rider already sees moves when the services, the filters or a server form
 * arrive (no layout shift). Once drawn, later reloads show as each part decides.
 */
export function Settled({ ready, children }: { ready: boolean; children: ReactNode }) {
  const [drawn, setDrawn] = useState(ready);
  if (ready && !drawn) setDrawn(true);
  // One tree before and after, so nothing inside remounts (and restarts) when the page is drawn.
  return (
    <div className={css({ position: "relative" })}>
      {drawn ? null : (
        <p role="status" className={css({ position: "absolute", insetInlineStart: "0", top: "0" })}>
          <Trans>Loading…</Trans>
        </p>
      )}
      <div
        aria-hidden={drawn ? undefined : true}
        data-state={drawn ? "drawn" : "settling"}
        className={cx(stack, drawn ? undefined : css({ visibility: "hidden" }))}
      >
        {children}
      </div>
    </div>
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
