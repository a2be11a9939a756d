import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { given } from "../../../src/domain/accounts.ts";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { MfaStatus, type ProfileUpdate } from "../../../src/domain/session.ts";
import { decoyHash, hashSecret, verifySecret } from "../../domain/password.ts";
import { passwordLength, passwordMessages, passwordProblem } from "../../domain/password-policy.ts";
import { newToken } from "../../domain/tokens.ts";
import { fail, ok } from "../../http/envelope.ts";
import { composeEmail } from "../../mail/templates.ts";
import { deactivatedMessage, emailNotVerifiedMessage } from "../../plugins/auth.ts";
import type { User } from "../../repositories/accounts.ts";
import { captchaFailedMessage, captchaToken } from "../transit/captcha.ts";
import { profileOf } from "./profile.ts";
import { reauthenticate } from "./reauthenticate.ts";
import { emailSchema, localeSchema, nameSchema, passwordSchema, tokenSchema } from "./schemas.ts";
import { startTwoFactorSignIn } from "./two-factor.ts";

export const loginMismatchMessage =
  "The email and password you entered do not match our information. Check again and retry.";
export const lockedMessage = "Too many failed sign-ins. Please wait 15 minutes and try again.";
export const invalidTokenMessage = "This token is invalid";

/** Failed sign-ins an account may make before it is locked for `lockMs`. */
export const failedLoginLimit = 5;
export const lockMs = 15 * 60 * 1000;

const email = emailSchema;
const password = passwordSchema;
const name = nameSchema;
const mobile = { type: ["string", "null"], pattern: "^\\+?[0-9]{7,15}$" } as const;
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
type LoginBody = { email: string; password: string } | AppleLoginBody;

export const appleSignInFailedMessage = "Failed to login by Apple sign in.";

export function linkTo(request: FastifyRequest, publicUrl: string | null, path: string): string {
  const origin = publicUrl ?? `${request.protocol}://${request.host}`;
  return `${origin}${path}`;
}

export function rejectPassword(reply: FastifyReply, problem: keyof typeof passwordMessages) {
  return fail(reply, 400, [
    { code: ErrorCode.passwordRejected, message: passwordMessages[problem], field: "password" },
  ]);
}

/**
 * The accounts service: sign-up, email confirmation, sign-in and out, profile, password reset.
 * Sign-up, sign-in and forgot-password answer alike for known and unknown emails (no enumeration).
 */
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

