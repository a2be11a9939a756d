import { Trans, useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { Link } from "wouter";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import type { AutoRenew, FareCardDetail } from "../../domain/transit/cards.ts";
import type { PassSummary } from "../../domain/transit/passes.ts";
import type { autoRenewMachine, RenewMode } from "../../machines/autoRenew.machine.ts";
import { Choice } from "../../ui/Choice.tsx";
import { Sheet, SheetClose, SheetDescription, SheetTitle } from "../../ui/Sheet.tsx";
import { methodName } from "../account/methodNames.tsx";
import { ConfirmDialog } from "../shared/ConfirmDialog.tsx";
import { errorLine } from "../shared/fieldStyles.ts";
import { textLink } from "../shared/Screen.tsx";
import { useChanged } from "../shared/useChanged.ts";

export type AutoRenewRef = ActorRefFrom<typeof autoRenewMachine>;

/**
 * A pass that may be offered "Renew automatically": its product allows it, it is still usable, and
 * its product does not renew automatically on this card already.
 */
const isRenewable = (pass: PassSummary, card: Pick<FareCardDetail, "auto_renew">): boolean =>
  pass.auto_renewable === true &&
  (pass.status === "available" || pass.status === "active") &&
  !card.auto_renew.some(
    (renewal) =>
      renewal.status === "active" && pass.product !== undefined && renewal.product === pass.product,
  );

/** The auto-renew machine of the card as it is now: started again whenever the card is read again. */
export function useAutoRenew(
  machine: typeof autoRenewMachine,
  card: FareCardDetail,
  onChanged: () => void,
): AutoRenewRef {
  const actor = useActorRef(machine, {
    input: {
      card,
      renewable: card.passes.filter((pass) => isRenewable(pass, card)).map((pass) => pass.id),
      renewals: card.auto_renew.filter((renewal) => renewal.status === "active").map((renewal) => renewal.id),
    },
  });
  useChanged(actor, onChanged);
  return actor;
}

export function RenewButton({ actor, pass }: { actor: AutoRenewRef; pass: PassSummary }) {
  const { t } = useLingui();
  const renewable = useSelector(actor, (s) => s.context.renewable.includes(pass.id));
  if (!renewable) return null;
  return (
    <p>
      <button
        type="button"
        className={button({ variant: "outline", size: "sm" })}
        aria-label={t`Renew automatically: ${pass.name}`}
        onClick={() => actor.send({ type: "renew.open", pass: pass.id })}
      >
        <Trans>Renew automatically</Trans>
      </button>
    </p>
  );
}

export function StopRenewButton({ actor, renewal }: { actor: AutoRenewRef; renewal: AutoRenew }) {
  const { t } = useLingui();
  return (
    <p>
      <button
        type="button"
        className={button({ variant: "outline", size: "sm" })}
        aria-label={t`Stop renewing: ${renewal.name}`}
        onClick={() => actor.send({ type: "stop.ask", id: renewal.id })}
      >
        <Trans>Stop renewing</Trans>
      </button>
    </p>
  );
}

/** The choice between renewing automatically (with a saved method) and buying the pass once. */
export function RenewDialog({ actor, card }: { actor: AutoRenewRef; card: FareCardDetail }) {
  const { t, i18n } = useLingui();
  const open = useSelector(
    actor,
    (s) => s.matches("loadingMethods") || s.matches("choosing") || s.matches("enabling"),
  );
  const loading = useSelector(actor, (s) => s.matches("loadingMethods"));
  const enabling = useSelector(actor, (s) => s.matches("enabling"));
  const passId = useSelector(actor, (s) => s.context.pass);
  const mode = useSelector(actor, (s) => s.context.mode);
  const methods = useSelector(actor, (s) => s.context.methods);
  const method = useSelector(actor, (s) => s.context.method);
  const methodMissing = useSelector(actor, (s) => s.context.methodMissing);
  const failure = useSelector(actor, (s) => (s.matches("choosing") ? s.context.failure : null));
  const pass = card.passes.find((candidate) => candidate.id === passId);
  const name = pass?.name ?? "";
  const cancel = () => actor.send({ type: "renew.cancel" });
  return (
    <Sheet open={open} onDismiss={cancel} placement="center" width="wide">
      {(styles) => (
        <form
          noValidate
          className={css({ display: "grid", gap: "4" })}
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: "renew.submit" });
          }}
        >
          <SheetClose styles={styles} label={t`Close`} />
          <SheetTitle className={styles.title}>
            <Trans>Renew {name}</Trans>
          </SheetTitle>
          <SheetDescription className={styles.description}>
            <Trans>Renew it automatically when it runs out, or buy it once more for this card.</Trans>
          </SheetDescription>
          <Choice<RenewMode>
            label={t`How to renew`}
            value={mode}
            onPick={(next) => actor.send({ type: "renew.mode", mode: next })}
            options={[
              {
                value: "auto",
                title: <Trans>Renew automatically</Trans>,
                detail: <Trans>Charged to your chosen payment method each time the pass renews.</Trans>,
              },
              {
                value: "once",
                title: <Trans>Buy once</Trans>,
                detail: <Trans>Choose the pass in the products for this card and check out once.</Trans>,
              },
            ]}
          />
          {mode === "auto" ? (
            loading ? (
              <p aria-busy="true">
                <Trans>Loading your payment methods…</Trans>
              </p>
            ) : failure?.kind === "methods" ? (
              <div className={css({ display: "grid", gap: "2" })}>
                <p role="alert" className={errorLine}>
                  <Trans>Failed to load your payment methods. Please try again.</Trans>
                </p>
                <p>
                  <button
                    type="button"
                    className={button({ variant: "outline" })}
                    onClick={() => actor.send({ type: "methods.retry" })}
                  >
                    <Trans>Try again</Trans>
                  </button>
                </p>
              </div>
            ) : methods.length === 0 ? (
              <p>
                <Trans>
                  You have no saved payment method.{" "}
                  <Link href="/account/paymentmethods" className={textLink}>
                    Add one in Payment Methods
                  </Link>
                  .
                </Trans>
              </p>
            ) : (
              <div className={css({ display: "grid", gap: "1" })}>
                <Choice<string>
                  label={t`Payment method`}
                  value={method}
                  onPick={(id) => actor.send({ type: "renew.method", id })}
                  options={methods.map((candidate) => ({
                    value: candidate.id,
                    title: methodName(i18n, candidate),
                  }))}
                />
                {methodMissing ? (
                  <p role="alert" className={errorLine}>
                    <Trans>Choose a payment method.</Trans>
                  </p>
                ) : null}
              </div>
            )
          ) : null}
          {failure && failure.kind !== "methods" ? (
            <p role="alert" className={errorLine}>
              <Trans>Automatic renewal could not be turned on. Please try again.</Trans>
            </p>
          ) : null}
          <div className={css({ display: "flex", flexWrap: "wrap", gap: "3" })}>
            <button type="submit" className={button()} disabled={enabling || loading} aria-busy={enabling}>
              {enabling ? (
                <Trans>Please wait…</Trans>
              ) : mode === "once" ? (
                <Trans>Buy once</Trans>
              ) : (
                <Trans>Renew automatically</Trans>
              )}
            </button>
            <button
              type="button"
              className={button({ variant: "outline" })}
              disabled={enabling}
              onClick={cancel}
            >
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      )}
    </Sheet>
  );
}

