import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { button } from "../../../styled-system/recipes";

/**
 * The buttons at the foot of a form: the submit button (its label, or "Please wait…" while `busy`)
 * and Cancel, both disabled while busy. `waiting` holds the submit alone (the form's checks are still
 * downloading): Cancel still closes the form. `className` lays the row out as the form wants; `as` keeps a
 * form whose row is a paragraph one.
 */
export function SubmitRow({
  busy,
  waiting = false,
  submitLabel,
  onCancel,
  className,
  as: Row = "div",
}: {
  busy: boolean;
  waiting?: boolean;
  submitLabel: ReactNode;
  onCancel: () => void;
  className: string;
  as?: "div" | "p";
}) {
  return (
    <Row className={className}>
      <button type="submit" className={button()} disabled={busy || waiting} aria-busy={busy || waiting}>
        {busy || waiting ? <Trans>Please wait…</Trans> : submitLabel}
      </button>
      <button type="button" className={button({ variant: "outline" })} disabled={busy} onClick={onCancel}>
        <Trans>Cancel</Trans>
      </button>
    </Row>
  );
}
