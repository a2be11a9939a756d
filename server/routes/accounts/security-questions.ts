import type { FastifyInstance, FastifyReply } from "fastify";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import type { SecurityAnswer } from "../../../src/domain/identity.ts";
import { securityAnswerMessages } from "../../../src/domain/security-questions.ts";
import { fail, notFound, ok } from "../../http/envelope.ts";
import type { AnswerSetProblem } from "../../services/security-questions.ts";
import { passwordSchema, securityAnswersSchema, tokenSchema } from "./schemas.ts";
import { type AccountRateLimits, lockedMessage } from "./users.ts";

const invalidPasswordMessage = "Invalid password";
const securityQuestionsOffMessage = "This agency does not use security questions.";

const problemError = (problem: AnswerSetProblem) => {
  switch (problem.kind) {
    case "count":
      return {
        code: ErrorCode.validation,
        message: `Choose exactly ${problem.expected} different questions.`,
        field: "answers",
      };
    case "unknownQuestion":
      return {
        code: ErrorCode.validation,
        message: "This question is not one of the list.",
        field: `answers.${problem.index}.question_id`,
      };
    case "duplicateQuestion":
      return {
        code: ErrorCode.validation,
        message: "Each question can be chosen once.",
        field: `answers.${problem.index}.question_id`,
      };
    case "answer":
      return {
        code: ErrorCode.validation,
        message: securityAnswerMessages[problem.problem],
        field: `answers.${problem.index}.answer`,
      };
  }
};

/**
 * Security questions (issue 14, src/domain/identity.ts): the signed-in rider reads, sets and removes
 * theirs on /users/security_questions (the current password guards each change, counted by the
 * sign-in budget); a reset link names the questions it will ask. 404 when the deployment has them off.
 */
export default async function securityQuestionRoutes(
  app: FastifyInstance,
  options: { limits: Pick<AccountRateLimits, "resetPassword"> },
) {
  const questions = app.securityQuestions;
  const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: "1 minute" } });
  const off = (reply: FastifyReply) => notFound(reply, securityQuestionsOffMessage);
  const refusedPassword = (reply: FastifyReply, result: "locked" | "password") =>
    result === "locked"
      ? fail(reply, 429, [{ code: ErrorCode.rateLimited, message: lockedMessage }])
      : fail(reply, 403, [
          { code: ErrorCode.loginMismatch, message: invalidPasswordMessage, field: "password" },
        ]);

  app.get("/users/security_questions", { preHandler: app.requireVerifiedRider }, async (request, reply) => {
    const user = request.account?.user;
    if (!user) throw new Error("requireRider let an anonymous request through");
    const read = await questions.state(user);
    if (read.result === "off") return off(reply);
    return ok(read.state);
  });

  app.put<{ Body: { password: string; answers: SecurityAnswer[] } }>(
    "/users/security_questions",
    {
      preHandler: app.requireVerifiedRider,
      config: { ...perMinute(options.limits.resetPassword), passwordWork: true },
      schema: {
        body: {
          type: "object",
          required: ["password", "answers"],
          additionalProperties: false,
          properties: { password: passwordSchema, answers: securityAnswersSchema },
        },
      },
    },
    async (request, reply) => {
      const user = request.account?.user;
      if (!user) throw new Error("requireRider let an anonymous request through");
      const set = await questions.set(user, request.body.password, request.body.answers, request.ip);
      switch (set.result) {
        case "off":
          return off(reply);
        case "invalid":
          return fail(reply, 400, set.problems.map(problemError));
        case "locked":
        case "password":
          return refusedPassword(reply, set.result);
        case "ok":
          return ok(set.state);
      }
    },
  );

  app.delete<{ Body: { password: string } }>(
    "/users/security_questions",
    {
      preHandler: app.requireVerifiedRider,
      config: { ...perMinute(options.limits.resetPassword), passwordWork: true },
      schema: {
        body: {
          type: "object",
          required: ["password"],
          additionalProperties: false,
          properties: { password: passwordSchema },
        },
      },
    },
    async (request, reply) => {
      const user = request.account?.user;
      if (!user) throw new Error("requireRider let an anonymous request through");
      const cleared = await questions.clear(user, request.body.password, request.ip);
      switch (cleared.result) {
        case "off":
          return off(reply);
        case "locked":
        case "password":
          return refusedPassword(reply, cleared.result);
        case "ok":
          return reply.code(204).send();
      }
    },
  );

  app.get<{ Params: { token: string } }>(
    "/users/reset_password/:token/questions",
    {
      config: perMinute(options.limits.resetPassword * 3),
      schema: {
        params: {
          type: "object",
          required: ["token"],
          additionalProperties: false,
          properties: { token: tokenSchema },
        },
      },
    },
    async (request) => ok(await questions.questionsForReset(request.params.token)),
  );
}
