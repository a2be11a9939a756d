import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { ErrorCode } from "../../domain/envelope.ts";
import type { IdentityProvider } from "../../domain/identity.ts";
import {
  accountOf,
  type ConnectedAccountsFailure,
  type connectedAccountsMachine,
} from "../../machines/connectedAccounts.machine.ts";
import { providerName } from "../session/providers.ts";
import { ConfirmDialog } from "../shared/ConfirmDialog.tsx";
import { useDates } from "../shared/dates.ts";
import { errorLine } from "../shared/fieldStyles.ts";
import { LoadFailed } from "../shared/LoadFailed.tsx";
import { selectListPhase } from "../shared/listPhase.ts";
import { rowItem, rowList } from "../shared/listStyles.ts";
import { card } from "../shared/Screen.tsx";

type AccountsRef = ActorRefFrom<typeof connectedAccountsMachine>;

const actions = css({ display: "flex", flexWrap: "wrap", gap: "2" });

/** Why a connection or disconnection did not happen, in words (spec section 8: "Invalid credentials"). */
function failureText(i18n: I18n, failure: ConnectedAccountsFailure): string {
  const name = failure.provider ? providerName[failure.provider] : "";
  switch (failure.code) {
    case ErrorCode.connectedAccountInvalid:
      return i18n._(msg`Invalid credentials`);
    case ErrorCode.lastSignInMethod:
      return i18n._(
        msg`This is your only way to sign in. Set a password first (Forgot password) before you disconnect it.`,
      );
    case ErrorCode.identityTaken:
      return i18n._(msg`That ${name} account is connected to another rider.`);
    case ErrorCode.providerAlreadyConnected:
      return i18n._(msg`Another ${name} account is already connected. Disconnect it first.`);
  }
  if (failure.kind === "connect") return i18n._(msg`${name} was not connected. Please try again.`);
  if (failure.kind === "disconnect") return i18n._(msg`${name} could not be disconnected. Please try again.`);
  return i18n._(msg`Your connected accounts could not be loaded. Check your connection and try again.`);
}

/** /account/connected-accounts: each provider the deployment offers, connected or not. */
export function ConnectedAccountsView({ accounts }: { accounts: AccountsRef }) {
  const phase = useSelector(accounts, selectListPhase);
  switch (phase) {
    case "loading":
      return (
        <p role="status">
          <Trans>Loading your connected accounts…</Trans>
        </p>
      );
    case "empty":
      return (
        <div className={card}>
          <p>
            <Trans>This agency offers no other way to sign in than your email and password.</Trans>
          </p>
        </div>
      );
    case "failed":
      return (
        <LoadFailed onRetry={() => accounts.send({ type: "accounts.retry" })}>
          <Trans>Your connected accounts could not be loaded. Check your connection and try again.</Trans>
        </LoadFailed>
      );
    case "shown":
      return <AccountList accounts={accounts} />;
  }
}

function AccountList({ accounts }: { accounts: AccountsRef }) {
  const { i18n } = useLingui();
  const providers = useSelector(accounts, (snapshot) => snapshot.context.providers);
  const failure = useSelector(accounts, (snapshot) => snapshot.context.failure);
  return (
    <section className={card} aria-labelledby="connected-title">
      <h2 id="connected-title" className={css({ fontSize: "xl", fontWeight: "bold" })}>
        <Trans>Sign in with another account</Trans>
      </h2>
      <p>
        <Trans>Connect an account you already have to sign in with it instead of your password.</Trans>
      </p>
      {failure ? (
        <p role="alert" className={errorLine}>
          {failureText(i18n, failure)}
        </p>
      ) : null}
      <ul className={rowList}>
        {providers.map((provider) => (
          <ProviderRow key={provider} accounts={accounts} provider={provider} />
        ))}
      </ul>
      <DisconnectDialog accounts={accounts} />
    </section>
  );
}

function ProviderRow({ accounts, provider }: { accounts: AccountsRef; provider: IdentityProvider }) {
  const { t } = useLingui();
  const dates = useDates();
  const account = useSelector(accounts, (snapshot) => accountOf(snapshot, provider));
  const leaving = useSelector(
    accounts,
    (snapshot) =>
      (snapshot.matches({ shown: "leaving" }) || snapshot.matches({ shown: "left" })) &&
      snapshot.context.target === provider,
  );
  const busy = useSelector(accounts, (snapshot) => snapshot.hasTag("busy"));
  const name = providerName[provider];
  const email = account?.email ?? "";
  const date = account ? dates.day(account.linked_at) : "";
  return (
    <li className={rowItem} data-testid="connected-account" data-provider={provider}>
      <div className={css({ display: "grid", gap: "1" })}>
        <h3 className={css({ fontWeight: "bold", fontSize: "lg" })}>{name}</h3>
        {account ? (
          <p className={css({ overflowWrap: "anywhere" })}>
            {email ? <Trans>Connected as {email}</Trans> : <Trans>Connected</Trans>}{" "}
            <span className={css({ color: "muted", display: { base: "block", md: "inline" } })}>
              <Trans>since {date}</Trans>
            </span>
          </p>
        ) : (
          <p className={css({ color: "muted" })}>
            <Trans>Not connected</Trans>
          </p>
        )}
      </div>
      <div className={actions}>
        {account ? (
          <button
            type="button"
            className={button({ variant: "outline" })}
            aria-label={t`Disconnect ${name}`}
            disabled={busy}
            onClick={() => accounts.send({ type: "disconnect.ask", provider })}
          >
            <Trans>Disconnect</Trans>
          </button>
        ) : (
          <button
            type="button"
            className={button()}
            aria-label={t`Connect ${name}`}
            disabled={busy}
            aria-busy={leaving}
            onClick={() => accounts.send({ type: "connect.start", provider })}
          >
            {leaving ? <Trans>Please wait…</Trans> : <Trans>Connect</Trans>}
          </button>
        )}
      </div>
    </li>
  );
}

/** "Disconnect Google?": the rider can no longer sign in with it. */
function DisconnectDialog({ accounts }: { accounts: AccountsRef }) {
  const open = useSelector(
    accounts,
    (s) => s.matches({ shown: "confirming" }) || s.matches({ shown: "disconnecting" }),
  );
  const disconnecting = useSelector(accounts, (s) => s.matches({ shown: "disconnecting" }));
  const target = useSelector(accounts, (s) => s.context.target);
  const cancel = () => accounts.send({ type: "disconnect.cancel" });
  const name = target ? providerName[target] : "";
  return (
    <ConfirmDialog
      open={open}
      busy={disconnecting}
      title={<Trans>Disconnect {name}?</Trans>}
      confirmLabel={<Trans>Disconnect</Trans>}
      busyLabel={<Trans>Please wait…</Trans>}
      cancelLabel={<Trans>Keep connected</Trans>}
      onConfirm={() => accounts.send({ type: "disconnect.confirm" })}
      onCancel={() => !disconnecting && cancel()}
    >
      <Trans>You will no longer be able to sign in with {name}. You can connect it again later.</Trans>
    </ConfirmDialog>
  );
}
