import { assign, fromPromise, setup } from "xstate";
import type { SecurityQuestionId } from "../domain/identity.ts";
import { unprovided } from "./unprovided.ts";

export interface ResetQuestionsContext {
  token: string;
  questionIds: SecurityQuestionId[];
}

/*
 * Which security questions a password reset link asks (issue 14), before its form is shown: `loading`
 * asks the server, `ready` holds the questions (none when the agency does not use them, the rider set
 * none, or the link tells nothing). A failed read is `ready` without questions: the reset then says
 * what the server refuses (42228) instead of keeping the rider from the form.
 */
export const resetQuestionsMachine = setup({
  types: {
    input: {} as { token: string },
    context: {} as ResetQuestionsContext,
  },
  actors: {
    loadResetQuestions: fromPromise<SecurityQuestionId[], { token: string }>(
      unprovided("loadResetQuestions"),
    ),
  },
  actions: {
    assignQuestions: assign((_, questionIds: SecurityQuestionId[]) => ({ questionIds })),
  },
}).createMachine({
  id: "resetQuestions",
  context: ({ input }) => ({ token: input.token, questionIds: [] }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "loadResetQuestions",
        src: "loadResetQuestions",
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: "ready",
          actions: { type: "assignQuestions", params: ({ event }) => event.output },
        },
        onError: "ready",
      },
    },
    ready: { type: "final" },
  },
});
