import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useEffect, useRef } from "react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { cardBrand, cardBrandName, isUnsupportedNumber } from "../../domain/payments/card.ts";
import { nicknameMaxLength } from "../../domain/payments/saved.ts";
import type {
  CardDraft,
  CardProblems,
  paymentMethodsMachine,
} from "../../machines/paymentMethods.machine.ts";
import { SubmitRow } from "../shared/SubmitRow.tsx";
import { MakeDefault } from "./MakeDefault.tsx";
import { errorLine, formActions, formGrid, problemText, TextField, wide } from "./paymentParts.tsx";
import { failureText } from "./paymentTexts.ts";

/*
 * The machine's module, though the form only reads the machine through the actor it is given: the
 * form's chunk then reaches XState as the screens do, and the bundler keeps XState in one chunk
 * instead of splitting it in two (one more download on every page).
 */
import "../../machines/paymentMethods.machine.ts";

type PaymentMethodsRef = ActorRefFrom<typeof paymentMethodsMachine>;

/**
 * The card form (spec section 3, Payment card), also for a commuter benefits card. What is typed lives
 * in the machine while the form is open; the number and code go to the gateway only.
 */
export function CardForm({ methods }: { methods: PaymentMethodsRef }) {
  const { t, i18n } = useLingui();
  const card = useSelector(methods, (s) => s.context.card);
  const problems = useSelector(methods, (s) => s.context.cardProblems);
  const commuter = useSelector(methods, (s) => s.context.commuterBenefits);
  const supportsDefault = useSelector(methods, (s) => s.context.supportsDefault);
  const saving = useSelector(methods, (s) => s.matches({ ready: "savingCard" }));
  const failure = useSelector(methods, (s) =>
    s.matches({ ready: "editingCard" }) ? s.context.failure : null,
  );
  // The button that opened the form is gone: keyboard and screen reader users start at its heading.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const change = (values: Partial<CardDraft>) => methods.send({ type: "card.change", values });

  const nicknameLabel = t`Nickname (optional)`;
  const heading = commuter ? t`Add a commuter benefits card` : t`Add a card`;

  return (
    <form
      noValidate
      aria-label={heading}
      className={formGrid}
      onSubmit={(event) => {
        event.preventDefault();
        methods.send({ type: "card.submit" });
      }}
    >
      <h3
        ref={headingRef}
        tabIndex={-1}
        className={`${css({ fontSize: "lg", fontWeight: "bold", outline: "none" })} ${wide}`}
      >
        {heading}
      </h3>
      {commuter ? (
        <p className={wide}>
          <Trans>
            The funds of a commuter benefits card go to a fare card's commuter benefits balance and cannot be
            transferred to another card.
          </Trans>
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className={`${errorLine} ${wide}`}>
          {failureText(i18n, failure)}
        </p>
      ) : null}
      <TextField
        className={wide}
        label={nicknameLabel}
        name="nickname"
        value={card.nickname}
        problem={
          problems.nickname ? problemText(i18n, problems.nickname, nicknameLabel, nicknameMaxLength) : null
        }
        required={false}
        onChange={(nickname) => change({ nickname })}
      />
      <CardFields card={card} problems={problems} onChange={change} />
      {supportsDefault ? (
        <MakeDefault
          label={t`Make default`}
          checked={card.makeDefault}
          onChange={(makeDefault) => change({ makeDefault })}
        />
      ) : null}
      <SubmitRow
        className={formActions}
        busy={saving}
        submitLabel={<Trans>Save card</Trans>}
        onCancel={() => methods.send({ type: "form.cancel" })}
      />
    </form>
  );
}

type CardField = Exclude<keyof CardDraft, "makeDefault" | "nickname">;

/**
 * The card's own fields, shared by the saved-card form, the checkout's and the loads' one-time card: the
 * name on the card (first and last, side by side on a wide screen), the number, expiry and code, and the
 * billing street beside its postal code, so no row of the two-column grid is left half empty.
 */
export function CardFields({
  card,
  problems,
  onChange: change,
}: {
  card: CardDraft;
  problems: CardProblems;
  onChange: (values: Partial<CardDraft>) => void;
}) {
  const { t, i18n } = useLingui();
  const labels: Record<CardField, string> = {
    firstName: t`First name on card`,
    lastName: t`Last name on card`,
    number: t`Card Number`,
    expiry: t`Expiration (MM/YY)`,
    cvv: t`CVV`,
    address: t`Billing Street Address`,
    zip: t`Zip or Postal Code`,
  };
  const problem = (key: CardField) => {
    const found = problems[key];
    return found ? problemText(i18n, found, labels[key], 100) : null;
  };
  const brand = cardBrand(card.number);
  const unsupported = isUnsupportedNumber(card.number);
  return (
    <>
      <TextField
        label={labels.firstName}
        name="firstName"
        autoComplete="cc-given-name"
        value={card.firstName}
        problem={problem("firstName")}
        onChange={(firstName) => change({ firstName })}
      />
      <TextField
        label={labels.lastName}
        name="lastName"
        autoComplete="cc-family-name"
        value={card.lastName}
        problem={problem("lastName")}
        onChange={(lastName) => change({ lastName })}
      />
      <TextField
        className={wide}
        label={labels.number}
        name="cardNumber"
        autoComplete="cc-number"
        inputMode="numeric"
        value={card.number}
        problem={problem("number")}
        helper={
          brand && !unsupported ? (
            <span data-brand={brand}>{cardBrandName(brand)}</span>
          ) : unsupported ? (
            <Trans>Unsupported Card Type</Trans>
          ) : null
        }
        onChange={(number) => change({ number })}
      />
      <TextField
        label={labels.expiry}
        name="expiry"
        autoComplete="cc-exp"
        inputMode="numeric"
        placeholder={t`MM/YY`}
        value={card.expiry}
        problem={problem("expiry")}
        onChange={(expiry) => change({ expiry })}
      />
      <TextField
        label={labels.cvv}
        name="cvv"
        autoComplete="cc-csc"
        inputMode="numeric"
        value={card.cvv}
        problem={problem("cvv")}
        onChange={(cvv) => change({ cvv })}
      />
      <TextField
        label={labels.address}
        name="address"
        autoComplete="billing address-line1"
        value={card.address}
        problem={problem("address")}
        onChange={(address) => change({ address })}
      />
      <TextField
        label={labels.zip}
        name="zip"
        autoComplete="billing postal-code"
        value={card.zip}
        problem={problem("zip")}
        onChange={(zip) => change({ zip })}
      />
    </>
  );
}
