import { fromPromise } from "xstate";
import { resetQuestionsMachine } from "../../machines/resetQuestions.machine.ts";
import { securityQuestionsMachine } from "../../machines/securityQuestions.machine.ts";
import { createSecurityQuestionsService } from "../../services/security-questions.service.ts";
import type { LiveDeps } from "./deps.ts";

/** Security questions (issue 14): the rider's on /account/security, and those a reset link asks. */
export interface SecurityQuestionsLogic {
  securityQuestions: typeof securityQuestionsMachine;
  resetQuestions: typeof resetQuestionsMachine;
}

export function createSecurityQuestionsLogic(deps: LiveDeps): SecurityQuestionsLogic {
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
