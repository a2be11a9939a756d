import type { FastifyInstance } from "fastify";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { fail, ok } from "../../http/envelope.ts";

export const captchaFailedMessage = "We could not verify that you are not a robot. Please try again.";
export const captchaToken = { type: "string", minLength: 1, maxLength: 4096 } as const;

/** POST /transit/api/verify_google_captcha: the portal checks a captcha token before it signs up. */
export default async function captchaRoutes(app: FastifyInstance) {
  app.post<{ Body: { token: string } }>(
    "/api/verify_google_captcha",
    {
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        body: {
          type: "object",
          required: ["token"],
          additionalProperties: false,
          properties: { token: captchaToken },
        },
      },
    },
    async (request, reply) => {
      if (!(await app.captcha.check(request.body.token, request.ip))) {
        return fail(reply, 400, [{ code: ErrorCode.captchaFailed, message: captchaFailedMessage }]);
      }
      return ok({ success: true });
    },
  );
}
