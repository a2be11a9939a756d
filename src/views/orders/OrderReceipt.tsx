import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { css } from "../../../styled-system/css";
import type { OrderDetail } from "../../domain/checkout/order.ts";
import { repurchasableItems, repurchaseOf } from "../../machines/repurchase.machine.ts";
import { useDates } from "../shared/dates.ts";
import { Email } from "../shared/Email.tsx";
import { useFocusWhenLost } from "../shared/useFocusWhenLost.ts";
import { BuyAgainButton, BuyAgainStatus, type RepurchaseRef } from "./BuyAgain.tsx";
import {
  addressLine,
  entryTypeText,
  fulfilmentLines,
  type MoneyFormat,
  orderCard,
  paymentName,
  statusText,
} from "./orderText.ts";

// Printing shows the receipt alone (the page around it is left out by this sheet).
import "./receipt-print.css";

const receipt = css({
  bg: "surface",
  color: "text",
  borderWidth: "1px",
  borderColor: "border",
  borderRadius: "lg",
  p: { base: "4", md: "8" },
  display: "grid",
  gap: "5",
  // Its parts take the receipt's width, never their content's: nothing pushes the page sideways.
  gridTemplateColumns: "minmax(0, 1fr)",
  width: "100%",
  maxWidth: "44rem",
  fontVariantNumeric: "tabular-nums",
  "@media print": {
    border: "none",
    p: "0",
    mx: "auto",
    maxWidth: "40rem",
    color: "black",
    bg: "white",
  },
});
const top = css({
  display: "grid",
  gap: "1",
  textAlign: "center",
  pb: "4",
  borderBottomWidth: "2px",
  borderStyle: "dashed",
  borderColor: "border",
});
const organisationName = css({ fontSize: "xl", fontWeight: "bold" });
const facts = css({
  display: "grid",
  gridTemplateColumns: "auto minmax(0, 1fr)",
  columnGap: "4",
  rowGap: "1",
  "& dt": { color: "muted" },
  "& dd": { textAlign: "end", overflowWrap: "anywhere" },
  // An amount stays on one line ("5,00 US$"); the label beside it wraps instead.
  "& dd[data-number]": { whiteSpace: "nowrap" },
});
const partHeading = css({ fontSize: "lg", fontWeight: "bold" });
const part = css({
  display: "grid",
  gap: "2",
  pt: "4",
  borderTopWidth: "1px",
  borderStyle: "dashed",
  borderColor: "border",
});
const table = css({
  width: "100%",
  borderCollapse: "collapse",
  "& th, & td": { py: "2", textAlign: "start", verticalAlign: "top" },
  "& thead th": { fontSize: "sm", color: "muted", fontWeight: "semibold" },
  "& [data-number]": { textAlign: "end", pl: "3" },
  // An amount stays on one line; a column's heading ("Total de la línea") wraps above it.
  "& td[data-number]": { whiteSpace: "nowrap" },
  "& tbody tr": { borderTopWidth: "1px", borderColor: "border" },
});
const tag = css({
  display: "inline-block",
  mt: "1",
  px: "2",
  py: "0.5",
  borderRadius: "full",
  borderWidth: "1px",
  borderColor: "brand.button",
  color: "brand.button",
  fontSize: "xs",
  fontWeight: "bold",
});
const muted = css({ color: "muted", fontSize: "sm" });
const total = css({ fontWeight: "bold", fontSize: "lg", "& dt": { color: "text" } });

export interface OrderReceiptProps {
  order: OrderDetail;
  money: MoneyFormat;
  locale: string;
  /** The agency's name, printed at the top as a shop prints its own. */
  organisation: string;
  /** The receipt replaced the link that opened it: the keyboard goes on from its heading. */
  focusWhenLost?: boolean;
  /** "Buy again" on each line that can be (a rider's order where the deployment has `instantRepurchase`). */
  repurchase?: RepurchaseRef | null;
}

