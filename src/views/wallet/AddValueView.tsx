import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useEffect, useRef } from "react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { orderSummaryPath } from "../../app/routes.ts";
import { ErrorCode } from "../../domain/envelope.ts";
import { type Leg, parseAmount, splitLegs } from "../../domain/payments/amounts.ts";
import {
  type addValueMachine,
  type LoadChoice,
  type LoadProblem,
  loadAmount,
  presetAmounts,
} from "../../machines/addValue.machine.ts";
import { TextField } from "../account/paymentParts.tsx";
import { CardEntryFormOnDemand, PaymentLegs } from "../checkout/PaymentLegs.tsx";
import { choiceName, failureMessage } from "../checkout/parts.tsx";
import { Email } from "../shared/Email.tsx";
import { textLink } from "../shared/Screen.tsx";
import {
  actions,
  errorText,
  figures,
  figureValue,
  type Money,
  panel,
  panelHeading,
  stack,
  widePanel,
} from "./parts.tsx";

export type AddValueRef = ActorRefFrom<typeof addValueMachine>;

const presetButton = css({ minWidth: "20" });

/**
 * "Add value" to a card or the wallet: the amount, the payment, a review, then the new balance. A
 * guest's (`guest` in the machine's input) pays with a one-time card and names a receipt email.
 * `title` names what is loaded ("Add value to Commute card", "Add value to your wallet").
 */
