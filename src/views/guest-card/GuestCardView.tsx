import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import type { guestCardMachine } from "../../machines/guestCard.machine.ts";
import { errorLine, problemText, TextField } from "../account/paymentParts.tsx";
import { ActivityList, BalancePanel, CardStatusBadge, PassList } from "../fare-cards/CardParts.tsx";
import { fareKindText, type MoneyFormat } from "../fare-cards/cardText.ts";
import { useDates } from "../shared/dates.ts";
import { card } from "../shared/Screen.tsx";
import { ShowMore } from "../shared/ShowMore.tsx";
import { useFocusWhenLost } from "../shared/useFocusWhenLost.ts";
import { guestNoticeText } from "./guestNotice.ts";

type GuestCardRef = ActorRefFrom<typeof guestCardMachine>;

const formBox = css({ display: "grid", gap: "4", maxWidth: "28rem" });
const heading = css({ fontSize: "xl", fontWeight: "bold", _focusVisible: { outline: "none" } });
const muted = css({ color: "muted" });
const actions = css({ display: "flex", flexWrap: "wrap", gap: "3" });

export interface GuestCardViewProps {
  guest: GuestCardRef;
  money: MoneyFormat;
  /** "Add value" with a one-time card for the open card (the wallet's AddValue in guest mode). */
  addValue?: (card: { id: string; balance: number; onChanged: () => void }) => ReactNode;
  /** "Keep this card in an account" under a card nobody's account holds yet (issue 35). */
  claim?: ReactNode;
  /** "Block this card", lost or stolen, where the card allows it (issue 35). */
  block?: (card: { id: string; canBlock: boolean; onChanged: () => void }) => ReactNode;
}

/** /manage-card: the card number and security code form, then the card: balance, passes, activity. */
export function GuestCardView({ guest, money, addValue, claim, block }: GuestCardViewProps) {
  const phase = useSelector(guest, (s) => {
    if (s.matches("form") || s.matches("opening")) return "form";
    if (s.matches("loadingCard")) return "loadingCard";
    if (s.matches("cardFailed")) return "cardFailed";
    if (s.matches("leaving")) return "leaving";
    return "card";
  });
  switch (phase) {
    case "form":
      return <CardForm guest={guest} />;
    case "loadingCard":
      return (
        <p role="status">
          <Trans>Loading the card…</Trans>
        </p>
      );
    case "leaving":
      return (
        <p role="status">
          <Trans>Closing the card…</Trans>
        </p>
      );
    case "cardFailed":
      return (
        <div role="alert" className={card}>
          <p className={errorLine}>
            <Trans>The card could not be loaded. Check your connection and try again.</Trans>
          </p>
          <div className={actions}>
            <button type="button" className={button()} onClick={() => guest.send({ type: "card.retry" })}>
              <Trans>Try again</Trans>
            </button>
            <button
              type="button"
              className={button({ variant: "outline" })}
              onClick={() => guest.send({ type: "card.done" })}
            >
              <Trans>Done</Trans>
            </button>
          </div>
        </div>
      );
    case "card":
      return <CardShown guest={guest} money={money} addValue={addValue} claim={claim} block={block} />;
  }
}

function CardForm({ guest }: { guest: GuestCardRef }) {
  const { t, i18n } = useLingui();
  const cardNumber = useSelector(guest, (s) => s.context.cardNumber);
  const securityCode = useSelector(guest, (s) => s.context.securityCode);
  const problems = useSelector(guest, (s) => s.context.problems);
  const notice = useSelector(guest, (s) => s.context.notice);
  const opening = useSelector(guest, (s) => s.matches("opening"));
  const labels = { cardNumber: t`Card number`, securityCode: t`Security code` };
  const problem = (key: keyof typeof labels) => {
    const found = problems[key];
    return found ? problemText(i18n, found, labels[key]) : null;
  };
  return (
    <section className={card} aria-labelledby="manage-card-form">
      <h2 id="manage-card-form" className={heading}>
        <Trans>Open your fare card</Trans>
      </h2>
      <p>
        <Trans>
          Check a fare card's balance, passes and activity, and add value, with the 16-digit number printed on
          the card and the security code on its back. No account needed.
        </Trans>
      </p>
      {notice ? (
        <p
          role={notice.kind === "done" ? "status" : "alert"}
          className={notice.kind === "done" ? undefined : errorLine}
          data-testid="guest-notice"
        >
          {guestNoticeText(i18n, notice)}
        </p>
      ) : null}
      <form
        noValidate
        className={formBox}
        onSubmit={(event) => {
          event.preventDefault();
          guest.send({ type: "form.submit" });
        }}
      >
        <TextField
          label={labels.cardNumber}
          name="card_number"
          value={cardNumber}
          problem={problem("cardNumber")}
          inputMode="numeric"
          autoComplete="off"
          placeholder="6000 0000 0000 0000"
          onChange={(value) => guest.send({ type: "form.change", values: { cardNumber: value } })}
        />
        <TextField
          label={labels.securityCode}
          name="security_code"
          value={securityCode}
          problem={problem("securityCode")}
          inputMode="numeric"
          autoComplete="off"
          onChange={(value) => guest.send({ type: "form.change", values: { securityCode: value } })}
        />
        <p>
          <button type="submit" className={button()} disabled={opening} aria-busy={opening}>
            {opening ? <Trans>Please wait…</Trans> : <Trans>View card</Trans>}
          </button>
        </p>
      </form>
    </section>
  );
}

