import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { type ComponentType, useEffect, useRef } from "react";
import { Link, useParams } from "wouter";
import type { ActorRefFrom } from "xstate";
import { css, cx } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import type { FareMedium } from "../../domain/fare-media.ts";
import type { FareCardDetail } from "../../domain/transit/cards.ts";
import type { autoRenewMachine } from "../../machines/autoRenew.machine.ts";
import type { cardBlockMachine } from "../../machines/cardBlock.machine.ts";
import type { cardReplaceMachine } from "../../machines/cardReplace.machine.ts";
import type { fareCardsMachine } from "../../machines/fareCards.machine.ts";
import { errorLine } from "../shared/fieldStyles.ts";
import { shownOnDemand } from "../shared/PartLoading.tsx";
import { card as cardBox } from "../shared/Screen.tsx";
import { CardStatusBadge, partHeading } from "./CardStatusBadge.tsx";
import type { MoneyFormat } from "./cardText.ts";
import { lastFour } from "./cardText.ts";
import { LinkCardDialog } from "./LinkCardDialog.tsx";
import { ReplacedBy } from "./ReplacedBy.tsx";

type FareCardsRef = ActorRefFrom<typeof fareCardsMachine>;

/** A card's page (./CardPage.tsx) downloads when the rider first opens a card. */
const CardPage = shownOnDemand(() => import("./CardPage.tsx").then((module) => module.CardPage));

/** What the card's page renders for transfer, add value and autoload (src/views/wallet/CardMoneyActions.tsx). */
type MoneyActionsComponent = ComponentType<{
  card: FareCardDetail;
  cards: FareMedium[];
  onChanged: () => void;
}>;

export interface FareCardsViewProps {
  cards: FareCardsRef;
  machines: {
    cardBlock: typeof cardBlockMachine;
    cardReplace: typeof cardReplaceMachine;
    autoRenew: typeof autoRenewMachine;
  };
  money: MoneyFormat;
  MoneyActions: MoneyActionsComponent;
}

const layout = css({
  display: "grid",
  gap: "6",
  alignItems: "start",
  gridTemplateColumns: { base: "minmax(0, 1fr)", md: "18rem minmax(0, 1fr)", lg: "20rem minmax(0, 1fr)" },
});
const listItem = css({
  display: "grid",
  gap: "1",
  p: "3",
  borderWidth: "1px",
  borderColor: "border",
  borderRadius: "md",
  bg: "surface",
  textDecoration: "none",
  color: "text",
  _hover: { borderColor: "brand.button" },
  _focusVisible: { outline: "3px solid token(colors.focus)", outlineOffset: "2px" },
  "&[aria-current=page]": { borderColor: "brand.button", borderWidth: "2px" },
});
const muted = css({ color: "muted", fontSize: "sm" });

/** The route's card id, for the machine (every later change is sent by FollowCardRoute). */
export function cardIdOf(params: { cardId?: string }): string | null {
  return params.cardId && params.cardId !== "" ? params.cardId : null;
}

/** Tells the machine where the route went (a card chosen, Back, a typed address). */
export function FollowCardRoute({ cards }: { cards: FareCardsRef }) {
  const cardId = cardIdOf(useParams<{ cardId?: string }>());
  const sent = useRef(cardId);
  useEffect(() => {
    if (cardId === sent.current) return;
    sent.current = cardId;
    cards.send({ type: "route.changed", cardId });
  }, [cards, cardId]);
  return null;
}