export function AddValueView({
  addValue,
  money,
  title,
  onClose,
  wide = false,
}: {
  addValue: AddValueRef;
  money: Money;
  title: string;
  onClose?: () => void;
  /** Among full-width sections: as wide as they are (AddValueProps.wide). */
  wide?: boolean;
}) {
  const { t, i18n } = useLingui();
  const snapshot = useSelector(addValue, (s) => s);
  const { context } = snapshot;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const busy = snapshot.hasTag("busy");
  const amount = loadAmount(context);
  const chosen = typeof amount === "number" ? amount : 0;
  const legName = (leg: number) => {
    const choice = context.failure?.leg === leg ? null : (context.legs[leg as Leg] ?? null);
    return choice ? choiceName(i18n, choice, context.methods) : null;
  };
  const amountProblem = (problem: LoadProblem | null) =>
    problem === "amountMissing"
      ? t`Please enter a valid amount`
      : problem === "amountInvalid"
        ? t`Amount is not valid.`
        : problem === "amountRefused"
          ? t`Invalid amount. Try again.`
          : null;
  const close = onClose ? (
    <button type="button" className={button({ variant: "outline" })} onClick={onClose} disabled={busy}>
      {snapshot.matches("done") ? <Trans>Close</Trans> : <Trans>Cancel</Trans>}
    </button>
  ) : null;
  const failure = context.failure
    ? failureMessage(i18n, { ...context.failure, declined: null }, legName, context.split)
    : null;
  const state = typeof snapshot.value === "string" ? snapshot.value : "";
  return (
    <section aria-labelledby="add-value-heading" className={wide ? widePanel : panel} data-state={state}>
      <h2 id="add-value-heading" ref={heading} tabIndex={-1} className={panelHeading}>
        {title}
      </h2>
      {snapshot.matches("methods") ? (
        <p role="status">
          <Trans>Loading your payment methods…</Trans>
        </p>
      ) : null}
      {snapshot.matches("amount") ? (
        <form
          noValidate
          className={stack}
          onSubmit={(event) => {
            event.preventDefault();
            addValue.send({ type: "amount.next" });
          }}
        >
          <p>
            <Trans>Balance now: {money(context.balance)}</Trans>
          </p>
          <fieldset className={stack}>
            <legend className={css({ fontWeight: "semibold", mb: "2" })}>
              <Trans>Amount</Trans>
            </legend>
            <div className={actions}>
              {presetAmounts(context.limits).map((preset) => (
                <button
                  key={preset}
                  type="button"
                  aria-pressed={context.preset === preset}
                  className={`${button({ variant: context.preset === preset ? "solid" : "outline" })} ${presetButton}`}
                  onClick={() => addValue.send({ type: "amount.preset", amount: preset })}
                >
                  {money(preset)}
                </button>
              ))}
            </div>
            <TextField
              label={t`Other amount`}
              name="otherAmount"
              inputMode="text"
              autoComplete="off"
              required={false}
              value={context.other}
              problem={amountProblem(context.problem)}
              helper={
                <Trans>
                  From {money(context.limits.min)} to {money(context.limits.max)}
                </Trans>
              }
              onChange={(value) => addValue.send({ type: "amount.other", value })}
            />
          </fieldset>
          <p className={actions}>
            <button type="submit" className={button()}>
              <Trans>Continue</Trans>
            </button>
            {close}
          </p>
        </form>
      ) : null}
      {snapshot.matches("payment") || snapshot.matches("card") ? (
        <div className={stack}>
          <p>
            <Trans>Amount: {money(chosen)}</Trans>
          </p>
          {failure && snapshot.matches("payment") ? (
            <p role="alert" className={errorText}>
              {failure}
            </p>
          ) : null}
          <Payment addValue={addValue} money={money} total={chosen} />
          {snapshot.matches("payment") ? (
            <p className={actions}>
              <button
                type="button"
                className={button()}
                onClick={() => addValue.send({ type: "payment.next" })}
              >
                <Trans>Review</Trans>
              </button>
              <button
                type="button"
                className={button({ variant: "outline" })}
                onClick={() => addValue.send({ type: "payment.back" })}
              >
                <Trans>Back</Trans>
              </button>
              {close}
            </p>
          ) : null}
        </div>
      ) : null}
      {snapshot.matches("review") || snapshot.matches("loading") || snapshot.matches("interrupted") ? (
        <div className={stack}>
          <dl className={figures}>
            <dt>
              <Trans>Amount</Trans>
            </dt>
            <dd className={figureValue}>{money(chosen)}</dd>
            {context.legs
              .filter((choice): choice is LoadChoice => choice !== null)
              .map((choice, leg) => (
                <LegRow key={choiceKey(choice)} label={choiceName(i18n, choice, context.methods)}>
                  {money(legAmount(context.split, chosen, context.firstAmount, context.limits.currency, leg))}
                </LegRow>
              ))}
            {context.guest ? (
              <>
                <dt>
                  <Trans>Receipt to</Trans>
                </dt>
                <dd className={figureValue}>{context.email.trim()}</dd>
              </>
            ) : null}
          </dl>
          {snapshot.matches("interrupted") ? (
            <p role="alert" className={errorText}>
              <Trans>The connection was lost. Try again: you are charged only once.</Trans>
            </p>
          ) : null}
          <p className={actions}>
            {snapshot.matches("interrupted") ? (
              <button
                type="button"
                className={button()}
                onClick={() => addValue.send({ type: "load.retry" })}
              >
                <Trans>Try again</Trans>
              </button>
            ) : (
              <button
                type="button"
                className={button()}
                disabled={busy}
                aria-busy={busy}
                onClick={() => addValue.send({ type: "load.confirm" })}
              >
                {busy ? <Trans>Please wait…</Trans> : <Trans>Pay {money(chosen)}</Trans>}
              </button>
            )}
            <button
              type="button"
              className={button({ variant: "outline" })}
              disabled={busy}
              onClick={() => addValue.send({ type: "load.edit" })}
            >
              <Trans>Change</Trans>
            </button>
          </p>
        </div>
      ) : null}
      {snapshot.matches("failed") ? (
        <div className={stack}>
          <p role="alert" className={errorText}>
            {context.failure?.code === ErrorCode.fareCardUnavailable ? (
              <Trans>This card cannot be loaded now.</Trans>
            ) : (
              failure
            )}
          </p>
          <p className={actions}>
            <button type="button" className={button()} onClick={() => addValue.send({ type: "load.edit" })}>
              <Trans>Try again</Trans>
            </button>
            {close}
          </p>
        </div>
      ) : null}
      {snapshot.matches("done") && context.result ? (
        <div className={stack}>
          <p role="status">
            <Trans>
              {money(chosen)} added. New balance: {money(context.result.balance)}, pending until the payment
              settles.
            </Trans>
          </p>
          <p>
            {context.guest ? (
              <>
                <ReceiptSentTo number={context.result.order.number} address={context.email.trim()} />{" "}
                {context.result.order.guest_link ? (
                  <a className={textLink} href={orderSummaryPath(context.result.order)}>
                    <Trans>View the receipt</Trans>
                  </a>
                ) : null}
              </>
            ) : (
              <a
                className={textLink}
                href={orderSummaryPath({ id: context.result.order.id, guest_link: null })}
              >
                <Trans>View order summary {context.result.order.number}</Trans>
              </a>
            )}
          </p>
          {close ? <p className={actions}>{close}</p> : null}
        </div>
      ) : null}
    </section>
  );
}

