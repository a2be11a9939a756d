import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { Link } from "wouter";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import type { Trip } from "../../domain/transit/trips.ts";
import { selectPageLinks } from "../../machines/keysetHistory.ts";
import type { tripHistoryMachine } from "../../machines/tripHistory.machine.ts";
import { facts, panel, sectionHeading, table } from "../passes/PassHistoryView.tsx";
import { errorLine } from "../shared/fieldStyles.ts";
import { Pager } from "../shared/KeysetPages.tsx";
import { useFocusWhenLost } from "../shared/useFocusWhenLost.ts";
import { useZonedDates } from "../shared/zoned-dates.ts";
import type { MoneyFormat } from "./cardText.ts";

type TripHistoryRef = ActorRefFrom<typeof tripHistoryMachine>;

export interface TripHistoryViewProps {
  history: TripHistoryRef;
  /** The card whose trips these are (the address's `:cardId`). */
  cardId: string;
  money: MoneyFormat;
}

const tripLink = css({
  color: "brand.button",
  textDecoration: "underline",
  textUnderlineOffset: "3px",
  fontWeight: "semibold",
});

/** The trips' address: `/faremedia/<card>/trips`, then a page, then a trip. */
const tripsPath = (cardId: string) => `/faremedia/${encodeURIComponent(cardId)}/trips`;

/** A route's kind in the rider's language. */
function modeText(i18n: I18n, mode: string): string {
  switch (mode) {
    case "bus":
      return i18n._(msg({ message: "Bus", context: "route mode" }));
    case "rail":
      return i18n._(msg({ message: "Rail", context: "route mode" }));
    case "ferry":
      return i18n._(msg({ message: "Ferry", context: "route mode" }));
    default:
      return mode;
  }
}

/** What paid a trip, in the rider's language. */
function paidWithText(i18n: I18n, trip: Trip): string {
  if (trip.paid_by === "pass") {
    const pass = trip.pass?.name ?? "";
    return i18n._(msg`Pass: ${pass}`);
  }
  if (trip.paid_by === "cap") {
    const cap = trip.cap?.name ?? "";
    return i18n._(msg`Free, fare cap reached (${cap})`);
  }
  return i18n._(msg`Stored value`);
}

/** The agency's time zone as the rider's language names it ("Eastern Time", "hora del este"). */
function zoneName(language: string, timeZone: string): string {
  const part = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: "longGeneric" })
    .formatToParts(new Date())
    .find((entry) => entry.type === "timeZoneName");
  return part?.value ?? timeZone;
}

/** A card's trips: a page of taps with Previous and Next, one trip's details, or why there is none. */
export function TripHistoryView(props: TripHistoryViewProps) {
  const { history, cardId } = props;
  const phase = useSelector(history, (snapshot) => {
    for (const state of ["listing", "empty", "detail", "notFound", "failed", "loadingDetail"] as const) {
      if (snapshot.matches(state)) return state;
    }
    return "loadingPage" as const;
  });
  switch (phase) {
    case "loadingPage":
    case "listing":
      return <Pages {...props} />;
    case "loadingDetail":
      return (
        <p role="status">
          <Trans>Loading the trip…</Trans>
        </p>
      );
    case "empty":
      return (
        <div className={panel}>
          <p>
            <Trans>This card has no trips yet. Each tap at a reader shows here.</Trans>
          </p>
          <p>
            <BackToCard cardId={cardId} />
          </p>
        </div>
      );
    case "failed":
      return (
        <div role="alert" className={panel}>
          <p className={errorLine}>
            <Trans>Your trips could not be loaded. Check your connection and try again.</Trans>
          </p>
          <p>
            <button
              type="button"
              className={button()}
              onClick={() => history.send({ type: "history.retry" })}
            >
              <Trans>Try again</Trans>
            </button>
          </p>
        </div>
      );
    case "notFound":
      return <NotFound history={history} cardId={cardId} />;
    case "detail":
      return <Detail {...props} />;
  }
}

function BackToCard({ cardId }: { cardId: string }) {
  return (
    <Link href={`/faremedia/${encodeURIComponent(cardId)}`} className={button({ variant: "outline" })}>
      <Trans>Back to the card</Trans>
    </Link>
  );
}

function NotFound({ history, cardId }: { history: TripHistoryRef; cardId: string }) {
  const isTrip = useSelector(history, (snapshot) => snapshot.context.id !== null);
  const page = useSelector(history, (snapshot) => snapshot.context.page ?? 1);
  const heading = useFocusWhenLost<HTMLHeadingElement>();
  return (
    <div className={panel}>
      <h2 ref={heading} tabIndex={-1} className={sectionHeading}>
        {isTrip ? <Trans>Trip not found</Trans> : <Trans>Page not found</Trans>}
      </h2>
      <p role="status">
        {isTrip ? (
          <Trans>Trip details not found.</Trans>
        ) : (
          <Trans>This page of the card's trips does not exist.</Trans>
        )}
      </p>
      <p className={css({ display: "flex", flexWrap: "wrap", gap: "3" })}>
        <Link href={`${tripsPath(cardId)}/${isTrip ? page : 1}`} className={button({ variant: "outline" })}>
          <Trans>Back to trip history</Trans>
        </Link>
        <BackToCard cardId={cardId} />
      </p>
    </div>
  );
}

