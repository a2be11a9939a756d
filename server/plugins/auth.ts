import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ErrorCode } from "../../src/domain/envelope.ts";
import { fail } from "../http/envelope.ts";
import { type AccountRepository, createAccountRepository, type User } from "../repositories/accounts.ts";
import type { CardTokenService } from "../services/card-tokens.ts";

declare module "fastify" {
  interface FastifyRequest {
    account: { user: User; sessionId: string; mfaPending: boolean } | null;
    /** The guest's card token (`Authorization: Card <token>`) a requireCardToken preHandler resolved. */
    cardToken: { tokenId: string; cardId: string } | null;
  }
  interface FastifyInstance {
    /** Riders and their sessions (repositories/accounts.ts), which every guard below resolves. */
    accounts: AccountRepository;
    /** preHandler for routes that need a signed-in rider. */
    requireRider: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
    /** preHandler for the two-factor step: only a session still owing its texted code. */
    requirePendingRider: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
    /**
     * preHandler for what a rider does with the account (spec section 5, "Action Blocked"): signed in
     * and, when the deployment requires it, with a confirmed email.
     */
    requireVerifiedRider: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
  }
}

export const unauthorizedMessage =
  "You are unauthorized to perform this request. Please sign in and try again.";
const sessionExpiredMessage = "Your session has expired. Please sign in again.";
export const deactivatedMessage = "This account has been deactivated.";
export const cardTokenExpiredMessage = "Your card session has ended. Please enter the card number again.";
/** A guest's checkout named its card by a token that has ended (quote and order alike). */
export const cardTokenGone = {
  code: ErrorCode.fareCardUnavailable,
  message: cardTokenExpiredMessage,
  field: "card_token",
} as const;
export const emailNotVerifiedMessage =
  "Unable to complete your request. Please verify your email and try again.";

/**
 * Resolves `Authorization: Bearer <token>` to the rider. A token that was revoked or expired answers
 * 401 with error 50020 (the portal then clears its session); no token or an unknown one answers 401.
 */
export default fp(
  async function auth(app: FastifyInstance) {
    app.decorate("accounts", createAccountRepository(app.db));
    app.decorateRequest("account", null);
    const resolve = (pending: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
      const header = request.headers.authorization ?? "";
      const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header);
      if (!match?.[1]) {
        return fail(reply, 401, [{ code: ErrorCode.unauthorized, message: unauthorizedMessage }]);
      }
      const resolved = await app.accounts.resolveSession(match[1], app.clock.now());
      if (resolved.status !== "active") {
        if (resolved.status === "deactivated") {
          return fail(reply, 401, [{ code: ErrorCode.accountDeactivated, message: deactivatedMessage }]);
        }
        return resolved.status === "expired"
          ? fail(reply, 401, [{ code: ErrorCode.sessionInvalid, message: sessionExpiredMessage }])
          : fail(reply, 401, [{ code: ErrorCode.unauthorized, message: unauthorizedMessage }]);
      }
      // A session still owing its code opens nothing but the code step, and a full one never needs it.
      if (resolved.mfaPending !== pending) {
        return fail(reply, 401, [{ code: ErrorCode.unauthorized, message: unauthorizedMessage }]);
      }
      request.account = { user: resolved.user, sessionId: resolved.sessionId, mfaPending: pending };
      return undefined;
    };
    // Resolved by the fare media domain's requireCardToken (cardTokenGuard below).
    app.decorateRequest("cardToken", null);
    app.decorate("requireRider", resolve(false));
    app.decorate("requirePendingRider", resolve(true));
    app.decorate("requireVerifiedRider", async (request: FastifyRequest, reply: FastifyReply) => {
      // A Reply is thenable: awaiting the refusal yields undefined, so ask the reply whether it was sent.
      await app.requireRider(request, reply);
      if (reply.sent) return reply;
      if (app.portalConfig.requiredAccountVerification && !request.account?.user.emailConfirmed) {
        return fail(reply, 403, [{ code: ErrorCode.emailNotVerified, message: emailNotVerifiedMessage }]);
      }
      return undefined;
    });
  },
  { name: "auth", dependencies: ["db", "clock", "config"] },
);

/** The rider a requireRider / requireVerifiedRider preHandler let through (a bug if there is none). */
export function riderOf(request: FastifyRequest): User {
  const user = request.account?.user;
  if (!user) throw new Error("A rider route ran without requireRider or requireVerifiedRider");
  return user;
}

/**
 * preHandler for a guest's card routes (src/domain/transit/guest-card.ts): `Authorization: Card
 * <token>` of a live token; `cardOf(request)` is then the card's id.
 */
export function cardTokenGuard(cardTokens: Pick<CardTokenService, "resolve">) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const match = /^Card ([A-Za-z0-9_-]{20,200})$/.exec(request.headers.authorization ?? "");
    const resolved = match?.[1] ? await cardTokens.resolve(match[1]) : null;
    if (!resolved)
      return fail(reply, 401, [{ code: ErrorCode.unauthorized, message: cardTokenExpiredMessage }]);
    request.cardToken = resolved;
    return undefined;
  };
}

/** The card a requireCardToken preHandler let through (a bug if there is none). */
export function cardOf(request: FastifyRequest): { tokenId: string; cardId: string } {
  const token = request.cardToken;
  if (!token) throw new Error("A guest card route ran without requireCardToken");
  return token;
}
