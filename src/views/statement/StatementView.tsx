import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { type ReactNode, useId } from "react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import type { Statement, StatementTrip } from "../../domain/transit/statement.ts";
import type { StatementRangeProblem, statementMachine } from "../../machines/statement.machine.ts";
import type { MoneyFormat } from "../fare-cards/cardText.ts";
import { facts, panel, sectionHeading, table } from "../passes/PassHistoryView.tsx";
import { type DateFormats, useDates } from "../shared/dates.ts";
import { errorLine, fieldColumn, fieldError, fieldInput } from "../shared/fieldStyles.ts";
import { useFocusWhenLost } from "../shared/useFocusWhenLost.ts";
import { useZonedDates } from "../shared/zoned-dates.ts";
import "./statement-print.css";

type StatementRef = ActorRefFrom<typeof statementMachine>;

export interface StatementViewProps {
  statement: StatementRef;
  money: MoneyFormat;
}

function problemText(i18n: I18n, problem: StatementRangeProblem): string {
  switch (problem) {
    case "invalid":
      return i18n._(msg`Enter dates as YYYY-MM-DD.`);
    case "order":
      return i18n._(msg`The end date must be on or after the start date.`);
    case "tooLong":
      return i18n._(msg`A statement covers at most 366 days.`);
  }
}

function paidByText(i18n: I18n, paidBy: StatementTrip["paid_by"]): string {
  switch (paidBy) {
    case "pass":
      return i18n._(msg`Pass`);
    case "cap":
      return i18n._(msg`Fare cap reached`);
    case "stored_value":
      return i18n._(msg`Stored value`);
  }
}

const cardText = (card: { nickname: string; last4: string }) => `${card.nickname} •••• ${card.last4}`;

/** A statement for a range of days: the form, then the statement to print or download as CSV. */
export function StatementView({ statement, money }: StatementViewProps) {
  const phase = useSelector(statement, (snapshot) =>
    snapshot.matches("loading")
      ? "loading"
      : snapshot.matches("shown")
        ? "shown"
        : snapshot.matches("failed")
          ? "failed"
          : "editing",
  );
  const error = useSelector(statement, (snapshot) => snapshot.context.error);
  const shown = useSelector(statement, (snapshot) => snapshot.context.statement);
  return (
    <div className={css({ display: "grid", gap: "5" })}>
      <RangeForm statement={statement} busy={phase === "loading"} />
      {phase === "loading" ? (
        <p role="status">
          <Trans>Loading your statement…</Trans>
        </p>
      ) : null}
      {phase === "failed" ? (
        <div role="alert" className={panel}>
          <p className={errorLine}>
            {error === 50301 ? (
              <Trans>Your statement could not be loaded. Check your connection and try again.</Trans>
            ) : (
              <Trans>Your statement could not be loaded. Please try again.</Trans>
            )}
          </p>
          <p>
            <button
              type="button"
              className={button()}
              onClick={() => statement.send({ type: "statement.show" })}
            >
              <Trans>Try again</Trans>
            </button>
          </p>
        </div>
      ) : null}
      {phase === "shown" && shown ? (
        <StatementSheet statement={statement} shown={shown} money={money} />
      ) : null}
    </div>
  );
}

/** A day from the browser's calendar (YYYY-MM-DD), labelled, its problem tied to it. */
function DateField({
  label,
  value,
  problem,
  onChange,
}: {
  label: string;
  value: string;
  problem: string | null;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={fieldColumn}>
      <label htmlFor={id} className={css({ fontWeight: "semibold" })}>
        {label}
      </label>
      <input
        id={id}
        type="date"
        required
        className={fieldInput}
        value={value}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {problem ? (
        <span id={`${id}-error`} className={fieldError}>
          {problem}
        </span>
      ) : null}
    </div>
  );
}

