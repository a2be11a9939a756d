import { assign, fromPromise, setup } from "xstate";
import { ErrorCode, errorCodeOf } from "../domain/envelope.ts";
import {
  isSecurityQuestionId,
  type SecurityAnswer,
  type SecurityQuestionId,
  type SecurityQuestionsState,
  securityQuestionIds,
} from "../domain/identity.ts";
import { type SecurityAnswerProblem, securityAnswerProblem } from "../domain/security-questions.ts";
import { unprovided } from "./unprovided.ts";

/** One row of the edit form: a question (none chosen yet) and its answer as typed. */
export interface DraftRow {
  question: SecurityQuestionId | null;
  answer: string;
}

/** What keeps a row from being saved: no question, a question chosen twice, or the answer's rule. */
export type RowProblem = "chooseQuestion" | "repeatedQuestion" | SecurityAnswerProblem;

export interface SecurityQuestionsContext {
  state: SecurityQuestionsState | null;
  rows: DraftRow[];
  password: string;
  /** Problems shown after a refused Save (then kept current while typing): by row, and the password's. */
  rowProblems: Array<RowProblem | null>;
  passwordMissing: boolean;
  /** Code of the last failed load or save (40102: Invalid password). */
  error: number | null;
}

export type SecurityQuestionsEvent =
  | { type: "questions.edit" }
  | { type: "questions.cancel" }
  | { type: "questions.retry" }
  | { type: "questions.choose"; index: number; question: string }
  | { type: "questions.answer"; index: number; answer: string }
  | { type: "questions.password"; password: string }
  | { type: "questions.save" };

/** The problem of each row: a question chosen, not chosen before, and an answer within the rules. */
export function rowProblemsOf(rows: DraftRow[]): Array<RowProblem | null> {
  return rows.map((row, index) => {
    if (!row.question) return "chooseQuestion";
    if (rows.slice(0, index).some((earlier) => earlier.question === row.question)) return "repeatedQuestion";
    return securityAnswerProblem(row.answer);
  });
}

/** The rows a form starts with: the rider's chosen questions (answers are never read back), then blanks. */
function draftOf(state: SecurityQuestionsState): DraftRow[] {
  return Array.from({ length: state.count }, (_, index) => ({
    question: state.question_ids[index] ?? null,
    answer: "",
  }));
}

/** The questions a row may still offer: its own, and those no other row took. */
export function questionsFor(rows: DraftRow[], index: number): SecurityQuestionId[] {
  return securityQuestionIds.filter(
    (id) => !rows.some((row, other) => other !== index && row.question === id),
  );
}

/*
 * The rider's security questions on /account/security (issue 14), when the deployment uses them.
 * `loading` reads which questions the rider chose (never the answers); `off` when the server says the
 * agency does not use them (404); `viewing` shows the chosen ones; `editing` holds `count` rows (a
 * question, each once, and its answer) and the current password, judged on Save before anything is
 * sent; `saving` sends them all as a whole and comes back to `viewing` with a success notice, or to
 * `editing` with what was typed kept and the server's refusal (Invalid password, a field) shown.
 */
export const securityQuestionsMachine = setup({
  types: {
    context: {} as SecurityQuestionsContext,
    events: {} as SecurityQuestionsEvent,
  },
  actors: {
    loadQuestions: fromPromise<SecurityQuestionsState>(unprovided("loadQuestions")),
    saveQuestions: fromPromise<SecurityQuestionsState, { password: string; answers: SecurityAnswer[] }>(
      unprovided("saveQuestions"),
    ),
  },
  actions: {
    notifySaved: unprovided("notifySaved"),
    assignState: assign((_, state: SecurityQuestionsState) => ({ state, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    startDraft: assign(({ context }) => ({
      rows: context.state ? draftOf(context.state) : [],
      password: "",
      rowProblems: [],
      passwordMissing: false,
      error: null,
    })),
    chooseQuestion: assign(({ context, event }) => {
      if (event.type !== "questions.choose" || !isSecurityQuestionId(event.question)) return {};
      const question = event.question;
      const rows = context.rows.map((row, index) => (index === event.index ? { ...row, question } : row));
      return { rows, rowProblems: context.rowProblems.length > 0 ? rowProblemsOf(rows) : [] };
    }),
    typeAnswer: assign(({ context, event }) => {
      if (event.type !== "questions.answer") return {};
      const rows = context.rows.map((row, index) =>
        index === event.index ? { ...row, answer: event.answer } : row,
      );
      return { rows, rowProblems: context.rowProblems.length > 0 ? rowProblemsOf(rows) : [] };
    }),
    typePassword: assign(({ context, event }) =>
      event.type === "questions.password"
        ? {
            password: event.password,
            passwordMissing: context.passwordMissing && event.password === "",
            error: context.error === ErrorCode.loginMismatch ? null : context.error,
          }
        : {},
    ),
    judge: assign(({ context }) => ({
      rowProblems: rowProblemsOf(context.rows),
      passwordMissing: context.password === "",
    })),
  },
  guards: {
    isOff: ({ event }) =>
      "error" in event && errorCodeOf((event as { error: unknown }).error) === ErrorCode.notFound,
    isTurnedOff: ({ context }) => context.state !== null && !context.state.enabled,
    canSave: ({ context }) =>
      context.password !== "" && rowProblemsOf(context.rows).every((problem) => problem === null),
  },
}).createMachine({
  id: "securityQuestions",
  context: {
    state: null,
    rows: [],
    password: "",
    rowProblems: [],
    passwordMissing: false,
    error: null,
  },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "loadQuestions",
        src: "loadQuestions",
        onDone: {
          target: "loaded",
          actions: { type: "assignState", params: ({ event }) => event.output },
        },
        onError: [
          { guard: "isOff", target: "off" },
          {
            target: "failed",
            actions: {
              type: "assignError",
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
          },
        ],
      },
    },
    loaded: {
      always: [{ guard: "isTurnedOff", target: "off" }, { target: "viewing" }],
    },
    failed: {
      on: { "questions.retry": "loading" },
    },
    off: { type: "final" },
    viewing: {
      on: { "questions.edit": { target: "editing", actions: "startDraft" } },
    },
    editing: {
      on: {
        "questions.choose": { actions: "chooseQuestion" },
        "questions.answer": { actions: "typeAnswer" },
        "questions.password": { actions: "typePassword" },
        "questions.cancel": "viewing",
        "questions.save": [{ guard: "canSave", target: "saving" }, { actions: "judge" }],
      },
    },
    saving: {
      tags: ["busy"],
      invoke: {
        id: "saveQuestions",
        src: "saveQuestions",
        input: ({ context }) => ({
          password: context.password,
          answers: context.rows.flatMap((row) =>
            row.question ? [{ question_id: row.question, answer: row.answer }] : [],
          ),
        }),
        onDone: {
          target: "viewing",
          actions: [{ type: "assignState", params: ({ event }) => event.output }, "notifySaved"],
        },
        onError: {
          target: "editing",
          actions: { type: "assignError", params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
  },
});
