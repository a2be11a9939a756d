import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { deviceNicknameMaxLength } from "../../domain/transit/passes.ts";
import { type devicesMachine, selectTarget } from "../../machines/devices.machine.ts";
import { Sheet, SheetDescription, SheetTitle } from "../../ui/Sheet.tsx";
import { errorLine, problemText, TextField } from "../account/paymentParts.tsx";
import { ConfirmDialog } from "../shared/ConfirmDialog.tsx";
import { LoadFailed } from "../shared/LoadFailed.tsx";
import { selectListPhase } from "../shared/listPhase.ts";
import { rowItem, rowList } from "../shared/listStyles.ts";
import { NothingHere } from "../shared/NothingHere.tsx";
import { card } from "../shared/Screen.tsx";
import { SubmitRow } from "../shared/SubmitRow.tsx";

type DevicesRef = ActorRefFrom<typeof devicesMachine>;

const facts = css({
  display: "grid",
  gridTemplateColumns: "auto minmax(0, 1fr)",
  columnGap: "4",
  rowGap: "1",
  "& dt": { color: "muted" },
});
const actions = css({ display: "flex", flexWrap: "wrap", gap: "2" });

/** /account/devices: the rider's phones (nickname, model, tickets), renamed and removed. */
export function DevicesView({ devices }: { devices: DevicesRef }) {
  const phase = useSelector(devices, selectListPhase);
  switch (phase) {
    case "loading":
      return (
        <p role="status">
          <Trans>Loading your devices…</Trans>
        </p>
      );
    case "empty":
      return (
        <NothingHere>
          <Trans>
            You have no devices yet. Sign in to the mobile app on your phone to keep passes on it.
          </Trans>
        </NothingHere>
      );
    case "failed":
      return (
        <LoadFailed onRetry={() => devices.send({ type: "devices.retry" })}>
          <Trans>Your devices could not be loaded. Check your connection and try again.</Trans>
        </LoadFailed>
      );
    case "shown":
      return <DeviceList devices={devices} />;
  }
}

function DeviceList({ devices }: { devices: DevicesRef }) {
  const { t } = useLingui();
  const entries = useSelector(devices, (snapshot) => snapshot.context.devices);
  const failure = useSelector(devices, (snapshot) => snapshot.context.failure);
  return (
    <section className={card} aria-labelledby="devices-title">
      <h2 id="devices-title" className={css({ fontSize: "xl", fontWeight: "bold" })}>
        <Trans>Your devices</Trans>
      </h2>
      {failure?.kind === "remove" ? (
        <p role="alert" className={errorLine}>
          <Trans>Device removed failed.</Trans>
        </p>
      ) : null}
      <ul className={rowList}>
        {entries.map((device) => (
          <li key={device.id} className={rowItem} data-testid="device" data-device-id={device.id}>
            <div className={css({ display: "grid", gap: "2" })}>
              <h3 className={css({ fontWeight: "bold", fontSize: "lg", overflowWrap: "anywhere" })}>
                {device.nickname}
              </h3>
              <dl className={facts}>
                <dt>
                  <Trans>Phone model</Trans>
                </dt>
                <dd>{device.model}</dd>
                <dt>
                  <Trans>Tickets</Trans>
                </dt>
                <dd data-testid="tickets">{device.tickets}</dd>
              </dl>
            </div>
            <div className={actions}>
              <button
                type="button"
                className={button({ variant: "outline" })}
                aria-label={t`Edit ${device.nickname}`}
                onClick={() => devices.send({ type: "edit.open", id: device.id })}
              >
                <Trans>Edit</Trans>
              </button>
              <button
                type="button"
                className={button({ variant: "outline" })}
                aria-label={t`Remove ${device.nickname}`}
                onClick={() => devices.send({ type: "remove.ask", id: device.id })}
              >
                <Trans>Remove</Trans>
              </button>
            </div>
          </li>
        ))}
      </ul>
      <EditDialog devices={devices} />
      <RemoveDialog devices={devices} />
    </section>
  );
}

/** The device's nickname, checked here and refused by the server with "Device update failed.". */
function EditDialog({ devices }: { devices: DevicesRef }) {
  const { t, i18n } = useLingui();
  const open = useSelector(devices, (s) => s.matches({ shown: "editing" }) || s.matches({ shown: "saving" }));
  const saving = useSelector(devices, (s) => s.matches({ shown: "saving" }));
  const nickname = useSelector(devices, (s) => s.context.nickname);
  const problem = useSelector(devices, (s) => s.context.problem);
  const failure = useSelector(devices, (s) => s.context.failure);
  const cancel = () => devices.send({ type: "edit.cancel" });
  const label = t`Nickname`;
  return (
    <Sheet open={open} onDismiss={() => !saving && cancel()} placement="center">
      {(styles) => (
        <form
          noValidate
          className={css({ display: "grid", gap: "4" })}
          onSubmit={(event) => {
            event.preventDefault();
            devices.send({ type: "edit.submit" });
          }}
        >
          <SheetTitle className={styles.title}>
            <Trans>Edit device</Trans>
          </SheetTitle>
          <SheetDescription className={styles.description}>
            <Trans>The name this phone goes by in your account.</Trans>
          </SheetDescription>
          <TextField
            label={label}
            name="nickname"
            value={nickname}
            problem={problem ? problemText(i18n, problem, label, deviceNicknameMaxLength) : null}
            onChange={(value) => devices.send({ type: "edit.change", nickname: value })}
          />
          {failure?.kind === "update" ? (
            <p role="alert" className={errorLine}>
              <Trans>Device update failed.</Trans>
            </p>
          ) : null}
          <SubmitRow className={actions} busy={saving} submitLabel={<Trans>Save</Trans>} onCancel={cancel} />
        </form>
      )}
    </Sheet>
  );
}

/** "Remove this device?": its passes go back to the cloud. */
function RemoveDialog({ devices }: { devices: DevicesRef }) {
  const open = useSelector(
    devices,
    (s) => s.matches({ shown: "confirming" }) || s.matches({ shown: "removing" }),
  );
  const removing = useSelector(devices, (s) => s.matches({ shown: "removing" }));
  const target = useSelector(devices, selectTarget);
  const cancel = () => devices.send({ type: "remove.cancel" });
  const name = target?.nickname ?? "";
  return (
    <ConfirmDialog
      open={open}
      busy={removing}
      title={<Trans>Remove {name}?</Trans>}
      confirmLabel={<Trans>Remove device</Trans>}
      busyLabel={<Trans>Please wait…</Trans>}
      cancelLabel={<Trans>Keep device</Trans>}
      onConfirm={() => devices.send({ type: "remove.confirm" })}
      onCancel={() => !removing && cancel()}
    >
      <Trans>
        The passes on this device go back to the cloud, where you can send them to another device.
      </Trans>
    </ConfirmDialog>
  );
}
