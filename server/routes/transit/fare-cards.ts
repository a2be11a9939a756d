import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import {
  type EnableAutoRenewRequest,
  type LinkCardRequest,
  maxActivityPageSize,
} from "../../../src/domain/transit/cards.ts";
import { tripNotFoundMessage } from "../../../src/domain/transit/trips.ts";
import { fail, ok } from "../../http/envelope.ts";
import { localeFromHeader } from "../../http/locale.ts";
import { riderOf } from "../../plugins/auth.ts";
import type { KeysetCursor } from "../../repositories/keyset-cursor.ts";
import { type CardProblem, cardNicknameProblem, type LinkProblem } from "../../services/fare-media.ts";
import { pageOf, pageSchema } from "./paging.ts";
import { hasFields, noFields } from "./payment-methods.ts";
import { idParams, uuidPattern } from "./schemas.ts";

export const cardNotFoundMessage = "Fare card not found.";

/** How a card refusal is answered, the same for every route. */
function cardRefusal(reply: FastifyReply, refusal: CardProblem): FastifyReply {
  switch (refusal.problem) {
    case "notFound":
      return fail(reply, 404, [{ code: ErrorCode.notFound, message: cardNotFoundMessage }]);
    case "fareCardUnavailable":
      return fail(reply, 422, [
        {
          code: ErrorCode.fareCardUnavailable,
          message: "This fare card cannot be changed in its current state.",
        },
      ]);
    case "cardNotEmpty":
      return fail(reply, 422, [
        {
          code: ErrorCode.cardNotEmpty,
          message: "This card still holds value or usable passes. Use or transfer them before removing it.",
        },
      ]);
    case "loadPending":
      return fail(reply, 422, [
        {
          code: ErrorCode.loadPending,
          message: "A load on this card is still being processed. Try again in a few minutes.",
        },
      ]);
    case "invalid":
      return fail(reply, 400, [
        { code: ErrorCode.validation, message: refusal.message, field: refusal.field },
      ]);
    case "missing":
      return fail(reply, 404, [{ code: ErrorCode.notFound, message: refusal.message, field: refusal.field }]);
  }
}

const linkMessages: Record<
  Exclude<LinkProblem["problem"], "throttled">,
  { code: number; message: string }
> = {
  cardNoMatch: {
    code: ErrorCode.cardNoMatch,
    message: "The card number and security code do not match a card. Check them and try again.",
  },
  cardMultipleMatches: {
    code: ErrorCode.cardMultipleMatches,
    message: "More than one card matches. Please contact customer service.",
  },
  cardAlreadyLinked: {
    code: ErrorCode.cardAlreadyLinked,
    message: "This card is already linked to an account.",
  },
  cardBlocked: { code: ErrorCode.cardBlocked, message: "This card is blocked and cannot be linked." },
};

export const throttledMessage = "Too many attempts. Please wait and try again.";

const linkSchema = {
  body: {
    type: "object",
    required: ["card_number", "security_code"],
    additionalProperties: false,
    properties: {
      card_number: { type: "string", maxLength: 64 },
      security_code: { type: "string", maxLength: 16 },
      nickname: { type: ["string", "null"], maxLength: 1000 },
    },
  },
} as const;

/** A guest's card added to the rider's account by its card token (issue 35). */
const claimSchema = {
  body: {
    type: "object",
    required: ["card_token"],
    additionalProperties: false,
    properties: {
      card_token: { type: "string", minLength: 1, maxLength: 200 },
      nickname: { type: ["string", "null"], maxLength: 1000 },
    },
  },
} as const;

const renameSchema = {
  params: idParams,
  body: {
    type: "object",
    required: ["nickname"],
    additionalProperties: false,
    properties: { nickname: { type: "string", maxLength: 1000 } },
  },
} as const;

const autoRenewSchema = {
  params: idParams,
  body: {
    type: "object",
    required: ["pass", "payment_method"],
    additionalProperties: false,
    properties: {
      pass: { type: "string", maxLength: 100 },
      payment_method: { type: "string", maxLength: 100 },
    },
  },
} as const;

/** Report lost or stolen (issue 35): the replacement wanted; a digital card on the rider's phone. */
const replaceSchema = {
  params: idParams,
  body: {
    type: "object",
    required: ["replacement"],
    additionalProperties: false,
    properties: { replacement: { type: "string", enum: ["digital"] } },
  },
} as const;

const autoRenewParams = {
  params: {
    type: "object",
    required: ["id", "autoRenewId"],
    additionalProperties: false,
    properties: { id: { type: "string" }, autoRenewId: { type: "string" } },
  },
} as const;

interface IdParams {
  id: string;
}

/**
 * A rider's fare cards (src/domain/transit/cards.ts is the contract): details, activity, nickname,
 * link, unlink, remove, block and unblock, auto-renewals. The rules are app.fareMedia's; these routes
 * check the JSON and word the outcome. Any id that is not one of the rider's live cards is one 404.
 * Transfers, loads and autoload live in routes/transit/wallet.ts.
 */
