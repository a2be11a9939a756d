import { Trans } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import type { FareCardDetail } from "../../domain/transit/cards.ts";
import type { cardBlockMachine } from "../../machines/cardBlock.machine.ts";
import { ConfirmDialog } from "../shared/ConfirmDialog.tsx";
import { errorLine } from "../shared/fieldStyles.ts";
import { useChanged } from "../shared/useChanged.ts";

type CardBlockRef = ActorRefFrom<typeof cardBlockMachine>;

/** Why nothing can be done online with a card in one of the agency's states. */
export function CardStatusNote({ card }: { card: Pick<FareCardDetail, "status" | "can"> }) {
  switch (card.status) {
    case "ACTIVE":
      return null;
    case "BLOCKED":
      return (
        <p data-testid="status-note">
          {card.can.unblock ? (
            <Trans>This card is blocked: it cannot be used to ride or to buy until you unblock it.</Trans>
          ) : (
            <Trans>
              The agency blocked this card. It cannot be unblocked online: please contact customer service.
            </Trans>
          )}
        </p>
      );
    case "INVALID":
      return (
        <p data-testid="status-note">
          <Trans>
            This card is no longer valid and cannot be used or changed online. Please contact customer
            service.
          </Trans>
        </p>
      );
    case "SUSPENDED":
      return (
        <p data-testid="status-note">
          <Trans>
            The agency suspended this card. Nothing can be done with it online until the agency lifts the
            suspension: please contact customer service.
          </Trans>
        </p>
      );
  }
}

/** Block (asks first) or Unblock, for a card that allows it; a fresh machine per state of the card. */
export function CardBlockPanel({
  machine,
  card,
  onChanged,
}: {
  machine: typeof cardBlockMachine;
  card: FareCardDetail;
  onChanged: () => void;
}) {
  return (
    <CardBlockActions
      key={`${card.faremedia_id}:${card.status}:${card.can.block}:${card.can.unblock}`}
      machine={machine}
      card={card}
      onChanged={onChanged}
    />
  );
}

function CardBlockActions({
  machine,
  card,
  onChanged,
}: {
  machine: typeof cardBlockMachine;
  card: FareCardDetail;
  onChanged: () => void;
}) {
  const actor = useActorRef(machine, {
    input: { cardId: card.faremedia_id, canBlock: card.can.block, canUnblock: card.can.unblock },
  });
  useChanged(actor, onChanged);
  return <BlockButtons actor={actor} card={card} />;
}

/** Block card (then its question) or Unblock card, as the card allows. */
export function BlockButtons({ actor, card }: { actor: CardBlockRef; card: Pick<FareCardDetail, "can"> }) {
  const unblocking = useSelector(actor, (s) => s.matches("unblocking"));
  const failure = useSelector(actor, (s) => (s.matches("idle") ? s.context.failure : null));
  if (!card.can.block && !card.can.unblock) return null;
  return (
    <div className={css({ display: "grid", gap: "2" })}>
      {card.can.block ? (
        <p>
          <button
            type="button"
            className={button({ variant: "outline", size: "sm" })}
            onClick={() => actor.send({ type: "block.ask" })}
          >
            <Trans>Block card</Trans>
          </button>
        </p>
      ) : null}
      {card.can.unblock ? (
        <p>
          <button
            type="button"
            className={button({ size: "sm" })}
            disabled={unblocking}
            aria-busy={unblocking}
            onClick={() => actor.send({ type: "unblock" })}
          >
            {unblocking ? <Trans>Please wait…</Trans> : <Trans>Unblock card</Trans>}
          </button>
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className={errorLine}>
          <Trans>The card could not be unblocked. Please try again.</Trans>
        </p>
      ) : null}
      <BlockQuestion actor={actor} />
    </div>
  );
}

/** "Block this card?", with what blocking means for whoever asks (a rider's card by default). */
export function BlockQuestion({ actor, children }: { actor: CardBlockRef; children?: ReactNode }) {
  const open = useSelector(actor, (s) => s.matches("confirmingBlock") || s.matches("blocking"));
  const blocking = useSelector(actor, (s) => s.matches("blocking"));
  const failure = useSelector(actor, (s) => (s.matches("confirmingBlock") ? s.context.failure : null));
  const keep = () => actor.send({ type: "block.cancel" });
  return (
    <ConfirmDialog
      open={open}
      busy={blocking}
      title={<Trans>Block this card?</Trans>}
      error={failure ? <Trans>The card could not be blocked. Please try again.</Trans> : null}
      confirmLabel={<Trans>Block card</Trans>}
      busyLabel={<Trans>Please wait…</Trans>}
      cancelLabel={<Trans>Keep it active</Trans>}
      onConfirm={() => actor.send({ type: "block.confirm" })}
      onCancel={keep}
    >
      {children ?? (
        <Trans>
          Blocking stops all use of the card, riding and buying, until you unblock it. Block a card that is
          lost or stolen; its balance and passes stay on it.
        </Trans>
      )}
    </ConfirmDialog>
  );
}
