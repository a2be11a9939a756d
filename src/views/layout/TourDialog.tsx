import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import type { tourMachine } from "../../machines/tour.machine.ts";
import { ModalDialog } from "../../ui/ModalDialog.tsx";
import { WhenWanted } from "../shared/WhenWanted.tsx";
import { tourSteps } from "./layout-parts.ts";

/**
 * The first-visit question and the app tour.
 * - The question shows on the first page of every first visit, so it is a ModalDialog (the platform's
 *   own modal dialog), not Ark's, whose dialog stack would add 20 KB to that first page.
 * - The tour's steps (./TourSteps.tsx, a Sheet) download when the rider takes the tour.
 */
export function TourDialog({ tour, name }: { tour: ActorRefFrom<typeof tourMachine>; name: string }) {
  const offering = useSelector(tour, (snapshot) => snapshot.matches("offering"));
  const touring = useSelector(tour, (snapshot) => snapshot.matches("touring"));

  return (
    <>
      <WelcomePrompt
        open={offering}
        name={name}
        onStart={() => tour.send({ type: "tour.start" })}
        onDismiss={() => tour.send({ type: "tour.dismiss" })}
      />
      <WhenWanted part={tourSteps} wanted={touring} props={{ tour }} />
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
