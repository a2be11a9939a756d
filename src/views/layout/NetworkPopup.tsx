import { Dialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { css } from "../../../styled-system/css";
import { button, drawer } from "../../../styled-system/recipes";
import { useChild } from "../../app/children.ts";
import { OfflineIcon } from "../shared/icons.tsx";

/** "No Internet Connection": a failed request never signs the rider out, it opens this. */
export function NetworkPopup() {
  const network = useChild("network");
  const open = useSelector(network, (snapshot) => snapshot.hasTag("popup"));
  const probing = useSelector(network, (snapshot) => snapshot.matches("probing"));
  const styles = drawer({ placement: "center" });

  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      onOpenChange={({ open: next }) => !next && network.send({ type: "network.dismiss" })}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop className={styles.backdrop} />
        <Dialog.Positioner className={styles.positioner}>
          <Dialog.Content className={styles.content}>
            <OfflineIcon className={css({ color: "brand.error" })} />
            <Dialog.Title className={styles.title}>
              <Trans>No Internet Connection</Trans>
            </Dialog.Title>
            <Dialog.Description className={styles.description}>
              <Trans>
                You are not connected to the internet. Please connect to the internet and try again.
              </Trans>
            </Dialog.Description>
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
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
