import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useEffect, useId, useRef } from "react";
import type { ActorRefFrom } from "xstate";
import { css, cx } from "../../../styled-system/css";
import { button, drawer } from "../../../styled-system/recipes";
import { selectTourStep, type TourStep, type tourMachine, tourSteps } from "../../machines/tour.machine.ts";
import { Sheet, SheetDescription, SheetTitle } from "../../ui/Sheet.tsx";

const stepText = {
  products: {
    title: msg`Find your fare`,
    body: msg`Browse passes and stored value under Products, filtered by service.`,
  },
  cart: {
    title: msg`Your cart`,
    body: msg`The cart button shows how many items you picked. Open it to review and check out.`,
  },
  language: {
    title: msg`Your language`,
    body: msg`Pick your language at the top of any page. The portal remembers it on this device.`,
  },
  account: {
    title: msg`Your account`,
    body: msg`Sign in to manage your fare cards, passes, payment methods and order history.`,
  },
} satisfies Record<TourStep, { title: MessageDescriptor; body: MessageDescriptor }>;

/**
 * The first-visit question and the app tour.
 * - The question shows on the first page of every first visit, so it is the platform's own modal
 *   dialog (`<dialog>` opened with `showModal()`: top layer, the page behind inert, Escape to close,
 *   focus on its first button), not Ark's, whose dialog stack would add 20 KB to that first page.
 * - The tour's steps are a Sheet (Ark's dialog, loaded when the rider takes the tour).
 */
export function TourDialog({ tour, name }: { tour: ActorRefFrom<typeof tourMachine>; name: string }) {
  const { i18n } = useLingui();
  const offering = useSelector(tour, (snapshot) => snapshot.matches("offering"));
  const touring = useSelector(tour, (snapshot) => snapshot.matches("touring"));
  const step = useSelector(tour, selectTourStep);
  const canGoBack = useSelector(tour, (snapshot) => snapshot.can({ type: "tour.back" }));
  const position = tourSteps.indexOf(step) + 1;
  const total = tourSteps.length;
  const last = position === total;

  return (
    <>
      <WelcomePrompt
        open={offering}
        name={name}
        onStart={() => tour.send({ type: "tour.start" })}
        onDismiss={() => tour.send({ type: "tour.dismiss" })}
      />
      <Sheet open={touring} onDismiss={() => tour.send({ type: "tour.dismiss" })} placement="center">
        {(styles) => (
          <>
            <p className={css({ color: "muted", fontSize: "sm" })}>
              <Trans>
                Step {position} of {total}
              </Trans>
            </p>
            <SheetTitle className={styles.title}>{i18n._(stepText[step].title)}</SheetTitle>
            <SheetDescription className={styles.description}>{i18n._(stepText[step].body)}</SheetDescription>
            <div
              className={css({
                display: "flex",
                gap: "3",
                justifyContent: "space-between",
                flexWrap: "wrap",
              })}
            >
              <button
                type="button"
                className={button({ variant: "ghost" })}
                onClick={() => tour.send({ type: "tour.dismiss" })}
              >
                <Trans>Skip tour</Trans>
              </button>
              <div className={css({ display: "flex", gap: "3" })}>
                {canGoBack ? (
                  <button
                    type="button"
                    className={button({ variant: "outline" })}
                    onClick={() => tour.send({ type: "tour.back" })}
                  >
                    <Trans>Back</Trans>
                  </button>
                ) : null}
                <button type="button" className={button()} onClick={() => tour.send({ type: "tour.next" })}>
                  {last ? <Trans>Done</Trans> : <Trans>Next</Trans>}
                </button>
              </div>
            </div>
          </>
        )}
      </Sheet>
    </>
  );
}

/** "Welcome to …": take the tour, or no thanks (which, like Escape or a click beside it, dismisses it). */
function WelcomePrompt({
  open,
  name,
  onStart,
  onDismiss,
}: {
  open: boolean;
  name: string;
  onStart: () => void;
  onDismiss: () => void;
}) {
  return open ? <OpenWelcomePrompt name={name} onStart={onStart} onDismiss={onDismiss} /> : null;
}

/** Mounted while the question is asked: opened modal as it mounts, closed by unmounting. */
function OpenWelcomePrompt({
  name,
  onStart,
  onDismiss,
}: {
  name: string;
  onStart: () => void;
  onDismiss: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  const styles = drawer({ placement: "center" });
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; Escape (the dialog's cancel) is its keyboard twin
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      data-state="open"
      className={cx(styles.content, prompt)}
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
      <h2 id={titleId} className={styles.title}>
        <Trans>Welcome to {name}</Trans>
      </h2>
      <p id={descriptionId} className={styles.description}>
        <Trans>New here? Take a quick tour of the portal.</Trans>
      </p>
      <div className={css({ display: "flex", gap: "3", justifyContent: "flex-end", flexWrap: "wrap" })}>
        <button type="button" className={button({ variant: "outline" })} onClick={onDismiss}>
          <Trans>No thanks</Trans>
        </button>
        <button type="button" className={button()} onClick={onStart}>
          <Trans>Take the tour</Trans>
        </button>
      </div>
    </dialog>
  );
}

/** Centred in the top layer as the sheets are (the browser centres a modal dialog), over a dimmed page. */
const prompt = css({
  m: "auto",
  border: "none",
  "&::backdrop": { bg: "rgba(15, 23, 42, 0.5)" },
});