export default async function userRoutes(
  app: FastifyInstance,
  options: { publicUrl: string | null; limits: AccountRateLimits },
) {
  const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: "1 minute" } });
  const sendEmail = async (user: User, kind: Parameters<typeof composeEmail>[0], link: string) => {
    const { subject, body } = composeEmail(kind, user.locale, link, user.firstName);
    await app.outbox.send({ channel: "email", recipient: user.email, subject, body });
  };

  app.post<{ Body: SignUpBody }>(
    "/users",
    {
      config: perMinute(options.limits.signUp),
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
      const problem = passwordProblem(body.password, { email: body.email });
      if (problem) return rejectPassword(reply, problem);
      const existing = await app.accounts.findByEmail(body.email);
      if (existing) {
        await verifySecret(body.password, await decoyHash());
        await sendEmail(existing, "accountExists", linkTo(request, options.publicUrl, "/forgotpassword"));
      } else {
        const user = await app.accounts.create({
          email: body.email,
          passwordHash: await hashSecret(body.password),
          firstName: body.first_name.trim(),
          lastName: body.last_name.trim(),
          mobile: body.mobile ?? null,
          locale: body.locale ?? "en",
        });
        const confirm = await app.accounts.issueToken(user.id, "confirm_email", new Date());
        await sendEmail(user, "confirmEmail", linkTo(request, options.publicUrl, `/confirm/${confirm}`));
      }
      return reply.code(202).send(ok({ status: "confirmation_sent" }));
    },
  );

  /** The rider is who they say: a session, or first the texted code when they turned two-factor on. */
  const completeSignIn = async (user: User, now: Date) => {
    await app.accounts.recordSuccessfulLogin(user.id);
    if (app.portalConfig.multifactorAuth.enable && user.mfaEnrollmentStatus === MfaStatus.enrolled) {
      // Right credentials, but only a token for the code step until the texted code comes back.
      const pending = await startTwoFactorSignIn(app, user);
      return ok({ access_token: pending, mfa_enrollment_status: MfaStatus.enrolled });
    }
    const session = await app.accounts.startSession(user.id, now);
    return ok({
      access_token: session.token,
      expires_at: session.expiresAt.toISOString(),
      mfa_enrollment_status: user.mfaEnrollmentStatus,
    });
  };

  app.post<{ Body: LoginBody }>(
    "/users/login",
    {
      config: perMinute(options.limits.login),
      schema: {
        body: {
          type: "object",
          additionalProperties: false,
          properties: {
            email,
            password,
            access_token: { type: "string", minLength: 1, maxLength: 8192 },
            login_type: { type: "string", enum: ["AppleId"] },
            first_name: { type: "string", maxLength: 50 },
            last_name: { type: "string", maxLength: 50 },
          },
          oneOf: [
            { required: ["email", "password"], not: { required: ["access_token"] } },
            { required: ["access_token", "login_type"], not: { required: ["password"] } },
          ],
        },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const body = request.body;
      if ("access_token" in body) return signInWithApple(body, reply, now);
      const user = await app.accounts.findByEmail(body.email);
      if (user?.lockedUntil && user.lockedUntil > now) {
        return fail(reply, 429, [{ code: ErrorCode.rateLimited, message: lockedMessage }]);
      }
      const matches = await verifySecret(body.password, user?.passwordHash ?? (await decoyHash()));
      if (!user || !matches) {
        if (user) await app.accounts.recordFailedLogin(user, now, failedLoginLimit, lockMs);
        return fail(reply, 401, [{ code: ErrorCode.loginMismatch, message: loginMismatchMessage }]);
      }
      // Only someone who knows the password learns that the account was deactivated.
      if (user.deactivatedAt) {
        return fail(reply, 401, [{ code: ErrorCode.accountDeactivated, message: deactivatedMessage }]);
      }
      return completeSignIn(user, now);
    },
  );

  /**
   * Sign in with Apple (spec section 4): the id_token from Apple's redirect, verified against Apple's
   * keys. The rider is found by their Apple ID, else by the verified email (which links the two), else
   * a new account is opened: confirmed when Apple verified the email, with a random password nobody
   * knows (forgot-password sets one).
   */
  async function signInWithApple(body: AppleLoginBody, reply: FastifyReply, now: Date) {
    const refuse = () =>
      fail(reply, 401, [{ code: ErrorCode.appleSignInFailed, message: appleSignInFailedMessage }]);
    if (!app.portalConfig.socialSignIn.apple || !app.apple) return refuse();
    const identity = await app.apple.verify(body.access_token);
    if (!identity) return refuse();
    let user = await app.accounts.findByAppleSubject(identity.subject);
    if (!user) {
      if (!identity.email) return refuse();
      const byEmail = await app.accounts.findByEmail(identity.email);
      // An account with that email is linked only when Apple verified the email.
      if (byEmail && !identity.emailVerified) return refuse();
      const name = (value: string | undefined) => given(value ?? "")?.slice(0, 50) ?? "";
      user = byEmail
        ? await app.accounts.update(byEmail.id, { appleSubject: identity.subject })
        : await app.accounts.create({
            email: identity.email,
            passwordHash: await hashSecret(newToken()),
            firstName: name(body.first_name),
            lastName: name(body.last_name),
            mobile: null,
            locale: "en",
            emailConfirmed: identity.emailVerified,
            appleSubject: identity.subject,
          });
    }
    if (user.deactivatedAt) {
      return fail(reply, 401, [{ code: ErrorCode.accountDeactivated, message: deactivatedMessage }]);
    }
    return completeSignIn(user, now);
  }

  app.post("/users/logout", { preHandler: app.requireRider }, async (request, reply) => {
    if (request.account) await app.accounts.revokeSession(request.account.sessionId, new Date());
    return reply.code(204).send();
  });

  app.get("/users/me", { preHandler: app.requireRider }, async (request) => {
    if (!request.account) throw new Error("requireRider let an anonymous request through");
    return ok(profileOf(request.account.user));
  });

  app.put<{ Body: ProfileBody }>(
    "/users",
    {
      preHandler: app.requireRider,
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
      const user = request.account.user;
      const body = request.body;
      const emailChanged = body.email.trim().toLowerCase() !== user.email;
      const mobileChanged = (body.mobile ?? null) !== user.mobile;
      const namesChanged =
        body.first_name.trim() !== user.firstName || body.last_name.trim() !== user.lastName;
      // Until the email is confirmed only the language may change (it follows the portal's).
      if (
        (emailChanged || mobileChanged || namesChanged) &&
        app.portalConfig.requiredAccountVerification &&
        !user.emailConfirmed
      ) {
        return fail(reply, 403, [{ code: ErrorCode.emailNotVerified, message: emailNotVerifiedMessage }]);
      }
      if (emailChanged || mobileChanged) {
        const message = "Enter your current password to change your email or mobile number.";
        if (!(await reauthenticate(user, body.current_password, reply, message))) return reply;
        if (emailChanged && (await app.accounts.findByEmail(body.email))) {
          return fail(reply, 409, [
            { code: ErrorCode.validation, message: "This email cannot be used.", field: "email" },
          ]);
        }
      }
      const language = body.locale.language_code;
      const updated = await app.accounts.update(user.id, {
        firstName: body.first_name.trim(),
        lastName: body.last_name.trim(),
        mobile: body.mobile ?? null,
        locale: language,
        ...(emailChanged ? { email: body.email.trim().toLowerCase(), emailConfirmed: false } : {}),
      });
      if (emailChanged) {
        const confirm = await app.accounts.issueToken(updated.id, "confirm_email", new Date());
        await sendEmail(updated, "confirmEmail", linkTo(request, options.publicUrl, `/confirm/${confirm}`));
      }
      return ok(profileOf(updated));
    },
  );

  app.post<{ Body: { current_password: string; new_password: string } }>(
    "/users/change_password",
    {
      preHandler: app.requireVerifiedRider,
      config: perMinute(options.limits.resetPassword),
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
      if (!(await reauthenticate(account.user, request.body.current_password, reply))) return reply;
      const problem = passwordProblem(request.body.new_password, { email: account.user.email });
      if (problem) return rejectPassword(reply, problem);
      const now = new Date();
      await app.accounts.update(account.user.id, {
        passwordHash: await hashSecret(request.body.new_password),
      });
      // Every other device signs in again with the new password; this one stays signed in.
      await app.accounts.revokeAllSessions(account.user.id, now, account.sessionId);
      return ok({ status: "password_changed" });
    },
  );

  app.delete<{ Body: { current_password: string } }>(
    "/users",
    {
      preHandler: app.requireRider,
      config: perMinute(options.limits.resetPassword),
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
      const user = await app.accounts.consumeToken(request.body.token, "confirm_email", new Date());
      if (!user) return fail(reply, 400, [{ code: ErrorCode.tokenInvalid, message: invalidTokenMessage }]);
      await app.accounts.update(user.id, { emailConfirmed: true });
      return ok({ status: "confirmed" });
    },
  );

  app.post(
    "/users/resend_confirmation",
    { preHandler: app.requireRider, config: perMinute(options.limits.resendConfirmation) },
    async (request, reply) => {
      if (!request.account) throw new Error("requireRider let an anonymous request through");
      const user = request.account.user;
      if (!user.emailConfirmed) {
        const confirm = await app.accounts.issueToken(user.id, "confirm_email", new Date());
        await sendEmail(user, "confirmEmail", linkTo(request, options.publicUrl, `/confirm/${confirm}`));
      }
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
      const user = await app.accounts.findByEmail(request.body.email);
      if (user) {
        const reset = await app.accounts.issueToken(user.id, "reset_password", new Date());
        await sendEmail(user, "resetPassword", linkTo(request, options.publicUrl, `/reset/${reset}`));
      }
      return reply.code(202).send(ok({ status: "reset_sent" }));
    },
  );

  app.post<{ Body: { token: string; password: string } }>(
    "/users/reset_password",
    {
      config: perMinute(options.limits.resetPassword),
      schema: {
        body: {
          type: "object",
          required: ["token", "password"],
          additionalProperties: false,
          properties: { token, password: { ...password, maxLength: passwordLength.max * 4 } },
        },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const problem = passwordProblem(request.body.password);
      if (problem) return rejectPassword(reply, problem);
      const user = await app.accounts.consumeToken(request.body.token, "reset_password", now);
      if (!user) return fail(reply, 400, [{ code: ErrorCode.tokenInvalid, message: invalidTokenMessage }]);
      const checked = passwordProblem(request.body.password, { email: user.email });
      if (checked) return rejectPassword(reply, checked);
      await app.accounts.update(user.id, {
        passwordHash: await hashSecret(request.body.password),
        failedLogins: 0,
        lockedUntil: null,
      });
      await app.accounts.revokeAllSessions(user.id, now);
      return ok({ status: "password_reset" });
    },
  );
}
