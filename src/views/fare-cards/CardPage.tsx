import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useCallback } from "react";
import { Link } from "wouter";
import type { ActorRefFrom } from "xstate";
import { css, cx } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { ErrorCode } from "../../domain/envelope.ts";
import { cardNicknameMaxLength, type FareCardDetail } from "../../domain/transit/cards.ts";
import type { autoRenewMachine } from "../../machines/autoRenew.machine.ts";
import { type fareCardsMachine, selectHasMore } from "../../machines/fareCards.machine.ts";
import { problemText, TextField } from "../account/paymentParts.tsx";
import { ConfirmDialog } from "../shared/ConfirmDialog.tsx";
import { useDates } from "../shared/dates.ts";
import { errorLine } from "../shared/fieldStyles.ts";
import { card as cardBox } from "../shared/Screen.tsx";
import { ShowMore } from "../shared/ShowMore.tsx";
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
import { cardTypeText, categoryText, type MoneyFormat } from "./cardText.ts";
import type { FareCardsViewProps } from "./FareCardsView.tsx";
import { ReplacedBy } from "./ReplacedBy.tsx";
import { ReportLostPanel } from "./ReportLostPanel.tsx";

type FareCardsRef = ActorRefFrom<typeof fareCardsMachine>;

/*
 * One card's page on /faremedia/:cardId (FareCardsView.tsx): its details, balance and money actions,
 * passes and renewals, activity, nickname, block, unlink and remove. Its own chunk, loaded when a card
 * is first shown, so the list of cards does not bring it.
 */

const muted = css({ color: "muted", fontSize: "sm" });
const actionRow = css({ display: "flex", flexWrap: "wrap", gap: "3", alignItems: "center" });
const headingFocus = css({ fontSize: "xl", fontWeight: "bold", _focusVisible: { outline: "none" } });

/** The chosen card's page. */
export function CardPage({ cards, machines, money, MoneyActions }: FareCardsViewProps) {
  const { t, i18n } = useLingui();
  const dates = useDates();
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
          <dd>{categoryText(i18n, card.category)}</dd>
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
          <dt>
            <Trans>Expires</Trans>
          </dt>
          <dd data-testid="card-expires">{dates.day(card.expiration_date)}</dd>
        </dl>
        {card.replaced_by ? <ReplacedBy card={card} cards={list} detailed /> : <CardStatusNote card={card} />}
        <Nickname cards={cards} />
        <CardBlockPanel machine={machines.cardBlock} card={card} onChanged={changed} />
        <ReportLostPanel machine={machines.cardReplace} card={card} />
      </div>
      <div className={cardBox}>
        <BalancePanel balance={card.balance_detail} money={money} />
        <MoneyActions card={card} cards={list} onChanged={changed} />
      </div>
      {card.fare_caps.length > 0 ? (
        <div className={cardBox}>
          <FareCapList caps={card.fare_caps} />
        </div>
      ) : null}
      <Renewals
        key={renewKey(card)}
        machine={machines.autoRenew}
        card={card}
        money={money}
        onChanged={changed}
      />
      <div className={cardBox}>
        <h2 className={partHeading}>
          <Trans>Activity</Trans>
        </h2>
        <Activity cards={cards} money={money} caption={t`Activity of ${card.nickname}`} />
        <p>
          <Link
            href={`/faremedia/${encodeURIComponent(card.faremedia_id)}/trips/1`}
            className={button({ variant: "outline" })}
          >
            <Trans>Trip history</Trans>
          </Link>
        </p>
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
  onChanged,
}: {
  machine: typeof autoRenewMachine;
  card: FareCardDetail;
  money: MoneyFormat;
  onChanged: () => void;
}) {
  const actor = useAutoRenew(machine, card, onChanged);
  const renewals = card.auto_renew.filter((renewal) => renewal.status === "active");
  return (
    <>
      <div className={cardBox}>
        <PassList
          passes={card.passes}
          actions={card.status === "ACTIVE" ? (pass) => <RenewButton actor={actor} pass={pass} /> : undefined}
        />
      </div>
      {renewals.length > 0 ? (
        <div className={cardBox}>
          <AutoRenewList
            renewals={renewals}
            money={money}
            actions={(renewal) => <StopRenewButton actor={actor} renewal={renewal} />}
          />
        </div>
      ) : null}
      <RenewDialog actor={actor} card={card} />
      <StopRenewQuestion actor={actor} card={card} />
    </>
  );
}

function Activity({ cards, money, caption }: { cards: FareCardsRef; money: MoneyFormat; caption: string }) {
  const rows = useSelector(cards, (s) => s.context.activity);
  const hasMore = useSelector(cards, selectHasMore);
  const loadingMore = useSelector(cards, (s) => s.matches({ card: "loadingMore" }));
  const failed = useSelector(cards, (s) => s.context.failure?.kind === "more");
  return (
    <>
      <ActivityList rows={rows} money={money} caption={caption} />
      {failed ? (
        <p role="alert" className={errorLine}>
          <Trans>Failed to load more activity. Please try again.</Trans>
        </p>
      ) : null}
      {hasMore ? (
        <ShowMore loading={loadingMore} onMore={() => cards.send({ type: "activity.more" })} />
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
