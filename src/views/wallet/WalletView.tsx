import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import type { Autoload } from "../../domain/transit/wallet.ts";
import type { walletMachine } from "../../machines/wallet.machine.ts";
import { card } from "../shared/Screen.tsx";
import { actions, errorText, type Money, muted } from "./parts.tsx";

export type WalletRef = ActorRefFrom<typeof walletMachine>;

/**
 * The rider's wallet: its balance and "Add value" (`onAddValue`); `adding` is the open add value panel,
 * which stays while the balance is read again after the load; `autoload` the wallet's autoload below.
 */
export function WalletView({
  wallet,
  money,
  adding,
  onAddValue,
  autoload = null,
}: {
  wallet: WalletRef;
  money: Money;
  adding: ReactNode;
  onAddValue: () => void;
  autoload?: ReactNode;
}) {
  const snapshot = useSelector(wallet, (s) => s);
  const balance = snapshot.context.wallet?.balance ?? null;
  const state = typeof snapshot.value === "string" ? snapshot.value : "";
  return (
    <section
      aria-labelledby="wallet-heading"
      className={card}
      data-state={state}
      aria-busy={snapshot.hasTag("busy")}
    >
      <h2 id="wallet-heading" className={css({ fontSize: "xl", fontWeight: "bold" })}>
        <Trans>Wallet</Trans>
      </h2>
      <p className={muted}>
        <Trans>
          The wallet pays for passes and products at checkout. It cannot pay for auto-renewed passes.
        </Trans>
      </p>
      {snapshot.matches("failed") ? (
        <div role="alert" className={actions}>
          <span className={errorText}>
            <Trans>Your wallet could not be loaded.</Trans>
          </span>
          <button
            type="button"
            className={button({ variant: "outline" })}
            onClick={() => wallet.send({ type: "wallet.retry" })}
          >
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : null}
      {balance === null && snapshot.matches("loading") ? (
        <p role="status">
          <Trans>Loading your wallet…</Trans>
        </p>
      ) : null}
      {balance !== null ? (
        <p className={actions}>
          <span>
            <Trans>Balance</Trans> <strong className={css({ fontSize: "2xl" })}>{money(balance)}</strong>
          </span>
          {adding ? null : (
            <button type="button" className={button()} onClick={onAddValue}>
              <Trans>Add value to wallet</Trans>
            </button>
          )}
        </p>
      ) : null}
      {adding}
      {autoload}
    </section>
  );
}

/**
 * The wallet's autoload in a line (issue 47): on, paused or none, and the button that opens it (its
 * form downloads then).
 */
export function AutoloadSummary({ autoload, onManage }: { autoload: Autoload | null; onManage: () => void }) {
  return (
    <p className={actions}>
      {autoload === null ? null : autoload.status === "paused" ? (
        <span className={errorText}>
          <Trans>Autoload is paused.</Trans>
        </span>
      ) : (
        <span>
          <Trans>Autoload is on.</Trans>
        </span>
      )}
      <button type="button" className={button({ variant: "outline" })} onClick={onManage}>
        {autoload === null ? <Trans>Set up autoload</Trans> : <Trans>Manage autoload</Trans>}
      </button>
    </p>
  );
}
