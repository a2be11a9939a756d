import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ComponentType } from "react";
import { css } from "../../../styled-system/css";
import { selectTotals } from "../../machines/checkout.machine.ts";
import { card } from "../shared/Screen.tsx";
import {
  CheckoutDetailsOnDemand as CheckoutDetails,
  PlacedElsewhereOnDemand,
  ReviewOnDemand as Review,
  SetbackOnDemand,
} from "./onDemand.ts";
import { type CheckoutRef, muted, row, rows, sectionHeading, useQuoteMoney } from "./parts.tsx";
import type { ShippingProps } from "./Shipping.tsx";

export interface CheckoutViewProps {
  checkout: CheckoutRef;
  /**
   * The shipping part of the details step, with its address book: the rider's (adding one from the
   * checkout saves it), or for guests one that keeps the address for this order. Drawn only when the
   * cart has something to ship.
   */
  shipping: ComponentType<ShippingProps>;
}

const layout = css({
  display: "grid",
  gap: "6",
  alignItems: "start",
  gridTemplateColumns: { base: "minmax(0, 1fr)", lg: "minmax(0, 1fr) 22rem" },
});
const aside = css({ position: { lg: "sticky" }, top: { lg: "6" } });

/**
 * The checkout: the server's prices first, then one page of choices (shipping, promo code, payment,
 * the guest's receipt), then the review that places the order. The order summary stays beside the
 * steps on a desktop and comes first on a phone.
 */
export function CheckoutView({ checkout, shipping }: CheckoutViewProps) {
  const state = useSelector(checkout, (snapshot) => {
    if (snapshot.matches("details")) return "details";
    if (snapshot.matches("review") || snapshot.matches("placing") || snapshot.matches("retrying"))
      return "review";
    if (snapshot.matches("inFlight")) return "review";
    if (snapshot.matches("priceChanged")) return "priceChanged";
    return String(snapshot.value);
  });
  switch (state) {
    case "revalidating":
      return (
        <p role="status" className={card}>
          <Trans>Checking the prices in your cart…</Trans>
        </p>
      );
    case "unavailable":
    case "refused":
    case "priceChanged":
      return <SetbackOnDemand checkout={checkout} kind={state} />;
    case "placed":
      return (
        <p role="status" className={card}>
          <Trans>Your order was placed. Opening its summary…</Trans>
        </p>
      );
    case "placedElsewhere":
      return <PlacedElsewhereOnDemand checkout={checkout} />;
    case "sessionEnded":
      return (
        <p role="status" className={card}>
          <Trans>Your session has ended. Sign in again to finish your purchase: your choices are kept.</Trans>
        </p>
      );
    default:
      return (
        <div className={layout}>
          <div className={css({ display: "grid", gap: "6", order: { base: 2, lg: 1 } })}>
            <Steps current={state === "details" ? 1 : 2} />
            {state === "details" ? (
              <CheckoutDetails checkout={checkout} shipping={shipping} />
            ) : (
              <Review checkout={checkout} />
            )}
          </div>
          <div className={`${aside} ${css({ order: { base: 1, lg: 2 } })}`}>
            <OrderSummary checkout={checkout} />
          </div>
        </div>
      );
  }
}

function Steps({ current }: { current: 1 | 2 }) {
  const { t } = useLingui();
  const steps = [t`Details`, t`Review`];
  return (
    <ol aria-label={t`Checkout steps`} className={css({ display: "flex", gap: "2", flexWrap: "wrap" })}>
      {steps.map((step, index) => (
        <li
          key={step}
          aria-current={index + 1 === current ? "step" : undefined}
          className={css({
            px: "3",
            py: "1",
            borderRadius: "full",
            borderWidth: "1px",
            borderColor: "border",
            fontWeight: "semibold",
            "&[aria-current=step]": {
              bg: "brand.button",
              color: "brand.buttonText",
              borderColor: "brand.button",
            },
          })}
        >
          {index + 1}. {step}
        </li>
      ))}
    </ol>
  );
}

/** The cart as the server priced it: always beside the steps. */
function OrderSummary({ checkout }: { checkout: CheckoutRef }) {
  const { t } = useLingui();
  const lines = useSelector(checkout, (snapshot) => snapshot.context.quote?.lines ?? []);
  const totals = useSelector(checkout, selectTotals);
  const promo = useSelector(checkout, (snapshot) => snapshot.context.quote?.promo?.code ?? null);
  const money = useQuoteMoney(checkout);
  if (!totals) return null;
  return (
    <section aria-label={t`Order summary`} className={card}>
      <h2 className={sectionHeading}>
        <Trans>Order summary</Trans>
      </h2>
      <ul className={rows}>
        {lines.map((line) => (
          <li key={line.product} className={row}>
            <span>
              {line.name} <span className={muted}>× {line.quantity}</span>
            </span>
            <span>{money(line.line_total)}</span>
          </li>
        ))}
      </ul>
      <dl className={rows}>
        <div className={row}>
          <dt>
            <Trans>Subtotal</Trans>
          </dt>
          <dd>{money(totals.subtotal)}</dd>
        </div>
        {totals.shipping > 0 ? (
          <div className={row}>
            <dt>
              <Trans>Shipping</Trans>
            </dt>
            <dd>{money(totals.shipping)}</dd>
          </div>
        ) : null}
        {totals.discount > 0 ? (
          <div className={row}>
            <dt>{promo ? <Trans>Discount ({promo})</Trans> : <Trans>Discount</Trans>}</dt>
            <dd>−{money(totals.discount)}</dd>
          </div>
        ) : null}
        <div className={`${row} ${css({ fontWeight: "bold", fontSize: "lg" })}`}>
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd data-testid="checkout-total">{money(totals.total)}</dd>
        </div>
      </dl>
    </section>
  );
}
