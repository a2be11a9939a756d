import { Trans, useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";

import { Link } from "wouter";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import type { PassDetail } from "../../domain/transit/passes.ts";
import { selectPageLinks } from "../../machines/keysetHistory.ts";
import type { passHistoryMachine } from "../../machines/passHistory.machine.ts";
import type { passMoveMachine } from "../../machines/passMove.machine.ts";
import { RiderType } from "../fare-cards/CardParts.tsx";
import { passStatusText } from "../fare-cards/cardText.ts";
import { useDates } from "../shared/dates.ts";
import { errorLine } from "../shared/fieldStyles.ts";
import { Pager } from "../shared/KeysetPages.tsx";
import { NothingHere } from "../shared/NothingHere.tsx";
import { shownOnDemand } from "../shared/PartLoading.tsx";
import { useChanged } from "../shared/useChanged.ts";
import { useFocusWhenLost } from "../shared/useFocusWhenLost.ts";
import { expiryText, locationText, remainingText } from "./passText.ts";

type PassHistoryRef = ActorRefFrom<typeof passHistoryMachine>;

export const sectionHeading = css({ fontSize: "xl", fontWeight: "bold", _focusVisible: { outline: "none" } });
export const panel = css({
  bg: "surface",
  borderRadius: "lg",
  borderWidth: "1px",
  borderColor: "border",
  p: { base: "4", md: "8" },
  display: "grid",
  gap: "5",
  minWidth: "0",
});
/** A table on a desktop; on a phone each row is a card of label-value lines (labels from data-label). */
export const table = css({
  width: "100%",
  borderCollapse: "collapse",
  fontVariantNumeric: "tabular-nums",
  "& th, & td": { textAlign: "start", py: "3", px: "2", verticalAlign: "top" },
  "& thead th": { fontSize: "sm", color: "muted", fontWeight: "semibold" },
  "& tbody tr": { borderTopWidth: "1px", borderColor: "border" },
  "& [data-number]": { textAlign: "end", whiteSpace: "nowrap" },
  mdDown: {
    "& thead": {
      position: "absolute",
      width: "1px",
      height: "1px",
      overflow: "hidden",
      clip: "rect(0 0 0 0)",
      whiteSpace: "nowrap",
    },
    "& tbody": { display: "grid", gap: "3" },
    "& tbody tr": {
      display: "grid",
      gap: "1",
      p: "4",
      borderWidth: "1px",
      borderColor: "border",
      borderRadius: "md",
    },
    "& th, & td": { display: "flex", justifyContent: "space-between", gap: "4", p: "0", textAlign: "start" },
    "& td::before": { content: 'attr(data-label) / ""', color: "muted" },
  },
});
const passLink = css({
  color: "brand.button",
  textDecoration: "underline",
  textUnderlineOffset: "3px",
  fontWeight: "semibold",
  overflowWrap: "anywhere",
});
export const facts = css({
  display: "grid",
  gridTemplateColumns: { base: "1fr", sm: "auto minmax(0, 1fr)" },
  columnGap: "6",
  rowGap: { base: "1", sm: "2" },
  "& dt": { color: "muted" },
  "& dd": { mb: { base: "2", sm: "0" }, overflowWrap: "anywhere" },
});

export interface PassHistoryViewProps {
  history: PassHistoryRef;
  /** The pass transfer machine a pass's detail starts (already given its services). */
  passMove: typeof passMoveMachine;
}

/** Pass history: a page of passes with Previous and Next, one pass's details, or why there is none. */
export function PassHistoryView({ history, passMove }: PassHistoryViewProps) {
  const phase = useSelector(history, (snapshot) => {
    for (const state of ["listing", "empty", "detail", "notFound", "failed", "loadingDetail"] as const) {
      if (snapshot.matches(state)) return state;
    }
    return "loadingPage" as const;
  });
  switch (phase) {
    case "loadingPage":
    case "listing":
      return <Pages history={history} />;
    case "loadingDetail":
      return (
        <p role="status">
          <Trans>Loading the pass…</Trans>
        </p>
      );
    case "empty":
      return (
        <NothingHere className={panel}>
          <Trans>You have no passes yet.</Trans>
        </NothingHere>
      );
    case "failed":
      return (
        <div role="alert" className={panel}>
          <p className={errorLine}>
            <Trans>Your passes could not be loaded. Check your connection and try again.</Trans>
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
      return <NotFound history={history} />;
    case "detail":
      return <Detail history={history} passMove={passMove} />;
  }
}

function NotFound({ history }: { history: PassHistoryRef }) {
  const isPass = useSelector(history, (snapshot) => snapshot.context.id !== null);
  const page = useSelector(history, (snapshot) => snapshot.context.page ?? 1);
  const heading = useFocusWhenLost<HTMLHeadingElement>();
  return (
    <div className={panel}>
      <h2 ref={heading} tabIndex={-1} className={sectionHeading}>
        {isPass ? <Trans>Pass not found</Trans> : <Trans>Page not found</Trans>}
      </h2>
      <p role="status">
        {isPass ? (
          <Trans>Pass details not found.</Trans>
        ) : (
          <Trans>This page of your pass history does not exist.</Trans>
        )}
      </p>
      <p>
        <Link href={`/account/passhistory/${isPass ? page : 1}`} className={button({ variant: "outline" })}>
          <Trans>Back to pass history</Trans>
        </Link>
      </p>
    </div>
  );
}

function Pages({ history }: { history: PassHistoryRef }) {
  const page = useSelector(history, (snapshot) => snapshot.context.page ?? 1);
  const loading = useSelector(history, (snapshot) => snapshot.matches("loadingPage"));
  const heading = useFocusWhenLost<HTMLHeadingElement>(`${page}/${loading}`);
  return (
    <section className={panel} aria-labelledby="passes-title" aria-busy={loading}>
      <h2 id="passes-title" ref={heading} tabIndex={-1} className={sectionHeading}>
        <Trans>Your passes, page {page}</Trans>
      </h2>
      {loading ? (
        <p role="status">
          <Trans>Loading your passes…</Trans>
        </p>
      ) : (
        <Listing history={history} />
      )}
    </section>
  );
}

function Listing({ history }: { history: PassHistoryRef }) {
  const { t, i18n } = useLingui();
  const passes = useSelector(history, (snapshot) => snapshot.context.items);
  const page = useSelector(history, (snapshot) => snapshot.context.page ?? 1);
  const links = useSelector(history, selectPageLinks);
  const dates = useDates();
  return (
    <>
      <table className={table} aria-labelledby="passes-title">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Pass</Trans>
            </th>
            <th scope="col">
              <Trans>Status</Trans>
            </th>
            <th scope="col">
              <Trans>Location</Trans>
            </th>
            <th scope="col" data-number="">
              <Trans>Remaining</Trans>
            </th>
            <th scope="col" data-number="">
              <Trans>Used</Trans>
            </th>
            <th scope="col">
              <Trans>Activated</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {passes.map((pass) => (
            <tr key={pass.id}>
              <th scope="row">
                <Link
                  href={`/account/passhistory/${page}/${encodeURIComponent(pass.id)}`}
                  className={passLink}
                >
                  {pass.name}
                </Link>
              </th>
              <td data-label={t`Status`}>{passStatusText(i18n, pass.status)}</td>
              <td data-label={t`Location`}>{locationText(i18n, pass)}</td>
              <td data-label={t`Remaining`} data-number="">
                {remainingText(i18n, pass)}
              </td>
              <td data-label={t`Used`} data-number="">
                {pass.used_count}
              </td>
              <td data-label={t`Activated`}>
                {pass.activated_at ? dates.dateTime(pass.activated_at) : <Trans>Not yet</Trans>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager label={t`Pass history pages`} base="/account/passhistory" page={page} {...links} />
    </>
  );
}

function Detail({ history, passMove }: PassHistoryViewProps) {
  const pass = useSelector(history, (snapshot) => snapshot.context.detail);
  const page = useSelector(history, (snapshot) => snapshot.context.page ?? 1);
  if (!pass) return null;
  return (
    <div className={css({ display: "grid", gap: "5" })}>
      <p>
        <Link href={`/account/passhistory/${page}`} className={button({ variant: "outline" })}>
          <Trans>Back to pass history</Trans>
        </Link>
      </p>
      <PassFacts pass={pass} />
      {/* Another pass is another move: the machine starts again with it. */}
      <PassMovePanel key={pass.id} pass={pass} history={history} passMove={passMove} />
    </div>
  );
}

/** A pass's moves (./PassMoveView.tsx), downloaded when a pass's details are first shown. */
const PassMoveView = shownOnDemand(() => import("./PassMoveView.tsx").then((module) => module.PassMoveView));

/** The pass's move machine; every pass it emits as `changed` goes back to the history as `detail.changed`. */
function PassMovePanel({
  pass,
  history,
  passMove,
}: {
  pass: PassDetail;
  history: PassHistoryRef;
  passMove: typeof passMoveMachine;
}) {
  const move = useActorRef(passMove, { input: { pass } });
  useChanged(move, (changed) => history.send({ type: "detail.changed", detail: changed.pass }));
  return (
    <section className={panel}>
      <PassMoveView move={move} />
    </section>
  );
}

function PassFacts({ pass }: { pass: PassDetail }) {
  const { i18n } = useLingui();
  const dates = useDates();
  const heading = useFocusWhenLost<HTMLHeadingElement>(pass.id);
  return (
    <section className={panel} aria-labelledby="pass-title" data-testid="pass-detail">
      <h2 id="pass-title" ref={heading} tabIndex={-1} className={sectionHeading}>
        {pass.name}
      </h2>
      {pass.description ? <p>{pass.description}</p> : null}
      <dl className={facts}>
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd data-testid="pass-status">{passStatusText(i18n, pass.status)}</dd>
        <dt>
          <Trans>Location</Trans>
        </dt>
        <dd data-testid="pass-location">{locationText(i18n, pass)}</dd>
        <dt>
          <Trans>Remaining rides</Trans>
        </dt>
        <dd>{remainingText(i18n, pass)}</dd>
        <dt>
          <Trans>Used rides</Trans>
        </dt>
        <dd>{pass.used_count}</dd>
        <dt>
          <Trans>First activated</Trans>
        </dt>
        <dd>{pass.activated_at ? dates.dateTime(pass.activated_at) : <Trans>Not yet</Trans>}</dd>
        <dt>
          <Trans>Expires</Trans>
        </dt>
        <dd>{expiryText(i18n, pass, dates.day)}</dd>
        <dt>
          <Trans>Purchased</Trans>
        </dt>
        <dd>{dates.dateTime(pass.purchased_at)}</dd>
        <dt>
          <Trans>Fare card</Trans>
        </dt>
        <dd>
          {pass.fare_medium ? (
            `${pass.fare_medium.nickname} (${pass.fare_medium.card_number})`
          ) : (
            <Trans>None</Trans>
          )}
        </dd>
        <dt>
          <Trans>Serial number</Trans>
        </dt>
        <dd>{pass.serial_number}</dd>
        <dt>
          <Trans>Order number</Trans>
        </dt>
        <dd>{pass.order.number}</dd>
        <dt>
          <Trans>Rider types</Trans>
        </dt>
        <dd>
          {pass.rider_types.length === 0 ? (
            <Trans>Any</Trans>
          ) : (
            pass.rider_types.map((code, index) => (
              <span key={code}>
                {index > 0 ? ", " : null}
                <RiderType code={code} />
              </span>
            ))
          )}
        </dd>
      </dl>
    </section>
  );
}
