import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useState } from "react";
import { Link } from "wouter";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import {
  accountAllowed,
  asksDestination,
  type Destination as PassDestination,
} from "../../domain/checkout/draft.ts";
import { Choice } from "../../ui/Choice.tsx";
import { TextField } from "../account/paymentParts.tsx";
import { guestNoticeText } from "../guest-card/guestNotice.ts";
import { card } from "../shared/Screen.tsx";
import { type CheckoutRef, errorText, muted, sectionHeading } from "./parts.tsx";

const actions = css({ display: "flex", gap: "3", flexWrap: "wrap", alignItems: "center" });
const fields = css({ display: "grid", gap: "3", md: { gridTemplateColumns: "1fr 1fr" } });
const account = "account";

/**
 * "Where your pass goes" (issue 34): shown when the cart holds passes or stored value and names no fare
 * card. A rider picks one of their cards (those whose rider type cannot hold the passes are shown, not
 * offered) or, where allowed, their account; a guest names their card by its number and security code.
 * The machine keeps the choice and checks it; the security code stays in this form only.
 */
export function Destination({ checkout }: { checkout: CheckoutRef }) {
  const asks = useSelector(checkout, (snapshot) => asksDestination(snapshot.context));
  const guest = useSelector(checkout, (snapshot) => snapshot.context.guest);
  if (!asks) return null;
  return (
    <section aria-labelledby="checkout-destination" className={card}>
      <h2 id="checkout-destination" className={sectionHeading}>
        <Trans>Where your pass goes</Trans>
      </h2>
      {guest ? <GuestCard checkout={checkout} /> : <RiderCards checkout={checkout} />}
    </section>
  );
}

/** A radio's value as the destination it stands for. */
const destinationOf = (value: string): Exclude<PassDestination, { kind: "guestCard" }> =>
  value === account ? { kind: "account" } : { kind: "card", id: value };

function RiderCards({ checkout }: { checkout: CheckoutRef }) {
  const { t } = useLingui();
  const cards = useSelector(checkout, (snapshot) => snapshot.context.quote?.destinations?.cards ?? []);
  const offersAccount = useSelector(checkout, (snapshot) => accountAllowed(snapshot.context));
  const chosen = useSelector(checkout, (snapshot) => snapshot.context.destination);
  // What may be chosen now is the machine's to say (offersDestination, and only while nothing is in
  // flight): a card whose rider type cannot hold the pass is shown, not offered.
  const offered = useSelector(checkout, (snapshot) =>
    [...cards.map((one) => one.id), account]
      .filter((value) => snapshot.can({ type: "destination.choose", destination: destinationOf(value) }))
      .join(" "),
  );
  if (cards.length === 0 && !offersAccount) {
    return (
      <p className={muted}>
        <Trans>
          Your account has no fare card that can hold this pass.{" "}
          <Link href="/faremedia">Add a fare card</Link> first, then come back to your cart.
        </Trans>
      </p>
    );
  }
  const options = [
    ...cards.map((one) => ({
      value: one.id,
      title: `${one.nickname} ${one.card_number}`,
      detail: one.eligible
        ? t`The pass is on this card: tap it to ride.`
        : t`Not for this card's rider type.`,
      disabled: !offered.split(" ").includes(one.id),
    })),
    ...(offersAccount
      ? [
          {
            value: account,
            title: t`Keep it in my account`,
            detail: t`Move it to a fare card or your phone later, from Passes.`,
            disabled: !offered.split(" ").includes(account),
          },
        ]
      : []),
  ];
  const value = chosen === null ? null : chosen.kind === "card" ? chosen.id : account;
  return (
    <Choice<string>
      label={t`Put the pass on`}
      value={value}
      options={options}
      onPick={(picked) => checkout.send({ type: "destination.choose", destination: destinationOf(picked) })}
    />
  );
}

function GuestCard({ checkout }: { checkout: CheckoutRef }) {
  const { t, i18n } = useLingui();
  const found = useSelector(checkout, (snapshot) =>
    snapshot.context.destination?.kind === "guestCard" ? snapshot.context.destination.cardNumber : null,
  );
  const failure = useSelector(checkout, (snapshot) => snapshot.context.destinationFailure);
  const busy = useSelector(checkout, (snapshot) => snapshot.hasTag("busy"));
  const [cardNumber, setCardNumber] = useState("");
  const [securityCode, setSecurityCode] = useState("");
  if (found !== null) {
    return (
      <div className={css({ display: "grid", gap: "3" })}>
        <p role="status">
          <Trans>The pass goes on fare card {found}: tap it to ride.</Trans>
        </p>
        <p>
          <button
            type="button"
            className={button({ variant: "outline" })}
            disabled={busy}
            onClick={() => checkout.send({ type: "destination.clear" })}
          >
            <Trans>Use another fare card</Trans>
          </button>
        </p>
      </div>
    );
  }
  const failureText = failure ? guestNoticeText(i18n, failure) : null;
  return (
    <form
      className={css({ display: "grid", gap: "3" })}
      onSubmit={(event) => {
        event.preventDefault();
        checkout.send({ type: "destination.findCard", cardNumber, securityCode });
      }}
    >
      <p className={muted}>
        <Trans>
          A digital pass goes on a fare card. Enter the number and security code printed on yours.
        </Trans>
      </p>
      <div className={fields}>
        <TextField
          label={t`Fare card number`}
          name="destinationCardNumber"
          inputMode="numeric"
          autoComplete="off"
          value={cardNumber}
          problem={null}
          onChange={setCardNumber}
        />
        <TextField
          label={t`Security code`}
          name="destinationSecurityCode"
          inputMode="numeric"
          autoComplete="off"
          value={securityCode}
          problem={null}
          onChange={setSecurityCode}
        />
      </div>
      {failureText ? (
        <p role="alert" className={errorText}>
          {failureText}
        </p>
      ) : null}
      <p className={actions}>
        <button type="submit" className={button()} disabled={busy}>
          <Trans>Use this fare card</Trans>
        </button>
      </p>
    </form>
  );
}
