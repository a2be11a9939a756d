import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { type passMoveMachine, whereIs } from "../../machines/passMove.machine.ts";
import { errorLine } from "../shared/fieldStyles.ts";
import { immovableText } from "./passText.ts";

export type PassMoveRef = ActorRefFrom<typeof passMoveMachine>;

const box = css({ display: "grid", gap: "3" });
const heading = css({ fontSize: "lg", fontWeight: "bold" });
const choices = css({
  display: "grid",
  gap: "2",
  maxWidth: "32rem",
  border: "none",
  p: "0",
  m: "0",
  "& label": {
    display: "flex",
    alignItems: "center",
    gap: "3",
    minHeight: "11",
    px: "3",
    borderWidth: "1px",
    borderColor: "border",
    borderRadius: "md",
    cursor: "pointer",
  },
  "& input": { width: "5", height: "5", accentColor: "token(colors.brand.button)" },
});

/** "Send to cloud" or to one of the rider's devices, for an available pass; why not for the others. */
export function PassMoveView({ move }: { move: PassMoveRef }) {
  const { t, i18n } = useLingui();
  const phase = useSelector(move, (s) =>
    s.matches("immovable")
      ? "immovable"
      : s.matches("failed")
        ? "failed"
        : s.matches("loadingDevices")
          ? "loading"
          : "ready",
  );
  const pass = useSelector(move, (s) => s.context.pass);
  const devices = useSelector(move, (s) => s.context.devices);
  const destination = useSelector(move, (s) => s.context.destination);
  const failure = useSelector(move, (s) => s.context.failure);
  const moving = useSelector(move, (s) => s.matches("moving"));
  const here = whereIs(pass);
  const listed = devices.map((device) => ({ id: device.id, label: device.nickname }));
  // A device the list no longer has (removed meanwhile) still shows where the pass is.
  const current =
    here !== "cloud" && !devices.some((device) => device.id === here)
      ? [{ id: here, label: pass.device?.nickname ?? "" }]
      : [];
  const destinations = [{ id: "cloud", label: t`Cloud` }, ...current, ...listed];
  return (
    <section className={box} aria-labelledby="move-pass" data-testid="pass-move">
      <h3 id="move-pass" className={heading}>
        <Trans>Move this pass</Trans>
      </h3>
      {phase === "immovable" ? (
        <p role={failure === null ? undefined : "alert"} data-testid="immovable">
          {immovableText(i18n, failure === null ? pass.status : "available")}
        </p>
      ) : phase === "loading" ? (
        <p role="status">
          <Trans>Loading your devices…</Trans>
        </p>
      ) : phase === "failed" ? (
        <div role="alert" className={box}>
          <p className={errorLine}>
            <Trans>Your devices could not be loaded. Check your connection and try again.</Trans>
          </p>
          <p>
            <button type="button" className={button()} onClick={() => move.send({ type: "devices.retry" })}>
              <Trans>Try again</Trans>
            </button>
          </p>
        </div>
      ) : (
        <form
          className={box}
          onSubmit={(event) => {
            event.preventDefault();
            move.send({ type: "move.submit" });
          }}
        >
          <fieldset className={choices}>
            <legend className={css({ mb: "2" })}>
              <Trans>Where should the pass be?</Trans>
            </legend>
            {destinations.map((choice) => (
              <label key={choice.id}>
                <input
                  type="radio"
                  name="destination"
                  value={choice.id}
                  checked={(destination ?? here) === choice.id}
                  disabled={moving}
                  onChange={() => move.send({ type: "destination.choose", destination: choice.id })}
                />
                <span>
                  {choice.label}
                  {choice.id === here ? (
                    <span className={css({ color: "muted" })}>
                      {" "}
                      <Trans>(where it is now)</Trans>
                    </span>
                  ) : null}
                </span>
              </label>
            ))}
          </fieldset>
          {devices.length === 0 ? (
            <p className={css({ color: "muted" })}>
              <Trans>Sign in to the mobile app on a phone to send passes to it.</Trans>
            </p>
          ) : null}
          {failure !== null ? (
            <p role="alert" className={errorLine}>
              <Trans>The pass could not be moved. Please try again.</Trans>
            </p>
          ) : null}
          <p>
            <button
              type="submit"
              className={button()}
              disabled={moving || destination === null || destination === here}
              aria-busy={moving}
            >
              {moving ? <Trans>Please wait…</Trans> : <Trans>Move pass</Trans>}
            </button>
          </p>
        </form>
      )}
    </section>
  );
}
