import { type ReactNode, useEffect, useId, useRef } from "react";
import { css, cx } from "../../styled-system/css";
import { drawer } from "../../styled-system/recipes";

/**
 * A small centred modal that must show without downloading anything: the first-visit question (on
 * the first page of every first visit) and "No Internet Connection" (when nothing can be downloaded).
 * The platform's own modal dialog: `showModal()` puts it in the top layer with the page behind it
 * inert, focus on its first button and Escape to dismiss; a click on the backdrop dismisses it too.
 * It looks like a centred Sheet (drawer.recipe.ts). Mounted while open, closed by unmounting.
 */
export function ModalDialog({
  title,
  description,
  icon,
  role = "dialog",
  onDismiss,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  icon?: ReactNode;
  role?: "dialog" | "alertdialog";
  onDismiss: () => void;
  /** The actions, under the description. */
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useEffect(() => {
    // Opened in the next frame, not in the commit that mounts it: `showModal()` lays out the whole page
    // there and then, which on a first visit made the portal's first render one long task (issue 16).
    const frame = requestAnimationFrame(() => {
      const element = dialog.current;
      if (element && !element.open) element.showModal();
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  const styles = drawer({ placement: "center" });
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; Escape (the dialog's cancel) is its keyboard twin
    <dialog
      ref={dialog}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      data-state="open"
      className={cx(styles.content, modal)}
      onCancel={(event) => {
        event.preventDefault();
        onDismiss();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself, outside its box.
        const box = event.currentTarget.getBoundingClientRect();
        const inside =
          event.clientX >= box.left &&
          event.clientX <= box.right &&
          event.clientY >= box.top &&
          event.clientY <= box.bottom;
        if (event.target === event.currentTarget && !inside) onDismiss();
      }}
    >
      {icon}
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <p id={descriptionId} className={styles.description}>
        {description}
      </p>
      {children}
    </dialog>
  );
}

/** Centred in the top layer (the browser centres a modal dialog), over a dimmed page. */
const modal = css({
  m: "auto",
  // A sheet's centred positioner keeps 1 rem from the screen's edges; so does this, on a phone.
  width: "calc(100% - 2rem)",
  border: "none",
  "&::backdrop": { bg: "rgba(15, 23, 42, 0.5)" },
});
