import { Trans } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { button } from "../../../styled-system/recipes";
import type { cardBlockMachine } from "../../machines/cardBlock.machine.ts";
import { BlockQuestion } from "../fare-cards/CardBlockPanel.tsx";
import { useChanged } from "../shared/useChanged.ts";

type CardBlockRef = ActorRefFrom<typeof cardBlockMachine>;

/**
 * A guest blocks a lost or stolen card nobody's account holds (issue 35), after the question; only
 * customer service unblocks it. A fresh machine per state of the card.
 */
interface GuestBlockProps {
  machine: typeof cardBlockMachine;
  cardId: string;
  canBlock: boolean;
  onChanged: () => void;
}

export function GuestBlockPanel({ machine, cardId, canBlock, onChanged }: GuestBlockProps) {
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

function GuestBlockActions({ machine, cardId, canBlock, onChanged }: GuestBlockProps) {
  const actor = useActorRef(machine, { input: { cardId, canBlock, canUnblock: false } });
  useChanged(actor, onChanged);
  return <GuestBlock actor={actor} />;
}

export function GuestBlock({ actor }: { actor: CardBlockRef }) {
  const canBlock = useSelector(actor, (s) => s.context.canBlock);
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
      <BlockQuestion actor={actor}>
        <Trans>
          Block a card that is lost or stolen: nobody can ride or buy with it from then on, and only customer
          service can unblock it. Its balance stays on it; customer service can move it to a new card.
        </Trans>
      </BlockQuestion>
    </>
  );
}
