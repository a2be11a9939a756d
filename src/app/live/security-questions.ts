import { msg } from "@lingui/core/macro";
import { fromPromise } from "xstate";
import { addNoticeTexts, type NoticeTexts } from "../../i18n/notices.ts";
import { resetQuestionsMachine } from "../../machines/resetQuestions.machine.ts";
import { securityQuestionsMachine } from "../../machines/securityQuestions.machine.ts";
import { createSecurityQuestionsService } from "../../services/security-questions.service.ts";
import type { LiveDeps } from "./deps.ts";

/** Security questions (issue 14): the rider's on /account/security, and those a reset link asks. */
export interface SecurityQuestionsLogic {
  securityQuestions: typeof securityQuestionsMachine;
  resetQuestions: typeof resetQuestionsMachine;
}

/** The notices this feature announces (src/i18n/notices.ts). */
export const securityQuestionsNotices = {
  securityQuestionsSaved: msg`Security questions saved.`,
} satisfies NoticeTexts;

export function createSecurityQuestionsLogic(deps: LiveDeps): SecurityQuestionsLogic {
  addNoticeTexts(securityQuestionsNotices);
  const service = createSecurityQuestionsService(
    deps.http,
    () => deps.config()?.apiBases.accounts ?? "/accounts",
  );
  return {
    securityQuestions: securityQuestionsMachine.provide({
      actors: {
        loadQuestions: fromPromise(() => service.state()),
        saveQuestions: fromPromise(({ input }) => service.save(input.password, input.answers)),
      },
      actions: {
        notifySaved: () => deps.bus.send({ type: "notify.success", code: "securityQuestionsSaved" }),
      },
    }),
    resetQuestions: resetQuestionsMachine.provide({
      actors: { loadResetQuestions: fromPromise(({ input }) => service.resetQuestions(input.token)) },
    }),
  };
}
