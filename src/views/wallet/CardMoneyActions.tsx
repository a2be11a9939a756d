import { Trans, useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { useChild, useConfig } from "../../app/children.ts";
import { createWalletLogic } from "../../app/live/wallet.ts";
import { useFeature } from "../../app/logic.tsx";
import type { FareMedium } from "../../domain/fare-media.ts";
import type { FareCardDetail } from "../../domain/transit/cards.ts";
import { loadLimitsOf } from "../../domain/transit/wallet.ts";
import { selectLocale } from "../../machines/language.machine.ts";
import { useChanged } from "../shared/useChanged.ts";
import { useMoney } from "../shared/useMoney.ts";
import { AutoloadView } from "./AutoloadView.tsx";
import { AddValueOnDemand as AddValue, TransferViewOnDemand as TransferView } from "./onDemand.ts";

type Open = "transfer" | "addValue" | null;

/**
 * A fare card's money actions on its details screen: "Add value" and "Transfer balance" open a panel
 * in the page (one at a time, so a 390 px phone shows it whole), and the card's autoload below them.
 * The details screen reads the card again when `onChanged` is called.
 */
export function CardMoneyActions({
  card,
  cards,
  onChanged,
}: {
  card: FareCardDetail;
  cards: FareMedium[];
  onChanged: () => void;
}) {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <section
      aria-label={card.nickname}
      className={css({ display: "flex", flexDirection: "column", gap: "4" })}
    >
      {open === null && (card.can.load || card.can.transfer) ? (
        <p className={css({ display: "flex", flexWrap: "wrap", gap: "3" })}>
          {card.can.load ? (
            <button type="button" className={button()} onClick={() => setOpen("addValue")}>
              <Trans>Add value</Trans>
            </button>
          ) : null}
          {card.can.transfer ? (
            <button
              type="button"
              className={button({ variant: "outline" })}
              onClick={() => setOpen("transfer")}
            >
              <Trans>Transfer balance</Trans>
            </button>
          ) : null}
        </p>
      ) : null}
      {open === "addValue" ? <CardAddValue card={card} onChanged={onChanged} onClose={close} /> : null}
      {open === "transfer" ? (
        <CardTransfer card={card} cards={cards} onChanged={onChanged} onClose={close} />
      ) : null}
      {card.can.autoload || card.autoload ? (
        // A card read again with its autoload paused or gone (a declined run, another tab) starts afresh.
        <CardAutoload
          key={card.autoload ? `${card.autoload.id}:${card.autoload.status}` : "none"}
          card={card}
          onChanged={onChanged}
        />
      ) : null}
    </section>
  );
}

function CardAddValue({
  card,
  onChanged,
  onClose,
}: {
  card: FareCardDetail;
  onChanged: () => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <AddValue
      target={{ kind: "card", id: card.faremedia_id }}
      balance={card.balance.general_funds}
      title={t`Add value to ${card.nickname}`}
      onChanged={onChanged}
      onClose={onClose}
    />
  );
}

function CardTransfer({
  card,
  cards,
  onChanged,
  onClose,
}: {
  card: FareCardDetail;
  cards: FareMedium[];
  onChanged: () => void;
  onClose: () => void;
}) {
  const { cardTransfer } = useFeature(createWalletLogic);
  const config = useConfig();
  const money = useMoney();
  const actor = useActorRef(cardTransfer, { input: { source: card, cards, currency: config.currency_code } });
  useChanged(actor, onChanged);
  return <TransferView transfer={actor} money={money} onClose={onClose} />;
}

function CardAutoload({ card, onChanged }: { card: FareCardDetail; onChanged: () => void }) {
  const { autoload } = useFeature(createWalletLogic);
  const config = useConfig();
  const money = useMoney();
  const locale = useSelector(useChild("language"), selectLocale);
  const actor = useActorRef(autoload, {
    input: {
      target: { kind: "card", id: card.faremedia_id },
      autoload: card.autoload,
      limits: loadLimitsOf(config),
    },
  });
  // Saved or removed: the card is read again.
  useChanged(actor, onChanged);
  return <AutoloadView autoload={actor} money={money} locale={locale} nested />;
}
