import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useEffect } from "react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { apiErrorMessage } from "../../i18n/forms.ts";
import type { deactivationMachine } from "../../machines/deactivation.machine.ts";
import type { formMachine } from "../../machines/form.machine.ts";
import { onDemand, useOnDemand } from "../../ui/useOnDemand.ts";
import { PartLoading } from "../shared/PartLoading.tsx";
import { ServerForm } from "../shared/ServerForm.tsx";

/** The balance choice (./DeactivationChoice.tsx and its radio groups), loaded once deactivation starts. */
const choosing = onDemand(() =>
  import("./DeactivationChoice.tsx").then((module) => module.DeactivationChoice),
);

const box = css({ display: "grid", gap: "4", maxWidth: "36rem" });
const actions = css({ display: "flex", gap: "3", flexWrap: "wrap" });

/**
 * Deactivating the account: what happens to the balance (transfer to a saved payment method or
 * forfeit it), then the password.
 */
export function DeactivationView({
  deactivation,
  money,
}: {
  deactivation: ActorRefFrom<typeof deactivationMachine>;
  money: (minorUnits: number) => string;
}) {
  const { t, i18n } = useLingui();
  // A flat machine: its state value is the step shown.
  const step = useSelector(deactivation, (snapshot) => snapshot.value);
  const info = useSelector(deactivation, (snapshot) => snapshot.context.info);
  const choice = useSelector(deactivation, (snapshot) => snapshot.context.choice);
  const error = useSelector(deactivation, (snapshot) => snapshot.context.error);
  const form = useSelector(deactivation, (snapshot) => snapshot.children.confirmForm) as
    | ActorRefFrom<typeof formMachine>
    | undefined;
  const Choosing = useOnDemand(choosing);
  // The balance choice downloads while the balance is read.
  useEffect(() => {
    if (step !== "idle") choosing.request();
  }, [step]);
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
    return Choosing ? (
      <Choosing deactivation={deactivation} money={money} cancel={cancel} />
    ) : (
      <PartLoading />
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
        {form ? <ServerForm form={form} submitLabel={t`Deactivate my account`} /> : null}
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
