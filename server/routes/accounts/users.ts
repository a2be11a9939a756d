import type { FastifyInstance, FastifyReply } from "fastify";
import { given } from "../../../src/domain/accounts.ts";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import type {
  FacebookLoginPayload,
  GoogleLoginPayload,
  SecurityAnswer,
} from "../../../src/domain/identity.ts";
import { securityAnswersWrongMessage } from "../../../src/domain/security-questions.ts";
import { MfaStatus, type ProfileUpdate } from "../../../src/domain/session.ts";
import { passwordLength, passwordMessages, passwordProblem } from "../../domain/password-policy.ts";
import { fieldSchema } from "../../forms/definitions.ts";
import { fail, ok } from "../../http/envelope.ts";
import { deactivatedMessage, emailNotVerifiedMessage } from "../../plugins/auth.ts";
import type { SignInGrant } from "../../services/sign-in.ts";
import { captchaFailedMessage, captchaToken } from "../transit/captcha.ts";
import { oauthCode, oauthNonce } from "./oauth.ts";
import { profileOf } from "./profile.ts";
import { reauthenticate, wrongPasswordMessage } from "./reauthenticate.ts";
import {
  emailSchema,
  localeSchema,
  nameSchema,
  passwordSchema,
  securityAnswersSchema,
  tokenSchema,
} from "./schemas.ts";

export const loginMismatchMessage =
  "The email and password you entered do not match our information. Check again and retry.";
export const lockedMessage = "Too many failed sign-ins. Please wait 15 minutes and try again.";
const invalidTokenMessage = "This token is invalid";

const profileReauthenticationMessage = "Enter your current password to change your email or mobile number.";

const email = emailSchema;
const password = passwordSchema;
const name = nameSchema;
/** The mobile number as the sign-up and profile forms take it (server/forms/definitions.ts), or null. */
const mobile = { ...fieldSchema("mobile"), type: ["string", "null"] };
const token = tokenSchema;
const localeCode = localeSchema;

interface SignUpBody {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  mobile?: string | null;
  locale?: string;
  captcha_token?: string;
}

type ProfileBody = ProfileUpdate;

interface AppleLoginBody {
  access_token: string;
  login_type: "AppleId";
  email?: string;
  first_name?: string;
  last_name?: string;
}
type LoginBody =
  | { email: string; password: string }
  | AppleLoginBody
  | GoogleLoginPayload
  | FacebookLoginPayload;

const appleSignInFailedMessage = "Failed to login by Apple sign in.";
const googleSignInFailedMessage = "Failed to login by Google sign in.";
const facebookSignInFailedMessage = "Failed to login by Facebook sign in.";

export function rejectPassword(reply: FastifyReply, problem: keyof typeof passwordMessages) {
  return fail(reply, 400, [
    { code: ErrorCode.passwordRejected, message: passwordMessages[problem], field: "password" },
  ]);
}

/** Requests per minute and address on the account endpoints that cost a hash or send mail. */
export interface AccountRateLimits {
  signUp: number;
  login: number;
  forgotPassword: number;
  resetPassword: number;
  resendConfirmation: number;
}

export const defaultAccountRateLimits: AccountRateLimits = {
  signUp: 10,
  login: 20,
  forgotPassword: 5,
  resetPassword: 10,
  resendConfirmation: 3,
};

/**
 * The accounts routes: sign-up, email confirmation, sign-in and out, profile, password reset. They
 * validate and translate HTTP; the rules and transactions are in services/accounts.ts. Sign-up,
 * sign-in and forgot-password answer alike for known and unknown emails (no enumeration). Registered
 * for the transit service too (`service: "transit"`), they are only its sign-in and profile update.
 */
