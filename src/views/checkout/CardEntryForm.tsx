import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { type ReactNode, useEffect, useRef } from "react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import type { CardDraft } from "../../machines/cardDraft.ts";
import type { cardEntryMachine } from "../../machines/cardEntry.machine.ts";
import { CardFields } from "../account/CardFormParts.tsx";
import { SubmitRow } from "../shared/SubmitRow.tsx";
import { errorText, failureMessage, muted } from "./parts.tsx";

export type CardEntryRef = ActorRefFrom<typeof cardEntryMachine>;

const wide = css({ gridColumn: { md: "span 2" } });
const largeHeading = css({ fontSize: "lg", fontWeight: "bold", outline: "none" });
const smallHeading = css({ fontSize: "md", fontWeight: "bold", outline: "none" });

/**
 * A card typed for one payment only (the checkout's and the loads'), drawn from the card entry machine
 * its parent runs: the heading takes the focus when the form opens (the button that opened it is
 * gone), the gateway's refusal is said above the fields, and "Use this card" waits for the checks.
 * "Cancel" is the parent's: leaving its card state stops the entry.
 */
export function CardEntryForm({
  entry,
  id,
  heading,
  note,
  headingSize = "lg",
  onCancel,
}: {
  entry: CardEntryRef;
  /** The heading's id, which names the form. */
  id: string;
  heading: ReactNode;
  note: ReactNode;
  /** The loads' form sits in a panel whose own heading is larger. */
  headingSize?: "md" | "lg";
  onCancel: () => void;
}) {
  const { i18n } = useLingui();
  const draft = useSelector(entry, (s) => s.context.card);
  const problems = useSelector(entry, (s) => s.context.problems);
  const failure = useSelector(entry, (s) => s.context.failure);
  const tokenizing = useSelector(entry, (s) => s.matches("tokenizing"));
  const checksLoading = useSelector(entry, (s) => s.matches("loading"));
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <form
      noValidate
      aria-labelledby={id}
      className={css({
        display: "grid",
        gap: "4",
        gridTemplateColumns: { base: "1fr", md: "repeat(2, minmax(0, 1fr))" },
      })}
      onSubmit={(event) => {
        event.preventDefault();
        entry.send({ type: "card.use" });
      }}
    >
      <h3
        id={id}
        ref={headingRef}
        tabIndex={-1}
        className={`${headingSize === "md" ? smallHeading : largeHeading} ${wide}`}
      >
        {heading}
      </h3>
      <p className={`${muted} ${wide}`}>{note}</p>
      {failure ? (
        <p role="alert" className={`${errorText} ${wide}`}>
          {failureMessage(i18n, { ...failure, declined: null }, () => null, false)}
        </p>
      ) : null}
      <CardFields
        card={draft}
        problems={problems}
        onChange={(values: Partial<CardDraft>) => entry.send({ type: "card.change", values })}
      />
      <SubmitRow
        as="p"
        className={`${css({ display: "flex", gap: "3", flexWrap: "wrap", alignItems: "center" })} ${wide}`}
        busy={tokenizing}
        waiting={checksLoading}
        submitLabel={<Trans>Use this card</Trans>}
        onCancel={onCancel}
      />
    </form>
  );
}