/** "Stop renewing automatically?": asks before removing an auto-renewal. */
export function StopRenewQuestion({ actor, card }: { actor: AutoRenewRef; card: FareCardDetail }) {
  const open = useSelector(actor, (s) => s.matches("confirmingStop") || s.matches("stopping"));
  const stopping = useSelector(actor, (s) => s.matches("stopping"));
  const renewalId = useSelector(actor, (s) => s.context.renewal);
  const failure = useSelector(actor, (s) => (s.matches("confirmingStop") ? s.context.failure : null));
  const name = card.auto_renew.find((renewal) => renewal.id === renewalId)?.name ?? "";
  const keep = () => actor.send({ type: "stop.cancel" });
  return (
    <ConfirmDialog
      open={open}
      busy={stopping}
      title={<Trans>Stop renewing automatically?</Trans>}
      error={failure ? <Trans>Automatic renewal could not be removed. Please try again.</Trans> : null}
      confirmLabel={<Trans>Stop renewing</Trans>}
      busyLabel={<Trans>Please wait…</Trans>}
      cancelLabel={<Trans>Keep renewing</Trans>}
      onConfirm={() => actor.send({ type: "stop.confirm" })}
      onCancel={keep}
    >
      <Trans>{name} will not renew again. The pass on the card stays until it runs out.</Trans>
    </ConfirmDialog>
  );
}
