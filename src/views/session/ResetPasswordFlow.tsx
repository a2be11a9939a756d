import type { I18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { type ReactNode, useMemo } from "react";
import type { ActorRefFrom } from "xstate";
import { useScreenLogic } from "../../app/logic.tsx";
import type { FormField } from "../../domain/forms.ts";
import { type SecurityQuestionId, securityAnswerLimits } from "../../domain/identity.ts";
import { securityAnswerPrefix } from "../../domain/security-questions.ts";
import { securityQuestionText } from "../../i18n/security-questions.ts";
import type { resetQuestionsMachine } from "../../machines/resetQuestions.machine.ts";
import { FormFlow } from "../shared/FormFlow.tsx";

/**
 * The reset form of an emailed link: first the security questions the link asks (issue 14), then the
 * server's form with one answer field per question, labelled by the question, under the new password.
 */
export function ResetPasswordFlow({
  token,
  submitLabel,
  done,
  extra,
}: {
  token: string;
  submitLabel: string;
  done: ReactNode;
  extra?: (error: number | null) => ReactNode;
}) {
  const { forms, resetQuestions } = useScreenLogic();
  const questions = useActorRef(resetQuestions, { input: { token } });
  return (
    <ResetQuestionsView questions={questions}>
      {(extraFields) => (
        <FormFlow
          logic={forms.resetPassword}
          method="RESET_PASSWORD"
          submitLabel={submitLabel}
          hidden={{ token }}
          extraFields={extraFields}
          done={done}
          {...(extra ? { extra } : {})}
        />
      )}
    </ResetQuestionsView>
  );
}

/** Waits for the link's questions, then renders the form with an answer field for each. */
export function ResetQuestionsView({
  questions,
  children,
}: {
  questions: ActorRefFrom<typeof resetQuestionsMachine>;
  children: (extraFields: FormField[]) => ReactNode;
}) {
  const { i18n } = useLingui();
  const ready = useSelector(questions, (snapshot) => snapshot.matches("ready"));
  const questionIds = useSelector(questions, (snapshot) => snapshot.context.questionIds);
  const extraFields = useMemo(() => answerFields(i18n, questionIds), [questionIds, i18n]);
  if (!ready) {
    return (
      <p role="status">
        <Trans>Loading the form…</Trans>
      </p>
    );
  }
  return <>{children(extraFields)}</>;
}

/** One required answer field per question, labelled by the question in the rider's language. */
export function answerFields(i18n: I18n, ids: SecurityQuestionId[]): FormField[] {
  return ids.map((id) => ({
    key: `${securityAnswerPrefix}${id}`,
    label: i18n._(securityQuestionText(id)),
    type: "text",
    value: "",
    required: true,
    min_length: securityAnswerLimits.min,
    max_length: securityAnswerLimits.max * 2,
    pattern: null,
    input_pattern: null,
    match_field: null,
    autocomplete: "off",
  }));
}
