import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { css } from "../../../styled-system/css";
import type { ActivityRow, AutoRenew, Balance, FareCapProgress } from "../../domain/transit/cards.ts";
import type { PassSummary } from "../../domain/transit/passes.ts";
import { expiryText } from "../passes/passText.ts";
import { useDates } from "../shared/dates.ts";
import { rowList } from "../shared/listStyles.ts";
import { badgeBase, partHeading } from "./CardStatusBadge.tsx";
import {
  activityDescription,
  activityKindText,
  fareCapText,
  type MoneyFormat,
  passStatusText,
  riderTypeText,
} from "./cardText.ts";

export { CardStatusBadge, partHeading } from "./CardStatusBadge.tsx";

/** A rider type in the rider's language ("Youth" for YOUTH; an unusual agency code as it is). */
export function RiderType({ code }: { code: string }) {
  const { i18n } = useLingui();
  return <>{riderTypeText(i18n, code)}</>;
}

/*
 * The parts of a fare card's page that a signed-in rider's /faremedia and a guest's /manage-card share:
 * what the card holds (BalancePanel), its passes (PassList), its fare caps (FareCapList), its
 * auto-renewals (AutoRenewList), its activity (ActivityList) and its status (CardStatusBadge). They
 * only render what they are given: money through useMoney, dates in the rider's language.
 */

const muted = css({ color: "muted", fontSize: "sm" });
const row = css({
  display: "grid",
  gap: "1",
  p: "3",
  borderWidth: "1px",
  borderColor: "border",
  borderRadius: "md",
});
const line = css({ display: "flex", flexWrap: "wrap", justifyContent: "space-between", gap: "2" });
const figure = css({ fontVariantNumeric: "tabular-nums", fontWeight: "semibold" });

