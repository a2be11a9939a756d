import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import type { purchaseHistoryMachine } from "../../machines/purchaseHistory.machine.ts";
import type { MoneyFormat } from "../fare-cards/cardText.ts";
import { useDates } from "../shared/dates.ts";
import { errorLine } from "../shared/fieldStyles.ts";
import { ShowMore } from "../shared/ShowMore.tsx";
import { panel, table } from "./PassHistoryView.tsx";

type PurchaseHistoryRef = ActorRefFrom<typeof purchaseHistoryMachine>;

/** Purchase history: the fares charged to saved bank cards tapped at readers, with "Show more". */
export function PurchaseHistoryView({
  purchases,
  money,
}: {
  purchases: PurchaseHistoryRef;
  money: MoneyFormat;
}) {
  const { t } = useLingui();
  const dates = useDates();
  const phase = useSelector(purchases, (s) =>
    s.matches("loading")
      ? "loading"
      : s.matches("empty")
        ? "empty"
        : s.matches("failed")
          ? "failed"
          : "shown",
  );
  const transactions = useSelector(purchases, (s) => s.context.transactions);
  const more = useSelector(purchases, (s) => s.context.next !== null);
  const loadingMore = useSelector(purchases, (s) => s.matches("loadingMore"));
  const error = useSelector(purchases, (s) => s.context.error);
  return (
    <section
      className={panel}
      aria-labelledby="purchases-title"
      aria-busy={phase === "loading" || loadingMore}
    >
      <h2 id="purchases-title" className={css({ fontSize: "xl", fontWeight: "bold" })}>
        <Trans>Purchase history</Trans>
      </h2>
      <p className={css({ color: "muted" })}>
        <Trans>Fares charged to your bank cards when you tapped them at a reader.</Trans>
      </p>
      {phase === "loading" ? (
        <p role="status">
          <Trans>Loading your purchases…</Trans>
        </p>
      ) : phase === "empty" ? (
        <p>
          <Trans>No bank-card taps yet.</Trans>
        </p>
      ) : phase === "failed" ? (
        <div role="alert" className={css({ display: "grid", gap: "3" })}>
          <p className={errorLine}>
            <Trans>Your purchases could not be loaded. Check your connection and try again.</Trans>
          </p>
          <p>
            <button
              type="button"
              className={button()}
              onClick={() => purchases.send({ type: "transactions.retry" })}
            >
              <Trans>Try again</Trans>
            </button>
          </p>
        </div>
      ) : (
        <>
          <table className={table} aria-labelledby="purchases-title" data-testid="transactions">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Transaction number</Trans>
                </th>
                <th scope="col">
                  <Trans>Date</Trans>
                </th>
                <th scope="col">
                  <Trans>Items purchased</Trans>
                </th>
                <th scope="col" data-number="">
                  <Trans>Amount</Trans>
                </th>
                <th scope="col">
                  <Trans>Card tapped</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {transactions.map((entry) => (
                <tr key={entry.id}>
                  <th scope="row">{entry.transaction_number}</th>
                  <td data-label={t`Date`}>{dates.dateTime(entry.tapped_at)}</td>
                  <td data-label={t`Items purchased`}>
                    {entry.items.map((line) => line.name).join(", ")}
                    {entry.capped ? (
                      <>
                        {" "}
                        <Trans>(fare cap reached: free)</Trans>
                      </>
                    ) : null}
                  </td>
                  <td data-label={t`Amount`} data-number="">
                    {money(entry.amount)}
                  </td>
                  <td data-label={t`Card tapped`}>{entry.payment_method.label}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {error !== null ? (
            <p role="alert" className={errorLine}>
              <Trans>More purchases could not be loaded. Please try again.</Trans>
            </p>
          ) : null}
          {more ? (
            <ShowMore loading={loadingMore} onMore={() => purchases.send({ type: "transactions.more" })} />
          ) : null}
        </>
      )}
    </section>
  );
}
