import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import type { TransferRequest } from "../../../src/domain/transit/cards.ts";
import { idempotencyKeyPattern } from "../../gateways/payments/gateway.ts";
import { fail } from "../../http/envelope.ts";
import { riderOf } from "../../plugins/auth.ts";
import { idempotencyKeyMessage } from "./orders.ts";

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

/** A stored or computed reply, sent as its exact JSON text. */
export function sendAnswer(reply: FastifyReply, answer: { status: number; body: string }): FastifyReply {
  if (answer.status === 409) reply.header("retry-after", "1");
  return reply.code(answer.status).type("application/json; charset=utf-8").send(answer.body);
}

/** The Idempotency-Key header when it is 1..255 printable ASCII; null otherwise. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers["idempotency-key"];
  return typeof header === "string" && idempotencyKeyPattern.test(header) ? header : null;
}

export function missingKey(reply: FastifyReply): FastifyReply {
  return fail(reply, 400, [
    { code: ErrorCode.validation, message: idempotencyKeyMessage, field: "Idempotency-Key" },
  ]);
}

/**
 * Money between and onto a rider's cards (src/domain/transit/cards.ts, wallet.ts): balance transfers,
 * loads, the wallet and autoload. The rules are the services'; these routes check the JSON.
 */
export default async function walletRoutes(app: FastifyInstance) {
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
