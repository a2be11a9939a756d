import { fromPromise } from "xstate";
import { twoFactorSetupMachine } from "../../machines/twoFactorSetup.machine.ts";
import type { LiveDeps } from "./deps.ts";

/**
 * Turning two-factor on and off (/account/security and the enrolment a deployment may require). Its own
 * feature: its machine brings the phone-number rules (libphonenumber), which only a phone field needs.
 */
export interface TwoFactorLogic {
  twoFactorSetup: typeof twoFactorSetupMachine;
}

export function createTwoFactorLogic(deps: LiveDeps): TwoFactorLogic {
  const { accounts, bus } = deps;
  return {
    twoFactorSetup: twoFactorSetupMachine.provide({
      actors: {
        sendEnrolCode: fromPromise(({ input }) => accounts.sendEnrolCode(input.mobile, input.password)),
        confirmEnrolment: fromPromise(({ input }) => accounts.confirmEnrolment(input.code)),
        sendDisableCode: fromPromise(({ input }) => accounts.sendDisableCode(input.password)),
        confirmDisable: fromPromise(({ input }) => accounts.confirmDisable(input.code)),
      },
      actions: {
        publishUser: () => bus.send({ type: "session.refresh" }),
        notifyOn: () => bus.send({ type: "notify.success", code: "twoFactorOn" }),
        notifyOff: () => bus.send({ type: "notify.success", code: "twoFactorOff" }),
      },
    }),
  };
}
