import { useLingui } from "@lingui/react/macro";
import { useActorRef } from "@xstate/react";
import { useMemo } from "react";
import { useParams } from "wouter";
import { useActionBlocked, useConfig } from "../../app/children.ts";
import { createTripsLogic, type TripsLogic } from "../../app/live/trips.ts";
import { useFeature } from "../../app/logic.tsx";
import { routeOf } from "../../machines/keysetHistory.ts";
import { ResendVerification } from "../account/ResendVerificationOnDemand.ts";
import { TripHistoryView } from "../fare-cards/TripHistoryView.tsx";
import { FollowRoute } from "../shared/KeysetPages.tsx";
import { Screen } from "../shared/Screen.tsx";
import { useMoney } from "../shared/useMoney.ts";

/** /faremedia/:cardId/trips/:page/:id?: a fare card's trips by pages, and one trip's details (issue 35). */
export function TripHistoryScreen() {
  const { t } = useLingui();
  const blocked = useActionBlocked();
  const trips = useFeature(createTripsLogic);
  const { cardId = "" } = useParams<{ cardId?: string }>();
  return (
    <Screen title={t`Trip history`}>
      {/* Another card is another history: its machine starts again. */}
      {blocked ? <ResendVerification /> : <Trips key={cardId} trips={trips} cardId={cardId} />}
    </Screen>
  );
}

function Trips({ trips, cardId }: { trips: TripsLogic; cardId: string }) {
  const route = routeOf(useParams<{ page?: string; id?: string }>());
  // Trips a page holds: the deployment's ideal_row_count.
  const pageSize = useConfig().ideal_row_count;
  const machine = useMemo(() => trips.tripHistory(cardId), [trips, cardId]);
  const history = useActorRef(machine, { input: { pageSize, ...route } });
  return (
    <>
      <FollowRoute history={history} />
      <TripHistoryView history={history} cardId={cardId} money={useMoney()} />
    </>
  );
}
