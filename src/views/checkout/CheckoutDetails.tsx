import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ComponentType } from "react";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { asksDestination } from "../../domain/checkout/draft.ts";
import { selectBalance } from "../../machines/checkout.machine.ts";
import { TextField } from "../account/paymentParts.tsx";
import { card } from "../shared/Screen.tsx";
import { DestinationOnDemand } from "./onDemand.ts";
import { CardEntryFormOnDemand, PaymentLegs, type PurseOption } from "./PaymentLegs.tsx";
import {
  type CheckoutRef,
  choiceName,
  errorText,
  failureMessage,
  problemMessage,
  sectionHeading,
  usePurseShort,
  useQuoteMoney,
} from "./parts.tsx";
import type { ShippingProps } from "./Shipping.tsx";

const actions = css({ display: "flex", gap: "3", flexWrap: "wrap", alignItems: "center" });

/** Every choice of the purchase, then "Review order". */
export function CheckoutDetails({
  checkout,
  shipping: Shipping,
}: {
  checkout: CheckoutRef;
  shipping: ComponentType<ShippingProps>;
}) {
  const { i18n } = useLingui();
  const ships = useSelector(checkout, (snapshot) => snapshot.context.quote?.shipping_required ?? false);
  const promoAllowed = useSelector(checkout, (snapshot) => snapshot.context.promoAllowed);
  const guest = useSelector(checkout, (snapshot) => snapshot.context.guest);
  const asks = useSelector(checkout, (snapshot) => asksDestination(snapshot.context));
  const problem = useSelector(checkout, (snapshot) => snapshot.context.problem);
  const short = usePurseShort(checkout);
  const busy = useSelector(checkout, (snapshot) => snapshot.hasTag("busy"));
  const carding = useSelector(checkout, (snapshot) => snapshot.matches({ details: "card" }));
  return (
    <div className={css({ display: "grid", gap: "6" })}>
      <Failure checkout={checkout} />
      {asks ? <DestinationOnDemand checkout={checkout} /> : null}
      {ships ? <Shipping checkout={checkout} guest={guest} /> : null}
      {promoAllowed ? <Promo checkout={checkout} /> : null}
      <Payment checkout={checkout} />
      {guest ? <Receipt checkout={checkout} /> : null}
      {problem ? (
        <p role="alert" className={errorText}>
          {problemMessage(i18n, problem, short)}
        </p>
      ) : null}
      <p className={actions}>
        <button
          type="button"
          className={button()}
          disabled={busy || carding}
          onClick={() => checkout.send({ type: "checkout.review" })}
        >
          <Trans>Review order</Trans>
        </button>
      </p>
    </div>
  );
}

function Failure({ checkout }: { checkout: CheckoutRef }) {
  const { i18n } = useLingui();
  const failure = useSelector(checkout, (snapshot) =>
    snapshot.matches({ details: "idle" }) ? snapshot.context.failure : null,
  );
  const split = useSelector(checkout, (snapshot) => snapshot.context.split);
  const legs = useSelector(checkout, (snapshot) => snapshot.context.legs);
  const methods = useSelector(checkout, (snapshot) => snapshot.context.methods);
  if (!failure) return null;
  // The declined leg was cleared to be chosen again: the failure keeps what it was.
  const legName = (leg: number) => {
    const choice = leg === failure.leg ? failure.declined : legs[leg];
    return choice ? choiceName(i18n, choice, methods) : null;
  };
  return (
    <p role="alert" className={`${card} ${errorText}`}>
      {failureMessage(i18n, failure, legName, split)}
    </p>
  );
}

function Promo({ checkout }: { checkout: CheckoutRef }) {
  const { t } = useLingui();
  const text = useSelector(checkout, (snapshot) => snapshot.context.promoText);
  // What the last quote applied, while the rider keeps the code (a removal may still be on its way).
  const code = useSelector(checkout, (snapshot) => snapshot.context.promo);
  const discount = useSelector(checkout, (snapshot) => {
    const promo = snapshot.context.quote?.promo;
    return promo && promo.code === snapshot.context.promo ? promo.discount : null;
  });
  const refused = useSelector(checkout, (snapshot) => snapshot.context.promoRefused);
  const idle = useSelector(checkout, (snapshot) => snapshot.matches({ details: "idle" }));
  const money = useQuoteMoney(checkout);
  return (
    <section aria-labelledby="checkout-promo" className={card}>
      <h2 id="checkout-promo" className={sectionHeading}>
        <Trans>Promo code</Trans>
      </h2>
      {code ? (
        <p className={actions}>
          <span role="status">
            {discount !== null ? (
              <Trans>
                {code} applied: {money(discount)} off
              </Trans>
            ) : (
              <Trans>{code} applied</Trans>
            )}
          </span>
          <button
            type="button"
            className={button({ variant: "outline" })}
            disabled={!idle}
            onClick={() => checkout.send({ type: "promo.remove" })}
          >
            <Trans>Remove</Trans>
          </button>
        </p>
      ) : (
        <form
          noValidate
          className={actions}
          onSubmit={(event) => {
            event.preventDefault();
            checkout.send({ type: "promo.apply" });
          }}
        >
          <TextField
            label={t`Promo code`}
            name="promo"
            value={text}
            required={false}
            autoComplete="off"
            problem={refused ? t`The promotional code you entered is not valid.` : null}
            onChange={(value) => checkout.send({ type: "promo.change", value })}
          />
          <button type="submit" className={button({ variant: "outline" })} disabled={!idle}>
            <Trans>Apply</Trans>
          </button>
        </form>
      )}
    </section>
  );
}

