import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { unsupportedCardTypeMessage } from "../../../src/domain/payments/names.ts";
import { maxPaymentMethods, type NewPaymentMethod } from "../../../src/domain/payments/saved.ts";
import { fail, ok } from "../../http/envelope.ts";
import { riderOf } from "../../plugins/auth.ts";
import type { FieldProblem } from "../../services/payment-methods.ts";
import { idParams, text, uuidPattern } from "./schemas.ts";

const createSchema = {
  body: {
    type: "object",
    required: ["token"],
    additionalProperties: false,
    properties: {
      token: { type: "string", minLength: 1, maxLength: 2048 },
      nickname: { type: ["string", "null"], maxLength: 1000 },
      commuter_benefits: { type: "boolean" },
      billing: {
        type: "object",
        required: ["last_name", "address_1", "zip_code"],
        additionalProperties: false,
        properties: { last_name: text, address_1: text, zip_code: text },
      },
      holder_name: text,
    },
  },
} as const;

const renameSchema = {
  params: idParams,
  body: {
    type: "object",
    required: ["nickname"],
    additionalProperties: false,
    properties: { nickname: { type: ["string", "null"], maxLength: 1000 } },
  },
} as const;

/**
 * Whether a bodiless route (make default) was sent fields: no body and `{}` are the same request (the
 * input plugin reads an empty JSON body as `{}`), anything else is refused like an unknown field.
 */
export function hasFields(body: unknown): boolean {
  if (body === undefined || body === null) return false;
  return typeof body !== "object" || Array.isArray(body) || Object.keys(body).length > 0;
}

export const noFields = { code: ErrorCode.validation, message: "This request takes no fields." };

interface IdParams {
  id: string;
}

const paymentMethodNotFound = "Payment method not found.";

export function invalid(reply: FastifyReply, errors: FieldProblem[]): FastifyReply {
  return fail(
    reply,
    400,
    errors.map((error) => ({ code: ErrorCode.validation, message: error.message, field: error.field })),
  );
}

/**
 * The rider's saved payment methods (src/domain/payments/saved.ts has the contract): list, save from a
 * gateway token, rename, make default, remove. The rules are the service's (services/payment-methods.ts);
 * these routes check the JSON and word the outcome. Ids that are not the rider's own answer 404 alike.
 */
export default async function paymentMethodRoutes(app: FastifyInstance) {
  const guard = { preHandler: app.requireVerifiedRider };
  const riderId = (request: FastifyRequest) => riderOf(request).id;
  const notFound = (reply: FastifyReply) =>
    fail(reply, 404, [{ code: ErrorCode.notFound, message: paymentMethodNotFound }]);

  app.get("/payment_methods", guard, async (request) =>
    ok({ payment_methods: await app.paymentMethods.list(riderId(request)) }),
  );

  app.post<{ Body: NewPaymentMethod }>(
    "/payment_methods",
    { ...guard, schema: createSchema },
    async (request, reply) => {
      const result = await app.paymentMethods.save(riderId(request), request.body);
      if (result.ok)
        return reply.code(result.created ? 201 : 200).send(ok({ payment_method: result.method }));
      switch (result.problem) {
        case "invalid":
          return invalid(reply, result.errors);
        case "declined":
          return fail(reply, 422, [
            {
              code: ErrorCode.paymentMethodDeclined,
              message: "The payment method was declined.",
              field: result.reason,
            },
          ]);
        case "tokenInvalid":
          return fail(reply, 422, [
            {
              code: ErrorCode.paymentTokenInvalid,
              message: "The payment details have expired or were already used. Please enter them again.",
            },
          ]);
        case "unsupportedType":
          return fail(reply, 422, [
            { code: ErrorCode.cardTypeUnsupported, message: unsupportedCardTypeMessage, field: "token" },
          ]);
        case "limitReached":
          return fail(reply, 422, [
            {
              code: ErrorCode.limitReached,
              message: `You can keep up to ${maxPaymentMethods} payment methods. Remove one to add another.`,
            },
          ]);
      }
    },
  );

  app.patch<{ Params: IdParams; Body: { nickname: string | null } }>(
    "/payment_methods/:id",
    { ...guard, schema: renameSchema },
    async (request, reply) => {
      if (!uuidPattern.test(request.params.id)) return notFound(reply);
      const result = await app.paymentMethods.rename(
        riderId(request),
        request.params.id,
        request.body.nickname,
      );
      if (result.ok) return ok({ payment_method: result.method });
      return result.problem === "notFound" ? notFound(reply) : invalid(reply, result.errors);
    },
  );

  app.post<{ Params: IdParams }>(
    "/payment_methods/:id/default",
    { ...guard, schema: { params: idParams } },
    async (request, reply) => {
      if (hasFields(request.body)) return fail(reply, 400, [noFields]);
      if (!uuidPattern.test(request.params.id)) return notFound(reply);
      const result = await app.paymentMethods.setDefault(riderId(request), request.params.id);
      if (result.ok) return ok({ payment_methods: result.methods });
      if (result.problem === "forbidden") {
        return fail(reply, 403, [
          { code: ErrorCode.forbidden, message: "This portal does not keep a default payment method." },
        ]);
      }
      return notFound(reply);
    },
  );

  app.delete<{ Params: IdParams }>(
    "/payment_methods/:id",
    { ...guard, schema: { params: idParams } },
    async (request, reply) => {
      if (!uuidPattern.test(request.params.id)) return notFound(reply);
      if (!(await app.paymentMethods.remove(riderId(request), request.params.id))) return notFound(reply);
      return reply.code(204).send();
    },
  );
}