/** General funds and commuter benefits, settled and pending, as of when they were read. */
export function BalancePanel({
  balance,
  money,
  headingLevel = 2,
}: {
  balance: Balance;
  money: MoneyFormat;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const asOf = useDates().dateTime(balance.as_of);
  return (
    <section className={css({ display: "grid", gap: "3" })} data-testid="balance">
      <Heading className={partHeading}>
        <Trans>Balance</Trans>
      </Heading>
      <dl
        className={css({
          display: "grid",
          gridTemplateColumns: "minmax(0, 1fr) auto",
          gap: "2",
          "& dd": { textAlign: "end", fontVariantNumeric: "tabular-nums", fontWeight: "semibold" },
        })}
      >
        <dt>
          <Trans>General funds</Trans>
        </dt>
        <dd data-testid="general-funds">{money(balance.general_funds)}</dd>
        {balance.pending > 0 ? (
          <>
            <dt className={css({ ps: "4", color: "muted" })}>
              <Trans>Settled</Trans>
            </dt>
            <dd className={css({ color: "muted" })}>{money(balance.settled)}</dd>
            <dt className={css({ ps: "4", color: "muted" })}>
              <Trans>Pending</Trans>
            </dt>
            <dd className={css({ color: "muted" })} data-testid="pending">
              {money(balance.pending)}
            </dd>
          </>
        ) : null}
        <dt>
          <Trans>Commuter benefits</Trans>
        </dt>
        <dd data-testid="commuter-benefits">{money(balance.commuter_benefits)}</dd>
      </dl>
      <p className={muted}>
        <Trans>As of {asOf}</Trans>
      </p>
    </section>
  );
}

function passUse(pass: PassSummary): ReactNode {
  if (pass.usable_count === null) return <Trans>Unlimited rides</Trans>;
  const remaining = pass.remaining ?? pass.usable_count - pass.used_count;
  const used = pass.used_count;
  return (
    <Trans>
      {remaining} rides left, {used} used
    </Trans>
  );
}

/** The passes on the card: name, status, rides left and used, expiry. */
export function PassList({
  passes,
  headingLevel = 2,
  actions,
}: {
  passes: PassSummary[];
  headingLevel?: 2 | 3;
  /** Buttons for one pass (e.g. "Renew automatically"). */
  actions?: (pass: PassSummary) => ReactNode;
}) {
  const { i18n } = useLingui();
  const dates = useDates();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className={css({ display: "grid", gap: "3" })} data-testid="passes">
      <Heading className={partHeading}>
        <Trans>Passes</Trans>
      </Heading>
      {passes.length === 0 ? (
        <p className={muted}>
          <Trans>No passes on this card.</Trans>
        </p>
      ) : (
        <ul className={rowList}>
          {passes.map((pass) => {
            const expires = pass.expires_at || pass.valid_days ? expiryText(i18n, pass, dates.day) : null;
            return (
              <li key={pass.id} className={row} data-testid="pass">
                <div className={line}>
                  <span className={css({ fontWeight: "semibold" })}>{pass.name}</span>
                  <span className={badgeBase}>{passStatusText(i18n, pass.status)}</span>
                </div>
                <span className={muted}>{passUse(pass)}</span>
                {expires ? (
                  <span className={muted}>
                    <Trans>Expires {expires}</Trans>
                  </span>
                ) : null}
                {actions ? actions(pass) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** Fare caps in progress: trips counted toward the cap, or free rides until the period ends. */
export function FareCapList({ caps, headingLevel = 2 }: { caps: FareCapProgress[]; headingLevel?: 2 | 3 }) {
  const { i18n } = useLingui();
  const dates = useDates();
  if (caps.length === 0) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className={css({ display: "grid", gap: "3" })} data-testid="fare-caps">
      <Heading className={partHeading}>
        <Trans>Fare caps</Trans>
      </Heading>
      <ul className={rowList}>
        {caps.map((cap) => (
          <li key={cap.id} className={row}>
            <span className={css({ fontWeight: "semibold" })}>{cap.name}</span>
            <span>{fareCapText(i18n, cap, dates)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Passes renewed automatically: product, price per renewal, method and next renewal. */
export function AutoRenewList({
  renewals,
  money,
  headingLevel = 2,
  actions,
}: {
  renewals: AutoRenew[];
  money: MoneyFormat;
  headingLevel?: 2 | 3;
  actions?: (renewal: AutoRenew) => ReactNode;
}) {
  const dates = useDates();
  const active = renewals.filter((renewal) => renewal.status === "active");
  if (active.length === 0) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className={css({ display: "grid", gap: "3" })} data-testid="auto-renew">
      <Heading className={partHeading}>
        <Trans>Renewed automatically</Trans>
      </Heading>
      <ul className={rowList}>
        {active.map((renewal) => {
          const price = money(renewal.price);
          const renews = renewal.renews_at ? dates.day(renewal.renews_at) : null;
          const method = renewal.payment_method?.label ?? null;
          return (
            <li key={renewal.id} className={row} data-testid="auto-renewal">
              <div className={line}>
                <span className={css({ fontWeight: "semibold" })}>{renewal.name}</span>
                <span className={figure}>
                  <Trans>{price} per renewal</Trans>
                </span>
              </div>
              {renews ? (
                <span className={muted}>
                  <Trans>Renews on {renews}</Trans>
                </span>
              ) : null}
              {method ? (
                <span className={muted}>
                  <Trans>Charged to {method}</Trans>
                </span>
              ) : null}
              {actions ? actions(renewal) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const activityTable = css({
  width: "100%",
  borderCollapse: "collapse",
  fontVariantNumeric: "tabular-nums",
  "& th, & td": { textAlign: "start", py: "2", px: "2", verticalAlign: "top" },
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
    // On a phone each row is a small card: when, then what and how much, then the description.
    "& tbody tr": {
      display: "grid",
      gridTemplateColumns: "minmax(0, 1fr) auto",
      gridTemplateAreas: '"date date" "type amount" "desc desc" "balance balance"',
      columnGap: "3",
      rowGap: "1",
      p: "3",
      borderWidth: "1px",
      borderRadius: "md",
    },
    "& th, & td": { p: "0" },
    "& td:empty": { display: "none" },
    "& [data-cell=date]": { gridArea: "date", color: "muted", fontSize: "sm" },
    "& [data-cell=type]": { gridArea: "type" },
    "& [data-cell=amount]": { gridArea: "amount" },
    "& [data-cell=desc]": { gridArea: "desc" },
    "& [data-cell=balance]": { gridArea: "balance", textAlign: "start", fontSize: "sm" },
  },
});

/** The card's activity, newest first: date and time, type, description, amount and balance after. */
export function ActivityList({
  rows,
  money,
  caption,
}: {
  rows: ActivityRow[];
  money: MoneyFormat;
  /** Names the table for screen readers ("Activity"). */
  caption: string;
}) {
  const { i18n } = useLingui();
  const dates = useDates();
  if (rows.length === 0) {
    return (
      <p className={muted}>
        <Trans>No activity on this card yet.</Trans>
      </p>
    );
  }
  return (
    <table className={activityTable} data-testid="activity">
      <caption className={css({ srOnly: true })}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Date and time</Trans>
          </th>
          <th scope="col">
            <Trans>Type</Trans>
          </th>
          <th scope="col">
            <Trans>Description</Trans>
          </th>
          <th scope="col" data-number>
            <Trans>Amount</Trans>
          </th>
          <th scope="col" data-number>
            <Trans>Balance</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((entry) => (
          <tr key={entry.id} data-testid="activity-row" data-pending={entry.pending || undefined}>
            <td data-cell="date" className={css({ whiteSpace: "nowrap" })}>
              {dates.dateTime(entry.occurred_at)}
            </td>
            <td data-cell="type" className={css({ fontWeight: "semibold" })}>
              {activityKindText(i18n, entry.kind)}
              {entry.pending ? (
                <>
                  {" "}
                  <span className={badgeBase}>
                    <Trans>Pending</Trans>
                  </span>
                </>
              ) : null}
            </td>
            <td data-cell="desc">{activityDescription(i18n, entry)}</td>
            <td data-cell="amount" data-number>
              {entry.amount === null ? "—" : signed(money, entry.amount)}
            </td>
            <td data-cell="balance" data-number className={muted}>
              {entry.balance_after === null ? null : (
                <>
                  <span className={css({ md: { srOnly: true } })}>
                    <Trans>Balance after:</Trans>{" "}
                  </span>
                  {money(entry.balance_after)}
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function signed(money: MoneyFormat, amount: number): string {
  return amount > 0 ? `+${money(amount)}` : money(amount);
}