function RangeForm({ statement, busy }: { statement: StatementRef; busy: boolean }) {
  const { t, i18n } = useLingui();
  const from = useSelector(statement, (snapshot) => snapshot.context.from);
  const to = useSelector(statement, (snapshot) => snapshot.context.to);
  const problem = useSelector(statement, (snapshot) => snapshot.context.problem);
  const message = problem ? problemText(i18n, problem) : null;
  return (
    <form
      className={panel}
      data-print="hide"
      aria-labelledby="statement-range-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        statement.send({ type: "statement.show" });
      }}
    >
      <h2 id="statement-range-title" className={sectionHeading}>
        <Trans>Choose the days</Trans>
      </h2>
      <p className={css({ color: "muted" })}>
        <Trans>
          Purchases, loads, trips and commuter-benefit use, apart, for up to a year: print it or download it
          as CSV for your employer.
        </Trans>
      </p>
      <div
        className={css({ display: "grid", gap: "4", gridTemplateColumns: { base: "1fr", sm: "1fr 1fr" } })}
      >
        <DateField
          label={t`First day`}
          value={from}
          problem={problem === "invalid" ? message : null}
          onChange={(value) => statement.send({ type: "range.change", from: value, to })}
        />
        <DateField
          label={t`Last day`}
          value={to}
          problem={problem !== null && problem !== "invalid" ? message : null}
          onChange={(value) => statement.send({ type: "range.change", from, to: value })}
        />
      </div>
      <p>
        <button type="submit" className={button()} disabled={busy}>
          <Trans>Show statement</Trans>
        </button>
      </p>
    </form>
  );
}

function Section({
  id,
  title,
  empty,
  head,
  children,
  count,
}: {
  id: string;
  title: string;
  empty: string;
  head: ReactNode;
  children: ReactNode;
  count: number;
}) {
  return (
    <section aria-labelledby={id} className={css({ display: "grid", gap: "3" })}>
      <h3 id={id} className={css({ fontSize: "lg", fontWeight: "bold" })}>
        {title}
      </h3>
      {count === 0 ? (
        <p className={css({ color: "muted" })}>{empty}</p>
      ) : (
        <table className={table} aria-labelledby={id}>
          <thead>{head}</thead>
          <tbody>{children}</tbody>
        </table>
      )}
    </section>
  );
}

