import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import type { BalanceChoice, deactivationMachine } from "../../machines/deactivation.machine.ts";
import { Choice } from "../../ui/Choice.tsx";
import { errorLine } from "../shared/fieldStyles.ts";

const box = css({ display: "grid", gap: "4", maxWidth: "36rem" });
const actions = css({ display: "flex", gap: "3", flexWrap: "wrap" });

/**
 * Deactivation's balance step (DeactivationView.tsx): transfer the balance to a saved card or forfeit
 * it (only forfeit where no method can receive it). Its own chunk with Ark's radio groups, loaded when the rider starts deactivating.
 */
export function DeactivationChoice({
  deactivation,
  money,
  cancel,
}: {
  deactivation: ActorRefFrom<typeof deactivationMachine>;
  money: (minorUnits: number) => string;
  cancel: ReactNode;
}) {
  const { t } = useLingui();
  const info = useSelector(deactivation, (snapshot) => snapshot.context.info);
  const choice = useSelector(deactivation, (snapshot) => snapshot.context.choice);
  const card = useSelector(deactivation, (snapshot) => snapshot.context.paymentMethod);
  const problem = useSelector(deactivation, (snapshot) => snapshot.context.problem);
  if (!info) return null;
  const balance = money(info.balance);
  const transferable = info.payment_methods.length > 0;
  return (
    <div className={box}>
      <p>
        <Trans>Your wallet and digital cards hold {balance}. What should happen to it?</Trans>
      </p>
      {transferable ? null : (
        // No method can receive it (the payment service cannot pay a balance out): only forfeiting
        // is offered, with the way to keep the money said first.
        <p>
          <Trans>
            This balance cannot be paid out to a payment method. To keep it, move it to a physical fare card
            first (Fare cards, then Transfer balance), or spend it before you deactivate.
          </Trans>
        </p>
      )}
      <Choice<BalanceChoice>
        label={t`Remaining balance`}
        value={choice}
        onPick={(picked) => deactivation.send({ type: "deactivation.choose", choice: picked })}
        options={[
          ...(transferable
            ? [{ value: "transfer" as const, title: <Trans>Transfer {balance} to a payment method</Trans> }]
            : []),
          {
            value: "forfeit",
            title: <Trans>Continue without transfer</Trans>,
            detail: <Trans>The balance of {balance} is forfeited permanently.</Trans>,
          },
        ]}
      />
      {choice === "transfer" ? (
        <Choice
          label={t`Card to receive the balance`}
          value={card}
          onPick={(uuid) => deactivation.send({ type: "deactivation.selectCard", uuid })}
          options={info.payment_methods.map((method) => ({ value: method.uuid, title: method.label }))}
        />
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
