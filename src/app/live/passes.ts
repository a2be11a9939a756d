import { msg } from "@lingui/core/macro";
import { fromPromise } from "xstate";
import { addNoticeTexts, type NoticeTexts } from "../../i18n/notices.ts";
import { passHistoryMachine } from "../../machines/passHistory.machine.ts";
import { passMoveMachine } from "../../machines/passMove.machine.ts";
import { purchaseHistoryMachine } from "../../machines/purchaseHistory.machine.ts";
import { createDevicesService } from "../../services/devices.service.ts";
import { createPassesService } from "../../services/passes.service.ts";
import type { LiveDeps } from "./deps.ts";

/**
 * Pass and purchase history, and moving a pass (issue 13). Devices, unattached passes and the guest's
 * /manage-card are features of their own (./devices.ts, ./unattached-passes.ts, ./guest-card.ts).
 */
export interface PassesLogic {
  /** A pass's "Send to cloud" / "Send to a device" (the design card's pass transfer machine). */
  passMove: typeof passMoveMachine;
  /** /account/passhistory/:page/:id?: every pass by keyset pages, and one pass's details. */
  passHistory: typeof passHistoryMachine;
  /** Purchase history on the pass history screen: bank-card taps. */
  purchaseHistory: typeof purchaseHistoryMachine;
}

/** The notices this feature announces (src/i18n/notices.ts). */
export const passesNotices = {
  passToCloud: msg`Pass successfully transferred to cloud.`,
  passToDevice: msg`Pass successfully transferred to device.`,
} satisfies NoticeTexts;

export function createPassesLogic(deps: LiveDeps): PassesLogic {
  addNoticeTexts(passesNotices);
  const passes = createPassesService(deps.http, deps.transitBase);
  const devices = createDevicesService(deps.http, deps.transitBase);
  const success = (code: "passToCloud" | "passToDevice") => deps.bus.send({ type: "notify.success", code });
  return {
    passMove: passMoveMachine.provide({
      actors: {
        loadDevices: fromPromise(() => devices.list()),
        movePass: fromPromise(({ input }) => passes.move(input.id, input.to)),
      },
      actions: {
        notifyMoved: ({ context }) =>
          success(context.pass.location === "cloud" ? "passToCloud" : "passToDevice"),
      },
    }),
    passHistory: passHistoryMachine.provide({
      actors: {
        loadPage: fromPromise(({ input }) => passes.page(input.limit, input.after)),
        loadDetail: fromPromise(({ input }) => passes.detail(input.id)),
      },
    }),
    purchaseHistory: purchaseHistoryMachine.provide({
      actors: {
        loadTransactions: fromPromise(({ input }) => passes.transactions(input.limit, input.after)),
      },
    }),
  };
}
