import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { ErrorCode } from "../../domain/envelope.ts";
import { cardNicknameMaxLength } from "../../domain/transit/cards.ts";
import type { cardLinkMachine, LinkDraft, LinkFailure } from "../../machines/cardLink.machine.ts";
import { problemText, TextField } from "../account/paymentParts.tsx";
import { errorLine } from "../shared/fieldStyles.ts";
import { SubmitRow } from "../shared/SubmitRow.tsx";

type CardLinkRef = ActorRefFrom<typeof cardLinkMachine>;

/** Spec section 8's card linking refusals, and throttling. */
function linkFailureText(i18n: I18n, failure: LinkFailure): string {
  switch (failure.code) {
    case ErrorCode.cardNoMatch:
      return i18n._(msg`No matches found. Check the card number and security code and try again.`);
    case ErrorCode.cardMultipleMatches:
      return i18n._(msg`More than one match found. Please contact customer service to link this card.`);
    case ErrorCode.cardAlreadyLinked:
      return i18n._(msg`This card is already linked to an account.`);
    case ErrorCode.cardBlocked:
      return i18n._(msg`The selected card is blocked and cannot be linked.`);
    case ErrorCode.notFound:
      return i18n._(msg`Card not found.`);
    case ErrorCode.rateLimited: {
      const minutes = failure.retryMinutes ?? 1;
      return i18n._(
        plural(minutes, {
          one: "Too many attempts, try again in # minute",
          other: "Too many attempts, try again in # minutes",
        }),
      );
    }
    default:
      return i18n._(msg`The card could not be linked. Please try again.`);
  }
}

/**
 * The fields of "Link a card" (LinkCardDialog.tsx): card number, security code, an optional nickname,
 * the refusal and the submit row. Its own chunk, with the field parts, loaded when the dialog opens.
 */
export function LinkCardFields({ link }: { link: CardLinkRef }) {
  const { t, i18n } = useLingui();
  const linking = useSelector(link, (s) => s.matches("linking"));
  const draft = useSelector(link, (s) => s.context.draft);
  const problems = useSelector(link, (s) => s.context.problems);
  const failure = useSelector(link, (s) => s.context.failure);
  const cancel = () => link.send({ type: "link.cancel" });
  const change = (values: Partial<LinkDraft>) => link.send({ type: "link.change", values });
  const labels = { number: t`Card number`, code: t`Security code`, nickname: t`Nickname (optional)` };
  const problem = (key: keyof LinkDraft) => {
    const found = problems[key];
    return found ? problemText(i18n, found, labels[key], cardNicknameMaxLength) : null;
  };
  return (
    <>
      <TextField
        label={labels.number}
        name="card_number"
        value={draft.number}
        problem={problem("number")}
        inputMode="numeric"
        autoComplete="off"
        placeholder="6000 0000 0000 0000"
        onChange={(number) => change({ number })}
      />
      <TextField
        label={labels.code}
        name="security_code"
        value={draft.code}
        problem={problem("code")}
        inputMode="numeric"
        autoComplete="off"
        onChange={(code) => change({ code })}
      />
      <TextField
        label={labels.nickname}
        name="nickname"
        value={draft.nickname}
        problem={problem("nickname")}
        required={false}
        onChange={(nickname) => change({ nickname })}
      />
      {failure ? (
        <p role="alert" className={errorLine} data-testid="link-failure">
          {linkFailureText(i18n, failure)}
        </p>
      ) : null}
      <SubmitRow
        className={css({ display: "flex", flexWrap: "wrap", gap: "3" })}
        busy={linking}
        submitLabel={<Trans>Link card</Trans>}
        onCancel={cancel}
      />
    </>
  );
}
