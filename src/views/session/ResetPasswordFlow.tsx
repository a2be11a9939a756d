import type { I18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { type ReactNode, useMemo } from "react";
import type { ActorRefFrom } from "xstate";
import { createAccountLogic } from "../../app/live/account.ts";
import { createSecurityQuestionsLogic } from "../../app/live/security-questions.ts";
import { useFeature } from "../../app/logic.tsx";
import type { FormField } from "../../domain/forms.ts";
import {
  isSecurityQuestionId,
  type SecurityQuestionId,
  securityAnswerLimits,
} from "../../domain/identity.ts";
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
  const { forms } = useFeature(createAccountLogic);
  const { resetQuestions } = useFeature(createSecurityQuestionsLogic);
  const questions = useActorRef(resetQuestions, { input: { token } });
  return (
    <ResetQuestionsView questions={questions}>
      {(extraFields, fieldLabel) => (
        <FormFlow
          logic={forms.resetPassword}
          method="RESET_PASSWORD"
          submitLabel={submitLabel}
          hidden={{ token }}
          extraFields={extraFields}
          fieldLabel={fieldLabel}
          done={done}
          {...(extra ? { extra } : {})}
        />
      )}
    </ResetQuestionsView>
  );
}

/**
 * Waits for the link's questions, then renders the form with an answer field for each. The fields
 * keep the question ids; `fieldLabel` words each question when it renders, in the language the rider
 * reads now, so a change of language relabels them without touching what was typed.
 */
export function ResetQuestionsView({
  questions,
  children,
}: {
  questions: ActorRefFrom<typeof resetQuestionsMachine>;
  children: (extraFields: FormField[], fieldLabel: (field: FormField) => string) => ReactNode;
}) {
  const { i18n } = useLingui();
  const ready = useSelector(questions, (snapshot) => snapshot.matches("ready"));
  const questionIds = useSelector(questions, (snapshot) => snapshot.context.questionIds);
  const extraFields = useMemo(() => answerFields(questionIds), [questionIds]);
  if (!ready) {
    return (
      <p role="status">
        <Trans>Loading the form…</Trans>
      </p>
    );
  }
  return <>{children(extraFields, (field) => answerLabel(i18n, field))}</>;
}

/** The question a field answers, when it is a security answer field (`security_answer.<id>`). */
function answeredQuestion(field: Pick<FormField, "key">): SecurityQuestionId | null {
  if (!field.key.startsWith(securityAnswerPrefix)) return null;
  const id = field.key.slice(securityAnswerPrefix.length);
  return isSecurityQuestionId(id) ? id : null;
}

/** A field's label in the rider's language now: a security answer's is its question, others their own. */
function answerLabel(i18n: I18n, field: FormField): string {
  const question = answeredQuestion(field);
  return question ? i18n._(securityQuestionText(question)) : field.label;
}

/**
 * One required answer field per question. Its label is the question's id, never a text: the view words
 * it at render time (answerLabel), so it follows the language.
 */
function answerFields(ids: SecurityQuestionId[]): FormField[] {
  return ids.map((id) => ({
    key: `${securityAnswerPrefix}${id}`,
    label: id,
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