export default async function fareCardRoutes(app: FastifyInstance) {
  const guard = { preHandler: app.requireVerifiedRider };
  const riderId = (request: FastifyRequest) => riderOf(request).id;
  const locale = (request: FastifyRequest) => localeFromHeader(request.headers["accept-language"]);
  const notFound = (reply: FastifyReply) => cardRefusal(reply, { problem: "notFound" });
  const tripNotFound = (reply: FastifyReply) =>
    fail(reply, 404, [{ code: ErrorCode.notFound, message: tripNotFoundMessage }]);

  app.get<{ Params: IdParams }>(
    "/faremedia/:id",
    { ...guard, schema: { params: idParams } },
    async (request, reply) => {
      if (!uuidPattern.test(request.params.id)) return notFound(reply);
      const card = await app.fareMedia.detail(
        riderId(request),
        request.params.id.toLowerCase(),
        locale(request),
      );
      return card ? ok({ fare_medium: card }) : notFound(reply);
    },
  );

  /**
   * A keyset page of one of the rider's cards' rows (its activity, its trips): pages of the
   * deployment's ideal_row_count; a card that is not the rider's is the one 404.
   */
  const cardPages = <Page>(
    path: string,
    read: (
      userId: string,
      cardId: string,
      limit: number,
      after: KeysetCursor | null,
      locale: string,
    ) => Promise<Page | null>,
  ) =>
    app.get<{ Params: IdParams; Querystring: { limit?: string; after?: string } }>(
      path,
      { ...guard, schema: { params: idParams, ...pageSchema } },
      async (request, reply) => {
        if (!uuidPattern.test(request.params.id)) return notFound(reply);
        const page = pageOf(request.query, reply, {
          default: app.portalConfig.ideal_row_count,
          max: maxActivityPageSize,
        });
        if (!page) return reply;
        const found = await read(
          riderId(request),
          request.params.id.toLowerCase(),
          page.limit,
          page.after,
          locale(request),
        );
        return found ? ok(found) : notFound(reply);
      },
    );

  cardPages("/faremedia/:id/activity", (...args) => app.fareMedia.activity(...args));
  // The card's trips (src/domain/transit/trips.ts): its taps, in keyset pages, and one trip.
  cardPages("/faremedia/:id/trips", (...args) => app.trips.page(...args));

  app.get<{ Params: IdParams & { tripId: string } }>(
    "/faremedia/:id/trips/:tripId",
    {
      ...guard,
      schema: {
        params: {
          type: "object",
          required: ["id", "tripId"],
          additionalProperties: false,
          properties: { id: { type: "string" }, tripId: { type: "string" } },
        },
      },
    },
    async (request, reply) => {
      const { id, tripId } = request.params;
      if (!uuidPattern.test(id) || !uuidPattern.test(tripId)) return tripNotFound(reply);
      const trip = await app.trips.detail(
        riderId(request),
        id.toLowerCase(),
        tripId.toLowerCase(),
        locale(request),
      );
      return trip ? ok({ trip }) : tripNotFound(reply);
    },
  );

  app.patch<{ Params: IdParams; Body: { nickname: string } }>(
    "/faremedia/:id",
    { ...guard, schema: renameSchema },
    async (request, reply) => {
      if (!uuidPattern.test(request.params.id)) return notFound(reply);
      const result = await app.fareMedia.rename(
        riderId(request),
        request.params.id.toLowerCase(),
        request.body.nickname,
        locale(request),
      );
      return result.ok ? ok({ fare_medium: result.card }) : cardRefusal(reply, result);
    },
  );

  app.post<{ Body: LinkCardRequest }>(
    "/faremedia/link",
    { ...guard, schema: linkSchema },
    async (request, reply) => {
      const problem = cardNicknameProblem(request.body.nickname?.trim() ?? "", { required: false });
      if (problem !== null)
        return fail(reply, 400, [{ code: ErrorCode.validation, message: problem, field: "nickname" }]);
      const result = await app.fareMedia.link(riderId(request), request.body, locale(request));
      if (result.ok) return reply.code(201).send(ok({ fare_medium: result.card }));
      if (result.problem === "throttled") {
        reply.header("retry-after", String(result.retryAfterSeconds));
        return fail(reply, 429, [{ code: ErrorCode.rateLimited, message: throttledMessage }]);
      }
      const { code, message } = linkMessages[result.problem];
      return fail(reply, 422, [{ code, message, field: "card_number" }]);
    },
  );

  // A card looked up on /manage-card, added to the signed-in rider's account: its card token proves the
  // number and security code were known. An expired or unknown token is refused as no match (never 401:
  // the rider's session is fine), and the token dies once the card is the rider's.
  app.post<{ Body: { card_token: string; nickname?: string | null } }>(
    "/faremedia/claim",
    { ...guard, schema: claimSchema },
    async (request, reply) => {
      const problem = cardNicknameProblem(request.body.nickname?.trim() ?? "", { required: false });
      if (problem !== null)
        return fail(reply, 400, [{ code: ErrorCode.validation, message: problem, field: "nickname" }]);
      const held = await app.cardTokens.resolve(request.body.card_token);
      if (!held) {
        const { code, message } = linkMessages.cardNoMatch;
        return fail(reply, 422, [{ code, message, field: "card_token" }]);
      }
      const result = await app.fareMedia.claim(
        riderId(request),
        held.cardId,
        request.body.nickname ?? undefined,
        locale(request),
      );
      if (!result.ok) {
        const { code, message } =
          linkMessages[result.problem === "throttled" ? "cardNoMatch" : result.problem];
        return fail(reply, 422, [{ code, message, field: "card_token" }]);
      }
      await app.cardTokens.revoke(held.tokenId);
      return reply.code(201).send(ok({ fare_medium: result.card }));
    },
  );

  const bodiless = (
    path: string,
    method: "POST" | "DELETE",
    act: (
      request: FastifyRequest<{ Params: IdParams }>,
      id: string,
    ) => Promise<{ ok: true; card?: unknown } | ({ ok: false } & CardProblem)>,
  ) =>
    app.route<{ Params: IdParams }>({
      method,
      url: path,
      ...guard,
      schema: { params: idParams },
      handler: async (request, reply) => {
        if (hasFields(request.body)) return fail(reply, 400, [noFields]);
        if (!uuidPattern.test(request.params.id)) return notFound(reply);
        const result = await act(request, request.params.id.toLowerCase());
        if (!result.ok) return cardRefusal(reply, result);
        return result.card === undefined ? reply.code(204).send() : ok({ fare_medium: result.card });
      },
    });

  bodiless("/faremedia/:id/unlink", "POST", (request, id) => app.fareMedia.unlink(riderId(request), id));
  bodiless("/faremedia/:id", "DELETE", (request, id) => app.fareMedia.remove(riderId(request), id));
  bodiless("/faremedia/:id/block", "POST", (request, id) =>
    app.fareMedia.block(riderId(request), id, locale(request)),
  );
  bodiless("/faremedia/:id/unblock", "POST", (request, id) =>
    app.fareMedia.unblock(riderId(request), id, locale(request)),
  );

  // Report lost or stolen: blocks the card and issues its digital replacement with all it held. Asked
  // again (a double click, a retry), it answers the same replacement.
  app.post<{ Params: IdParams; Body: { replacement: "digital" } }>(
    "/faremedia/:id/replace",
    { ...guard, schema: replaceSchema },
    async (request, reply) => {
      if (!uuidPattern.test(request.params.id)) return notFound(reply);
      const result = await app.fareMedia.replace(
        riderId(request),
        request.params.id.toLowerCase(),
        locale(request),
      );
      if (!result.ok) return cardRefusal(reply, result);
      return ok({ fare_medium: result.card, replaced: result.replaced });
    },
  );

  app.post<{ Params: IdParams; Body: EnableAutoRenewRequest }>(
    "/faremedia/:id/auto_renew",
    { ...guard, schema: autoRenewSchema },
    async (request, reply) => {
      if (!uuidPattern.test(request.params.id)) return notFound(reply);
      if (!uuidPattern.test(request.body.pass)) {
        return cardRefusal(reply, { problem: "missing", field: "pass", message: "Pass details not found." });
      }
      if (!uuidPattern.test(request.body.payment_method)) {
        return cardRefusal(reply, {
          problem: "missing",
          field: "payment_method",
          message: "Payment method not found.",
        });
      }
      const result = await app.fareMedia.enableAutoRenew(
        riderId(request),
        request.params.id.toLowerCase(),
        { pass: request.body.pass.toLowerCase(), payment_method: request.body.payment_method.toLowerCase() },
        locale(request),
      );
      return result.ok
        ? reply.code(201).send(ok({ auto_renew: result.autoRenew }))
        : cardRefusal(reply, result);
    },
  );

  app.delete<{ Params: IdParams & { autoRenewId: string } }>(
    "/faremedia/:id/auto_renew/:autoRenewId",
    { ...guard, schema: autoRenewParams },
    async (request, reply) => {
      if (hasFields(request.body)) return fail(reply, 400, [noFields]);
      const { id, autoRenewId } = request.params;
      if (!uuidPattern.test(id) || !uuidPattern.test(autoRenewId)) return notFound(reply);
      const result = await app.fareMedia.cancelAutoRenew(
        riderId(request),
        id.toLowerCase(),
        autoRenewId.toLowerCase(),
      );
      return result.ok ? reply.code(204).send() : cardRefusal(reply, result);
    },
  );
}
