import { useLingui } from "@lingui/react/macro";
import { useActorRef } from "@xstate/react";
import { useParams } from "wouter";
import { useConfig } from "../../app/children.ts";
import { createPassesLogic } from "../../app/live/passes.ts";
import { useFeature } from "../../app/logic.tsx";
import { routeOf } from "../../machines/keysetHistory.ts";
import { PassHistoryView } from "../passes/PassHistoryView.tsx";
import { PurchaseHistoryView } from "../passes/PurchaseHistoryView.tsx";
import { FollowRoute } from "../shared/KeysetPages.tsx";
import { useMoney } from "../shared/useMoney.ts";
import { AccountScreen } from "./AccountScreen.tsx";

/** /account/passhistory/:page/:id?: every pass by pages, one pass's details and moves, and purchases. */
export function PassHistoryScreen() {
  const { t } = useLingui();
  return (
    <AccountScreen title={t`Pass History`}>
      <Passes />
    </AccountScreen>
  );
}

function Passes() {
  const passes = useFeature(createPassesLogic);
  const route = routeOf(useParams<{ page?: string; id?: string }>());
  const money = useMoney();
  // Passes and bank-card taps a page holds: the deployment's ideal_row_count.
  const pageSize = useConfig().ideal_row_count;
  const history = useActorRef(passes.passHistory, { input: { pageSize, ...route } });
  const purchases = useActorRef(passes.purchaseHistory, { input: { pageSize } });
  return (
    <>
      <FollowRoute history={history} />
      <PassHistoryView history={history} passMove={passes.passMove} />
      {route.id === null ? <PurchaseHistoryView purchases={purchases} money={money} /> : null}
    </>
  );
}
