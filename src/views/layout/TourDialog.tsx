import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { selectTourStep, type TourStep, type tourMachine, tourSteps } from "../../machines/tour.machine.ts";
import { ModalDialog } from "../../ui/ModalDialog.tsx";
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
 * - The question shows on the first page of every first visit, so it is a ModalDialog (the platform's
 *   own modal dialog), not Ark's, whose dialog stack would add 20 KB to that first page.
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
  if (!open) return null;
  return (
    <ModalDialog
      title={<Trans>Welcome to {name}</Trans>}
      description={<Trans>New here? Take a quick tour of the portal.</Trans>}
      onDismiss={onDismiss}
    >
      <div className={css({ display: "flex", gap: "3", justifyContent: "flex-end", flexWrap: "wrap" })}>
        <button type="button" className={button({ variant: "outline" })} onClick={onDismiss}>
          <Trans>No thanks</Trans>
        </button>
        <button type="button" className={button()} onClick={onStart}>
          <Trans>Take the tour</Trans>
        </button>
      </div>
    </ModalDialog>
  );
}
