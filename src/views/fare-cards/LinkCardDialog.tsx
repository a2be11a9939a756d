import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import type { cardLinkMachine } from "../../machines/cardLink.machine.ts";
import { Sheet, SheetClose, SheetDescription, SheetTitle } from "../../ui/Sheet.tsx";
import { shownOnDemand } from "../shared/PartLoading.tsx";

type CardLinkRef = ActorRefFrom<typeof cardLinkMachine>;

/** The dialog's fields (./LinkCardFields.tsx), downloaded when the dialog first opens. */
const LinkCardFields = shownOnDemand(() =>
  import("./LinkCardFields.tsx").then((module) => module.LinkCardFields),
);

/** The "Link a card" button and its dialog: card number, security code and an optional nickname. */
export function LinkCardDialog({ link }: { link: CardLinkRef }) {
  const { t } = useLingui();
  const open = useSelector(link, (s) => !s.matches("closed"));
  const cancel = () => link.send({ type: "link.cancel" });
  return (
    <>
      <button type="button" className={button()} onClick={() => link.send({ type: "link.open" })}>
        <Trans>Link a card</Trans>
      </button>
      <Sheet open={open} onDismiss={cancel} placement="center">
        {(styles) => (
          <form
            noValidate
            className={css({ display: "grid", gap: "4" })}
            onSubmit={(event) => {
              event.preventDefault();
              link.send({ type: "link.submit" });
            }}
          >
            <SheetClose styles={styles} label={t`Close`} />
            <SheetTitle className={styles.title}>
              <Trans>Link a card</Trans>
            </SheetTitle>
            <SheetDescription className={styles.description}>
              <Trans>Type the 16-digit number printed on the card and the security code on its back.</Trans>
            </SheetDescription>
            <LinkCardFields link={link} />
          </form>
        )}
      </Sheet>
    </>
  );
}
