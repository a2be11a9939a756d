import { Trans, useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { type ReactNode, useMemo } from "react";
import { useScreenLogic } from "../../app/logic.tsx";
import type { FormField } from "../../domain/forms.ts";
import { type SecurityQuestionId, securityAnswerLimits } from "../../domain/identity.ts";
import { securityAnswerPrefix } from "../../domain/security-questions.ts";
import { securityQuestionText } from "../../i18n/security-questions.ts";
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
  const { i18n } = useLingui();
  const { forms, resetQuestions } = useScreenLogic();
  const questions = useActorRef(resetQuestions, { input: { token } });
  const ready = useSelector(questions, (snapshot) => snapshot.matches("ready"));
  const questionIds = useSelector(questions, (snapshot) => snapshot.context.questionIds);
  const extraFields = useMemo(
    () => questionIds.map((id) => answerField(id, i18n._(securityQuestionText(id)))),
    [questionIds, i18n],
  );
  if (!ready) {
    return (
      <p role="status">
        <Trans>Loading the form…</Trans>
      </p>
    );
  }
  return (
    <FormFlow
      logic={forms.resetPassword}
      method="RESET_PASSWORD"
      submitLabel={submitLabel}
      hidden={{ token }}
      extraFields={extraFields}
      done={done}
      {...(extra ? { extra } : {})}
    />
  );
}

function answerField(id: SecurityQuestionId, label: string): FormField {
  return {
    key: `${securityAnswerPrefix}${id}`,
    label,
    type: "text",
    value: "",
    required: true,
    min_length: securityAnswerLimits.min,
    max_length: securityAnswerLimits.max * 2,
    pattern: null,
    input_pattern: null,
    match_field: null,
    autocomplete: "off",
  };
}
