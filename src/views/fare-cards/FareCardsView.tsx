import { Trans, useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { type ComponentType, useCallback, useEffect, useRef } from "react";
import { Link, useParams } from "wouter";
import type { ActorRefFrom } from "xstate";
import { css, cx } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { ErrorCode } from "../../domain/envelope.ts";
import type { FareMedium } from "../../domain/fare-media.ts";
import { cardNicknameMaxLength, type FareCardDetail } from "../../domain/transit/cards.ts";
import type { autoRenewMachine } from "../../machines/autoRenew.machine.ts";
import type { cardBlockMachine } from "../../machines/cardBlock.machine.ts";
import type { cardLinkMachine } from "../../machines/cardLink.machine.ts";
import { type fareCardsMachine, selectHasMore } from "../../machines/fareCards.machine.ts";
import { errorLine, problemText, TextField } from "../account/paymentParts.tsx";
import { ConfirmDialog } from "../shared/ConfirmDialog.tsx";
import { card as cardBox } from "../shared/Screen.tsx";
import { SubmitRow } from "../shared/SubmitRow.tsx";
import { useFocusWhenLost } from "../shared/useFocusWhenLost.ts";
import {
  RenewButton,
  RenewDialog,
  StopRenewButton,
  StopRenewQuestion,
  useAutoRenew,
} from "./AutoRenewParts.tsx";
import { CardBlockPanel, CardStatusNote } from "./CardBlockPanel.tsx";
import {
  ActivityList,
  AutoRenewList,
  BalancePanel,
  CardStatusBadge,
  FareCapList,
  PassList,
  partHeading,
  RiderType,
} from "./CardParts.tsx";
import { cardTypeText, type MoneyFormat } from "./cardText.ts";
import { LinkCardDialog } from "./LinkCardDialog.tsx";

type FareCardsRef = ActorRefFrom<typeof fareCardsMachine>;

/** What the card's page renders for transfer, add value and autoload (src/views/wallet/CardMoneyActions.tsx). */
export type MoneyActionsComponent = ComponentType<{
  card: FareCardDetail;
  cards: FareMedium[];
  onChanged: () => void;
}>;

export interface FareCardsViewProps {
  cards: FareCardsRef;
  machines: {
    cardLink: typeof cardLinkMachine;
    cardBlock: typeof cardBlockMachine;
    autoRenew: typeof autoRenewMachine;
  };
  money: MoneyFormat;
  locale: string;
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
const actionRow = css({ display: "flex", flexWrap: "wrap", gap: "3", alignItems: "center" });
const headingFocus = css({ fontSize: "xl", fontWeight: "bold", _focusVisible: { outline: "none" } });

const lastFour = (number: string) => number.replace(/\D/g, "").slice(-4);

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
export function FareCardsView({ cards, machines, money, locale, MoneyActions }: FareCardsViewProps) {
  const link = useActorRef(machines.cardLink);
  useEffect(() => {
    const subscription = link.on("linked", (event) => cards.send({ type: "card.linked", id: event.id }));
    return () => subscription.unsubscribe();
  }, [link, cards]);
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
        <p>
          <LinkCardDialog link={link} />
        </p>
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
        <div>
          <LinkCardDialog link={link} />
        </div>
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
          <CardPage
            cards={cards}
            machines={machines}
            money={money}
            locale={locale}
            MoneyActions={MoneyActions}
          />
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

function CardPage({ cards, machines, money, locale, MoneyActions }: FareCardsViewProps) {
  const { t } = useLingui();
  const card = useSelector(cards, (s) => s.context.card);
  const list = useSelector(cards, (s) => s.context.cards);
  const refreshing = useSelector(cards, (s) => s.matches({ card: "refreshing" }));
  const heading = useFocusWhenLost<HTMLHeadingElement>(card?.faremedia_id);
  const changed = useCallback(() => cards.send({ type: "card.changed" }), [cards]);
  if (!card) return null;
  return (
    <article
      className={css({ display: "grid", gap: "5" })}
      aria-labelledby="fare-card-name"
      aria-busy={refreshing}
      data-state="card"
    >
      <div className={cx(cardBox)}>
        <div
          className={css({ display: "flex", flexWrap: "wrap", justifyContent: "space-between", gap: "3" })}
        >
          <h2 id="fare-card-name" ref={heading} tabIndex={-1} className={headingFocus}>
            {card.nickname}
          </h2>
          <CardStatusBadge status={card.status} />
        </div>
        <dl
          className={css({
            display: "grid",
            gridTemplateColumns: { base: "minmax(0, 1fr)", sm: "auto minmax(0, 1fr)" },
            columnGap: "4",
            rowGap: "1",
            "& dt": { color: "muted", fontSize: "sm" },
            "& dd": { fontWeight: "semibold", mb: { base: "2", sm: "0" } },
          })}
        >
          <dt>
            <Trans>Card number</Trans>
          </dt>
          <dd data-testid="card-number">{card.printed_card_number}</dd>
          <dt>
            <Trans>Category</Trans>
          </dt>
          <dd>{card.category}</dd>
          <dt>
            <Trans>Rider type</Trans>
          </dt>
          <dd>
            <RiderType code={card.rider_type} />
          </dd>
          <dt>
            <Trans>Type</Trans>
          </dt>
          <dd>
            <CardType card={card} />
          </dd>
        </dl>
        <CardStatusNote card={card} />
        <Nickname cards={cards} />
        <CardBlockPanel machine={machines.cardBlock} card={card} onChanged={changed} />
      </div>
      <div className={cardBox}>
        <BalancePanel balance={card.balance_detail} money={money} locale={locale} />
        <MoneyActions card={card} cards={list} onChanged={changed} />
      </div>
      {card.fare_caps.length > 0 ? (
        <div className={cardBox}>
          <FareCapList caps={card.fare_caps} locale={locale} />
        </div>
      ) : null}
      <Renewals
        key={renewKey(card)}
        machine={machines.autoRenew}
        card={card}
        money={money}
        locale={locale}
        onChanged={changed}
      />
      <div className={cardBox}>
        <h2 className={partHeading}>
          <Trans>Activity</Trans>
        </h2>
        <Activity cards={cards} money={money} locale={locale} caption={t`Activity of ${card.nickname}`} />
      </div>
      <ManageCard cards={cards} card={card} />
    </article>
  );
}

function CardType({ card }: { card: FareCardDetail }) {
  const { i18n } = useLingui();
  return <>{cardTypeText(i18n, card.type)}</>;
}

const renewKey = (card: FareCardDetail) =>
  [
    card.faremedia_id,
    ...card.passes.map((pass) => `${pass.id}:${pass.status}:${pass.auto_renewable === true}`),
    ...card.auto_renew.map((renewal) => `${renewal.id}:${renewal.status}`),
  ].join("|");

function Renewals({
  machine,
  card,
  money,
  locale,
  onChanged,
}: {
  machine: typeof autoRenewMachine;
  card: FareCardDetail;
  money: MoneyFormat;
  locale: string;
  onChanged: () => void;
}) {
  const actor = useAutoRenew(machine, card, onChanged);
  const renewals = card.auto_renew.filter((renewal) => renewal.status === "active");
  return (
    <>
      <div className={cardBox}>
        <PassList
          passes={card.passes}
          locale={locale}
          actions={card.status === "ACTIVE" ? (pass) => <RenewButton actor={actor} pass={pass} /> : undefined}
        />
      </div>
      {renewals.length > 0 ? (
        <div className={cardBox}>
          <AutoRenewList
            renewals={renewals}
            money={money}
            locale={locale}
            actions={(renewal) => <StopRenewButton actor={actor} renewal={renewal} />}
          />
        </div>
      ) : null}
      <RenewDialog actor={actor} card={card} />
      <StopRenewQuestion actor={actor} card={card} />
    </>
  );
}

function Activity({
  cards,
  money,
  locale,
  caption,
}: {
  cards: FareCardsRef;
  money: MoneyFormat;
  locale: string;
  caption: string;
}) {
  const rows = useSelector(cards, (s) => s.context.activity);
  const hasMore = useSelector(cards, selectHasMore);
  const loadingMore = useSelector(cards, (s) => s.matches({ card: "loadingMore" }));
  const failed = useSelector(cards, (s) => s.context.failure?.kind === "more");
  return (
    <>
      <ActivityList rows={rows} money={money} locale={locale} caption={caption} />
      {failed ? (
        <p role="alert" className={errorLine}>
          <Trans>Failed to load more activity. Please try again.</Trans>
        </p>
      ) : null}
      {hasMore ? (
        <p>
          <button
            type="button"
            className={button({ variant: "outline" })}
            disabled={loadingMore}
            aria-busy={loadingMore}
            onClick={() => cards.send({ type: "activity.more" })}
          >
            {loadingMore ? <Trans>Loading…</Trans> : <Trans>Show more</Trans>}
          </button>
        </p>
      ) : null}
    </>
  );
}

function Nickname({ cards }: { cards: FareCardsRef }) {
  const { t, i18n } = useLingui();
  const editing = useSelector(
    cards,
    (s) => s.matches({ card: "editingNickname" }) || s.matches({ card: "savingNickname" }),
  );
  const saving = useSelector(cards, (s) => s.matches({ card: "savingNickname" }));
  const value = useSelector(cards, (s) => s.context.nickname);
  const problem = useSelector(cards, (s) => s.context.nicknameProblem);
  const failed = useSelector(cards, (s) => s.context.failure?.kind === "rename");
  const label = t`Nickname`;
  if (!editing) {
    return (
      <p>
        <button
          type="button"
          className={button({ variant: "outline", size: "sm" })}
          onClick={() => cards.send({ type: "nickname.edit" })}
        >
          <Trans>Edit nickname</Trans>
        </button>
      </p>
    );
  }
  return (
    <form
      noValidate
      aria-label={t`Edit nickname`}
      className={css({ display: "grid", gap: "3", maxWidth: "28rem" })}
      onSubmit={(event) => {
        event.preventDefault();
        cards.send({ type: "nickname.submit" });
      }}
    >
      <TextField
        label={label}
        name="nickname"
        value={value}
        problem={problem ? problemText(i18n, problem, label, cardNicknameMaxLength) : null}
        onChange={(next) => cards.send({ type: "nickname.change", value: next })}
      />
      {failed ? (
        <p role="alert" className={errorLine}>
          <Trans>Failed to save the nickname. Please try again.</Trans>
        </p>
      ) : null}
      <SubmitRow
        className={actionRow}
        busy={saving}
        submitLabel={<Trans>Save</Trans>}
        onCancel={() => cards.send({ type: "nickname.cancel" })}
      />
    </form>
  );
}

function ManageCard({ cards, card }: { cards: FareCardsRef; card: FareCardDetail }) {
  return (
    <div className={cardBox}>
      <h2 className={partHeading}>
        <Trans>Remove from your account</Trans>
      </h2>
      {card.can.unlink || card.can.remove ? (
        <div className={actionRow}>
          {card.can.unlink ? (
            <button
              type="button"
              className={button({ variant: "outline" })}
              onClick={() => cards.send({ type: "unlink.ask" })}
            >
              <Trans>Unlink card</Trans>
            </button>
          ) : null}
          {card.can.remove ? (
            <button
              type="button"
              className={button({ variant: "outline" })}
              onClick={() => cards.send({ type: "remove.ask" })}
            >
              <Trans>Remove card</Trans>
            </button>
          ) : null}
        </div>
      ) : null}
      {card.can.remove ? null : (
        <p className={muted} data-testid="remove-note">
          <Trans>
            A card that still holds value or usable passes cannot be removed: transfer its balance to another
            card first.
          </Trans>
        </p>
      )}
      <UnlinkQuestion cards={cards} />
      <RemoveQuestion cards={cards} />
    </div>
  );
}

function UnlinkQuestion({ cards }: { cards: FareCardsRef }) {
  const open = useSelector(
    cards,
    (s) => s.matches({ card: "confirmingUnlink" }) || s.matches({ card: "unlinking" }),
  );
  const busy = useSelector(cards, (s) => s.matches({ card: "unlinking" }));
  const failed = useSelector(
    cards,
    (s) => s.matches({ card: "confirmingUnlink" }) && s.context.failure !== null,
  );
  const keep = () => cards.send({ type: "unlink.cancel" });
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      title={<Trans>Unlink this card?</Trans>}
      error={failed ? <Trans>The card could not be unlinked. Please try again.</Trans> : null}
      confirmLabel={<Trans>Unlink card</Trans>}
      busyLabel={<Trans>Please wait…</Trans>}
      cancelLabel={<Trans>Keep it</Trans>}
      onConfirm={() => cards.send({ type: "unlink.confirm" })}
      onCancel={keep}
    >
      <Trans>
        The card leaves your account but keeps its balance and passes, and can be linked again with its number
        and security code. Its autoload and automatic renewals stop.
      </Trans>
    </ConfirmDialog>
  );
}

function RemoveQuestion({ cards }: { cards: FareCardsRef }) {
  const open = useSelector(
    cards,
    (s) => s.matches({ card: "confirmingRemove" }) || s.matches({ card: "removing" }),
  );
  const busy = useSelector(cards, (s) => s.matches({ card: "removing" }));
  const failure = useSelector(cards, (s) =>
    s.matches({ card: "confirmingRemove" }) ? s.context.failure : null,
  );
  const keep = () => cards.send({ type: "remove.cancel" });
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      title={<Trans>Remove this card?</Trans>}
      error={
        failure ? (
          failure.code === ErrorCode.cardNotEmpty ? (
            <Trans>
              This card still holds value or passes. Transfer its balance to another card first, then remove
              it.
            </Trans>
          ) : (
            <Trans>The card could not be removed. Please try again.</Trans>
          )
        ) : null
      }
      confirmLabel={<Trans>Remove card</Trans>}
      busyLabel={<Trans>Please wait…</Trans>}
      cancelLabel={<Trans>Keep it</Trans>}
      onConfirm={() => cards.send({ type: "remove.confirm" })}
      onCancel={keep}
    >
      <Trans>The card is removed for good and cannot be linked again.</Trans>
    </ConfirmDialog>
  );
}
