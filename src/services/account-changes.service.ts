import type { DeactivationInfo, InviteDetails } from "../domain/accounts.ts";
import type { FormValues } from "../domain/forms.ts";
import { isSecurityQuestionId } from "../domain/identity.ts";
import { securityAnswerPrefix } from "../domain/security-questions.ts";
import { pick, usersUrl } from "./accounts.service.ts";
import { type HttpClient, required } from "./http.ts";

/** Sign-up, the password forms, email confirmation and deletion (spec section 7), under the accounts base. */
export function createAccountChangesService(http: HttpClient, base: () => string) {
  const url = usersUrl(base);
  return {
    /** Sign-up sends the confirmation email; the confirm fields stay in the browser. */
    async signUp(values: FormValues, language: string, captchaToken: string | null): Promise<void> {
      await http.request(url(""), {
        method: "POST",
        body: {
          ...pick(values, ["first_name", "last_name", "email", "password", "mobile"]),
          locale: language,
          ...(captchaToken ? { captcha_token: captchaToken } : {}),
        },
      });
    },
    async forgotPassword(values: FormValues): Promise<void> {
      await http.request(url("/forgot_password"), { method: "POST", body: pick(values, ["email"]) });
    },
    async resetPassword(values: FormValues): Promise<void> {
      // The security questions a reset link asks come as `security_answer.<question id>` fields.
      const securityAnswers = Object.entries(values).flatMap(([key, answer]) => {
        const question = key.startsWith(securityAnswerPrefix) ? key.slice(securityAnswerPrefix.length) : "";
        return isSecurityQuestionId(question) ? [{ question_id: question, answer }] : [];
      });
      await http.request(url("/reset_password"), {
        method: "POST",
        body: {
          ...pick(values, ["token", "password"]),
          ...(securityAnswers.length > 0 ? { security_answers: securityAnswers } : {}),
        },
      });
    },
    async changePassword(values: FormValues): Promise<void> {
      await http.request(url("/change_password"), {
        method: "POST",
        body: pick(values, ["current_password", "new_password"]),
      });
    },
    async confirmEmail(token: string): Promise<void> {
      await http.request(url("/confirm"), { method: "POST", body: { token } });
    },
    async deleteAccount(values: FormValues): Promise<void> {
      await http.request(url(""), { method: "DELETE", body: pick(values, ["current_password"]) });
    },
  };
}

/** Invites (GET /invites/{token}, POST /invites/{token}/accept) and deactivation, on the accounts host. */
export function createInviteService(http: HttpClient, base: () => string) {
  return {
    async details(token: string): Promise<InviteDetails> {
      const reply = await http.request<InviteDetails>(`${base()}/invites/${encodeURIComponent(token)}`);
      return required(reply, "GET /invites");
    },
    /** The ACCEPT_INVITE form's values; the token rides along as a hidden value. */
    async accept(values: FormValues): Promise<void> {
      await http.request(`${base()}/invites/${encodeURIComponent(values.token ?? "")}/accept`, {
        method: "POST",
        body: pick(values, ["first_name", "last_name", "password"]),
      });
    },
  };
}

export function createDeactivationService(http: HttpClient, base: () => string) {
  return {
    async info(): Promise<DeactivationInfo> {
      return required(
        await http.request<DeactivationInfo>(`${base()}/users/deactivation`),
        "GET /users/deactivation",
      );
    },
    /** The password form's values, with the balance choice as hidden values. */
    async deactivate(values: FormValues): Promise<void> {
      await http.request(`${base()}/users/deactivate`, {
        method: "POST",
        body: pick(values, ["current_password", "balance_action", "payment_method_uuid"]),
      });
    },
  };
}
