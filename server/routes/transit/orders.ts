import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  type GuestOrderRequest,
  maxOrderPageSize,
  type PlaceOrderRequest,
} from "../../../src/domain/checkout/order.ts";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { hashToken } from "../../domain/tokens.ts";
import { idempotencyKeyPattern } from "../../gateways/payments/gateway.ts";
import { fail, ok } from "../../http/envelope.ts";
import { localeFromHeader } from "../../http/locale.ts";
import { cardTokenGone, riderOf, unauthorizedMessage } from "../../plugins/auth.ts";
import { refundIdOf } from "../../services/orders/idempotency.ts";
import { type OrderReply, replyOf } from "../../services/orders/replies.ts";
import { type OrderCustomer, orderNotFoundMessage, type PlaceInput } from "../../services/orders.ts";
import { emailSchema } from "../accounts/schemas.ts";
import { pageOf, pageSchema } from "./paging.ts";
import { addressBody, cartLines, choice, idParams, uuidPattern } from "./schemas.ts";

const amount = { type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const uuid = { type: "string", format: "uuid" } as const;
const token = { type: "string", minLength: 1, maxLength: 4096 } as const;

const lines = cartLines({ auto_renew: { type: "boolean" } });

const leg = (kind: string, extra: Record<string, object>) =>
  ({
    type: "object",
    required: ["kind", "amount", ...Object.keys(extra)],
    additionalProperties: false,
    properties: { kind: { const: kind }, amount, ...extra },
  }) as const;

/** More legs than any deployment allows are refused by the service (paymentRefused on the leg). */
const maxLegsInBody = 5;

const common = {
  lines,
  promo_code: choice,
  shipping_method: choice,
  expected_total: { type: "integer", minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
} as const;

const riderSchema = {
  body: {
    type: "object",
    required: ["lines", "expected_total", "payments"],
    additionalProperties: false,
    properties: {
      ...common,
      fare_medium: { anyOf: [uuid, { type: "null" }] },
      pass_destination: { anyOf: [{ const: "account" }, { type: "null" }] },
      shipping_address: { anyOf: [uuid, { type: "null" }] },
      payments: {
        type: "array",
        maxItems: maxLegsInBody,
        items: {
          anyOf: [
            leg("saved", { payment_method: uuid }),
            leg("card", { token }),
            leg("stored_value", {}),
            leg("wallet", {}),
          ],
        },
      },
    },
  },
} as const;

const guestSchema = {
  body: {
    type: "object",
    required: ["lines", "expected_total", "payments", "email"],
    additionalProperties: false,
    properties: {
      ...common,
      email: emailSchema,
      shipping_address: { anyOf: [addressBody, { type: "null" }] },
      card_token: { anyOf: [token, { type: "null" }] },
      payments: { type: "array", maxItems: maxLegsInBody, items: leg("card", { token }) },
    },
  },
} as const;

const guestQuery = {
  type: "object",
  additionalProperties: false,
  // Any link is looked at (a wrong one of any length is the same 404), so no bound here.
  properties: { link: { type: "string" } },
} as const;

const refundSchema = {
  params: idParams,
  body: {
    type: "object",
    required: ["reason"],
    additionalProperties: false,
    properties: {
      amount: { type: ["integer", "null"], minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
      reason: { type: "string", minLength: 1, maxLength: 500 },
    },
  },
} as const;

export const idempotencyKeyMessage = "Idempotency-Key must be 1 to 255 printable ASCII characters.";

/** Compares bearer tokens by their hashes, in constant time. */
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(Buffer.from(hashToken(given)), Buffer.from(hashToken(expected)));
}

/**
 * The order API (src/domain/checkout/order.ts has the contract): placing for riders and guests with an
 * Idempotency-Key, the rider's order pages and details, a guest's order by its link, and the
 * operators' refunds. The rules are the order service's (services/orders.ts); these routes check the
 * JSON and send its replies. Every order a caller may not see is the same 404.
 */
export default async function orderRoutes(app: FastifyInstance, options: { operatorToken: string | null }) {
  const notFound = (reply: FastifyReply) =>
    fail(reply, 404, [{ code: ErrorCode.notFound, message: orderNotFoundMessage }]);
  const send = (reply: FastifyReply, answer: OrderReply) => {
    // In flight: the same key again in a moment answers the order (or its refusal).
    if (answer.status === 409) reply.header("retry-after", "1");
    return reply.code(answer.status).type("application/json; charset=utf-8").send(answer.body);
  };
  const keyOf = (request: FastifyRequest): string | null => {
    const header = request.headers["idempotency-key"];
    return typeof header === "string" && idempotencyKeyPattern.test(header) ? header : null;
  };
  const place = async (
    request: FastifyRequest,
    reply: FastifyReply,
    customer: OrderCustomer,
    body: PlaceInput["request"],
  ) => {
    const key = keyOf(request);
    if (key === null) {
      return fail(reply, 400, [
        { code: ErrorCode.validation, message: idempotencyKeyMessage, field: "Idempotency-Key" },
      ]);
    }
    const placed = await app.orders.place({
      customer,
      idempotencyKey: key,
      request: body,
      locale: localeFromHeader(request.headers["accept-language"]),
      address: request.ip,
    });
    // The order (201), or the refusal's status and errors (replies.ts): the text the key keeps.
    return send(reply, replyOf(placed));
  };

  app.post<{ Body: PlaceOrderRequest }>(
    "/orders",
    { schema: riderSchema, preHandler: app.requireVerifiedRider },
    async (request, reply) => place(request, reply, { kind: "rider", user: riderOf(request) }, request.body),
  );

  app.post<{ Body: GuestOrderRequest }>(
    "/anonymous/orders",
    { schema: guestSchema, config: { rateLimit: { max: 30, timeWindow: "1 minute" } } },
    async (request, reply) => {
      const { card_token: cardToken, ...body } = request.body;
      if (!cardToken) return place(request, reply, { kind: "guest", email: body.email.trim() }, body);
      // The card's id stands for its token from here on: what the key's claim and its replay keep.
      const card = await app.cardTokens.resolve(cardToken);
      if (!card) {
        return fail(reply, 422, [cardTokenGone]);
      }
      return place(
        request,
        reply,
        { kind: "guest", email: body.email.trim() },
        { ...body, fare_medium: card.cardId },
      );
    },
  );

  app.get<{ Querystring: { limit?: string; after?: string } }>(
    "/orders",
    { schema: pageSchema, preHandler: app.requireVerifiedRider },
    async (request, reply) => {
      const page = pageOf(request.query, reply, {
        default: app.portalConfig.ideal_row_count,
        max: maxOrderPageSize,
      });
      if (!page) return reply;
      return ok(await app.orders.page(riderOf(request).id, page.limit, page.after));
    },
  );

  app.get<{ Params: { id: string } }>(
    "/orders/:id",
    { schema: { params: idParams }, preHandler: app.requireVerifiedRider },
    async (request, reply) => {
      if (!uuidPattern.test(request.params.id)) return notFound(reply);
      const order = await app.orders.forRider(riderOf(request).id, request.params.id.toLowerCase());
      return order ? ok(order) : notFound(reply);
    },
  );

  app.get<{ Params: { id: string }; Querystring: { link?: string } }>(
    "/anonymous/orders/:id",
    { schema: { params: idParams, querystring: guestQuery } },
    async (request, reply) => {
      const { link } = request.query;
      if (!uuidPattern.test(request.params.id) || !link) return notFound(reply);
      const order = await app.orders.forGuest(request.params.id.toLowerCase(), link);
      return order ? ok(order) : notFound(reply);
    },
  );

  /** Agency operators (OPERATOR_TOKEN): a refund of all that is left, or of `amount`. */
  const requireOperator = async (request: FastifyRequest, reply: FastifyReply) => {
    const given = /^Bearer (\S{32,200})$/.exec(request.headers.authorization ?? "")?.[1];
    if (!options.operatorToken || !given || !sameSecret(given, options.operatorToken)) {
      return fail(reply, 401, [{ code: ErrorCode.unauthorized, message: unauthorizedMessage }]);
    }
    return undefined;
  };
  app.post<{ Params: { id: string }; Body: { amount?: number | null; reason: string } }>(
    "/orders/:id/refunds",
    { schema: refundSchema, preHandler: requireOperator },
    async (request, reply) => {
      // One refund per key, as placing an order (issue 48): a double click or a retry is the same
      // refund, answered again once it is settled.
      const key = keyOf(request);
      if (key === null) {
        return fail(reply, 400, [
          { code: ErrorCode.validation, message: idempotencyKeyMessage, field: "Idempotency-Key" },
        ]);
      }
      if (!uuidPattern.test(request.params.id)) return notFound(reply);
      const orderId = request.params.id.toLowerCase();
      const result = await app.orders.refund(
        orderId,
        request.body.amount ?? null,
        request.body.reason,
        refundIdOf(orderId, key),
      );
      if (result.ok) return reply.code(201).send(ok(result.order));
      switch (result.problem) {
        case "notFound":
          return notFound(reply);
        case "keyReused":
          return fail(reply, 422, [
            {
              code: ErrorCode.idempotencyMismatch,
              message: "This Idempotency-Key was used for another refund.",
              field: "Idempotency-Key",
            },
          ]);
        case "inFlight":
          reply.header("retry-after", "1");
          return fail(reply, 409, [
            {
              code: ErrorCode.idempotencyInFlight,
              message: "This refund is still being made. Try again in a moment.",
              field: "Idempotency-Key",
            },
          ]);
        case "amountInvalid":
          return fail(reply, 422, [
            {
              code: ErrorCode.validation,
              message: "The amount is more than is left to refund.",
              field: "amount",
            },
          ]);
        case "storedValueSpent":
          return fail(reply, 422, [
            { code: ErrorCode.conflict, message: "The stored value bought has been spent.", field: "amount" },
          ]);
        case "storedValuePending":
          return fail(reply, 422, [
            {
              code: ErrorCode.conflict,
              message: "The stored value bought has not settled yet. Refund it once it has.",
              field: "amount",
            },
          ]);
        case "gatewayRefused":
          return fail(reply, 502, [
            { code: ErrorCode.unavailable, message: "The payment gateway refused the refund." },
          ]);
      }
    },
  );
}