/** The payment: one method, or two with an amount (the rest goes on the second). */
function Payment({ checkout }: { checkout: CheckoutRef }) {
  const { t, i18n } = useLingui();
  const short = usePurseShort(checkout);
  const money = useQuoteMoney(checkout);
  const guest = useSelector(checkout, (snapshot) => snapshot.context.guest);
  const splitAllowed = useSelector(
    checkout,
    (snapshot) => snapshot.context.splitAllowed && !snapshot.context.guest,
  );
  const split = useSelector(checkout, (snapshot) => snapshot.context.split);
  const amount = useSelector(checkout, (snapshot) => snapshot.context.firstAmount);
  const balance = useSelector(checkout, selectBalance);
  const problem = useSelector(checkout, (snapshot) => snapshot.context.problem);
  const idle = useSelector(checkout, (snapshot) => snapshot.matches({ details: "idle" }));
  const cardEntry = useSelector(checkout, (snapshot) => snapshot.children.cardEntry ?? null);
  const carding = cardEntry !== null;
  const cardLeg = useSelector(checkout, (snapshot) => snapshot.context.cardLeg);
  const legs = useSelector(checkout, (snapshot) => snapshot.context.legs);
  const methods = useSelector(checkout, (snapshot) => snapshot.context.methods);
  const fareCard = useSelector(checkout, (snapshot) =>
    snapshot.context.items.some((item) => item.faremediaId),
  );
  const purses = useSelector(checkout, (snapshot) => snapshot.context.quote?.purses ?? null);
  const storedValue = purses?.stored_value ?? null;
  const wallet = purses?.wallet ?? 0;
  // The fare card's purse shows what it holds (an empty one cannot be chosen); an empty wallet is not
  // offered at all.
  const offered: PurseOption[] = [
    ...(fareCard && storedValue !== null
      ? [
          {
            kind: "stored_value" as const,
            title: t`Fare card stored value`,
            detail: t`${money(storedValue)} available`,
            disabled: storedValue === 0,
          },
        ]
      : []),
    ...(wallet > 0
      ? [
          {
            kind: "wallet" as const,
            title: t`Wallet`,
            detail: t`${money(wallet)} available`,
            disabled: false,
          },
        ]
      : []),
  ];
  return (
    <section aria-labelledby="checkout-payment" className={card}>
      <h2 id="checkout-payment" className={sectionHeading}>
        <Trans>Payment</Trans>
      </h2>
      <PaymentLegs
        guest={guest}
        offerCard={!carding}
        legs={legs}
        methods={methods}
        editing={idle}
        splitAllowed={splitAllowed}
        split={split}
        firstAmount={amount}
        amountProblem={
          problem === "amountInvalid"
            ? t`Amount is not valid.`
            : problem === "purseShort"
              ? problemMessage(i18n, problem, short)
              : null
        }
        secondPays={balance !== null ? money(balance) : null}
        purses={offered}
        newCardTitle={t`A new card for this order only`}
        cardOpenFor={carding ? cardLeg : null}
        onNewCard={(leg) => checkout.send({ type: "payment.newCard", leg })}
        onChoose={(leg, choice) => checkout.send({ type: "payment.choose", leg, choice })}
        onSplit={(on) => checkout.send({ type: "payment.split", on })}
        onFirstAmount={(value) => checkout.send({ type: "payment.amount", value })}
      >
        {cardEntry ? (
          <CardEntryFormOnDemand
            entry={cardEntry}
            id="checkout-card"
            heading={<Trans>Card for this order</Trans>}
            note={<Trans>The card is used for this order only and is not saved.</Trans>}
            onCancel={() => checkout.send({ type: "card.cancel" })}
          />
        ) : null}
      </PaymentLegs>
    </section>
  );
}

/** A guest's receipt goes to the email typed twice. */
function Receipt({ checkout }: { checkout: CheckoutRef }) {
  const { t } = useLingui();
  const email = useSelector(checkout, (snapshot) => snapshot.context.email);
  const confirm = useSelector(checkout, (snapshot) => snapshot.context.emailConfirm);
  const problem = useSelector(checkout, (snapshot) => snapshot.context.problem);
  return (
    <section aria-labelledby="checkout-receipt" className={card}>
      <h2 id="checkout-receipt" className={sectionHeading}>
        <Trans>Receipt</Trans>
      </h2>
      <TextField
        label={t`Email`}
        name="email"
        autoComplete="email"
        value={email}
        problem={problem === "email" ? t`Invalid Email Address` : null}
        onChange={(value) => checkout.send({ type: "receipt.email", value })}
      />
      <TextField
        label={t`Confirm Email`}
        name="emailConfirm"
        autoComplete="email"
        value={confirm}
        problem={problem === "emailMismatch" ? t`The email addresses do not match.` : null}
        onChange={(value) => checkout.send({ type: "receipt.confirm", value })}
      />
    </section>
  );
}
