import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { apiErrorMessage } from "../../i18n/forms.ts";
import type { BalanceChoice, deactivationMachine } from "../../machines/deactivation.machine.ts";
import type { formMachine } from "../../machines/form.machine.ts";
import { Choice } from "../../ui/Choice.tsx";
import { errorLine } from "../shared/fieldStyles.ts";
import { ServerForm } from "../shared/ServerForm.tsx";

const box = css({ display: "grid", gap: "4", maxWidth: "36rem" });
const actions = css({ display: "flex", gap: "3", flexWrap: "wrap" });

/**
 * Deactivating the account: what happens to the balance (transfer to a saved payment method or
 * forfeit it), then the password.
 */
export function DeactivationView({
  deactivation,
  money,
  language,
}: {
  deactivation: ActorRefFrom<typeof deactivationMachine>;
  money: (minorUnits: number) => string;
  language?: string;
}) {
  const { t, i18n } = useLingui();
  // A flat machine: its state value is the step shown.
  const step = useSelector(deactivation, (snapshot) => snapshot.value);
  const info = useSelector(deactivation, (snapshot) => snapshot.context.info);
  const choice = useSelector(deactivation, (snapshot) => snapshot.context.choice);
  const card = useSelector(deactivation, (snapshot) => snapshot.context.paymentMethod);
  const problem = useSelector(deactivation, (snapshot) => snapshot.context.problem);
  const error = useSelector(deactivation, (snapshot) => snapshot.context.error);
  const form = useSelector(deactivation, (snapshot) => snapshot.children.confirmForm) as
    | ActorRefFrom<typeof formMachine>
    | undefined;
  const cancel = (
    <button
      type="button"
      className={button({ variant: "outline" })}
      onClick={() => deactivation.send({ type: "deactivation.cancel" })}
    >
      <Trans>Keep my account</Trans>
    </button>
  );

  if (step === "idle") {
    return (
      <div className={box}>
        <p>
          <Trans>
            Deactivating your account signs you out everywhere and you can no longer sign in. Your digital
            cards end with it; physical cards are unlinked and keep their value.
          </Trans>
        </p>
        <p>
          <button
            type="button"
            className={button({ variant: "outline" })}
            onClick={() => deactivation.send({ type: "deactivation.start" })}
          >
            <Trans>Deactivate account</Trans>
          </button>
        </p>
      </div>
    );
  }
  if (step === "loading") {
    return (
      <p role="status">
        <Trans>Checking your balance…</Trans>
      </p>
    );
  }
  if (step === "failed") {
    return (
      <div role="alert" className={box}>
        <p>{error === null ? null : apiErrorMessage(i18n, error)}</p>
        <p className={actions}>
          <button
            type="button"
            className={button()}
            onClick={() => deactivation.send({ type: "deactivation.retry" })}
          >
            <Trans>Try again</Trans>
          </button>
          {cancel}
        </p>
      </div>
    );
  }
  if (step === "choosing" && info) {
    const balance = money(info.balance);
    return (
      <div className={box}>
        <p>
          <Trans>Your digital cards hold {balance}. What should happen to it?</Trans>
        </p>
        <Choice<BalanceChoice>
          label={t`Remaining balance`}
          value={choice}
          onPick={(picked) => deactivation.send({ type: "deactivation.choose", choice: picked })}
          options={[
            {
              value: "transfer",
              title: <Trans>Transfer {balance} to a payment method</Trans>,
            },
            {
              value: "forfeit",
              title: <Trans>Continue without transfer</Trans>,
              detail: <Trans>The balance of {balance} is forfeited permanently.</Trans>,
            },
          ]}
        />
        {choice === "transfer" ? (
          info.payment_methods.length > 0 ? (
            <Choice
              label={t`Card to receive the balance`}
              value={card}
              onPick={(uuid) => deactivation.send({ type: "deactivation.selectCard", uuid })}
              options={info.payment_methods.map((method) => ({ value: method.uuid, title: method.label }))}
            />
          ) : (
            <p>
              <Trans>You have no saved payment methods to receive the balance.</Trans>
            </p>
          )
        ) : null}
        {problem ? (
          <p role="alert" className={errorLine}>
            {problem === "selectCard" ? (
              <Trans>Please select card to continue</Trans>
            ) : (
              <Trans>Choose what happens to your balance to continue.</Trans>
            )}
          </p>
        ) : null}
        <p className={actions}>
          <button
            type="button"
            className={button()}
            onClick={() => deactivation.send({ type: "deactivation.continue" })}
          >
            <Trans>Continue</Trans>
          </button>
          {cancel}
        </p>
      </div>
    );
  }
  if (step === "confirming") {
    return (
      <div className={box}>
        <p>
          {choice === "forfeit" && info && info.balance > 0 ? (
            <Trans>Your balance of {money(info.balance)} will be forfeited permanently.</Trans>
          ) : choice === "transfer" && info ? (
            <Trans>Your balance of {money(info.balance)} will be transferred to the card you chose.</Trans>
          ) : (
            <Trans>Enter your password to deactivate your account.</Trans>
          )}
        </p>
        {form ? <ServerForm form={form} submitLabel={t`Deactivate my account`} language={language} /> : null}
        <p className={actions}>
          <button
            type="button"
            className={button({ variant: "outline" })}
            onClick={() => deactivation.send({ type: "deactivation.back" })}
          >
            <Trans>Back</Trans>
          </button>
          {cancel}
        </p>
      </div>
    );
  }
  return (
    <p role="status">
      <Trans>Your account was deactivated.</Trans>
    </p>
  );
}
