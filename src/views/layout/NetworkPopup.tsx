import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import type { networkMachine } from "../../machines/network.machine.ts";
import { OfflineIcon } from "../../ui/icons.tsx";
import { ModalDialog } from "../../ui/ModalDialog.tsx";

/**
 * "No Internet Connection": a failed request (or a part of the portal that cannot be downloaded) never
 * signs the rider out, it opens this. A ModalDialog: it needs nothing downloaded to show.
 */
export function NetworkPopup({ network }: { network: ActorRefFrom<typeof networkMachine> }) {
  const open = useSelector(network, (snapshot) => snapshot.hasTag("popup"));
  const probing = useSelector(network, (snapshot) => snapshot.matches("probing"));

  if (!open) return null;
  return (
    <ModalDialog
      role="alertdialog"
      icon={<OfflineIcon className={css({ color: "brand.error" })} />}
      title={<Trans>No Internet Connection</Trans>}
      description={
        <Trans>You are not connected to the internet. Please connect to the internet and try again.</Trans>
      }
      onDismiss={() => network.send({ type: "network.dismiss" })}
    >
      <div className={css({ display: "flex", gap: "3", justifyContent: "flex-end", flexWrap: "wrap" })}>
        <button
          type="button"
          className={button({ variant: "outline" })}
          onClick={() => network.send({ type: "network.dismiss" })}
        >
          <Trans>OK</Trans>
        </button>
        <button
          type="button"
          className={button()}
          disabled={probing}
          aria-busy={probing}
          onClick={() => network.send({ type: "network.retry" })}
        >
          {probing ? <Trans>Checking…</Trans> : <Trans>Try again</Trans>}
        </button>
      </div>
    </ModalDialog>
  );
}
