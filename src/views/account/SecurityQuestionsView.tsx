import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { securityQuestionText } from "../../i18n/security-questions.ts";
import type { securityQuestionsMachine } from "../../machines/securityQuestions.machine.ts";
import { shownOnDemand } from "../shared/PartLoading.tsx";

type Actor = ActorRefFrom<typeof securityQuestionsMachine>;

const stack = css({ display: "flex", flexDirection: "column", gap: "4" });

/** The form and its selects (./SecurityQuestionsForm.tsx) download when the rider first opens it. */
const SecurityQuestionsForm = shownOnDemand(() =>
  import("./SecurityQuestionsForm.tsx").then((module) => module.SecurityQuestionsForm),
);

/**
 * The rider's security questions (issue 14): the chosen questions (never their answers) and a form to
 * choose and answer them again, each question once, with the current password.
 */
export function SecurityQuestionsView({ questions }: { questions: Actor }) {
  const { i18n } = useLingui();
  const loading = useSelector(questions, (snapshot) => snapshot.matches("loading"));
  const failed = useSelector(questions, (snapshot) => snapshot.matches("failed"));
  const editing = useSelector(
    questions,
    (snapshot) => snapshot.matches("editing") || snapshot.matches("saving"),
  );
  const state = useSelector(questions, (snapshot) => snapshot.context.state);
  const off = useSelector(questions, (snapshot) => snapshot.matches("off"));
  if (off) {
    return (
      <p>
        <Trans>
          This agency does not use security questions: your password and two-factor authentication protect
          your account.
        </Trans>
      </p>
    );
  }
  if (loading) {
    return (
      <p role="status">
        <Trans>Loading your security questions…</Trans>
      </p>
    );
  }
  if (failed) {
    return (
      <div role="alert" className={stack}>
        <p>
          <Trans>Your security questions could not be loaded.</Trans>
        </p>
        <div>
          <button
            type="button"
            className={button({ variant: "outline" })}
            onClick={() => questions.send({ type: "questions.retry" })}
          >
            <Trans>Retry</Trans>
          </button>
        </div>
      </div>
    );
  }
  if (editing) return <SecurityQuestionsForm questions={questions} />;
  const chosen = state?.question_ids ?? [];
  return (
    <div className={stack} data-state="viewing">
      {chosen.length === 0 ? (
        <p>
          <Trans>
            Choose {state?.count ?? 0} security questions: we ask them when you reset your password.
          </Trans>
        </p>
      ) : (
        <>
          <p>
            <Trans>We ask these questions when you reset your password:</Trans>
          </p>
          <ol
            className={css({
              listStyle: "decimal",
              pl: "6",
              display: "flex",
              flexDirection: "column",
              gap: "1",
            })}
          >
            {chosen.map((id) => (
              <li key={id}>{i18n._(securityQuestionText(id))}</li>
            ))}
          </ol>
        </>
      )}
      <div>
        <button type="button" className={button()} onClick={() => questions.send({ type: "questions.edit" })}>
          {chosen.length === 0 ? (
            <Trans>Set security questions</Trans>
          ) : (
            <Trans>Change security questions</Trans>
          )}
        </button>
      </div>
    </div>
  );
}
