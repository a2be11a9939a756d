import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import type { TransferRequest } from "../../../src/domain/transit/cards.ts";
import type { GuestLoadRequest } from "../../../src/domain/transit/guest-card.ts";
import type { AutoloadRequest, LoadRequest } from "../../../src/domain/transit/wallet.ts";
import { idempotencyKeyPattern } from "../../gateways/payments/gateway.ts";
import { fail, ok } from "../../http/envelope.ts";
import { localeFromHeader } from "../../http/locale.ts";
import { cardOf, riderOf } from "../../plugins/auth.ts";
import { cardNotFoundMessage } from "../../services/orders.ts";
import { emailSchema } from "../accounts/schemas.ts";
import { idempotencyKeyMessage } from "./orders.ts";
import { idParams, uuidPattern } from "./schemas.ts";

const cardId = { type: "string", maxLength: 100 } as const;

const transferSchema = {
  body: {
    type: "object",
    required: ["from", "to", "amount"],
    additionalProperties: false,
    // Any number: the service answers amountInvalid for one that is not a positive integer.
    properties: { from: cardId, to: cardId, amount: { type: "number" } },
  },
} as const;

const money = { type: "integer", minimum: 0, maximum: Number.MAX_SAFE_INTEGER } as const;
const legAmount = { type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const uuid = { type: "string", format: "uuid" } as const;
const token = { type: "string", minLength: 1, maxLength: 4096 } as const;
const leg = (kind: string, extra: Record<string, object>) =>
  ({
    type: "object",
    required: ["kind", "amount", ...Object.keys(extra)],
    additionalProperties: false,
    properties: { kind: { const: kind }, amount: legAmount, ...extra },
  }) as const;
/** More legs than any deployment allows are the service's refusal (paymentRefused on the leg). */
const maxLegsInBody = 5;

const loadBody = {
  type: "object",
  required: ["amount", "expected_total", "payments"],
  additionalProperties: false,
  properties: {
    // Any number: the service answers amountInvalid outside the deployment's bounds.
    amount: { type: "number" },
    expected_total: money,
    payments: {
      type: "array",
      maxItems: maxLegsInBody,
      items: { anyOf: [leg("saved", { payment_method: uuid }), leg("card", { token })] },
    },
  },
} as const;

const guestLoadBody = {
  ...loadBody,
  required: [...loadBody.required, "email"],
  properties: {
    ...loadBody.properties,
    email: emailSchema,
    payments: { type: "array", maxItems: maxLegsInBody, items: leg("card", { token }) },
  },
} as const;

/** A stored or computed reply, sent as its exact JSON text. */
function sendAnswer(reply: FastifyReply, answer: { status: number; body: string }): FastifyReply {
  if (answer.status === 409) reply.header("retry-after", "1");
  return reply.code(answer.status).type("application/json; charset=utf-8").send(answer.body);
}

/** The Idempotency-Key header when it is 1..255 printable ASCII; null otherwise. */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers["idempotency-key"];
  return typeof header === "string" && idempotencyKeyPattern.test(header) ? header : null;
}

function missingKey(reply: FastifyReply): FastifyReply {
  return fail(reply, 400, [
    { code: ErrorCode.validation, message: idempotencyKeyMessage, field: "Idempotency-Key" },
  ]);
}

/**
 * Money between and onto a rider's cards (src/domain/transit/cards.ts, wallet.ts): balance transfers,
 * loads, the wallet and autoload. The rules are the services'; these routes check the JSON.
 */
