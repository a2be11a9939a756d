import { Dialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import type { ReactNode } from "react";
import { cx } from "../../styled-system/css";
import { button, drawer } from "../../styled-system/recipes";
import { CloseIcon } from "./icons.tsx";

export type SheetStyles = ReturnType<typeof drawer>;

export interface SheetProps {
  open: boolean;
  onDismiss: () => void;
  placement: "start" | "end" | "center";
  width?: "narrow" | "wide";
  role?: "dialog" | "alertdialog";
  children: (styles: SheetStyles) => ReactNode;
}

/**
 * An Ark dialog shown while a machine says so: `open` comes from machine state and every way of
 * closing it (Escape, backdrop, close button) becomes `onDismiss`, which sends the machine's event.
 * A centred sheet is at most 420 px wide, or 600 px with `width="wide"` (spec section 9). Closed, its
 * parts play their exit animation and unmount (drawer.recipe.ts says why that matters).
 * Screens use it through ./Sheet.tsx, which loads this module (and Ark's dialog) when a sheet first opens.
 */
export function Sheet({
  open,
  onDismiss,
  placement,
  width = "narrow",
  role = "dialog",
  children,
}: SheetProps) {
  // Each variant spelt out, so the build resolves the class names (scripts/vite/panda-static.ts).
  const styles = drawer({
    placement: placement === "start" ? "start" : placement === "end" ? "end" : "center",
    width: width === "wide" ? "wide" : "narrow",
  });
  return (
    <Dialog.Root
      open={open}
      role={role}
      onOpenChange={({ open: next }) => !next && onDismiss()}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop className={styles.backdrop} />
        <Dialog.Positioner className={styles.positioner}>
          <Dialog.Content className={styles.content}>{children(styles)}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The corner close button of a sheet, named for what it closes. */
export function SheetClose({ styles, label }: { styles: SheetStyles; label: string }) {
  return (
    <Dialog.CloseTrigger
      className={cx(styles.closeTrigger, button({ variant: "ghost", size: "icon" }))}
      aria-label={label}
    >
      <CloseIcon />
    </Dialog.CloseTrigger>
  );
}

export const SheetTitle = Dialog.Title;
export const SheetDescription = Dialog.Description;
