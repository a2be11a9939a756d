import { fromPromise } from "xstate";
import { devicesMachine } from "../../machines/devices.machine.ts";
import { createDevicesService } from "../../services/devices.service.ts";
import type { LiveDeps } from "./deps.ts";

/** /account/devices: the rider's phones (issue 13), a feature of its own so the page brings only them. */
export interface DevicesLogic {
  /** The rider's phones, renamed and removed. */
  devices: typeof devicesMachine;
}

export function createDevicesLogic(deps: LiveDeps): DevicesLogic {
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
