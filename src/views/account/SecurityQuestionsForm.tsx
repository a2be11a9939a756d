import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useMemo } from "react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { ErrorCode } from "../../domain/envelope.ts";
import { securityAnswerLimits } from "../../domain/identity.ts";
import { apiErrorMessage } from "../../i18n/forms.ts";
import { securityQuestionText } from "../../i18n/security-questions.ts";
import {
  type DraftRow,
  questionsFor,
  type RowProblem,
  type securityQuestionsMachine,
} from "../../machines/securityQuestions.machine.ts";
import { SelectField } from "../../ui/SelectField.tsx";
import { errorLine, fieldColumn, fieldError, fieldInput } from "../shared/fieldStyles.ts";
import { SubmitRow } from "../shared/SubmitRow.tsx";

type Actor = ActorRefFrom<typeof securityQuestionsMachine>;

/*
 * The form of the security questions (SecurityQuestionsView.tsx), with Ark's select for each question:
 * its own chunk, loaded when the rider first opens the form, not with the settings page that lists them.
 */

/** The edit form keeps a readable width on a desktop, like the other account forms. */
const formColumn = css({ display: "flex", flexDirection: "column", gap: "4", maxWidth: "36rem" });
const actions = css({ display: "flex", flexWrap: "wrap", gap: "3" });

function problemText(i18n: I18n, problem: RowProblem): string {
  switch (problem) {
    case "chooseQuestion":
      return i18n._(msg`Choose a question.`);
    case "repeatedQuestion":
      return i18n._(msg`Choose a different question for each answer.`);
    case "tooShort":
      return i18n._(msg`An answer needs at least ${securityAnswerLimits.min} characters.`);
    case "tooLong":
      return i18n._(msg`An answer can have at most ${securityAnswerLimits.max} characters.`);
    case "invalidCharacters":
      return i18n._(msg`An answer can only be one line of text.`);
  }
}

export function SecurityQuestionsForm({ questions }: { questions: Actor }) {
  const { t } = useLingui();
  const { i18n } = useLingui();
  const rows = useSelector(questions, (snapshot) => snapshot.context.rows);
  const problems = useSelector(questions, (snapshot) => snapshot.context.rowProblems);
  const password = useSelector(questions, (snapshot) => snapshot.context.password);
  const passwordMissing = useSelector(questions, (snapshot) => snapshot.context.passwordMissing);
  const error = useSelector(questions, (snapshot) => snapshot.context.error);
  const saving = useSelector(questions, (snapshot) => snapshot.matches("saving"));
  const wrongPassword = error === ErrorCode.loginMismatch;
  const passwordProblem = passwordMissing
    ? t`Enter your current password.`
    : wrongPassword
      ? t`Invalid password`
      : null;
  return (
    <form
      noValidate
      className={formColumn}
      data-state={saving ? "saving" : "editing"}
      aria-label={t`Security questions`}
      onSubmit={(event) => {
        event.preventDefault();
        questions.send({ type: "questions.save" });
      }}
    >
      {error !== null && !wrongPassword ? (
        <p role="alert" className={errorLine}>
          {apiErrorMessage(i18n, error)}
        </p>
      ) : null}
      {rows.map((row, index) => (
        <QuestionRow
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are fixed positions 1..count
          key={index}
          index={index}
          row={row}
          rows={rows}
          problem={problems[index] ?? null}
          questions={questions}
        />
      ))}
      <div className={fieldColumn}>
        <label htmlFor="security-password" className={css({ fontWeight: "semibold" })}>
          <Trans>Current password</Trans>
        </label>
        <input
          id="security-password"
          className={fieldInput}
          type="password"
          name="current-password"
          autoComplete="current-password"
          required
          value={password}
          aria-invalid={passwordProblem !== null ? true : undefined}
          data-invalid={passwordProblem !== null ? "" : undefined}
          aria-describedby={passwordProblem !== null ? "security-password-error" : undefined}
          onChange={(event) =>
            questions.send({ type: "questions.password", password: event.currentTarget.value })
          }
        />
        {passwordProblem !== null ? (
          <p id="security-password-error" className={fieldError}>
            {passwordProblem}
          </p>
        ) : null}
      </div>
      <SubmitRow
        className={actions}
        busy={saving}
        submitLabel={<Trans>Save</Trans>}
        onCancel={() => questions.send({ type: "questions.cancel" })}
      />
    </form>
  );
}

