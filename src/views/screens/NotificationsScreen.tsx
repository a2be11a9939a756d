import { useLingui } from "@lingui/react/macro";
import { useActorRef } from "@xstate/react";
import { useConfig } from "../../app/children.ts";
import { createAlertsLogic } from "../../app/live/alerts.ts";
import { useFeature } from "../../app/logic.tsx";
import { AlertSettingsView } from "../alerts/AlertSettingsView.tsx";
import { useMoney } from "../shared/useMoney.ts";
import { AccountScreen } from "./AccountScreen.tsx";

/** /account/notifications: the alerts a rider chooses (issue 35). */
export function NotificationsScreen() {
  const { t } = useLingui();
  return (
    <AccountScreen title={t`Notifications`}>
      <Alerts />
    </AccountScreen>
  );
}

function Alerts() {
  const logic = useFeature(createAlertsLogic);
  const alerts = useActorRef(logic.alertSettings, { input: { currency: useConfig().currency_code } });
  return <AlertSettingsView alerts={alerts} money={useMoney()} />;
}
