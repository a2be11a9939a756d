import type { ReactNode } from "react";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { Sheet, SheetDescription, SheetTitle } from "../../ui/Sheet.tsx";
import { errorLine } from "./fieldStyles.ts";

const question = css({ display: "grid", gap: "4" });
const blockBody = css({ display: "grid", gap: "2" });
const actions = css({ display: "flex", flexWrap: "wrap", gap: "3" });

/**
 * The centred question before a removal, a disconnection or a block ("Remove this card?"): an
 * alertdialog with a title, a body, an optional error line, then the confirming button (red when
 * `tone` is destructive, showing `busyLabel` while `busy`) and the button that keeps things as they
 * are. Escape, the backdrop and the keep button all call `onCancel`; a view whose machine must not
 * be cancelled while busy passes an `onCancel` that checks it. A body that is not a sentence (an
 * address's lines) is given with `bodyLayout="block"`.
 */
export function ConfirmDialog({
  open,
  busy = false,
  title,
  children,
  bodyLayout = "text",
  error = null,
  confirmLabel,
  busyLabel = confirmLabel,
  cancelLabel,
  tone = "destructive",
  onConfirm,
  onCancel,
}: {
  open: boolean;
  busy?: boolean;
  title: ReactNode;
  children: ReactNode;
  bodyLayout?: "text" | "block";
  error?: ReactNode;
  confirmLabel: ReactNode;
  busyLabel?: ReactNode;
  cancelLabel: ReactNode;
  tone?: "destructive" | "neutral";
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Sheet open={open} onDismiss={onCancel} placement="center" role="alertdialog">
      {(styles) => (
        <div className={question}>
          <SheetTitle className={styles.title}>{title}</SheetTitle>
          {bodyLayout === "block" ? (
            <SheetDescription asChild>
              <div className={blockBody}>{children}</div>
            </SheetDescription>
          ) : (
            <SheetDescription className={styles.description}>{children}</SheetDescription>
          )}
          {error ? (
            <p role="alert" className={errorLine}>
              {error}
            </p>
          ) : null}
          <div className={actions}>
            <button
              type="button"
              className={button(tone === "destructive" ? { variant: "danger" } : {})}
              disabled={busy}
              aria-busy={busy}
              onClick={onConfirm}
            >
              {busy ? busyLabel : confirmLabel}
            </button>
            <button
              type="button"
              className={button({ variant: "outline" })}
              disabled={busy}
              onClick={onCancel}
            >
              {cancelLabel}
            </button>
          </div>
        </div>
      )}
    </Sheet>
  );
}
