import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ComponentType } from "react";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { countryName } from "../../domain/payments/names.ts";
import { asksDestination, paymentLegs, selectBusy, selectTotals } from "../../machines/checkout.machine.ts";
import { card } from "../shared/Screen.tsx";
import {
  CheckoutDetailsOnDemand as CheckoutDetails,
  DestinationSummaryOnDemand,
  PlacedElsewhereOnDemand,
  SetbackOnDemand,
} from "./onDemand.ts";
import {
  type CheckoutRef,
  choiceName,
  errorText,
  failureMessage,
  muted,
  row,
  rows,
  sectionHeading,
  useQuoteMoney,
} from "./parts.tsx";
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

/** What will be charged, how, and where it goes; "Place order" sends it once. */
function Review({ checkout }: { checkout: CheckoutRef }) {
  const { t, i18n } = useLingui();
  const money = useQuoteMoney(checkout);
  const busy = useSelector(checkout, selectBusy);
  const retrying = useSelector(checkout, (snapshot) => snapshot.matches("retrying"));
  const failure = useSelector(checkout, (snapshot) => snapshot.context.failure);
  const legs = useSelector(checkout, (snapshot) => snapshot.context.legs);
  const methods = useSelector(checkout, (snapshot) => snapshot.context.methods);
  const amounts = useSelector(checkout, (snapshot) => paymentLegs(snapshot.context).map((leg) => leg.amount));
  const address = useSelector(checkout, (snapshot) => {
    const { context } = snapshot;
    if (!context.quote?.shipping_required) return null;
    return context.guest
      ? context.guestAddress
      : context.addresses.find((entry) => entry.id === context.addressId);
  });
  const method = useSelector(checkout, (snapshot) => snapshot.context.quote?.shipping_method ?? null);
  const email = useSelector(checkout, (snapshot) => (snapshot.context.guest ? snapshot.context.email : null));
  const asks = useSelector(checkout, (snapshot) => asksDestination(snapshot.context));
  return (
    <section aria-labelledby="checkout-review" className={card}>
      <h2 id="checkout-review" className={sectionHeading}>
        <Trans>Review your order</Trans>
      </h2>
      {asks ? <DestinationSummaryOnDemand checkout={checkout} /> : null}
      {address ? (
        <div>
          <h3 className={css({ fontWeight: "semibold" })}>
            <Trans>Shipping to</Trans>
          </h3>
          <p>
            {address.firstName} {address.lastName}, {address.address_1}
            {address.address_2 ? `, ${address.address_2}` : ""}, {address.city}, {address.state}{" "}
            {address.zipCode}, {countryName(address.country, i18n.locale)}
          </p>
          {method ? (
            <p className={muted}>
              {method.name} ({money(method.price)})
            </p>
          ) : null}
        </div>
      ) : null}
      {email ? (
        <p>
          <Trans>The receipt goes to {email}.</Trans>
        </p>
      ) : null}
      <div>
        <h3 className={css({ fontWeight: "semibold" })}>
          <Trans>Payment</Trans>
        </h3>
        <ul aria-label={t`Payment`} className={rows}>
          {legs.map((leg, index) =>
            leg && amounts[index] !== undefined ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: a leg is its position.
              <li key={index} className={row}>
                <span>{choiceName(i18n, leg, methods)}</span>
                <span>{money(amounts[index] ?? 0)}</span>
              </li>
            ) : null,
          )}
        </ul>
      </div>
      {retrying && failure ? (
        <p role="alert" className={errorText}>
          <Trans>
            The connection was lost before the order was confirmed. Retry sends the same order again: it is
            never charged twice.
          </Trans>
        </p>
      ) : failure ? (
        <p role="alert" className={errorText}>
          {failureMessage(i18n, failure, () => null, false)}
        </p>
      ) : null}
      <p className={css({ display: "flex", gap: "3", flexWrap: "wrap" })}>
        {retrying ? (
          <button
            type="button"
            className={button()}
            onClick={() => checkout.send({ type: "checkout.retry" })}
          >
            <Trans>Retry</Trans>
          </button>
        ) : (
          <button
            type="button"
            className={button()}
            disabled={busy}
            aria-busy={busy}
            onClick={() => checkout.send({ type: "checkout.place" })}
          >
            {busy ? <Trans>Placing your order…</Trans> : <Trans>Place order</Trans>}
          </button>
        )}
        <button
          type="button"
          className={button({ variant: "outline" })}
          disabled={busy}
          onClick={() => checkout.send({ type: "checkout.edit" })}
        >
          <Trans>Edit</Trans>
        </button>
      </p>
    </section>
  );
}
