import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { lowBalanceLimits } from "../../domain/alerts.ts";
import type { alertSettingsMachine } from "../../machines/alertSettings.machine.ts";
import { MakeDefault as Toggle } from "../account/MakeDefault.tsx";
import { TextField } from "../account/paymentParts.tsx";
import type { MoneyFormat } from "../fare-cards/cardText.ts";
import { facts, panel, sectionHeading } from "../passes/PassHistoryView.tsx";
import { errorLine } from "../shared/fieldStyles.ts";

type AlertSettingsRef = ActorRefFrom<typeof alertSettingsMachine>;

const group = css({ display: "grid", gap: "3", borderTopWidth: "1px", borderColor: "border", pt: "4" });
const hint = css({ color: "muted", fontSize: "sm" });

/** Account → Notifications: the alerts the rider chooses, where they go, and the ones always sent. */
export function AlertSettingsView({ alerts, money }: { alerts: AlertSettingsRef; money: MoneyFormat }) {
  const phase = useSelector(alerts, (snapshot) =>
    snapshot.matches("loading") ? "loading" : snapshot.matches("loadFailed") ? "loadFailed" : "form",
  );
  if (phase === "loading")
    return (
      <p role="status">
        <Trans>Loading your alerts…</Trans>
      </p>
    );
  if (phase === "loadFailed")
    return (
      <div role="alert" className={panel}>
        <p className={errorLine}>
          <Trans>Your alerts could not be loaded. Check your connection and try again.</Trans>
        </p>
        <p>
          <button type="button" className={button()} onClick={() => alerts.send({ type: "alerts.retry" })}>
            <Trans>Try again</Trans>
          </button>
        </p>
      </div>
    );
  return <AlertForm alerts={alerts} money={money} />;
}

function AlertForm({ alerts, money }: { alerts: AlertSettingsRef; money: MoneyFormat }) {
  const { t } = useLingui();
  const context = useSelector(alerts, (snapshot) => snapshot.context);
  const saving = useSelector(alerts, (snapshot) => snapshot.matches("saving"));
  const channels = context.saved?.channels;
  const lowest = money(lowBalanceLimits.min);
  const highest = money(lowBalanceLimits.max);
  return (
    <form
      className={panel}
      aria-labelledby="alerts-title"
      aria-busy={saving}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        alerts.send({ type: "alerts.save" });
      }}
    >
      <h2 id="alerts-title" className={sectionHeading}>
        <Trans>Alerts</Trans>
      </h2>
      {channels ? (
        <dl className={facts} data-testid="alert-channels">
          <dt>
            <Trans>By email to</Trans>
          </dt>
          <dd>{channels.email}</dd>
          <dt>
            <Trans>By text to</Trans>
          </dt>
          <dd>
            {channels.text ?? (
              <Trans>No phone: texts go to the phone you confirm for two-factor sign-in.</Trans>
            )}
          </dd>
        </dl>
      ) : null}
      <div className={group}>
        <Toggle
          label={t`When a card's balance goes under an amount`}
          checked={context.on.lowBalance}
          onChange={(enabled) => alerts.send({ type: "alerts.toggle", alert: "lowBalance", enabled })}
        />
        {context.on.lowBalance ? (
          <TextField
            label={t`Tell me under`}
            name="below"
            value={context.below}
            inputMode="numeric"
            problem={
              context.problems.includes("below") ? t`Enter an amount from ${lowest} to ${highest}.` : null
            }
            helper={t`After a fare takes the card under it, once, until the card is above it again.`}
            onChange={(text) => alerts.send({ type: "alerts.below", text })}
          />
        ) : null}
      </div>
      <div className={group}>
        <Toggle
          label={t`When a pass is about to end`}
          checked={context.on.passEnding}
          onChange={(enabled) => alerts.send({ type: "alerts.toggle", alert: "passEnding", enabled })}
        />
        {context.on.passEnding ? (
          <TextField
            label={t`Days before it ends`}
            name="days"
            value={context.days}
            inputMode="numeric"
            problem={context.problems.includes("days") ? t`Enter a number of days from 1 to 30.` : null}
            helper={t`A pass that auto-renews is not told: the renewal is.`}
            onChange={(text) => alerts.send({ type: "alerts.days", text })}
          />
        ) : null}
      </div>
      <div className={group}>
        <Toggle
          label={t`Three days before an auto-renewal charges`}
          checked={context.on.renewalSoon}
          onChange={(enabled) => alerts.send({ type: "alerts.toggle", alert: "renewalSoon", enabled })}
        />
      </div>
      <div className={group}>
        <Toggle
          label={t`When an autoload pauses`}
          checked={context.on.autoloadPaused}
          onChange={(enabled) => alerts.send({ type: "alerts.toggle", alert: "autoloadPaused", enabled })}
        />
        <p className={hint}>
          <Trans>It pauses when its payment method was declined or removed.</Trans>
        </p>
      </div>
      <div className={group}>
        <h3 className={css({ fontWeight: "semibold" })}>
          <Trans>Always sent</Trans>
        </h3>
        <p className={hint}>
          <Trans>
            A changed password or email, and two-factor sign-in turned on or off: these alerts keep your
            account safe and cannot be turned off.
          </Trans>
        </p>
      </div>
      {context.error !== null ? (
        <p role="alert" className={errorLine}>
          <Trans>Your alerts could not be saved. Please try again.</Trans>
        </p>
      ) : null}
      <p>
        <button type="submit" className={button()} disabled={saving}>
          {saving ? <Trans>Saving…</Trans> : <Trans>Save alerts</Trans>}
        </button>
      </p>
    </form>
  );
}
