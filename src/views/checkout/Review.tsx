import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { paymentLegs } from "../../domain/checkout/draft.ts";
import { countryName } from "../../domain/payments/names.ts";
import { selectBusy } from "../../machines/checkout.machine.ts";
import { Email } from "../shared/Email.tsx";
import { card } from "../shared/Screen.tsx";
import { DestinationSummaryOnDemand } from "./onDemand.ts";
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

/** What will be charged, how, and where it goes; "Place order" sends it once. */
export function Review({ checkout }: { checkout: CheckoutRef }) {
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
  const receiptEmail = useSelector(checkout, (snapshot) =>
    snapshot.context.guest ? snapshot.context.email : null,
  );
  // The message names it {email}; a long one wraps after its @ or before a dot.
  const email = receiptEmail ? <Email address={receiptEmail} /> : null;
  // The cart holds passes (the quote says where they may go): Review says where they go.
  const passes = useSelector(checkout, (snapshot) => (snapshot.context.quote?.destinations ?? null) !== null);
  return (
    <section aria-labelledby="checkout-review" className={card}>
      <h2 id="checkout-review" className={sectionHeading}>
        <Trans>Review your order</Trans>
      </h2>
      {passes ? <DestinationSummaryOnDemand checkout={checkout} /> : null}
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
