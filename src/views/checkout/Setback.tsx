import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { Link } from "wouter";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { card } from "../shared/Screen.tsx";
import { type CheckoutRef, errorText, row, rows, sectionHeading, useQuoteMoney } from "./parts.tsx";

/*
 * What the checkout says when it cannot go on as asked (./CheckoutView.tsx draws it; it downloads
 * only when shown): the prices could not be fetched, the server will not sell this cart, or a price
 * changed and the new one must be accepted.
 */

export type SetbackKind = "unavailable" | "refused" | "priceChanged";

export function Setback({ checkout, kind }: { checkout: CheckoutRef; kind: SetbackKind }) {
  if (kind === "unavailable") return <Unavailable checkout={checkout} />;
  if (kind === "refused") return <Refused checkout={checkout} />;
  return <PriceChanged checkout={checkout} />;
}

function BackToCart() {
  return (
    <Link href="/cart" className={button({ variant: "outline" })}>
      <Trans>Back to cart</Trans>
    </Link>
  );
}

function Unavailable({ checkout }: { checkout: CheckoutRef }) {
  return (
    <div className={card}>
      <p role="alert" className={errorText}>
        <Trans>The checkout could not be loaded.</Trans>
      </p>
      <p className={css({ display: "flex", gap: "3", flexWrap: "wrap" })}>
        <button type="button" className={button()} onClick={() => checkout.send({ type: "checkout.retry" })}>
          <Trans>Try again</Trans>
        </button>
        <BackToCart />
      </p>
    </div>
  );
}

function Refused({ checkout }: { checkout: CheckoutRef }) {
  const message = useSelector(checkout, (snapshot) => snapshot.context.failure?.message ?? "");
  return (
    <div className={card}>
      <p role="alert" className={errorText}>
        {message}
      </p>
      <p>
        <BackToCart />
      </p>
    </div>
  );
}

function PriceChanged({ checkout }: { checkout: CheckoutRef }) {
  const { t } = useLingui();
  const changed = useSelector(checkout, (snapshot) => snapshot.context.changed);
  const money = useQuoteMoney(checkout);
  return (
    <div className={card}>
      <h2 className={sectionHeading}>
        <Trans>Some prices have changed</Trans>
      </h2>
      <ul aria-label={t`Changed prices`} className={rows}>
        {changed.map((line) => (
          <li key={line.product} className={row}>
            <span>{line.name}</span>
            <span>
              <del>{money(line.from)}</del> → <strong>{money(line.to)}</strong>
            </span>
          </li>
        ))}
      </ul>
      <p className={css({ display: "flex", gap: "3", flexWrap: "wrap" })}>
        <button
          type="button"
          className={button()}
          onClick={() => checkout.send({ type: "checkout.acceptPrices" })}
        >
          <Trans>Accept new prices</Trans>
        </button>
        <BackToCart />
      </p>
    </div>
  );
}