/** /faremedia/:cardId?: the rider's cards beside (desktop) or before (phone) the chosen card's page. */
export function FareCardsView({ cards, machines, money, MoneyActions }: FareCardsViewProps) {
  // The fare cards machine runs the link dialog's machine, and opens the card it links.
  const link = useSelector(cards, (s) => s.children.cardLink);
  const phase = useSelector(cards, (s) => {
    for (const state of ["listing", "notFound", "failed", "card"] as const) {
      if (s.matches(state)) return state;
    }
    return "loading" as const;
  });
  const cardId = useSelector(cards, (s) => s.context.cardId);
  const list = useSelector(cards, (s) => s.context.cards);
  const onCard = cardId !== null;

  if (phase === "failed") return <Failed cards={cards} />;
  if (phase === "loading" && list.length === 0) {
    return (
      <p role="status" aria-busy="true" data-state="loading">
        <Trans>Loading your fare cards…</Trans>
      </p>
    );
  }
  if (phase === "listing" && list.length === 0) {
    return (
      <div className={cardBox} data-state="empty">
        <p>
          <Trans>
            There are no fare cards on your account yet. Link a card you have to see its balance and passes.
          </Trans>
        </p>
        <p>{link ? <LinkCardDialog link={link} /> : null}</p>
      </div>
    );
  }
  return (
    <div className={layout} data-state={phase}>
      <nav
        aria-labelledby="fare-card-list"
        className={cx(
          css({ display: "grid", gap: "3" }),
          onCard ? css({ mdDown: { display: "none" } }) : undefined,
        )}
      >
        <h2 id="fare-card-list" className={partHeading}>
          <Trans>Your cards</Trans>
        </h2>
        <CardList cards={list} current={cardId} money={money} />
        <div>{link ? <LinkCardDialog link={link} /> : null}</div>
      </nav>
      <div className={onCard ? undefined : css({ mdDown: { display: "none" } })}>
        {onCard ? (
          <p className={css({ md: { display: "none" }, mb: "3" })}>
            <Link href="/faremedia" className={button({ variant: "outline", size: "sm" })}>
              <Trans>All fare cards</Trans>
            </Link>
          </p>
        ) : null}
        {phase === "card" ? (
          <CardPage cards={cards} machines={machines} money={money} MoneyActions={MoneyActions} />
        ) : phase === "notFound" ? (
          <div className={cardBox} data-state="notFound">
            <h2 className={partHeading}>
              <Trans>Fare card not found</Trans>
            </h2>
            <p>
              <Trans>This card is not on your account. Choose one of your cards, or link it first.</Trans>
            </p>
          </div>
        ) : phase === "loading" ? (
          <p role="status" aria-busy="true" className={cardBox}>
            {onCard ? <Trans>Loading the card…</Trans> : <Trans>Loading your fare cards…</Trans>}
          </p>
        ) : (
          <p className={cx(cardBox, muted)}>
            <Trans>Choose a card to see its balance, passes and activity.</Trans>
          </p>
        )}
      </div>
    </div>
  );
}

function CardList({
  cards,
  current,
  money,
}: {
  cards: FareMedium[];
  current: string | null;
  money: MoneyFormat;
}) {
  return (
    <ul className={css({ display: "grid", gap: "2", listStyle: "none", p: "0", m: "0" })}>
      {cards.map((entry) => {
        const value = money(entry.stored_value);
        const digits = lastFour(entry.printed_card_number);
        return (
          <li key={entry.faremedia_id}>
            <Link
              href={`/faremedia/${entry.faremedia_id}`}
              className={listItem}
              aria-current={entry.faremedia_id === current ? "page" : undefined}
              data-testid="fare-card-link"
            >
              <span className={css({ display: "flex", justifyContent: "space-between", gap: "2" })}>
                <span className={css({ fontWeight: "semibold" })}>{entry.nickname}</span>
                <CardStatusBadge status={entry.status} />
              </span>
              <span className={muted}>
                <Trans>
                  Card ending {digits} · {value}
                </Trans>
              </span>
              <ReplacedBy card={entry} cards={cards} />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function Failed({ cards }: { cards: FareCardsRef }) {
  return (
    <div className={cardBox} data-state="failed">
      <p role="alert" className={errorLine}>
        <Trans>Failed to load your fare cards. Please try again.</Trans>
      </p>
      <p>
        <button type="button" className={button()} onClick={() => cards.send({ type: "cards.retry" })}>
          <Trans>Try again</Trans>
        </button>
      </p>
    </div>
  );
}