export default async function walletRoutes(app: FastifyInstance) {
  const cardNotFound = (reply: FastifyReply) =>
    fail(reply, 404, [{ code: ErrorCode.notFound, message: cardNotFoundMessage }]);
  const locale = (request: FastifyRequest) => localeFromHeader(request.headers["accept-language"]);

  app.post<{ Params: { id: string }; Body: LoadRequest }>(
    "/faremedia/:id/loads",
    { schema: { params: idParams, body: loadBody }, preHandler: app.requireVerifiedRider },
    async (request, reply) => {
      if (!uuidPattern.test(request.params.id)) return cardNotFound(reply);
      const key = idempotencyKeyOf(request);
      if (key === null) return missingKey(reply);
      return sendAnswer(
        reply,
        await app.wallet.loadCard({
          user: riderOf(request),
          cardId: request.params.id.toLowerCase(),
          idempotencyKey: key,
          request: request.body,
          locale: locale(request),
          address: request.ip,
        }),
      );
    },
  );

  const autoloadBody = {
    type: "object",
    required: ["amount", "payment_method", "trigger"],
    additionalProperties: false,
    properties: {
      amount: { type: "number" },
      payment_method: { type: "string", maxLength: 100 },
      trigger: { type: "string", maxLength: 20 },
      threshold: { type: ["number", "null"] },
      weekday: { type: ["number", "null"] },
      month_day: { type: ["number", "null"] },
    },
  } as const;

  app.put<{ Params: { id: string }; Body: AutoloadRequest }>(
    "/faremedia/:id/autoload",
    { schema: { params: idParams, body: autoloadBody }, preHandler: app.requireVerifiedRider },
    async (request, reply) => {
      if (!uuidPattern.test(request.params.id)) return cardNotFound(reply);
      const result = await app.autoloads.save(
        riderOf(request).id,
        request.params.id.toLowerCase(),
        request.body,
        locale(request),
      );
      if (!result.ok) return fail(reply, result.status, result.errors);
      return ok({ autoload: result.autoload });
    },
  );

  app.delete<{ Params: { id: string } }>(
    "/faremedia/:id/autoload",
    { schema: { params: idParams }, preHandler: app.requireVerifiedRider },
    async (request, reply) => {
      if (!uuidPattern.test(request.params.id)) return cardNotFound(reply);
      const removed = await app.autoloads.remove(riderOf(request).id, request.params.id.toLowerCase());
      return removed ? reply.code(204).send() : cardNotFound(reply);
    },
  );

  app.get("/wallet", { preHandler: app.requireVerifiedRider }, async (request) => {
    const rider = riderOf(request);
    return ok({
      wallet: {
        ...(await app.wallet.wallet(rider.id)),
        autoload: await app.autoloads.ofWallet(rider.id, locale(request)),
      },
    });
  });

  // The wallet's own autoload (issue 47): as a card's, with the wallet as its target.
  app.put<{ Body: AutoloadRequest }>(
    "/wallet/autoload",
    { schema: { body: autoloadBody }, preHandler: app.requireVerifiedRider },
    async (request, reply) => {
      const result = await app.autoloads.save(riderOf(request).id, null, request.body, locale(request));
      if (!result.ok) return fail(reply, result.status, result.errors);
      return ok({ autoload: result.autoload });
    },
  );

  app.delete("/wallet/autoload", { preHandler: app.requireVerifiedRider }, async (request, reply) => {
    await app.autoloads.remove(riderOf(request).id, null);
    return reply.code(204).send();
  });

  app.post<{ Body: LoadRequest }>(
    "/wallet/loads",
    { schema: { body: loadBody }, preHandler: app.requireVerifiedRider },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      if (key === null) return missingKey(reply);
      return sendAnswer(
        reply,
        await app.wallet.loadWallet({
          user: riderOf(request),
          idempotencyKey: key,
          request: request.body,
          locale: locale(request),
          address: request.ip,
        }),
      );
    },
  );

  app.post<{ Body: GuestLoadRequest }>(
    "/anonymous/card/loads",
    {
      schema: { body: guestLoadBody },
      preHandler: app.requireCardToken,
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      const { cardId } = cardOf(request);
      const key = idempotencyKeyOf(request);
      if (key === null) return missingKey(reply);
      return sendAnswer(
        reply,
        await app.wallet.loadGuestCard({
          cardId,
          idempotencyKey: key,
          request: request.body,
          locale: locale(request),
          address: request.ip,
        }),
      );
    },
  );

  app.post<{ Body: TransferRequest }>(
    "/faremedia/transfers",
    { schema: transferSchema, preHandler: app.requireVerifiedRider },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      if (key === null) return missingKey(reply);
      return sendAnswer(
        reply,
        await app.cardTransfers.transfer({
          userId: riderOf(request).id,
          idempotencyKey: key,
          request: request.body,
        }),
      );
    },
  );
}
