import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import type { accountDeletionMachine } from "../../machines/accountDeletion.machine.ts";
import type { formMachine } from "../../machines/form.machine.ts";
import { Sheet, SheetDescription, SheetTitle } from "../../ui/Sheet.tsx";
import { ServerForm } from "../shared/ServerForm.tsx";

const box = css({ display: "grid", gap: "4", maxWidth: "36rem", justifyItems: "start" });
const question = css({ display: "grid", gap: "4" });

/**
 * "Delete my account": a warning and a red button; the question, with the password, opens in a
 * centred alert dialog that "Keep my account" or Escape closes.
 */
export function AccountDeletionView({
  accountDeletion,
}: {
  accountDeletion: ActorRefFrom<typeof accountDeletionMachine>;
}) {
  const { t } = useLingui();
  const confirming = useSelector(accountDeletion, (snapshot) => snapshot.matches("confirming"));
  const deleted = useSelector(accountDeletion, (snapshot) => snapshot.matches("deleted"));
  const form = useSelector(accountDeletion, (snapshot) => snapshot.children.confirmForm) as
    | ActorRefFrom<typeof formMachine>
    | undefined;
  const cancel = () => accountDeletion.send({ type: "deletion.cancel" });

  if (deleted) {
    return (
      <p role="status">
        <Trans>Your account was deleted.</Trans>
      </p>
    );
  }
  return (
    <div className={box}>
      <p>
        <Trans>
          Deleting your account removes your personal details and signs you out everywhere. Your fare cards
          are unlinked. This cannot be undone.
        </Trans>
      </p>
      <button
        type="button"
        className={button({ variant: "danger" })}
        onClick={() => accountDeletion.send({ type: "deletion.start" })}
      >
        <Trans>Delete my account</Trans>
      </button>
      <Sheet open={confirming} onDismiss={cancel} placement="center" role="alertdialog">
        {(styles) => (
          <div className={question}>
            <SheetTitle className={styles.title}>
              <Trans>Delete your account?</Trans>
            </SheetTitle>
            <SheetDescription className={styles.description}>
              <Trans>
                This cannot be undone: your personal details are removed, you are signed out everywhere and
                your fare cards are unlinked. Enter your password to delete your account.
              </Trans>
            </SheetDescription>
            {form ? (
              <ServerForm form={form} submitLabel={t`Delete my account`} submitVariant="danger" />
            ) : null}
            <button type="button" className={button({ variant: "outline" })} onClick={cancel}>
              <Trans>Keep my account</Trans>
            </button>
          </div>
        )}
      </Sheet>
    </div>
  );
}
