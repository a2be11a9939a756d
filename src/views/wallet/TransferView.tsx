import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useEffect, useRef } from "react";
import type { ActorRefFrom } from "xstate";
import { button } from "../../../styled-system/recipes";
import { parseAmount } from "../../domain/payments/amounts.ts";
import type { cardTransferMachine, TransferProblem } from "../../machines/cardTransfer.machine.ts";
import { Choice } from "../../ui/Choice.tsx";
import { TextField } from "../account/paymentParts.tsx";
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

export type CardTransferRef = ActorRefFrom<typeof cardTransferMachine>;

/** "Transfer balance": the other card, the amount, a confirmation, then both new balances. */
export function TransferView({
  transfer,
  money,
  onClose,
}: {
  transfer: CardTransferRef;
  money: Money;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const snapshot = useSelector(transfer, (s) => s);
  const { context } = snapshot;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const busy = snapshot.hasTag("busy");
  const target = context.targets.find((card) => card.faremedia_id === context.to) ?? null;
  const problemText = (problem: TransferProblem | null): string | null => {
    switch (problem) {
      case "amountInvalid":
        return t`Amount is not valid.`;
      case "amountExceeded":
        return t`Transfer amount should not be exceeded`;
      default:
        return null;
    }
  };
  const close = (
    <button type="button" className={button({ variant: "outline" })} onClick={onClose} disabled={busy}>
      {snapshot.matches("done") || snapshot.matches("onlyOne") ? <Trans>Close</Trans> : <Trans>Cancel</Trans>}
    </button>
  );
  return (
    <section aria-labelledby="transfer-heading" className={panel} data-state={String(snapshot.value)}>
      <h2 id="transfer-heading" ref={heading} tabIndex={-1} className={panelHeading}>
        <Trans>Transfer balance</Trans>
      </h2>
      {snapshot.matches("onlyOne") ? (
        <p role="status">
          <Trans>Only one Fare Media card exists on the account</Trans>
        </p>
      ) : null}
      {snapshot.matches("editing") ? (
        <form
          noValidate
          className={stack}
          onSubmit={(event) => {
            event.preventDefault();
            transfer.send({ type: "transfer.review" });
          }}
        >
          <p>
            <Trans>
              From {context.source.nickname}: {money(context.source.balance.general_funds)} available to
              transfer.
            </Trans>
          </p>
          <p className={muted}>
            <Trans>Only general funds move. Commuter benefits stay on the card they were loaded to.</Trans>
          </p>
          {context.targets.length === 0 ? (
            <p role="status">
              <Trans>None of your other cards can receive value now (blocked or not valid).</Trans>
            </p>
          ) : (
            <Choice<string>
              label={t`Transfer to`}
              value={context.to}
              options={context.targets.map((card) => ({
                value: card.faremedia_id,
                title: card.nickname,
                detail: t`${card.printed_card_number} · ${money(card.balance.general_funds)}`,
              }))}
              onPick={(id) => transfer.send({ type: "transfer.target", id })}
            />
          )}
          {context.problem === "chooseCard" ? (
            <p role="alert" className={errorText}>
              <Trans>Choose the card to transfer to.</Trans>
            </p>
          ) : null}
          <TextField
            label={t`Amount`}
            name="transferAmount"
            inputMode="text"
            autoComplete="off"
            value={context.amount}
            problem={problemText(context.problem)}
            helper={<Trans>Up to {money(context.source.balance.general_funds)}</Trans>}
            onChange={(value) => transfer.send({ type: "transfer.amount", value })}
          />
          <p className={actions}>
            <button type="submit" className={button()} disabled={context.targets.length === 0}>
              <Trans>Review transfer</Trans>
            </button>
            {close}
          </p>
        </form>
      ) : null}
      {snapshot.matches("confirming") ||
      snapshot.matches("transferring") ||
      snapshot.matches("interrupted") ? (
        <div className={stack}>
          <dl className={figures}>
            <dt>
              <Trans>From</Trans>
            </dt>
            <dd className={figureValue}>{context.source.nickname}</dd>
            <dt>
              <Trans>To</Trans>
            </dt>
            <dd className={figureValue}>{target?.nickname}</dd>
            <dt>
              <Trans>Amount</Trans>
            </dt>
            <dd className={figureValue}>{money(parseAmount(context.amount, context.currency) ?? 0)}</dd>
          </dl>
          {snapshot.matches("interrupted") ? (
            <p role="alert" className={errorText}>
              <Trans>The connection was lost. Try again: the transfer is made only once.</Trans>
            </p>
          ) : null}
          <p className={actions}>
            {snapshot.matches("interrupted") ? (
              <button
                type="button"
                className={button()}
                onClick={() => transfer.send({ type: "transfer.retry" })}
              >
                <Trans>Try again</Trans>
              </button>
            ) : (
              <button
                type="button"
                className={button()}
                disabled={busy}
                aria-busy={busy}
                onClick={() => transfer.send({ type: "transfer.confirm" })}
              >
                {busy ? <Trans>Transferring…</Trans> : <Trans>Transfer</Trans>}
              </button>
            )}
            <button
              type="button"
              className={button({ variant: "outline" })}
              disabled={busy}
              onClick={() => transfer.send({ type: "transfer.edit" })}
            >
              <Trans>Change</Trans>
            </button>
          </p>
        </div>
      ) : null}
      {snapshot.matches("failed") ? (
        <div className={stack}>
          <p role="alert" className={errorText}>
            <Trans>Balance transfer is failed</Trans>
          </p>
          <p className={actions}>
            <button
              type="button"
              className={button()}
              onClick={() => transfer.send({ type: "transfer.edit" })}
            >
              <Trans>Try again</Trans>
            </button>
            {close}
          </p>
        </div>
      ) : null}
      {snapshot.matches("done") && context.reply ? (
        <div className={stack}>
          <p role="status">
            <Trans>
              {money(context.reply.transfer.amount)} moved to {context.reply.to.nickname}.
            </Trans>
          </p>
          <dl className={figures}>
            <dt>{context.reply.from.nickname}</dt>
            <dd className={figureValue}>{money(context.reply.from.balance.general_funds)}</dd>
            <dt>{context.reply.to.nickname}</dt>
            <dd className={figureValue}>{money(context.reply.to.balance.general_funds)}</dd>
          </dl>
          <p className={actions}>{close}</p>
        </div>
      ) : null}
      {snapshot.matches("onlyOne") ? <p className={actions}>{close}</p> : null}
    </section>
  );
}
