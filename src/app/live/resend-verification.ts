import { fromPromise } from "xstate";
import { requestMachine } from "../../machines/request.machine.ts";
import type { LiveDeps } from "./deps.ts";

/**
 * "Resend verification email" for a rider whose email is not confirmed yet (spec section 4, "Action
 * Blocked"): POST /users/resend_confirmation. It travels with the screens that offer it.
 */
export function createResendVerificationLogic(deps: LiveDeps) {
  return requestMachine.provide({
    actors: {
      send: fromPromise(async () => {
        await deps.http.request(`${deps.accountsBase()}/users/resend_confirmation`, { method: "POST" });
      }),
    },
  });
}
