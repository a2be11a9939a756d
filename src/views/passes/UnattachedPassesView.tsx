import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { Link } from "wouter";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { ErrorCode } from "../../domain/envelope.ts";
import { selectTargetPass, type unattachedPassesMachine } from "../../machines/unattachedPasses.machine.ts";
import { Sheet, SheetDescription, SheetTitle } from "../../ui/Sheet.tsx";
import { RiderType } from "../fare-cards/CardParts.tsx";
import { passStatusText } from "../fare-cards/cardText.ts";
import { useDates } from "../shared/dates.ts";
import { errorLine } from "../shared/fieldStyles.ts";
import { LoadFailed } from "../shared/LoadFailed.tsx";
import { selectListPhase } from "../shared/listPhase.ts";
import { rowItem, rowList } from "../shared/listStyles.ts";
import { NothingHere } from "../shared/NothingHere.tsx";
import { card, textLink } from "../shared/Screen.tsx";
import { expiryText, remainingText } from "./passText.ts";

type UnattachedRef = ActorRefFrom<typeof unattachedPassesMachine>;

const muted = css({ color: "muted" });
const choices = css({
  display: "grid",
  gap: "2",
  border: "none",
  p: "0",
  m: "0",
  "& label": {
    display: "flex",
    alignItems: "center",
    gap: "3",
    minHeight: "11",
    px: "3",
    py: "2",
    borderWidth: "1px",
    borderColor: "border",
    borderRadius: "md",
    cursor: "pointer",
  },
  "& input": { width: "5", height: "5", flexShrink: 0, accentColor: "token(colors.brand.button)" },
});

/** /account/unattachedpasses: passes on no fare card, each attachable to one of the rider's active cards. */
export function UnattachedPassesView({ unattached }: { unattached: UnattachedRef }) {
  const phase = useSelector(unattached, selectListPhase);
  switch (phase) {
    case "loading":
      return (
        <p role="status">
          <Trans>Loading your unattached passes…</Trans>
        </p>
      );
    case "empty":
      return (
        <NothingHere>
          <Trans>You have no unattached passes: every pass you bought is on a fare card.</Trans>
        </NothingHere>
      );
    case "failed":
      return (
        <LoadFailed onRetry={() => unattached.send({ type: "passes.retry" })}>
          <Trans>Your passes could not be loaded. Check your connection and try again.</Trans>
        </LoadFailed>
      );
    case "shown":
      return <PassList unattached={unattached} />;
  }
}

function PassList({ unattached }: { unattached: UnattachedRef }) {
  const { t, i18n } = useLingui();
  const dates = useDates();
  const passes = useSelector(unattached, (s) => s.context.passes);
  return (
    <section className={card} aria-labelledby="unattached-title">
      <h2 id="unattached-title" className={css({ fontSize: "xl", fontWeight: "bold" })}>
        <Trans>Passes on no fare card</Trans>
      </h2>
      <ul className={rowList}>
        {passes.map((pass) => (
          <li key={pass.id} className={rowItem} data-testid="unattached-pass">
            <div className={css({ display: "grid", gap: "1" })}>
              <h3 className={css({ fontWeight: "bold", fontSize: "lg" })}>{pass.name}</h3>
              <span className={muted}>
                {passStatusText(i18n, pass.status)} · <Trans>Rides left: {remainingText(i18n, pass)}</Trans>
              </span>
              {pass.expires_at || pass.valid_days ? (
                <span className={muted}>
                  <Trans>Expires {expiryText(i18n, pass, dates.day)}</Trans>
                </span>
              ) : null}
            </div>
            <button
              type="button"
              className={button()}
              aria-label={t`Attach to a fare card: ${pass.name}`}
              onClick={() => unattached.send({ type: "attach.open", id: pass.id })}
            >
              <Trans>Attach to a fare card</Trans>
            </button>
          </li>
        ))}
      </ul>
      <AttachDialog unattached={unattached} />
    </section>
  );
}

function AttachDialog({ unattached }: { unattached: UnattachedRef }) {
  const open = useSelector(
    unattached,
    (s) => s.matches({ shown: "choosing" }) || s.matches({ shown: "attaching" }),
  );
  const attaching = useSelector(unattached, (s) => s.matches({ shown: "attaching" }));
  const pass = useSelector(unattached, selectTargetPass);
  const cards = useSelector(unattached, (s) => s.context.cards);
  const chosen = useSelector(unattached, (s) => s.context.card);
  const failure = useSelector(unattached, (s) => s.context.failure);
  const cancel = () => unattached.send({ type: "attach.cancel" });
  const name = pass?.name ?? "";
  return (
    <Sheet open={open} onDismiss={() => !attaching && cancel()} placement="center">
      {(styles) => (
        <form
          className={css({ display: "grid", gap: "4" })}
          onSubmit={(event) => {
            event.preventDefault();
            unattached.send({ type: "attach.confirm" });
          }}
        >
          <SheetTitle className={styles.title}>
            <Trans>Attach {name}</Trans>
          </SheetTitle>
          <SheetDescription className={styles.description}>
            <Trans>Choose the fare card this pass goes on. It must be for the pass's rider type.</Trans>
          </SheetDescription>
          {cards.length === 0 ? (
            <p>
              <Trans>
                You have no active fare card.{" "}
                <Link href="/faremedia" className={textLink}>
                  Link a card
                </Link>{" "}
                first.
              </Trans>
            </p>
          ) : (
            <fieldset className={choices} aria-describedby={failure ? "attach-failure" : undefined}>
              <legend className={css({ mb: "2", fontWeight: "semibold" })}>
                <Trans>Fare card</Trans>
              </legend>
              {cards.map((entry) => (
                <label key={entry.faremedia_id}>
                  <input
                    type="radio"
                    name="fare_medium"
                    value={entry.faremedia_id}
                    checked={chosen === entry.faremedia_id}
                    disabled={attaching}
                    onChange={() => unattached.send({ type: "card.choose", id: entry.faremedia_id })}
                  />
                  <span className={css({ display: "grid" })}>
                    <span className={css({ fontWeight: "semibold" })}>{entry.nickname}</span>
                    <span className={muted}>
                      {entry.printed_card_number} · <RiderType code={entry.rider_type} />
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          {failure ? (
            <p id="attach-failure" role="alert" className={errorLine}>
              {failure.code === ErrorCode.passNotEligible ? (
                <Trans>The selected passes are not eligible for this fare media.</Trans>
              ) : failure.code === ErrorCode.fareCardUnavailable ? (
                <Trans>This fare card cannot take passes now. Choose another card.</Trans>
              ) : failure.code === ErrorCode.passNotMovable ? (
                <Trans>This pass can no longer be attached.</Trans>
              ) : (
                <Trans>The pass could not be attached. Please try again.</Trans>
              )}
            </p>
          ) : null}
          <div className={css({ display: "flex", flexWrap: "wrap", gap: "3" })}>
            <button
              type="submit"
              className={button()}
              disabled={attaching || chosen === null}
              aria-busy={attaching}
            >
              {attaching ? <Trans>Please wait…</Trans> : <Trans>Attach pass</Trans>}
            </button>
            <button
              type="button"
              className={button({ variant: "outline" })}
              disabled={attaching}
              onClick={cancel}
            >
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      )}
    </Sheet>
  );
}