/** One order as a receipt: who sold it, its number and date, the lines, totals, payments and history. */
export function OrderReceipt({
  order,
  money,
  locale,
  organisation,
  focusWhenLost = false,
  repurchase = null,
}: OrderReceiptProps) {
  const { i18n } = useLingui();
  const heading = useFocusWhenLost<HTMLHeadingElement>();
  const titleId = useId();
  const fulfilment = fulfilmentLines(i18n, order, locale);
  const dates = useDates();
  const card = orderCard(order);
  const again = repurchase ? repurchasableItems(order) : [];
  return (
    <article className={receipt} aria-labelledby={titleId} data-receipt="">
      <div className={top}>
        <p className={organisationName}>{organisation}</p>
        <h2
          id={titleId}
          ref={focusWhenLost ? heading : undefined}
          tabIndex={focusWhenLost ? -1 : undefined}
          className={css({ fontSize: "lg", fontWeight: "bold", _focusVisible: { outline: "none" } })}
        >
          <Trans>Receipt for order {order.number}</Trans>
        </h2>
      </div>
      <dl className={facts}>
        <dt>
          <Trans>Order number</Trans>
        </dt>
        <dd>{order.number}</dd>
        <dt>
          <Trans>Date</Trans>
        </dt>
        <dd>{dates.dateTime(order.created_at)}</dd>
        <dt>
          <Trans>Receipt sent to</Trans>
        </dt>
        <dd>
          <Email address={order.email} />
        </dd>
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>{statusText(i18n, order.status)}</dd>
        {card ? (
          <>
            <dt>
              <Trans>Fare card</Trans>
            </dt>
            <dd data-testid="order-card">{card}</dd>
          </>
        ) : null}
        {order.shipping_address ? (
          <>
            <dt>
              <Trans>Shipping address</Trans>
            </dt>
            <dd data-testid="order-shipping-address">{addressLine(order.shipping_address, locale)}</dd>
          </>
        ) : null}
        {order.shipping_method ? (
          <>
            <dt>
              <Trans>Shipping method</Trans>
            </dt>
            <dd data-testid="order-shipping-method">{order.shipping_method.name}</dd>
          </>
        ) : null}
      </dl>

      <section className={part} aria-labelledby={`${titleId}-items`}>
        <h3 id={`${titleId}-items`} className={partHeading}>
          <Trans>Items</Trans>
        </h3>
        <table className={table}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Item</Trans>
              </th>
              <th scope="col" data-number="">
                <Trans>Quantity</Trans>
              </th>
              <th scope="col" data-number="">
                <Trans>Unit price</Trans>
              </th>
              <th scope="col" data-number="">
                <Trans>Line total</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.line}>
                <th scope="row">
                  <span className={css({ display: "block", fontWeight: "semibold" })}>{item.name}</span>
                  {item.offer_serve ? (
                    <span className={`${muted} ${css({ display: "block", fontWeight: "normal" })}`}>
                      {item.offer_serve.offer_code.text}
                    </span>
                  ) : null}
                  {item.auto_renew ? (
                    <span className={tag}>
                      <Trans>Auto-renew</Trans>
                    </span>
                  ) : null}
                  {repurchase && again.includes(item) ? (
                    <span className={css({ display: "block", mt: "2" })}>
                      <BuyAgainButton repurchase={repurchase} wanted={repurchaseOf(order, item)} />
                    </span>
                  ) : null}
                </th>
                <td data-number="">{item.quantity}</td>
                <td data-number="">{money(item.unit_price)}</td>
                <td data-number="">{money(item.line_total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {repurchase ? (
          <BuyAgainStatus repurchase={repurchase} products={again.map((item) => item.product)} />
        ) : null}
      </section>

      {fulfilment.length > 0 ? (
        <section className={part} aria-labelledby={`${titleId}-fulfilment`}>
          <h3 id={`${titleId}-fulfilment`} className={partHeading}>
            <Trans>What happens next</Trans>
          </h3>
          <ul className={css({ display: "grid", gap: "1", listStyle: "disc", pl: "5" })}>
            {fulfilment.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className={part} aria-labelledby={`${titleId}-totals`}>
        <h3 id={`${titleId}-totals`} className={partHeading}>
          <Trans>Totals</Trans>
        </h3>
        <dl className={facts}>
          <dt>
            <Trans>Subtotal</Trans>
          </dt>
          <dd data-number="">{money(order.subtotal)}</dd>
          {order.shipping_method ? (
            <>
              <dt>
                <Trans>Shipping</Trans>
              </dt>
              <dd data-number="">{money(order.shipping)}</dd>
            </>
          ) : null}
          {order.promo_code || order.discount > 0 ? (
            <>
              <dt>{order.promo_code ? <Trans>Promo {order.promo_code}</Trans> : <Trans>Promo</Trans>}</dt>
              <dd data-number="">{money(-order.discount)}</dd>
            </>
          ) : null}
        </dl>
        <dl className={`${facts} ${total}`}>
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd data-number="">{money(order.total)}</dd>
        </dl>
      </section>

      <section className={part} aria-labelledby={`${titleId}-payments`}>
        <h3 id={`${titleId}-payments`} className={partHeading}>
          <Trans>Payment</Trans>
        </h3>
        <dl className={facts}>
          {order.payments.map((payment) => (
            <div key={payment.leg} className={css({ display: "contents" })}>
              <dt>
                {paymentName(i18n, payment)}
                {payment.nickname ? <span className={muted}> ({payment.nickname})</span> : null}
              </dt>
              <dd data-number="">{money(payment.amount)}</dd>
              {payment.purchase_number ? (
                <>
                  <dt className={muted}>
                    <Trans>Purchase number</Trans>
                  </dt>
                  <dd className={muted}>{payment.purchase_number}</dd>
                </>
              ) : null}
            </div>
          ))}
        </dl>
      </section>

      {order.entries.length > 0 ? (
        <section className={part} aria-labelledby={`${titleId}-history`}>
          <h3 id={`${titleId}-history`} className={partHeading}>
            <Trans>History</Trans>
          </h3>
          <table className={table}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Date</Trans>
                </th>
                <th scope="col">
                  <Trans>Entry</Trans>
                </th>
                <th scope="col" data-number="">
                  <Trans>Amount</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {order.entries.map((entry) => (
                <tr key={`${entry.created_at}-${entry.type}-${entry.amount}`}>
                  <td>{dates.day(entry.created_at)}</td>
                  <td>{entryTypeText(i18n, entry.type)}</td>
                  <td data-number="">{money(entry.type === "refund" ? -entry.amount : entry.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </article>
  );
}
