import type { FastifyInstance, FastifyRequest } from "fastify";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { maxActivityPageSize } from "../../../src/domain/transit/cards.ts";
import type { CardTokenRequest } from "../../../src/domain/transit/guest-card.ts";
import { fail, ok } from "../../http/envelope.ts";
import { localeFromHeader } from "../../http/locale.ts";
import { cardOf, cardTokenExpiredMessage } from "../../plugins/auth.ts";
import { throttledMessage } from "./fare-cards.ts";
import { pageOf, pageSchema } from "./paging.ts";
import { hasFields, noFields } from "./payment-methods.ts";

/** One message for a wrong pair, whether the number exists or not. */
const guestNoMatchMessage =
  "The card number and security code do not match a card. Check them and try again.";

const tokenSchema = {
  body: {
    type: "object",
    required: ["card_number", "security_code"],
    additionalProperties: false,
    properties: {
      card_number: { type: "string", maxLength: 64 },
      security_code: { type: "string", maxLength: 16 },
    },
  },
} as const;

/**
 * A guest's card (src/domain/transit/guest-card.ts): a token from the card's number and security
 * code, then the card and its activity with `Authorization: Card <token>`. The guest load route is
 * routes/transit/wallet.ts's.
 */
export default async function guestCardRoutes(app: FastifyInstance) {
  const guard = { preHandler: app.requireCardToken };
  const locale = (request: FastifyRequest) => localeFromHeader(request.headers["accept-language"]);
  const gone = () => [{ code: ErrorCode.unauthorized, message: cardTokenExpiredMessage }];

  app.post<{ Body: CardTokenRequest }>(
    "/anonymous/card_tokens",
    { schema: tokenSchema },
    async (request, reply) => {
      const result = await app.cardTokens.issue(request.body, request.ip, locale(request));
      if (result.ok) {
        const { ok: _ok, ...answer } = result;
        return reply.code(201).send(ok(answer));
      }
      if (result.problem === "throttled") {
        reply.header("retry-after", String(result.retryAfterSeconds));
        return fail(reply, 429, [{ code: ErrorCode.rateLimited, message: throttledMessage }]);
      }
      return fail(reply, 422, [
        { code: ErrorCode.cardNoMatch, message: guestNoMatchMessage, field: "card_number" },
      ]);
    },
  );

  app.get("/anonymous/card", guard, async (request, reply) => {
    const card = await app.fareMedia.guestDetail(cardOf(request).cardId, locale(request));
    return card ? ok({ fare_medium: card }) : fail(reply, 401, gone());
  });

  app.get<{ Querystring: { limit?: string; after?: string } }>(
    "/anonymous/card/activity",
    { ...guard, schema: pageSchema },
    async (request, reply) => {
      const page = pageOf(request.query, reply, {
        default: app.portalConfig.ideal_row_count,
        max: maxActivityPageSize,
      });
      if (!page) return reply;
      const found = await app.fareMedia.guestActivity(
        cardOf(request).cardId,
        page.limit,
        page.after,
        locale(request),
      );
      return found ? ok(found) : fail(reply, 401, gone());
    },
  );

  app.post("/anonymous/card/block", guard, async (request, reply) => {
    if (hasFields(request.body)) return fail(reply, 400, [noFields]);
    const result = await app.fareMedia.guestBlock(cardOf(request).cardId, locale(request));
    if (result.ok) return ok({ fare_medium: result.card });
    if (result.problem === "notFound") return fail(reply, 401, gone());
    return fail(reply, 422, [
      {
        code: ErrorCode.fareCardUnavailable,
        message: "This card cannot be blocked here: a card in an account is blocked from that account.",
      },
    ]);
  });

  app.delete("/anonymous/card_tokens/current", guard, async (request, reply) => {
    if (hasFields(request.body)) return fail(reply, 400, [noFields]);
    await app.cardTokens.revoke(cardOf(request).tokenId);
    return reply.code(204).send();
  });
}