function QuestionRow({
  index,
  row,
  rows,
  problem,
  questions,
}: {
  index: number;
  row: DraftRow;
  rows: DraftRow[];
  problem: RowProblem | null;
  questions: Actor;
}) {
  const { t, i18n } = useLingui();
  const offered = questionsFor(rows, index);
  const options = useMemo(
    () => offered.map((id) => ({ value: id, label: i18n._(securityQuestionText(id)) })),
    [offered, i18n],
  );
  const questionProblem = problem === "chooseQuestion" || problem === "repeatedQuestion" ? problem : null;
  const answerProblem = problem !== null && questionProblem === null ? problem : null;
  const number = index + 1;
  const questionErrorId = `security-question-${index}-error`;
  const answerId = `security-answer-${index}`;
  return (
    <div
      className={css({
        display: "flex",
        flexDirection: "column",
        gap: "2",
        borderTopWidth: index === 0 ? "0" : "1px",
        borderColor: "border",
        pt: index === 0 ? "0" : "4",
      })}
    >
      <SelectField
        options={options}
        value={row.question}
        onPick={(question) => questions.send({ type: "questions.choose", index, question })}
        label={<Trans>Security question {number}</Trans>}
        placeholder={t`Choose a question`}
        invalid={questionProblem !== null}
        describedBy={questionProblem ? questionErrorId : undefined}
        hiddenSelect={{}}
        classNames={{
          root: css({ display: "flex", flexDirection: "column", gap: "1", width: "100%" }),
          label: css({ fontWeight: "semibold" }),
          trigger: css({
            width: "100%",
            minHeight: "11",
            px: "3",
            display: "flex",
            alignItems: "center",
            justifyContent: "space-between",
            gap: "2",
            textAlign: "start",
            borderWidth: "1px",
            borderColor: questionProblem ? "brand.error" : "border",
            borderRadius: "md",
            bg: "surface",
            _focusVisible: { outline: "3px solid token(colors.focus)", outlineOffset: "1px" },
          }),
        }}
      />
      {questionProblem ? (
        <p id={questionErrorId} className={fieldError}>
          {problemText(i18n, questionProblem)}
        </p>
      ) : null}
      <div className={fieldColumn}>
        <label htmlFor={answerId} className={css({ fontWeight: "semibold" })}>
          <Trans>Answer {number}</Trans>
        </label>
        <input
          id={answerId}
          className={fieldInput}
          type="text"
          name={answerId}
          autoComplete="off"
          required
          maxLength={securityAnswerLimits.max * 2}
          value={row.answer}
          aria-invalid={answerProblem !== null ? true : undefined}
          data-invalid={answerProblem !== null ? "" : undefined}
          aria-describedby={
            answerProblem !== null ? `${answerId}-error ${answerId}-hint` : `${answerId}-hint`
          }
          onChange={(event) =>
            questions.send({ type: "questions.answer", index, answer: event.currentTarget.value })
          }
        />
        {answerProblem !== null ? (
          <p id={`${answerId}-error`} className={fieldError}>
            {problemText(i18n, answerProblem)}
          </p>
        ) : null}
        <p id={`${answerId}-hint`} className={css({ fontSize: "sm", color: "muted" })}>
          <Trans>
            {securityAnswerLimits.min} to {securityAnswerLimits.max} characters; capitals and spaces do not
            matter.
          </Trans>
        </p>
      </div>
    </div>
  );
}
