import { msg } from "@lingui/core/macro";
import { fromPromise } from "xstate";
import { addNoticeTexts, type NoticeTexts } from "../../i18n/notices.ts";
import { type PhoneRules, twoFactorSetupMachine } from "../../machines/twoFactorSetup.machine.ts";
import { createTwoFactorService } from "../../services/two-factor.service.ts";
import { resilient } from "../chunks.ts";
import type { LiveDeps } from "./deps.ts";

/**
 * Turning two-factor on and off (/account/security and the enrolment a deployment may require). Its own
 * feature: the phone-number rules (libphonenumber and its metadata) are a chunk of their own, which the
 * machine loads when the rider starts turning two-factor on, as only its phone field needs them.
 */
export interface TwoFactorLogic {
  twoFactorSetup: typeof twoFactorSetupMachine;
}

/** The notices this feature announces (src/i18n/notices.ts). */
export const twoFactorNotices = {
  twoFactorOn: msg`Two-factor authentication is on.`,
  twoFactorOff: msg`Two-factor authentication is off.`,
} satisfies NoticeTexts;

export function createTwoFactorLogic(deps: LiveDeps): TwoFactorLogic {
  addNoticeTexts(twoFactorNotices);
  const { bus } = deps;
  const accounts = createTwoFactorService(deps.http, deps.accountsBase);
  return {
    twoFactorSetup: twoFactorSetupMachine.provide({
      actors: {
        // A chunk that cannot be downloaded opens "No Internet Connection" and waits for the reload
        // (chunks.ts), so this never fails: a browser remembers a module it failed to fetch, and a
        // second import() in the same page fails at once without asking the server again.
        loadPhoneRules: fromPromise<PhoneRules>(resilient(() => import("../../domain/phone.ts"))),
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
