import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { hashSecret } from "../../domain/password.ts";
import { passwordProblem } from "../../domain/password-policy.ts";
import { hashToken } from "../../domain/tokens.ts";
import { fail, ok } from "../../http/envelope.ts";
import { unauthorizedMessage } from "../../plugins/auth.ts";
import { emailSchema, localeSchema, nameSchema, passwordSchema, tokenSchema } from "./schemas.ts";
import { rejectPassword } from "./users.ts";

const invalidInviteMessage = "Invalid user information";

const optionalName = { type: "string", maxLength: 50 } as const;

interface InviteBody {
  email: string;
  first_name?: string;
  last_name?: string;
  locale?: string;
}

interface AcceptBody {
  first_name: string;
  last_name: string;
  password: string;
}

/** Compares bearer tokens by their hashes, in constant time. */
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(Buffer.from(hashToken(given)), Buffer.from(hashToken(expected)));
}

/**
 * Invites (spec route /invite/{token}): an agency operator invites someone by email (POST /invites,
 * with the operator token of the deployment); the link shows who is invited and accepting it opens
 * the account with that email confirmed. An unknown, used or expired invite is "Invalid user
 * information".
 */
export default async function inviteRoutes(app: FastifyInstance, options: { operatorToken: string | null }) {
  const invites = app.inviteService;
  const invalid = (reply: FastifyReply) =>
    fail(reply, 404, [{ code: ErrorCode.inviteInvalid, message: invalidInviteMessage }]);

  const requireOperator = async (request: FastifyRequest, reply: FastifyReply) => {
    const given = /^Bearer (\S{32,200})$/.exec(request.headers.authorization ?? "")?.[1];
    if (!options.operatorToken || !given || !sameSecret(given, options.operatorToken)) {
      return fail(reply, 401, [{ code: ErrorCode.unauthorized, message: unauthorizedMessage }]);
    }
    return undefined;
  };

  app.post<{ Body: InviteBody }>(
    "/invites",
    {
      preHandler: requireOperator,
      schema: {
        body: {
          type: "object",
          required: ["email"],
          additionalProperties: false,
          properties: {
            email: emailSchema,
            first_name: optionalName,
            last_name: optionalName,
            locale: localeSchema,
          },
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const invited = await invites.invite({
        email: body.email,
        firstName: body.first_name?.trim() ?? "",
        lastName: body.last_name?.trim() ?? "",
        locale: body.locale ?? "en",
        invitedBy: "operator",
      });
      if (invited.result === "hasAccount") {
        return fail(reply, 409, [
          { code: ErrorCode.conflict, message: "This email already has an account.", field: "email" },
        ]);
      }
      const invite = invited.invite;
      return reply
        .code(201)
        .send(ok({ id: invite.id, email: invite.email, expires_at: invite.expiresAt.toISOString() }));
    },
  );

  app.get<{ Params: { token: string } }>(
    "/invites/:token",
    {
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: { params: { type: "object", required: ["token"], properties: { token: tokenSchema } } },
      // A malformed token is as invalid as an unknown one, in the same words.
      attachValidation: true,
    },
    async (request, reply) => {
      if (request.validationError) return invalid(reply);
      const invite = await app.invites.findOpen(request.params.token, app.clock.now());
      if (!invite) return invalid(reply);
      return ok({
        email: invite.email,
        first_name: invite.firstName,
        last_name: invite.lastName,
        locale: invite.locale,
      });
    },
  );

  app.post<{ Params: { token: string }; Body: AcceptBody }>(
    "/invites/:token/accept",
    {
      config: { rateLimit: { max: 10, timeWindow: "1 minute" }, passwordWork: true },
      schema: {
        params: { type: "object", required: ["token"], properties: { token: tokenSchema } },
        body: {
          type: "object",
          required: ["first_name", "last_name", "password"],
          additionalProperties: false,
          properties: {
            first_name: nameSchema,
            last_name: nameSchema,
            password: passwordSchema,
          },
        },
      },
    },
    async (request, reply) => {
      const now = app.clock.now();
      const open = await app.invites.findOpen(request.params.token, now);
      if (!open) return invalid(reply);
      const problem = passwordProblem(request.body.password, { email: open.email });
      if (problem) return rejectPassword(reply, problem);
      const user = await invites.accept(request.params.token, {
        passwordHash: await hashSecret(request.body.password),
        firstName: request.body.first_name.trim(),
        lastName: request.body.last_name.trim(),
      });
      if (!user) return invalid(reply);
      return reply.code(201).send(ok({ status: "accepted", email: user.email }));
    },
  );
}
