import type { FastifyInstance, FastifyReply } from "fastify";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { e164Problem, phoneProblemMessages } from "../../../src/domain/phone.ts";
import { MfaStatus } from "../../../src/domain/session.ts";
import { fail, ok } from "../../http/envelope.ts";
import { profileOf } from "./profile.ts";
import { reauthenticate } from "./reauthenticate.ts";

export const invalidCodeMessage = "Invalid verification code. Please try again with valid code.";
export const codeExhaustedMessage = "Too many wrong codes. Please start again to get a new code.";
const resendTooSoonMessage = "Please wait a moment before asking for a new code.";

const code = { type: "string", pattern: "^[0-9]{6}$" } as const;
const password = { type: "string", minLength: 1, maxLength: 512 } as const;
const codeBody = {
  type: "object",
  required: ["code"],
  additionalProperties: false,
  properties: { code },
} as const;

/** Requests per minute and address on the code routes (each sends a text or checks a code). */
export interface TwoFactorRateLimits {
  send: number;
  verify: number;
}

export const defaultTwoFactorRateLimits: TwoFactorRateLimits = { send: 5, verify: 10 };

/**
 * Two-factor by text message (spec section 4). Signing in with it on gives a pending token that only
 * `/users/mfa/verify` and `/users/mfa/resend` accept. Turning it on texts a code to the new number;
 * turning it off texts one to the enrolled number; both need the current password first.
 */
export default async function twoFactorRoutes(
  app: FastifyInstance,
  options: { limits: TwoFactorRateLimits },
) {
  const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: "1 minute" } });
  const { twoFactor } = app;
  const tooSoon = (reply: FastifyReply) =>
    fail(reply, 429, [{ code: ErrorCode.rateLimited, message: resendTooSoonMessage }]);

  const refuseCode = (reply: FastifyReply, result: "wrong" | "exhausted" | "none") =>
    result === "exhausted"
      ? fail(reply, 429, [{ code: ErrorCode.rateLimited, message: codeExhaustedMessage }])
      : fail(reply, 400, [{ code: ErrorCode.codeInvalid, message: invalidCodeMessage, field: "code" }]);

  app.post<{ Body: { code: string } }>(
    "/users/mfa/verify",
    {
      preHandler: app.requirePendingRider,
      config: perMinute(options.limits.verify),
      schema: { body: codeBody },
    },
    async (request, reply) => {
      const account = request.account;
      if (!account) throw new Error("requirePendingRider let an anonymous request through");
      const verified = await twoFactor.verifySignIn(account.user.id, account.sessionId, request.body.code);
      if (verified.result !== "ok") return refuseCode(reply, verified.result);
      return ok({
        access_token: verified.token,
        expires_at: verified.expiresAt.toISOString(),
        mfa_enrollment_status: MfaStatus.verified,
      });
    },
  );

  app.post(
    "/users/mfa/resend",
    { preHandler: app.requirePendingRider, config: perMinute(options.limits.send) },
    async (request, reply) => {
      const account = request.account;
      if (!account) throw new Error("requirePendingRider let an anonymous request through");
      if (!account.user.mfaPhone)
        return fail(reply, 409, [{ code: ErrorCode.conflict, message: "No phone" }]);
      const sent = await twoFactor.sendCode(
        account.user,
        "sign_in",
        account.user.mfaPhone,
        account.sessionId,
      );
      if (sent === "tooSoon") return tooSoon(reply);
      return reply.code(202).send(ok({ status: "code_sent" }));
    },
  );

  app.post<{ Body: { mobile: string; current_password: string } }>(
    "/users/mfa/enrol",
    {
      preHandler: app.requireVerifiedRider,
      config: { ...perMinute(options.limits.send), passwordWork: true },
      schema: {
        body: {
          type: "object",
          required: ["mobile", "current_password"],
          additionalProperties: false,
          properties: { mobile: { type: "string", maxLength: 20 }, current_password: password },
        },
      },
    },
    async (request, reply) => {
      const user = request.account?.user;
      if (!user) throw new Error("requireRider let an anonymous request through");
      const problem = e164Problem(request.body.mobile);
      if (problem !== null) {
        return fail(reply, 400, [
          { code: ErrorCode.validation, message: phoneProblemMessages[problem], field: "mobile" },
        ]);
      }
      if (!(await reauthenticate(user, request.body.current_password, reply))) return reply;
      if ((await twoFactor.sendCode(user, "enrol", request.body.mobile, null)) === "tooSoon")
        return tooSoon(reply);
      return reply.code(202).send(ok({ status: "code_sent" }));
    },
  );

  app.post<{ Body: { code: string } }>(
    "/users/mfa/enrol/verify",
    {
      preHandler: app.requireVerifiedRider,
      config: perMinute(options.limits.verify),
      schema: { body: codeBody },
    },
    async (request, reply) => {
      const user = request.account?.user;
      if (!user) throw new Error("requireRider let an anonymous request through");
      const changed = await twoFactor.confirmChange(user, "enrol", request.body.code);
      if (changed.result !== "ok") return refuseCode(reply, changed.result);
      return ok(profileOf(changed.user));
    },
  );

  app.post<{ Body: { current_password: string } }>(
    "/users/mfa/disable/start",
    {
      preHandler: app.requireVerifiedRider,
      config: { ...perMinute(options.limits.send), passwordWork: true },
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
      const user = request.account?.user;
      if (!user) throw new Error("requireRider let an anonymous request through");
      if (user.mfaEnrollmentStatus !== MfaStatus.enrolled || !user.mfaPhone) {
        return fail(reply, 409, [{ code: ErrorCode.conflict, message: "Two-factor authentication is off." }]);
      }
      if (!(await reauthenticate(user, request.body.current_password, reply))) return reply;
      if ((await twoFactor.sendCode(user, "disable", user.mfaPhone, null)) === "tooSoon")
        return tooSoon(reply);
      return reply.code(202).send(ok({ status: "code_sent" }));
    },
  );

  app.post<{ Body: { code: string } }>(
    "/users/mfa/disable",
    {
      preHandler: app.requireVerifiedRider,
      config: perMinute(options.limits.verify),
      schema: { body: codeBody },
    },
    async (request, reply) => {
      const user = request.account?.user;
      if (!user) throw new Error("requireRider let an anonymous request through");
      const changed = await twoFactor.confirmChange(user, "disable", request.body.code);
      if (changed.result !== "ok") return refuseCode(reply, changed.result);
      return ok(profileOf(changed.user));
    },
  );
}
