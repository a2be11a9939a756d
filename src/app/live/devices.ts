import { msg } from "@lingui/core/macro";
import { fromPromise } from "xstate";
import { addNoticeTexts, type NoticeTexts } from "../../i18n/notices.ts";
import { devicesMachine } from "../../machines/devices.machine.ts";
import { createDevicesService } from "../../services/devices.service.ts";
import type { LiveDeps } from "./deps.ts";

/** /account/devices: the rider's phones (issue 13), a feature of its own so the page brings only them. */
export interface DevicesLogic {
  /** The rider's phones, renamed and removed. */
  devices: typeof devicesMachine;
}

/** The notices this feature announces (src/i18n/notices.ts). */
export const devicesNotices = {
  deviceUpdated: msg`The device was updated.`,
  deviceRemoved: msg`The device was removed. Its passes are back in the cloud.`,
} satisfies NoticeTexts;

export function createDevicesLogic(deps: LiveDeps): DevicesLogic {
  addNoticeTexts(devicesNotices);
  const devices = createDevicesService(deps.http, deps.transitBase);
  const success = (code: "deviceUpdated" | "deviceRemoved") =>
    deps.bus.send({ type: "notify.success", code });
  return {
    devices: devicesMachine.provide({
      actors: {
        loadDevices: fromPromise(() => devices.list()),
        renameDevice: fromPromise(({ input }) => devices.rename(input.id, input.nickname)),
        removeDevice: fromPromise(({ input }) => devices.remove(input.id)),
      },
      actions: {
        notifyUpdated: () => success("deviceUpdated"),
        notifyRemoved: () => success("deviceRemoved"),
      },
    }),
  };
}
