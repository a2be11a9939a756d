import { Trans } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { button } from "../../../styled-system/recipes";
import type { cardBlockMachine } from "../../machines/cardBlock.machine.ts";
import { ConfirmDialog } from "../shared/ConfirmDialog.tsx";
import { useChanged } from "../shared/useChanged.ts";

type CardBlockRef = ActorRefFrom<typeof cardBlockMachine>;

/**
 * A guest blocks a lost or stolen card nobody's account holds (issue 35), after the question; only
 * customer service unblocks it. A fresh machine per state of the card.
 */
export function GuestBlockPanel({
  machine,
  cardId,
  canBlock,
  onChanged,
}: {
  machine: typeof cardBlockMachine;
  cardId: string;
  canBlock: boolean;
  onChanged: () => void;
}) {
  return (
    <GuestBlockActions
      key={`${cardId}:${canBlock}`}
      machine={machine}
      cardId={cardId}
      canBlock={canBlock}
      onChanged={onChanged}
    />
  );
}

function GuestBlockActions({
  machine,
  cardId,
  canBlock,
  onChanged,
}: {
  machine: typeof cardBlockMachine;
  cardId: string;
  canBlock: boolean;
  onChanged: () => void;
}) {
  const actor = useActorRef(machine, { input: { cardId, canBlock, canUnblock: false } });
  useChanged(actor, onChanged);
  return <GuestBlock actor={actor} />;
}

export function GuestBlock({ actor }: { actor: CardBlockRef }) {
  const canBlock = useSelector(actor, (s) => s.context.canBlock);
  const open = useSelector(actor, (s) => s.matches("confirmingBlock") || s.matches("blocking"));
  const blocking = useSelector(actor, (s) => s.matches("blocking"));
  const failure = useSelector(actor, (s) => (s.matches("confirmingBlock") ? s.context.failure : null));
  if (!canBlock) return null;
  return (
    <>
      <p>
        <button
          type="button"
          className={button({ variant: "outline", size: "sm" })}
          onClick={() => actor.send({ type: "block.ask" })}
        >
          <Trans>Block this card</Trans>
        </button>
      </p>
      <ConfirmDialog
        open={open}
        busy={blocking}
        title={<Trans>Block this card?</Trans>}
        error={failure ? <Trans>The card could not be blocked. Please try again.</Trans> : null}
        confirmLabel={<Trans>Block card</Trans>}
        busyLabel={<Trans>Please wait…</Trans>}
        cancelLabel={<Trans>Keep it active</Trans>}
        onConfirm={() => actor.send({ type: "block.confirm" })}
        onCancel={() => actor.send({ type: "block.cancel" })}
      >
        <Trans>
          Block a card that is lost or stolen: nobody can ride or buy with it from then on, and only customer
          service can unblock it. Its balance stays on it; customer service can move it to a new card.
        </Trans>
      </ConfirmDialog>
    </>
  );
}
