import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
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

/** The tour's steps, in a centred sheet: downloaded when the rider takes the tour (./TourDialog.tsx). */
export function TourSteps({ tour }: { tour: ActorRefFrom<typeof tourMachine> }) {
  const { i18n } = useLingui();
  const touring = useSelector(tour, (snapshot) => snapshot.matches("touring"));
  const step = useSelector(tour, selectTourStep);
  const canGoBack = useSelector(tour, (snapshot) => snapshot.can({ type: "tour.back" }));
  const position = tourSteps.indexOf(step) + 1;
  const total = tourSteps.length;
  const last = position === total;
  return (
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
  );
}
