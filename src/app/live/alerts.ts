import { msg } from "@lingui/core/macro";
import { fromPromise } from "xstate";
import { addNoticeTexts, type NoticeTexts } from "../../i18n/notices.ts";
import { alertSettingsMachine } from "../../machines/alertSettings.machine.ts";
import { createAlertsService } from "../../services/alerts.service.ts";
import type { LiveDeps } from "./deps.ts";

/** Account → Notifications (issue 35): a feature of its own, so the page brings only its machine. */
export interface AlertsLogic {
  alertSettings: typeof alertSettingsMachine;
}

/** The notices this feature announces (src/i18n/notices.ts). */
export const alertsNotices = {
  alertsSaved: msg`Your alerts are saved.`,
} satisfies NoticeTexts;

export function createAlertsLogic(deps: LiveDeps): AlertsLogic {
  addNoticeTexts(alertsNotices);
  const alerts = createAlertsService(deps.http, deps.accountsBase);
  return {
    alertSettings: alertSettingsMachine.provide({
      actors: {
        loadAlerts: fromPromise(() => alerts.load()),
        saveAlerts: fromPromise(({ input }) => alerts.save(input)),
      },
      actions: { notifySaved: () => deps.bus.send({ type: "notify.success", code: "alertsSaved" }) },
    }),
  };
}
