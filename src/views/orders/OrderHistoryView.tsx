import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { Link } from "wouter";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import type { OrderSummary } from "../../domain/checkout/order.ts";
import { selectPageLinks } from "../../machines/keysetHistory.ts";
import type { orderHistoryMachine } from "../../machines/orderHistory.machine.ts";
import { useDates } from "../shared/dates.ts";
import { Pager } from "../shared/KeysetPages.tsx";
import { LoadFailed } from "../shared/LoadFailed.tsx";
import { NothingHere } from "../shared/NothingHere.tsx";
import { useFocusWhenLost } from "../shared/useFocusWhenLost.ts";
import type { RepurchaseRef } from "./BuyAgain.tsx";
import { OrderReceipt } from "./OrderReceipt.tsx";
import { actionRow } from "./OrderSummaryView.tsx";
import { type MoneyFormat, statusText } from "./orderText.ts";

type OrderHistoryRef = ActorRefFrom<typeof orderHistoryMachine>;

const box = css({ display: "grid", gap: "5" });
const sectionHeading = css({ fontSize: "xl", fontWeight: "bold", _focusVisible: { outline: "none" } });
const panel = css({
  bg: "surface",
  borderRadius: "lg",
  borderWidth: "1px",
  borderColor: "border",
  p: { base: "4", md: "8" },
  display: "grid",
  gap: "5",
});
/*
 * A table on a desktop; on a phone each order is a card of label-value rows (the column's name comes
 * from data-label, for sighted riders only: the cells keep their headers).
 */
const table = css({
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
    "& th, & td": { display: "flex", justifyContent: "space-between", gap: "4", p: "0" },
    "& [data-number]": { textAlign: "end" },
    "& td::before": { content: 'attr(data-label) / ""', color: "muted" },
  },
});
const orderLink = css({
  color: "brand.button",
  textDecoration: "underline",
  textUnderlineOffset: "3px",
  fontWeight: "semibold",
  fontSize: { base: "lg", md: "md" },
});
export interface OrderHistoryViewProps {
  history: OrderHistoryRef;
  money: MoneyFormat;
  locale: string;
  organisation: string;
  /** "Buy again" on the receipt's lines, where the deployment allows it (`instantRepurchase`). */
  repurchase?: RepurchaseRef | null;
}

/** An order's lines as its row shows them: "Day Pass, 2 × Stored Value $10". */
function linesText(i18n: I18n, lines: OrderSummary["lines"]): string {
  return lines
    .map(({ name, quantity }) => (quantity > 1 ? i18n._(msg`${quantity} × ${name}`) : name))
    .join(", ");
}

/** Order history: a page of orders with Previous and Next, one order's receipt, or why there is none. */
export function OrderHistoryView({
  history,
  money,
  locale,
  organisation,
  repurchase = null,
}: OrderHistoryViewProps) {
  const phase = useSelector(history, (snapshot) => {
    for (const state of ["listing", "empty", "detail", "notFound", "failed", "loadingDetail"] as const) {
      if (snapshot.matches(state)) return state;
    }
    return "loadingPage" as const;
  });
  switch (phase) {
    case "loadingPage":
    case "listing":
      return <Pages history={history} money={money} />;
    case "loadingDetail":
      return (
        <p role="status">
          <Trans>Loading your order…</Trans>
        </p>
      );
    case "empty":
      return (
        <NothingHere className={panel}>
          <Trans>You have no orders yet.</Trans>
        </NothingHere>
      );
    case "failed":
      return (
        <LoadFailed className={panel} onRetry={() => history.send({ type: "history.retry" })}>
          <Trans>Your orders could not be loaded. Check your connection and try again.</Trans>
        </LoadFailed>
      );
    case "notFound":
      return <NotFound history={history} />;
    case "detail":
      return (
        <Detail
          history={history}
          money={money}
          locale={locale}
          organisation={organisation}
          repurchase={repurchase}
        />
      );
  }
}

