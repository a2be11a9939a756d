import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { button } from "../../../styled-system/recipes";
import { errorLine } from "./fieldStyles.ts";
import { card } from "./Screen.tsx";

/**
 * What a screen shows when its list could not be loaded: an alert holding the message (`children`,
 * e.g. "Your devices could not be loaded. Check your connection and try again.") and a "Try again"
 * button that sends the machine's retry event through `onRetry`. It stands in a card unless the
 * screen gives its own box as `className`.
 */
export function LoadFailed({
  children,
  onRetry,
  className = card,
}: {
  children: ReactNode;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div role="alert" className={className}>
      <p className={errorLine}>{children}</p>
      <p>
        <button type="button" className={button()} onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      </p>
    </div>
  );
}