function CardShown({ guest, money, addValue, claim, block }: GuestCardViewProps) {
  const { t, i18n } = useLingui();
  const dates = useDates();
  const fare = useSelector(guest, (s) => s.context.card);
  const rows = useSelector(guest, (s) => s.context.activity);
  const more = useSelector(guest, (s) => s.context.activityNext !== null);
  const loadingActivity = useSelector(guest, (s) => s.matches({ card: "loadingActivity" }));
  const error = useSelector(guest, (s) => s.context.error);
  const title = useFocusWhenLost<HTMLHeadingElement>(fare?.faremedia_id ?? "");
  if (!fare) return null;
  const expires = dates.day(fare.expiration_date);
  const done = () => guest.send({ type: "card.done" });
  return (
    <div className={css({ display: "grid", gap: "5" })}>
      <section className={card} aria-labelledby="guest-card-title" data-testid="guest-card">
        <div
          className={css({
            display: "flex",
            flexWrap: "wrap",
            justifyContent: "space-between",
            alignItems: "flex-start",
            gap: "3",
          })}
        >
          <div className={css({ display: "grid", gap: "1" })}>
            <h2 id="guest-card-title" ref={title} tabIndex={-1} className={heading}>
              {fare.printed_card_number}
            </h2>
            <span className={muted}>{fareKindText(i18n, fare.category, fare.rider_type)}</span>
            <span className={muted} data-testid="card-expires">
              <Trans>Expires {expires}</Trans>
            </span>
          </div>
          <CardStatusBadge status={fare.status} />
        </div>
        {fare.status === "ACTIVE" ? null : fare.status === "BLOCKED" ? (
          <p data-testid="status-note">
            <Trans>
              This card is blocked: nobody can ride or buy with it. Its balance stays on it, and customer
              service can move it to a new card. A card kept in an account is replaced online, with its
              balance, when it is lost.
            </Trans>
          </p>
        ) : (
          <p>
            <Trans>This card cannot be used or loaded now. Contact customer service for help.</Trans>
          </p>
        )}
        <BalancePanel balance={fare.balance_detail} money={money} headingLevel={3} />
        {block?.({
          id: fare.faremedia_id,
          canBlock: fare.can.block,
          onChanged: () => guest.send({ type: "card.refresh" }),
        })}
        <p>
          <button type="button" className={button({ variant: "outline" })} onClick={done}>
            <Trans>Done</Trans>
          </button>
        </p>
      </section>
      {fare.can.load && addValue ? (
        <div>
          {addValue({
            id: fare.faremedia_id,
            balance: fare.balance_detail.general_funds,
            onChanged: () => guest.send({ type: "card.refresh" }),
          })}
        </div>
      ) : null}
      {fare.status === "ACTIVE" ? claim : null}
      <section className={card}>
        <PassList passes={fare.passes} headingLevel={3} />
      </section>
      <section className={card} aria-labelledby="guest-activity" aria-busy={loadingActivity}>
        <h3 id="guest-activity" className={css({ fontSize: "lg", fontWeight: "bold" })}>
          <Trans>Activity</Trans>
        </h3>
        {loadingActivity && rows.length === 0 ? (
          <p role="status">
            <Trans>Loading the card's activity…</Trans>
          </p>
        ) : (
          <ActivityList rows={rows} money={money} caption={t`Activity`} />
        )}
        {error !== null ? (
          <div role="alert" className={css({ display: "grid", gap: "3" })}>
            <p className={errorLine}>
              <Trans>The card's activity could not be loaded.</Trans>
            </p>
            <p>
              <button type="button" className={button()} onClick={() => guest.send({ type: "card.retry" })}>
                <Trans>Try again</Trans>
              </button>
            </p>
          </div>
        ) : more ? (
          <ShowMore loading={loadingActivity} onMore={() => guest.send({ type: "activity.more" })} />
        ) : null}
      </section>
    </div>
  );
}
