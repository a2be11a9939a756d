import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { fromPromise } from "xstate";
import { statementCsv, statementFileName } from "../../domain/transit/statement-csv.ts";
import { i18n } from "../../i18n/i18n.ts";
import { statementMachine } from "../../machines/statement.machine.ts";
import { createStatementService } from "../../services/statement.service.ts";
import type { LiveDeps } from "./deps.ts";

/** /account/statement (issue 35): a feature of its own, so the page brings only its machine. */
export interface StatementLogic {
  statement: typeof statementMachine;
}

/** The CSV's words in the language on screen. */
function csvWords() {
  const t = (descriptor: MessageDescriptor) => i18n._(descriptor);
  return {
    header: [
      t(msg`Section`),
      t(msg`Date`),
      t(msg`Time`),
      t(msg`Reference`),
      t(msg`Description`),
      t(msg`Card`),
      t(msg`Amount`),
      t(msg`Refunded`),
      t(msg`Net`),
    ] as [string, string, string, string, string, string, string, string, string],
    purchase: t(msg`Purchase`),
    load: t(msg`Load`),
    trip: t(msg`Trip`),
    benefit: t(msg`Commuter benefits`),
    total: t(msg`Total`),
    purchases: t(msg`Purchases`),
    loads: t(msg`Loads`),
    trips: t(msg`Trips`),
    benefits: t(msg`Commuter benefits`),
    wallet: t(msg`Account wallet`),
    paidBy: {
      stored_value: t(msg`Stored value`),
      pass: t(msg`Pass`),
      cap: t(msg`Fare cap reached`),
    },
  };
}

export function createStatementLogic(deps: LiveDeps): StatementLogic {
  const service = createStatementService(deps.http, deps.transitBase);
  return {
    statement: statementMachine.provide({
      actors: { loadStatement: fromPromise(({ input }) => service.statement(input)) },
      actions: {
        printStatement: () => deps.browser.print(),
        downloadCsv: ({ context }) => {
          if (!context.statement) return;
          const { document } = deps.browser;
          // A byte order mark, so a spreadsheet reads the file as UTF-8 (names, "•", Vietnamese).
          const file = new Blob([`\uFEFF${statementCsv(context.statement, csvWords())}`], {
            type: "text/csv;charset=utf-8",
          });
          const link = document.createElement("a");
          link.href = URL.createObjectURL(file);
          link.download = statementFileName(context.statement);
          document.body.append(link);
          link.click();
          link.remove();
          URL.revokeObjectURL(link.href);
        },
      },
    }),
  };
}