function NotFound({ history }: { history: OrderHistoryRef }) {
  const isOrder = useSelector(history, (snapshot) => snapshot.context.id !== null);
  const page = useSelector(history, (snapshot) => snapshot.context.page ?? 1);
  const heading = useFocusWhenLost<HTMLHeadingElement>();
  return (
    <div className={panel}>
      <h2 ref={heading} tabIndex={-1} className={sectionHeading}>
        {isOrder ? <Trans>Order not found</Trans> : <Trans>Page not found</Trans>}
      </h2>
      <p role="status">
        {isOrder ? (
          <Trans>We could not find this order.</Trans>
        ) : (
          <Trans>This page of your order history does not exist.</Trans>
        )}
      </p>
      <p>
        <Link href={`/account/orders/${isOrder ? page : 1}`} className={button({ variant: "outline" })}>
          <Trans>Back to order history</Trans>
        </Link>
      </p>
    </div>
  );
}

/** A page of orders, its heading kept while the next page loads. */
function Pages({ history, money }: Pick<OrderHistoryViewProps, "history" | "money">) {
  const page = useSelector(history, (snapshot) => snapshot.context.page ?? 1);
  const loading = useSelector(history, (snapshot) => snapshot.matches("loadingPage"));
  // Next, Previous or Back went with the page they were on: the keyboard goes on from the heading.
  const heading = useFocusWhenLost<HTMLHeadingElement>(`${page}/${loading}`);
  return (
    <section className={panel} aria-labelledby="orders-title" aria-busy={loading}>
      <h2 id="orders-title" ref={heading} tabIndex={-1} className={sectionHeading}>
        <Trans>Your orders, page {page}</Trans>
      </h2>
      {loading ? (
        <p role="status">
          <Trans>Loading your orders…</Trans>
        </p>
      ) : (
        <Listing history={history} money={money} />
      )}
    </section>
  );
}

function Listing({ history, money }: Pick<OrderHistoryViewProps, "history" | "money">) {
  const { t, i18n } = useLingui();
  const orders = useSelector(history, (snapshot) => snapshot.context.items);
  const page = useSelector(history, (snapshot) => snapshot.context.page ?? 1);
  const links = useSelector(history, selectPageLinks);
  const dates = useDates();
  return (
    <>
      <table className={table} aria-labelledby="orders-title">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Order number</Trans>
            </th>
            <th scope="col">
              <Trans>Date</Trans>
            </th>
            <th scope="col">
              <Trans>Fare card</Trans>
            </th>
            <th scope="col">
              <Trans>Items</Trans>
            </th>
            <th scope="col" data-number="">
              <Trans>Total</Trans>
            </th>
            <th scope="col">
              <Trans>Status</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order: OrderSummary) => (
            <tr key={order.id}>
              <th scope="row">
                <Link href={`/account/orders/${page}/${encodeURIComponent(order.id)}`} className={orderLink}>
                  {order.number}
                </Link>
              </th>
              <td data-label={t`Date`}>{dates.day(order.created_at)}</td>
              <td data-label={t`Fare card`}>{order.card_number ?? <Trans>None</Trans>}</td>
              <td data-label={t`Items`}>{linesText(i18n, order.lines)}</td>
              <td data-label={t`Total`} data-number="">
                {money(order.total)}
              </td>
              <td data-label={t`Status`}>{statusText(i18n, order.status)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager label={t`Order history pages`} base="/account/orders" page={page} {...links} />
    </>
  );
}

function Detail({ history, money, locale, organisation, repurchase }: OrderHistoryViewProps) {
  const order = useSelector(history, (snapshot) => snapshot.context.detail);
  const page = useSelector(history, (snapshot) => snapshot.context.page ?? 1);
  if (!order) return null;
  return (
    <div className={box}>
      <p className={actionRow} data-print="hide">
        <Link href={`/account/orders/${page}`} className={button({ variant: "outline" })}>
          <Trans>Back to order history</Trans>
        </Link>
        <button type="button" className={button()} onClick={() => history.send({ type: "receipt.print" })}>
          <Trans>Print receipt</Trans>
        </button>
      </p>
      <OrderReceipt
        order={order}
        money={money}
        locale={locale}
        organisation={organisation}
        repurchase={repurchase}
        focusWhenLost
      />
    </div>
  );
}
