import { assign, fromPromise, setup } from "xstate";
import { errorCodeOf } from "../domain/envelope.ts";
import {
  type Statement,
  type statementRangeMessages,
  statementRangeProblem,
} from "../domain/transit/statement.ts";
import { unprovided } from "./unprovided.ts";

export type StatementRangeProblem = keyof typeof statementRangeMessages;

export interface StatementInput {
  /** The first and last day (YYYY-MM-DD) the form starts with. */
  from: string;
  to: string;
}

export interface StatementContext extends StatementInput {
  /** The statement on screen: the one last asked for. */
  statement: Statement | null;
  /** What is wrong with the range typed, once the rider asked for it. */
  problem: StatementRangeProblem | null;
  error: number | null;
}

export type StatementEvent =
  | { type: "range.change"; from: string; to: string }
  | { type: "statement.show" }
  | { type: "statement.print" }
  | { type: "statement.download" };

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/*
 * A rider's statement (/account/statement, issue 35): a range of days, checked by the rule the server
 * uses (src/domain/transit/statement.ts) before anything is asked; then the statement, which prints
 * (the browser's print, to paper or PDF) and downloads as CSV. Changing the range goes back to
 * `editing` and hides the statement, so what is shown is always the range in the form.
 */
export const statementMachine = setup({
  types: {
    context: {} as StatementContext,
    events: {} as StatementEvent,
    input: {} as StatementInput,
    children: {} as { loadStatement: "loadStatement" },
  },
  actors: {
    loadStatement: fromPromise<Statement, StatementInput>(unprovided("loadStatement")),
  },
  actions: {
    assignRange: assign((_, range: StatementInput) => ({ ...range, problem: null, statement: null })),
    assignProblem: assign(({ context }) => ({ problem: statementRangeProblem(context.from, context.to) })),
    assignStatement: assign((_, statement: Statement) => ({ statement, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    printStatement: unprovided("printStatement"),
    downloadCsv: unprovided("downloadCsv"),
  },
  guards: {
    isRangeValid: ({ context }) => statementRangeProblem(context.from, context.to) === null,
  },
}).createMachine({
  id: "statement",
  context: ({ input }) => ({ ...input, statement: null, problem: null, error: null }),
  initial: "editing",
  on: {
    "range.change": {
      target: ".editing",
      actions: { type: "assignRange", params: ({ event }) => ({ from: event.from, to: event.to }) },
    },
  },
  states: {
    editing: {
      on: {
        "statement.show": [{ guard: "isRangeValid", target: "loading" }, { actions: "assignProblem" }],
      },
    },
    loading: {
      tags: ["busy"],
      invoke: {
        id: "loadStatement",
        src: "loadStatement",
        input: ({ context }) => ({ from: context.from, to: context.to }),
        onDone: {
          target: "shown",
          actions: { type: "assignStatement", params: ({ event }) => event.output },
        },
        onError: { target: "failed", actions: { type: "assignError", params: errorOf } },
      },
    },
    shown: {
      on: {
        "statement.print": { actions: "printStatement" },
        "statement.download": { actions: "downloadCsv" },
      },
    },
    failed: {
      on: { "statement.show": { target: "loading" } },
    },
  },
});
