import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import type { AutoloadTrigger } from "../../domain/transit/wallet.ts";
import type { autoloadMachine } from "../../machines/autoload.machine.ts";
import { Choice } from "../../ui/Choice.tsx";
import { methodName } from "../account/methodNames.tsx";
import { fieldInput, TextField } from "../account/paymentParts.tsx";
import { ConfirmDialog } from "../shared/ConfirmDialog.tsx";
import { useDates } from "../shared/dates.ts";
import { textLink } from "../shared/Screen.tsx";
import {
  actions,
  errorText,
  figures,
  figureValue,
  type Money,
  muted,
  panel,
  panelHeading,
  stack,
} from "./parts.tsx";

export type AutoloadRef = ActorRefFrom<typeof autoloadMachine>;

const selectField = css({ display: "flex", flexDirection: "column", gap: "1" });

/** Weekday names in the rider's language, Sunday first (0). */
function weekdayNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
  // 2026-01-04 is a Sunday.
  return Array.from({ length: 7 }, (_, day) => format.format(new Date(Date.UTC(2026, 0, 4 + day))));
}

/**
 * A card's or the wallet's autoload: what it does (or that there is none), the form, "Resume" and
 * removing it.
 */
export function AutoloadView({
  autoload,
  money,
  locale,
  nested = false,
}: {
  autoload: AutoloadRef;
  money: Money;
  locale: string;
  /** Inside a card's or the wallet's section: as wide as it, its heading a level below the section's. */
  nested?: boolean;
}) {
  const { t, i18n } = useLingui();
  const snapshot = useSelector(autoload, (s) => s);
  const { context } = snapshot;
  const current = context.autoload;
  const busy = snapshot.hasTag("busy");
  const weekdays = weekdayNames(locale);
  const dates = useDates();
  const when = (trigger: AutoloadTrigger): string => {
    if (!current) return "";
    switch (trigger) {
      case "threshold":
        return t`When the balance is at or below ${money(current.threshold ?? 0)}`;
      case "weekly":
        return t`Every week on ${weekdays[current.weekday ?? 0] ?? ""}`;
      case "monthly":
        return t`Every month on day ${current.month_day ?? 1}`;
    }
  };
  const state = typeof snapshot.value === "string" ? snapshot.value : "";
  const Heading = nested ? "h3" : "h2";
  const cancelRemove = () => autoload.send({ type: "autoload.cancel" });
  return (
    <section
      aria-labelledby="autoload-heading"
      className={nested ? `${panel} ${css({ maxWidth: "none" })}` : panel}
      data-state={state}
    >
      <Heading id="autoload-heading" className={panelHeading}>
        <Trans>Autoload</Trans>
      </Heading>
      {snapshot.matches("methods") ? (
        <p role="status">
          <Trans>Loading autoload…</Trans>
        </p>
      ) : null}
      {context.removeFailed ? (
        <p role="alert" className={errorText}>
          <Trans>Failed to remove autoload. Please try again later.</Trans>
        </p>
      ) : null}
      {!snapshot.matches("methods") && !snapshot.matches("editing") && !snapshot.matches("saving") ? (
        current ? (
          <div className={stack}>
            {current.status === "paused" ? (
              <p role="status" className={errorText}>
                <Trans>Paused: {current.paused_reason ?? t`the last autoload failed.`}</Trans>
              </p>
            ) : null}
            <dl className={figures}>
              <dt>
                <Trans>Load</Trans>
              </dt>
              <dd className={figureValue}>{money(current.amount)}</dd>
              <dt>
                <Trans>When</Trans>
              </dt>
              <dd className={figureValue}>{when(current.trigger)}</dd>
              <dt>
                <Trans>Paid with</Trans>
              </dt>
              <dd className={figureValue}>{current.payment_method?.label ?? t`No payment method`}</dd>
              {current.next_run_at && current.status === "active" ? (
                <>
                  <dt>
                    <Trans>Next load</Trans>
                  </dt>
                  <dd className={figureValue}>{dates.day(current.next_run_at)}</dd>
                </>
              ) : null}
            </dl>
            <p className={actions}>
              {current.status === "paused" ? (
                <button
                  type="button"
                  className={button()}
                  disabled={busy}
                  onClick={() => autoload.send({ type: "autoload.resume" })}
                >
                  <Trans>Resume</Trans>
                </button>
              ) : null}
              <button
                type="button"
                className={button({ variant: "outline" })}
                disabled={busy}
                onClick={() => autoload.send({ type: "autoload.edit" })}
              >
                <Trans>Edit autoload</Trans>
              </button>
              <button
                type="button"
                className={button({ variant: "danger" })}
                disabled={busy}
                aria-busy={snapshot.matches("removing")}
                onClick={() => autoload.send({ type: "autoload.remove" })}
              >
                <Trans>Remove autoload</Trans>
              </button>
            </p>
          </div>
        ) : (
          <div className={stack}>
            <p className={muted}>
              <Trans>Load value automatically when the balance runs low, or every week or month.</Trans>
            </p>
            <p>
              <button
                type="button"
                className={button()}
                disabled={busy}
                onClick={() => autoload.send({ type: "autoload.edit" })}
              >
                <Trans>Add autoload</Trans>
              </button>
            </p>
          </div>
        )
      ) : null}
      {snapshot.matches("editing") || snapshot.matches("saving") ? (
        <form
          noValidate
          className={stack}
          onSubmit={(event) => {
            event.preventDefault();
            autoload.send({ type: "autoload.save" });
          }}
        >
          {context.failure ? (
            <p role="alert" className={errorText}>
              {context.failure.message !== ""
                ? context.failure.message
                : t`Something went wrong, please try again!`}
            </p>
          ) : null}
          <Choice<AutoloadTrigger>
            label={t`Load when`}
            value={context.draft.trigger}
            options={[
              { value: "threshold", title: t`The balance is low` },
              { value: "weekly", title: t`Every week` },
              { value: "monthly", title: t`Every month` },
            ]}
            onPick={(trigger) => autoload.send({ type: "autoload.change", values: { trigger } })}
          />
          {context.draft.trigger === "threshold" ? (
            <TextField
              label={t`When the balance is at or below`}
              name="threshold"
              inputMode="text"
              autoComplete="off"
              value={context.draft.threshold}
              problem={context.problems.threshold ? t`Amount is not valid.` : null}
              onChange={(threshold) => autoload.send({ type: "autoload.change", values: { threshold } })}
            />
          ) : null}
          {context.draft.trigger === "weekly" ? (
            <label className={selectField}>
              <span className={css({ fontWeight: "semibold" })}>
                <Trans>Day of the week</Trans>
              </span>
              <select
                className={fieldInput}
                name="weekday"
                value={context.draft.weekday}
                onChange={(event) =>
                  autoload.send({
                    type: "autoload.change",
                    values: { weekday: Number(event.currentTarget.value) },
                  })
                }
              >
                {weekdays.map((name, day) => (
                  <option key={name} value={day}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {context.draft.trigger === "monthly" ? (
            <label className={selectField}>
              <span className={css({ fontWeight: "semibold" })}>
                <Trans>Day of the month</Trans>
              </span>
              <select
                className={fieldInput}
                name="monthDay"
                value={context.draft.monthDay}
                onChange={(event) =>
                  autoload.send({
                    type: "autoload.change",
                    values: { monthDay: Number(event.currentTarget.value) },
                  })
                }
              >
                {Array.from({ length: 28 }, (_, index) => index + 1).map((day) => (
                  <option key={day} value={day}>
                    {day}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <TextField
            label={t`Amount to load`}
            name="autoloadAmount"
            inputMode="text"
            autoComplete="off"
            value={context.draft.amount}
            problem={context.problems.amount ? t`Amount is not valid.` : null}
            helper={
              <Trans>
                From {money(context.limits.min)} to {money(context.limits.max)}
              </Trans>
            }
            onChange={(amount) => autoload.send({ type: "autoload.change", values: { amount } })}
          />
          {context.methods.length === 0 ? (
            <p role="status">
              <Trans>
                Autoload pays with a saved card, PayPal or bank account.{" "}
                <a className={textLink} href="/account/paymentmethods">
                  Add a payment method
                </a>{" "}
                first.
              </Trans>
            </p>
          ) : (
            <Choice<string>
              label={t`Pay with`}
              value={context.draft.method}
              options={context.methods.map((method) => ({
                value: method.id,
                title: methodName(i18n, method),
                detail: method.nickname ?? undefined,
              }))}
              onPick={(method) => autoload.send({ type: "autoload.change", values: { method } })}
            />
          )}
          {context.problems.method && context.methods.length > 0 ? (
            <p role="alert" className={errorText}>
              <Trans>Please select a payment method.</Trans>
            </p>
          ) : null}
          <p className={actions}>
            <button
              type="submit"
              className={button()}
              disabled={snapshot.matches("saving")}
              aria-busy={snapshot.matches("saving")}
            >
              {snapshot.matches("saving") ? <Trans>Please wait…</Trans> : <Trans>Save autoload</Trans>}
            </button>
            <button
              type="button"
              className={button({ variant: "outline" })}
              disabled={snapshot.matches("saving")}
              onClick={() => autoload.send({ type: "autoload.cancel" })}
            >
              <Trans>Cancel</Trans>
            </button>
          </p>
        </form>
      ) : null}
      <ConfirmDialog
        open={snapshot.matches("confirmingRemove")}
        title={<Trans>Remove autoload?</Trans>}
        confirmLabel={<Trans>Remove autoload</Trans>}
        cancelLabel={<Trans>Keep autoload</Trans>}
        onConfirm={() => autoload.send({ type: "autoload.confirmRemove" })}
        onCancel={cancelRemove}
      >
        {context.target.kind === "wallet" ? (
          <Trans>
            Value is no longer loaded automatically into your wallet. You can add autoload again later.
          </Trans>
        ) : (
          <Trans>
            Value is no longer loaded automatically onto this card. You can add autoload again later.
          </Trans>
        )}
      </ConfirmDialog>
    </section>
  );
}
