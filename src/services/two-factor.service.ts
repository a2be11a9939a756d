import type { StoredUser } from "../domain/session.ts";
import { usersUrl } from "./accounts.service.ts";
import { type HttpClient, required } from "./http.ts";

/** Turning two-factor on (with a mobile number and a texted code) and off (spec section 7). */
export function createTwoFactorService(http: HttpClient, base: () => string) {
  const url = usersUrl(base);
  return {
    async sendEnrolCode(mobile: string, password: string): Promise<void> {
      await http.request(url("/mfa/enrol"), {
        method: "POST",
        body: { mobile, current_password: password },
      });
    },
    async confirmEnrolment(code: string): Promise<StoredUser> {
      return required(
        await http.request<StoredUser>(url("/mfa/enrol/verify"), { method: "POST", body: { code } }),
        "POST /users/mfa/enrol/verify",
      );
    },
    async sendDisableCode(password: string): Promise<void> {
      await http.request(url("/mfa/disable/start"), {
        method: "POST",
        body: { current_password: password },
      });
    },
    async confirmDisable(code: string): Promise<StoredUser> {
      return required(
        await http.request<StoredUser>(url("/mfa/disable"), { method: "POST", body: { code } }),
        "POST /users/mfa/disable",
      );
    },
  };
}
