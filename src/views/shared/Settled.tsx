import { Trans } from "@lingui/react/macro";
import { type ReactNode, useState } from "react";
import { css, cx } from "../../../styled-system/css";

/** Laid out as a screen lays out its parts (Screen.tsx). */
const stack = css({ display: "flex", flexDirection: "column", gap: "6" });

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
