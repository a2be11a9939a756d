import { useLingui } from "@lingui/react/macro";
import { useActorRef } from "@xstate/react";
import { useActionBlocked } from "../../app/children.ts";
import { createStatementLogic } from "../../app/live/statement.ts";
import { useFeature } from "../../app/logic.tsx";
import { ResendVerification } from "../account/ResendVerificationOnDemand.ts";
import { useMoney } from "../shared/useMoney.ts";
import { StatementView } from "../statement/StatementView.tsx";
import { AccountScreen } from "./AccountScreen.tsx";

/** A calendar day as YYYY-MM-DD. */
const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

/** Last calendar month on the rider's calendar: what a monthly commuter-benefit claim asks for. */
function lastMonth(today = new Date()): { from: string; to: string } {
  return {
    from: isoDay(new Date(today.getFullYear(), today.getMonth() - 1, 1)),
    to: isoDay(new Date(today.getFullYear(), today.getMonth(), 0)),
  };
}

/** /account/statement: a statement for a range of days, printable and as CSV (issue 35). */
export function StatementScreen() {
  const { t } = useLingui();
  const blocked = useActionBlocked();
  return (
    <AccountScreen title={t`Statement`}>
      {blocked ? <ResendVerification /> : <StatementPanel />}
    </AccountScreen>
  );
}

function StatementPanel() {
  const logic = useFeature(createStatementLogic);
  const statement = useActorRef(logic.statement, { input: lastMonth() });
  return <StatementView statement={statement} money={useMoney()} />;
}
