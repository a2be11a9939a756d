import { ErrorCode } from "../domain/envelope.ts";
import type { FormValues } from "../domain/forms.ts";
import type { ProfileUpdate, SignInResult, StoredUser } from "../domain/session.ts";
import { ApiRequestError, type HttpClient, required } from "./http.ts";

/** An address under the accounts service's /users, on the configured base. */
export const usersUrl = (base: () => string) => (path: string) => `${base()}/users${path}`;

/** The form values a call sends, by name: those the form did not have are left out. */
export const pick = (values: FormValues, keys: string[]) =>
  Object.fromEntries(keys.flatMap((key) => (values[key] === undefined ? [] : [[key, values[key]]])));

/**
 * The calls of the session (spec section 4), under the configured accounts base: signing in and out,
 * the rider's profile. Every page may need them, so they load with the portal; the calls that change an
 * account (sign-up, passwords, deletion, invites, deactivation) load with the screens that make them
 * (./account-changes.service.ts, ./two-factor.service.ts).
 */
export function createAccountsService(
  http: HttpClient,
  base: () => string,
  /** Where the sign-in and the profile update go, when not to `base` (the composition's loginService and child organisation). */
  { login = base, profile: profileBase = base }: { login?: () => string; profile?: () => string } = {},
) {
  const url = usersUrl(base);
  return {
    async login(values: FormValues): Promise<SignInResult> {
      const reply = await http
        .request<SignInResult>(usersUrl(login)("/login"), {
          method: "POST",
          body: pick(values, ["email", "password"]),
        })
        .catch((error: unknown) => {
          // Spec section 4: a network failure during sign-in is reported as code 401.
          throw error instanceof ApiRequestError && error.status === 0
            ? new ApiRequestError(0, [{ code: ErrorCode.unauthorized, message: error.message }])
            : error;
        });
      return required(reply, "POST /users/login");
    },
    async verifyCode(values: FormValues): Promise<SignInResult> {
      const reply = await http.request<SignInResult>(url("/mfa/verify"), {
        method: "POST",
        body: pick(values, ["code"]),
      });
      return required(reply, "POST /users/mfa/verify");
    },
    async resendCode(): Promise<void> {
      await http.request(url("/mfa/resend"), { method: "POST" });
    },
    async me(): Promise<StoredUser> {
      return required(await http.request<StoredUser>(url("/me")), "GET /users/me");
    },
    async logout(): Promise<void> {
      await http.request(url("/logout"), { method: "POST" });
    },
    async updateProfile(update: ProfileUpdate): Promise<StoredUser> {
      return required(
        await http.request<StoredUser>(usersUrl(profileBase)(""), { method: "PUT", body: { ...update } }),
        "PUT /users",
      );
    },
  };
}
