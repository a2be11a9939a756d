import { Trans } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { Link } from "wouter";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { ErrorCode } from "../../domain/envelope.ts";
import type { cardClaimMachine } from "../../machines/cardClaim.machine.ts";
import { errorLine } from "../shared/fieldStyles.ts";
import { card, textLink } from "../shared/Screen.tsx";

type CardClaimRef = ActorRefFrom<typeof cardClaimMachine>;

/** "Keep this card in an account" under a card opened on /manage-card; a fresh machine per session state. */
export function ClaimCardPanel({
  machine,
  signedIn,
}: {
  machine: typeof cardClaimMachine;
  signedIn: boolean;
}) {
  return <ClaimCardActions key={String(signedIn)} machine={machine} signedIn={signedIn} />;
}

function ClaimCardActions({ machine, signedIn }: { machine: typeof cardClaimMachine; signedIn: boolean }) {
  const actor = useActorRef(machine, { input: { signedIn } });
  return <ClaimCard actor={actor} />;
}

/** Why the card could not be added. */
function ClaimFailure({ code }: { code: number }) {
  switch (code) {
    case ErrorCode.cardAlreadyLinked:
      return <Trans>This card is already linked to an account.</Trans>;
    case ErrorCode.cardBlocked:
      return <Trans>This card is blocked and cannot be added to an account.</Trans>;
    case ErrorCode.cardNoMatch:
      return <Trans>Open the card again with its number and security code, then add it.</Trans>;
    default:
      return <Trans>The card could not be added. Please try again.</Trans>;
  }
}

export function ClaimCard({ actor }: { actor: CardClaimRef }) {
  const signedIn = useSelector(actor, (s) => s.context.signedIn);
  const busy = useSelector(actor, (s) => s.hasTag("busy"));
  const failure = useSelector(actor, (s) => s.context.failure);
  return (
    <section className={card} aria-labelledby="claim-card-title" data-testid="claim-card">
      <h3 id="claim-card-title" className={css({ fontSize: "lg", fontWeight: "bold" })}>
        <Trans>Keep this card in an account</Trans>
      </h3>
      <p>
        <Trans>
          In an account the card is listed with your others, and if it is lost you can block it and keep its
          balance.
        </Trans>
      </p>
      <div className={css({ display: "flex", flexWrap: "wrap", gap: "3", alignItems: "center" })}>
        <button
          type="button"
          className={button()}
          disabled={busy}
          aria-busy={busy}
          onClick={() => actor.send({ type: "claim.start" })}
        >
          {busy ? (
            <Trans>Please wait…</Trans>
          ) : signedIn ? (
            <Trans>Add to my account</Trans>
          ) : (
            <Trans>Sign in to add it</Trans>
          )}
        </button>
        {signedIn ? null : (
          <Link href="/signup" className={textLink}>
            <Trans>Create an account</Trans>
          </Link>
        )}
      </div>
      {failure === null ? null : (
        <p role="alert" className={errorLine}>
          <ClaimFailure code={failure} />
        </p>
      )}
    </section>
  );
}
