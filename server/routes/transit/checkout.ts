import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AnonymousQuoteRequest, QuoteReply, QuoteRequest } from "../../../src/domain/checkout/quote.ts";
import type { ApiError, Envelope } from "../../../src/domain/envelope.ts";
import { fail, ok } from "../../http/envelope.ts";
import { localeFromHeader } from "../../http/locale.ts";
import { cardTokenGone, riderOf } from "../../plugins/auth.ts";
import type { Customer, QuoteResult } from "../../services/pricing.ts";
import { emailSchema } from "../accounts/schemas.ts";
import { cartLines, choice } from "./schemas.ts";

const quoteProperties = {
  lines: cartLines({}),
  promo_code: choice,
  shipping_method: choice,
  country: { type: ["string", "null"], pattern: "^[A-Za-z]{2}$" },
  fare_medium: { anyOf: [{ type: "string", format: "uuid" }, { type: "null" }] },
} as const;

const quoteSchema = {
  body: { type: "object", required: ["lines"], additionalProperties: false, properties: quoteProperties },
} as const;

const anonymousQuoteSchema = {
  body: {
    type: "object",
    required: ["lines"],
    additionalProperties: false,
    properties: {
      ...quoteProperties,
      email: { anyOf: [emailSchema, { type: "null" }] },
      card_token: { anyOf: [{ type: "string", minLength: 1, maxLength: 4096 }, { type: "null" }] },
    },
  },
} as const;

const shippingSchema = {
  querystring: {
    type: "object",
    additionalProperties: false,
    properties: { country: { type: "string", pattern: "^[A-Za-z]{2}$" } },
  },
} as const;

/**
 * The checkout's pricing (src/domain/checkout/quote.ts has the contract): the shipping methods for a
 * country, and the server's quote of a cart for a rider or a guest. The rules are the pricing
 * service's (services/pricing.ts); these routes check the JSON and word the outcome.
 */
export default async function checkoutRoutes(app: FastifyInstance) {
  const answer = (reply: FastifyReply, result: QuoteResult) => {
    // A request that does not hold is 400; a cart the catalogue will not sell, 422.
    if (!result.ok) return fail(reply, result.refused === "invalid" ? 400 : 422, result.errors);
    return reply.send({ data: result.quote, errors: result.problems } satisfies Envelope<QuoteReply>);
  };
  const quote = (
    request: FastifyRequest<{ Body: QuoteRequest | AnonymousQuoteRequest }>,
    customer: Customer,
  ) =>
    app.pricing.quote({
      customer,
      lines: request.body.lines,
      promoCode: request.body.promo_code ?? null,
      shippingMethod: request.body.shipping_method ?? null,
      country: request.body.country ?? null,
      locale: localeFromHeader(request.headers["accept-language"]),
      address: request.ip,
    });

  app.get<{ Querystring: { country?: string } }>(
    "/shipping_methods",
    { schema: shippingSchema },
    async (request, reply) => {
      const country = request.query.country ?? null;
      const result = await app.pricing.shippingOptions(
        country,
        localeFromHeader(request.headers["accept-language"]),
      );
      if (!result.ok) return fail(reply, 400, [result.error satisfies ApiError]);
      return ok({ shipping_methods: result.options });
    },
  );

  app.post<{ Body: QuoteRequest }>(
    "/checkout/quote",
    { schema: quoteSchema, preHandler: app.requireVerifiedRider },
    async (request, reply) => {
      const user = riderOf(request);
      const result = await quote(request, { kind: "rider", userId: user.id, email: user.email });
      if (!result.ok) return answer(reply, result);
      const purses = await app.orders.purses(user.id, request.body.fare_medium ?? null);
      const destinations = await app.passDestinations.forRider(user.id, result.products);
      return answer(reply, { ...result, quote: { ...result.quote, purses, destinations } });
    },
  );

  app.post<{ Body: AnonymousQuoteRequest }>(
    "/anonymous/checkout/quote",
    { schema: anonymousQuoteSchema },
    async (request, reply) => {
      const result = await quote(request, { kind: "guest", email: request.body.email?.trim() || null });
      if (!result.ok) return answer(reply, result);
      const token = request.body.card_token ?? null;
      const card = token ? await app.cardTokens.resolve(token) : null;
      const destinations = await app.passDestinations.forGuest(card?.cardId ?? null, result.products);
      return answer(reply, {
        ...result,
        quote: { ...result.quote, destinations },
        problems: token && !card ? [...result.problems, cardTokenGone] : result.problems,
      });
    },
  );
}