export default async function userRoutes(
  app: FastifyInstance,
  options: { limits: AccountRateLimits; service: "accounts" | "transit" },
) {
  const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: "1 minute" } });
  /** A route that hashes or verifies a password: per-minute limit, and a few in progress per address. */
  const hashing = (max: number) => ({ ...perMinute(max), passwordWork: true });
  const { securityQuestions, accountService: accounts, signIn } = app;
  const lockedOut = (reply: FastifyReply) =>
    fail(reply, 429, [{ code: ErrorCode.rateLimited, message: lockedMessage }]);

  /** The reply of a proven rider: a session, or the pending token of the code step. */
  const granted = (grant: SignInGrant) =>
    grant.kind === "codeRequired"
      ? ok({ access_token: grant.token, mfa_enrollment_status: MfaStatus.enrolled })
      : ok({
          access_token: grant.token,
          expires_at: grant.expiresAt.toISOString(),
          mfa_enrollment_status: grant.mfaEnrollmentStatus,
        });

  app.post<{ Body: LoginBody }>(
    "/users/login",
    {
      // One budget for the accounts and the transit service's sign-in (plugins/rate-limit-store.ts).
      config: { ...hashing(options.limits.login), budget: "POST /users/login" },
      schema: {
        body: {
          type: "object",
          additionalProperties: false,
          properties: {
            email,
            password,
            access_token: { type: "string", minLength: 1, maxLength: 8192 },
            login_type: { type: "string", enum: ["AppleId", "Google", "Facebook"] },
            first_name: { type: "string", maxLength: 50 },
            last_name: { type: "string", maxLength: 50 },
            code: oauthCode,
            nonce: oauthNonce,
          },
          oneOf: [
            {
              required: ["email", "password"],
              not: {
                anyOf: [{ required: ["access_token"] }, { required: ["login_type"] }, { required: ["code"] }],
              },
            },
            {
              required: ["access_token", "login_type"],
              properties: { login_type: { const: "AppleId" } },
              not: { anyOf: [{ required: ["password"] }, { required: ["code"] }, { required: ["nonce"] }] },
            },
            {
              required: ["login_type", "code", "nonce"],
              properties: { login_type: { const: "Google" } },
              not: {
                anyOf: [{ required: ["password"] }, { required: ["access_token"] }, { required: ["email"] }],
              },
            },
            {
              required: ["login_type", "code"],
              properties: { login_type: { const: "Facebook" } },
              not: {
                anyOf: [
                  { required: ["password"] },
                  { required: ["access_token"] },
                  { required: ["email"] },
                  { required: ["nonce"] },
                ],
              },
            },
          ],
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if ("access_token" in body) return signInWithApple(body, reply);
      if ("code" in body) return signInWithProvider(body, reply);
      const signedIn = await signIn.withPassword(body.email, body.password, request.ip);
      switch (signedIn.result) {
        case "locked":
          return lockedOut(reply);
        case "mismatch":
          return fail(reply, 401, [{ code: ErrorCode.loginMismatch, message: loginMismatchMessage }]);
        case "deactivated":
          return fail(reply, 401, [{ code: ErrorCode.accountDeactivated, message: deactivatedMessage }]);
        case "ok":
          return granted(signedIn.grant);
      }
    },
  );

  /**
   * Sign in with Apple (spec section 4): the id_token from Apple's redirect, verified against Apple's
   * keys. The rider is found by their Apple ID, else by the verified email (which links the two), else
   * a new account is opened: confirmed when Apple verified the email, with a random password nobody
   * knows (forgot-password sets one).
   */
  async function signInWithApple(body: AppleLoginBody, reply: FastifyReply) {
    const name = (value: string | undefined) => given(value ?? "")?.slice(0, 50) ?? "";
    const signedIn = await signIn.withApple(body.access_token, {
      firstName: name(body.first_name),
      lastName: name(body.last_name),
    });
    switch (signedIn.result) {
      case "refused":
        return fail(reply, 401, [{ code: ErrorCode.appleSignInFailed, message: appleSignInFailedMessage }]);
      case "deactivated":
        return fail(reply, 401, [{ code: ErrorCode.accountDeactivated, message: deactivatedMessage }]);
      case "ok":
        return granted(signedIn.grant);
    }
  }

  /**
   * Sign in with Google or Facebook: the authorization code from the portal's return route (and for
   * Google the nonce the portal sent), exchanged and verified by the provider's client. The rider is
   * found, joined or opened as for Apple.
   */
  async function signInWithProvider(body: GoogleLoginPayload | FacebookLoginPayload, reply: FastifyReply) {
    const signedIn =
      body.login_type === "Google"
        ? await signIn.withGoogle(body.code, body.nonce)
        : await signIn.withFacebook(body.code);
    switch (signedIn.result) {
      case "refused":
        return fail(reply, 401, [
          {
            code: ErrorCode.socialSignInFailed,
            message: body.login_type === "Google" ? googleSignInFailedMessage : facebookSignInFailedMessage,
          },
        ]);
      case "deactivated":
        return fail(reply, 401, [{ code: ErrorCode.accountDeactivated, message: deactivatedMessage }]);
      case "ok":
        return granted(signedIn.grant);
    }
  }

  app.put<{ Body: ProfileBody }>(
    "/users",
    {
      preHandler: app.requireRider,
      config: { passwordWork: true },
      schema: {
        body: {
          type: "object",
          required: ["first_name", "last_name", "email", "mobile", "locale"],
          additionalProperties: false,
          properties: {
            first_name: name,
            last_name: name,
            email,
            mobile,
            locale: {
              type: "object",
              required: ["language_code", "country_code"],
              additionalProperties: false,
              properties: {
                language_code: { type: "string", pattern: "^[a-z]{2,3}$" },
                country_code: { type: "string", pattern: "^[A-Za-z]{2,4}$" },
              },
            },
            current_password: password,
          },
        },
      },
    },
    async (request, reply) => {
      if (!request.account) throw new Error("requireRider let an anonymous request through");
      const updated = await accounts.updateProfile(request.account.user, request.body);
      switch (updated.result) {
        case "blocked":
          // Until the email is confirmed only the language may change (it follows the portal's).
          return fail(reply, 403, [{ code: ErrorCode.emailNotVerified, message: emailNotVerifiedMessage }]);
        case "reauthenticate":
          return fail(reply, 403, [
            {
              code: ErrorCode.reauthenticationRequired,
              message: profileReauthenticationMessage,
              field: "current_password",
            },
          ]);
        case "emailTaken":
          return fail(reply, 409, [
            { code: ErrorCode.validation, message: "This email cannot be used.", field: "email" },
          ]);
        case "ok":
          return ok(profileOf(updated.user));
      }
    },
  );

  // The transit service answers only these two (spec section 7: the sign-in by configuration, the
  // profile when a child organisation is configured); everything else is the accounts service's.
  if (options.service === "transit") return;

  app.post<{ Body: SignUpBody }>(
    "/users",
    {
      config: hashing(options.limits.signUp),
      schema: {
        body: {
          type: "object",
          required: ["first_name", "last_name", "email", "password"],
          additionalProperties: false,
          properties: {
            first_name: name,
            last_name: name,
            email,
            password,
            mobile,
            locale: localeCode,
            captcha_token: captchaToken,
          },
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (
        app.portalConfig.captcha.enabled &&
        !(body.captcha_token && (await app.captcha.redeem(body.captcha_token, request.ip)))
      ) {
        return fail(reply, 400, [{ code: ErrorCode.captchaFailed, message: captchaFailedMessage }]);
      }
      const signedUp = await accounts.signUp({
        email: body.email,
        password: body.password,
        firstName: body.first_name.trim(),
        lastName: body.last_name.trim(),
        mobile: body.mobile ?? null,
        locale: body.locale ?? "en",
      });
      if (signedUp.result === "password") return rejectPassword(reply, signedUp.problem);
      return reply.code(202).send(ok({ status: "confirmation_sent" }));
    },
  );

  app.post("/users/logout", { preHandler: app.requireRider }, async (request, reply) => {
    if (request.account) await app.accounts.revokeSession(request.account.sessionId, app.clock.now());
    return reply.code(204).send();
  });

  app.get("/users/me", { preHandler: app.requireRider }, async (request) => {
    if (!request.account) throw new Error("requireRider let an anonymous request through");
    return ok(profileOf(request.account.user));
  });

  app.post<{ Body: { current_password: string; new_password: string } }>(
    "/users/change_password",
    {
      preHandler: app.requireVerifiedRider,
      config: hashing(options.limits.resetPassword),
      schema: {
        body: {
          type: "object",
          required: ["current_password", "new_password"],
          additionalProperties: false,
          properties: { current_password: password, new_password: password },
        },
      },
    },
    async (request, reply) => {
      const account = request.account;
      if (!account) throw new Error("requireRider let an anonymous request through");
      // Every other device signs in again with the new password; this one stays signed in.
      const changed = await accounts.changePassword(
        account.user,
        account.sessionId,
        request.body.current_password,
        request.body.new_password,
      );
      if (changed.result === "reauthenticate") {
        return fail(reply, 403, [
          {
            code: ErrorCode.reauthenticationRequired,
            message: wrongPasswordMessage,
            field: "current_password",
          },
        ]);
      }
      if (changed.result === "password") return rejectPassword(reply, changed.problem);
      return ok({ status: "password_changed" });
    },
  );

  app.delete<{ Body: { current_password: string } }>(
    "/users",
    {
      // A rider whose email is not confirmed may not delete the account (the page does not offer it).
      preHandler: app.requireVerifiedRider,
      config: hashing(options.limits.resetPassword),
      schema: {
        body: {
          type: "object",
          required: ["current_password"],
          additionalProperties: false,
          properties: { current_password: password },
        },
      },
    },
    async (request, reply) => {
      const account = request.account;
      if (!account) throw new Error("requireRider let an anonymous request through");
      if (app.portalConfig.disableDeleteAccount) {
        return fail(reply, 403, [{ code: ErrorCode.forbidden, message: "Accounts cannot be deleted here." }]);
      }
      if (!(await reauthenticate(account.user, request.body.current_password, reply))) return reply;
      await app.accounts.deleteAccount(account.user);
      return reply.code(204).send();
    },
  );

  app.post<{ Body: { token: string } }>(
    "/users/confirm",
    {
      schema: {
        body: { type: "object", required: ["token"], additionalProperties: false, properties: { token } },
      },
    },
    async (request, reply) => {
      if (!(await accounts.confirmEmail(request.body.token))) {
        return fail(reply, 400, [{ code: ErrorCode.tokenInvalid, message: invalidTokenMessage }]);
      }
      return ok({ status: "confirmed" });
    },
  );

  app.post(
    "/users/resend_confirmation",
    { preHandler: app.requireRider, config: perMinute(options.limits.resendConfirmation) },
    async (request, reply) => {
      if (!request.account) throw new Error("requireRider let an anonymous request through");
      await accounts.resendConfirmation(request.account.user);
      return reply.code(202).send(ok({ status: "confirmation_sent" }));
    },
  );

  app.post<{ Body: { email: string } }>(
    "/users/forgot_password",
    {
      config: perMinute(options.limits.forgotPassword),
      schema: {
        body: { type: "object", required: ["email"], additionalProperties: false, properties: { email } },
      },
    },
    async (request, reply) => {
      await accounts.requestPasswordReset(request.body.email);
      return reply.code(202).send(ok({ status: "reset_sent" }));
    },
  );

  app.post<{ Body: { token: string; password: string; security_answers?: SecurityAnswer[] } }>(
    "/users/reset_password",
    {
      config: hashing(options.limits.resetPassword),
      schema: {
        body: {
          type: "object",
          required: ["token", "password"],
          additionalProperties: false,
          properties: {
            token,
            password: { ...password, maxLength: passwordLength.max * 4 },
            security_answers: securityAnswersSchema,
          },
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      // A password refused by the policy costs no try of the security answers.
      const weak = passwordProblem(body.password);
      if (weak) return rejectPassword(reply, weak);
      const answered = await securityQuestions.checkReset(body.token, body.security_answers);
      if (answered === "spent") {
        return fail(reply, 400, [{ code: ErrorCode.tokenInvalid, message: invalidTokenMessage }]);
      }
      if (answered === "wrong") {
        return fail(reply, 422, [
          {
            code: ErrorCode.securityAnswersWrong,
            message: securityAnswersWrongMessage,
            field: "security_answers",
          },
        ]);
      }
      const reset = await accounts.resetPassword(body.token, body.password);
      if (reset.result === "password") return rejectPassword(reply, reset.problem);
      if (reset.result === "invalid") {
        return fail(reply, 400, [{ code: ErrorCode.tokenInvalid, message: invalidTokenMessage }]);
      }
      return ok({ status: "password_reset" });
    },
  );
}
