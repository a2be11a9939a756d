import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import type { networkMachine } from "../../machines/network.machine.ts";
import { Sheet, SheetDescription, SheetTitle } from "../../ui/Sheet.tsx";
import { OfflineIcon } from "../shared/icons.tsx";

/** "No Internet Connection": a failed request never signs the rider out, it opens this. */
export function NetworkPopup({ network }: { network: ActorRefFrom<typeof networkMachine> }) {
  const open = useSelector(network, (snapshot) => snapshot.hasTag("popup"));
  const probing = useSelector(network, (snapshot) => snapshot.matches("probing"));

  return (
    <Sheet
      open={open}
      role="alertdialog"
      onDismiss={() => network.send({ type: "network.dismiss" })}
      placement="center"
    >
      {(styles) => (
        <>
          <OfflineIcon className={css({ color: "brand.error" })} />
          <SheetTitle className={styles.title}>
            <Trans>No Internet Connection</Trans>
          </SheetTitle>
          <SheetDescription className={styles.description}>
            <Trans>
              You are not connected to the internet. Please connect to the internet and try again.
            </Trans>
          </SheetDescription>
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
        </>
      )}
    </Sheet>
  );
}