function StatementSheet({
  statement,
  shown,
  money,
}: {
  statement: StatementRef;
  shown: Statement;
  money: MoneyFormat;
}) {
  const { t, i18n } = useLingui();
  const dates: DateFormats = useZonedDates(shown.time_zone);
  const days = useDates();
  const heading = useFocusWhenLost<HTMLHeadingElement>(`${shown.from}/${shown.to}`);
  const first = days.day(shown.from);
  const last = days.day(shown.to);
  const net = (entry: { amount: number; refunded: number }) => money(entry.amount - entry.refunded);
  return (
    <section className={panel} aria-labelledby="statement-title" data-statement="" data-testid="statement">
      <h2 id="statement-title" ref={heading} tabIndex={-1} className={sectionHeading}>
        <Trans>
          Statement, {first} to {last}
        </Trans>
      </h2>
      <p className={css({ display: "flex", flexWrap: "wrap", gap: "3" })} data-print="hide">
        <button
          type="button"
          className={button()}
          onClick={() => statement.send({ type: "statement.download" })}
        >
          <Trans>Download CSV</Trans>
        </button>
        <button
          type="button"
          className={button({ variant: "outline" })}
          onClick={() => statement.send({ type: "statement.print" })}
        >
          <Trans>Print</Trans>
        </button>
      </p>
      <dl className={facts} data-testid="statement-totals">
        <dt>
          <Trans>Purchases</Trans>
        </dt>
        <dd>{money(shown.totals.purchases)}</dd>
        <dt>
          <Trans>Loads</Trans>
        </dt>
        <dd>{money(shown.totals.loads)}</dd>
        <dt>
          <Trans>Trips paid from stored value</Trans>
        </dt>
        <dd>{money(shown.totals.trips)}</dd>
        <dt>
          <Trans>Commuter benefits used</Trans>
        </dt>
        <dd>{money(shown.totals.commuter_benefits)}</dd>
      </dl>
      <Section
        id="statement-purchases"
        title={t`Purchases`}
        empty={t`No purchases in these days.`}
        count={shown.purchases.length}
        head={
          <tr>
            <th scope="col">
              <Trans>Date</Trans>
            </th>
            <th scope="col">
              <Trans>Order number</Trans>
            </th>
            <th scope="col">
              <Trans>Items purchased</Trans>
            </th>
            <th scope="col" data-number="">
              <Trans>Amount</Trans>
            </th>
          </tr>
        }
      >
        {shown.purchases.map((entry) => (
          <tr key={entry.order_number}>
            <th scope="row">{dates.dateTime(entry.at)}</th>
            <td data-label={t`Order number`}>{entry.order_number}</td>
            <td data-label={t`Items purchased`}>{entry.description}</td>
            <td data-label={t`Amount`} data-number="">
              {net(entry)}
            </td>
          </tr>
        ))}
      </Section>
      <Section
        id="statement-loads"
        title={t`Loads`}
        empty={t`No loads in these days.`}
        count={shown.loads.length}
        head={
          <tr>
            <th scope="col">
              <Trans>Date</Trans>
            </th>
            <th scope="col">
              <Trans>Order number</Trans>
            </th>
            <th scope="col">
              <Trans>Loaded onto</Trans>
            </th>
            <th scope="col" data-number="">
              <Trans>Amount</Trans>
            </th>
          </tr>
        }
      >
        {shown.loads.map((entry) => (
          <tr key={entry.order_number}>
            <th scope="row">{dates.dateTime(entry.at)}</th>
            <td data-label={t`Order number`}>{entry.order_number}</td>
            <td data-label={t`Loaded onto`}>{entry.card ? cardText(entry.card) : t`Account wallet`}</td>
            <td data-label={t`Amount`} data-number="">
              {net(entry)}
            </td>
          </tr>
        ))}
      </Section>
      <Section
        id="statement-trips"
        title={t`Trips`}
        empty={t`No trips in these days.`}
        count={shown.trips.length}
        head={
          <tr>
            <th scope="col">
              <Trans>Date and time</Trans>
            </th>
            <th scope="col">
              <Trans>Card</Trans>
            </th>
            <th scope="col">
              <Trans>Route</Trans>
            </th>
            <th scope="col">
              <Trans>Paid with</Trans>
            </th>
            <th scope="col" data-number="">
              <Trans>Fare charged</Trans>
            </th>
          </tr>
        }
      >
        {shown.trips.map((entry, index) => (
          // Two taps can share a time: the index keeps them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: rows never move; the statement is redrawn whole
          <tr key={`${entry.at}-${index}`}>
            <th scope="row">{dates.dateTime(entry.at)}</th>
            <td data-label={t`Card`}>{cardText(entry.card)}</td>
            <td data-label={t`Route`}>{entry.stop ? `${entry.route}, ${entry.stop}` : entry.route}</td>
            <td data-label={t`Paid with`}>{paidByText(i18n, entry.paid_by)}</td>
            <td data-label={t`Fare charged`} data-number="">
              {money(entry.charged)}
            </td>
          </tr>
        ))}
      </Section>
      <Section
        id="statement-benefits"
        title={t`Commuter benefits used`}
        empty={t`No commuter benefits used in these days.`}
        count={shown.commuter_benefits.length}
        head={
          <tr>
            <th scope="col">
              <Trans>Date</Trans>
            </th>
            <th scope="col">
              <Trans>Order number</Trans>
            </th>
            <th scope="col">
              <Trans>Paid with</Trans>
            </th>
            <th scope="col" data-number="">
              <Trans>Amount</Trans>
            </th>
          </tr>
        }
      >
        {shown.commuter_benefits.map((entry) => (
          <tr key={`${entry.order_number}-${entry.payment}-${entry.amount}`}>
            <th scope="row">{dates.dateTime(entry.at)}</th>
            <td data-label={t`Order number`}>{entry.order_number}</td>
            <td data-label={t`Paid with`}>{entry.payment}</td>
            <td data-label={t`Amount`} data-number="">
              {net(entry)}
            </td>
          </tr>
        ))}
      </Section>
      <p className={css({ color: "muted", fontSize: "sm" })}>
        <Trans>Times are the agency's local time. Amounts are net of refunds.</Trans>
      </p>
    </section>
  );
}