function Pages(props: TripHistoryViewProps) {
  const { history } = props;
  const page = useSelector(history, (snapshot) => snapshot.context.page ?? 1);
  const loading = useSelector(history, (snapshot) => snapshot.matches("loadingPage"));
  const heading = useFocusWhenLost<HTMLHeadingElement>(`${page}/${loading}`);
  return (
    <section className={panel} aria-labelledby="trips-title" aria-busy={loading}>
      <h2 id="trips-title" ref={heading} tabIndex={-1} className={sectionHeading}>
        <Trans>Trips, page {page}</Trans>
      </h2>
      {loading ? (
        <p role="status">
          <Trans>Loading your trips…</Trans>
        </p>
      ) : (
        <Listing {...props} />
      )}
    </section>
  );
}

function Listing({ history, cardId, money }: TripHistoryViewProps) {
  const { t, i18n } = useLingui();
  const trips = useSelector(history, (snapshot) => snapshot.context.items);
  const page = useSelector(history, (snapshot) => snapshot.context.page ?? 1);
  const links = useSelector(history, selectPageLinks);
  const timeZone = trips[0]?.time_zone ?? null;
  const dates = useZonedDates(timeZone);
  const zone = timeZone ? zoneName(i18n.locale, timeZone) : "";
  return (
    <>
      {timeZone ? (
        <p className={css({ color: "muted" })}>
          <Trans>Times are the agency's local time ({zone}).</Trans>
        </p>
      ) : null}
      <table className={table} aria-labelledby="trips-title" data-testid="trips">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Date and time</Trans>
            </th>
            <th scope="col">
              <Trans>Route</Trans>
            </th>
            <th scope="col">
              <Trans>Stop</Trans>
            </th>
            <th scope="col">
              <Trans>Paid with</Trans>
            </th>
            <th scope="col" data-number="">
              <Trans>Fare charged</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {trips.map((trip) => (
            <tr key={trip.id}>
              <th scope="row">
                <Link
                  href={`${tripsPath(cardId)}/${page}/${encodeURIComponent(trip.id)}`}
                  className={tripLink}
                >
                  {dates.dateTime(trip.tapped_at)}
                </Link>
              </th>
              <td data-label={t`Route`}>{`${trip.route.code} ${trip.route.name}`}</td>
              <td data-label={t`Stop`}>{trip.stop ?? t`Not recorded`}</td>
              <td data-label={t`Paid with`}>{paidWithText(i18n, trip)}</td>
              <td data-label={t`Fare charged`} data-number="">
                {money(trip.charged)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager label={t`Trip history pages`} base={tripsPath(cardId)} page={page} {...links} />
      <p>
        <BackToCard cardId={cardId} />
      </p>
    </>
  );
}

function Detail({ history, cardId, money }: TripHistoryViewProps) {
  const { i18n } = useLingui();
  const trip = useSelector(history, (snapshot) => snapshot.context.detail);
  const page = useSelector(history, (snapshot) => snapshot.context.page ?? 1);
  const dates = useZonedDates(trip?.time_zone ?? null);
  const heading = useFocusWhenLost<HTMLHeadingElement>(trip?.id);
  if (!trip) return null;
  const route = `${trip.route.code} ${trip.route.name}`;
  return (
    <div className={css({ display: "grid", gap: "5" })}>
      <p>
        <Link href={`${tripsPath(cardId)}/${page}`} className={button({ variant: "outline" })}>
          <Trans>Back to trip history</Trans>
        </Link>
      </p>
      <section className={panel} aria-labelledby="trip-title" data-testid="trip-detail">
        <h2 id="trip-title" ref={heading} tabIndex={-1} className={sectionHeading}>
          <Trans>Trip on {route}</Trans>
        </h2>
        <dl className={facts}>
          <dt>
            <Trans>Date and time</Trans>
          </dt>
          <dd>
            {dates.dateTime(trip.tapped_at)} ({zoneName(i18n.locale, trip.time_zone)})
          </dd>
          <dt>
            <Trans>Route</Trans>
          </dt>
          <dd>
            {`${trip.route.code} ${trip.route.name}`} ({modeText(i18n, trip.route.mode)})
          </dd>
          <dt>
            <Trans>Stop</Trans>
          </dt>
          <dd>{trip.stop ?? <Trans>Not recorded</Trans>}</dd>
          <dt>
            <Trans>Fare</Trans>
          </dt>
          <dd>{money(trip.fare)}</dd>
          <dt>
            <Trans>Paid with</Trans>
          </dt>
          <dd>{paidWithText(i18n, trip)}</dd>
          <dt>
            <Trans>Fare charged</Trans>
          </dt>
          <dd>{money(trip.charged)}</dd>
          {trip.balance_after === null ? null : (
            <>
              <dt>
                <Trans>Stored value after</Trans>
              </dt>
              <dd>{money(trip.balance_after)}</dd>
            </>
          )}
        </dl>
      </section>
    </div>
  );
}