function LegRow({ label, children }: { label: string; children: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className={figureValue}>{children}</dd>
    </>
  );
}

const choiceKey = (choice: LoadChoice) => (choice.kind === "saved" ? choice.id : choice.token);

function legAmount(split: boolean, total: number, first: string, currency: string, leg: number): number {
  if (!split) return total;
  const amounts = splitLegs(total, parseAmount(first, currency));
  return amounts?.[leg] ?? 0;
}

/** One method, or two with the first's amount; a guest's one-time card and receipt email. */
function Payment({ addValue, money, total }: { addValue: AddValueRef; money: Money; total: number }) {
  const { t } = useLingui();
  const snapshot = useSelector(addValue, (s) => s);
  const { context } = snapshot;
  const editing = snapshot.matches("payment");
  const cardEntry = snapshot.children.cardEntry ?? null;
  const carding = cardEntry !== null;
  const problem = context.problem;
  const second = splitLegs(total, parseAmount(context.firstAmount, context.limits.currency))?.[1] ?? null;
  return (
    <div className={stack}>
      <PaymentLegs
        guest={context.guest}
        offerCard={editing}
        legs={context.legs}
        methods={context.methods}
        editing={editing}
        splitAllowed={context.splitAllowed}
        split={context.split}
        firstAmount={context.firstAmount}
        amountProblem={problem === "splitInvalid" ? t`Amount is not valid.` : null}
        secondPays={second !== null ? money(second) : null}
        newCardTitle={t`A new card for this payment only`}
        cardOpenFor={carding ? context.cardLeg : null}
        onNewCard={(leg) => addValue.send({ type: "payment.newCard", leg })}
        onChoose={(leg, choice) => {
          // A load is paid by saved methods and cards only: no purse is offered.
          if (choice.kind === "saved") addValue.send({ type: "payment.choose", leg, choice });
        }}
        onSplit={(on) => addValue.send({ type: "payment.split", on })}
        onFirstAmount={(value) => addValue.send({ type: "payment.firstAmount", value })}
        afterFirst={
          context.guest ? (
            <TextField
              label={t`Email for the receipt`}
              name="email"
              autoComplete="email"
              value={context.email}
              problem={problem === "email" ? t`Invalid Email Address` : null}
              onChange={(value) => addValue.send({ type: "receipt.email", value })}
            />
          ) : null
        }
      >
        {problem === "selectPayment" ? (
          <p role="alert" className={errorText}>
            <Trans>Please select a payment method.</Trans>
          </p>
        ) : null}
        {problem === "sameMethod" ? (
          <p role="alert" className={errorText}>
            <Trans>Please choose two different payment methods.</Trans>
          </p>
        ) : null}
        {cardEntry ? (
          <CardEntryFormOnDemand
            entry={cardEntry}
            id="add-value-card"
            headingSize="md"
            heading={<Trans>Card for this payment</Trans>}
            note={<Trans>The card is used for this payment only and is not saved.</Trans>}
            onCancel={() => addValue.send({ type: "card.cancel" })}
          />
        ) : null}
      </PaymentLegs>
    </div>
  );
}

/** "Order TP-…: a receipt was sent to …", the address wrapping after its @ or before a dot. */
function ReceiptSentTo({ number, address }: { number: string; address: string }) {
  const email = <Email address={address} />;
  return (
    <Trans>
      Order {number}: a receipt was sent to {email}.
    </Trans>
  );
}
