import { Trans } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { button } from "../../../styled-system/recipes";
import { ErrorCode } from "../../domain/envelope.ts";
import type { FareCardDetail } from "../../domain/transit/cards.ts";
import type { cardReplaceMachine } from "../../machines/cardReplace.machine.ts";
import { ConfirmDialog } from "../shared/ConfirmDialog.tsx";

type CardReplaceRef = ActorRefFrom<typeof cardReplaceMachine>;

/** "Report lost or stolen" for a card that allows it; a fresh machine per card. */
export function ReportLostPanel({
  machine,
  card,
}: {
  machine: typeof cardReplaceMachine;
  card: Pick<FareCardDetail, "faremedia_id" | "can">;
}) {
  return (
    <ReportLostActions
      key={`${card.faremedia_id}:${card.can.replace}`}
      machine={machine}
      cardId={card.faremedia_id}
      canReplace={card.can.replace}
    />
  );
}

function ReportLostActions({
  machine,
  cardId,
  canReplace,
}: {
  machine: typeof cardReplaceMachine;
  cardId: string;
  canReplace: boolean;
}) {
  const actor = useActorRef(machine, { input: { cardId, canReplace } });
  return <ReportLostButton actor={actor} />;
}

/** The button, then the question: blocked at once, everything moves to a new digital card. */
export function ReportLostButton({ actor }: { actor: CardReplaceRef }) {
  const canReplace = useSelector(actor, (s) => s.context.canReplace);
  const open = useSelector(actor, (s) => s.matches("confirming") || s.matches("replacing"));
  const replacing = useSelector(actor, (s) => s.matches("replacing"));
  const failure = useSelector(actor, (s) => (s.matches("confirming") ? s.context.failure : null));
  if (!canReplace) return null;
  return (
    <>
      <p>
        <button
          type="button"
          className={button({ variant: "outline", size: "sm" })}
          onClick={() => actor.send({ type: "replace.ask" })}
        >
          <Trans>Report lost or stolen</Trans>
        </button>
      </p>
      <ConfirmDialog
        open={open}
        busy={replacing}
        title={<Trans>Report this card lost or stolen?</Trans>}
        error={failure === null ? null : <ReplaceFailure code={failure} />}
        confirmLabel={<Trans>Block and replace</Trans>}
        busyLabel={<Trans>Please wait…</Trans>}
        cancelLabel={<Trans>Keep this card</Trans>}
        onConfirm={() => actor.send({ type: "replace.confirm" })}
        onCancel={() => actor.send({ type: "replace.cancel" })}
      >
        <Trans>
          The card is blocked at once and for good: nobody can ride or buy with it. A new digital card on your
          phone takes its balance, its passes, its autoload and its auto-renewals.
        </Trans>
      </ConfirmDialog>
    </>
  );
}

function ReplaceFailure({ code }: { code: number }) {
  if (code === ErrorCode.loadPending) {
    return <Trans>A load on this card is still being processed. Try again in a few minutes.</Trans>;
  }
  if (code === ErrorCode.fareCardUnavailable) {
    return <Trans>This card cannot be replaced online. Please contact customer service.</Trans>;
  }
  return <Trans>The card could not be reported. Please try again.</Trans>;
}
