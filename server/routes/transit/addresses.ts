import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { type AddressBody, maxAddresses } from "../../../src/domain/payments/saved.ts";
import { fail, ok } from "../../http/envelope.ts";
import { riderOf } from "../../plugins/auth.ts";
import type { AddressSaveResult } from "../../services/addresses.ts";
import { hasFields, invalid, noFields } from "./payment-methods.ts";
import { addressBody, idParams, uuidPattern } from "./schemas.ts";

interface IdParams {
  id: string;
}

const addressNotFound = "Address not found.";

/**
 * The rider's shipping addresses (src/domain/payments/saved.ts has the contract): list, add, change,
 * make default, delete. The rules are the service's (services/addresses.ts); ids that are not the
 * rider's own answer 404 alike.
 */
export default async function addressRoutes(app: FastifyInstance) {
  const guard = { preHandler: app.requireVerifiedRider };
  const riderId = (request: FastifyRequest) => riderOf(request).id;
  const notFound = (reply: FastifyReply) =>
    fail(reply, 404, [{ code: ErrorCode.notFound, message: addressNotFound }]);
  const answer = (reply: FastifyReply, result: AddressSaveResult, status: number) => {
    if (result.ok) return reply.code(status).send(ok({ address: result.address }));
    switch (result.problem) {
      case "invalid":
        return invalid(reply, result.errors);
      case "notFound":
        return notFound(reply);
      case "limitReached":
        return fail(reply, 422, [
          {
            code: ErrorCode.limitReached,
            message: `You can keep up to ${maxAddresses} addresses. Remove one to add another.`,
          },
        ]);
    }
  };

  app.get("/addresses", guard, async (request) =>
    ok({ addresses: await app.shippingAddresses.list(riderId(request)) }),
  );

  app.post<{ Body: AddressBody }>(
    "/addresses",
    { ...guard, schema: { body: addressBody } },
    async (request, reply) =>
      answer(reply, await app.shippingAddresses.create(riderId(request), request.body), 201),
  );

  app.put<{ Params: IdParams; Body: AddressBody }>(
    "/addresses/:id",
    { ...guard, schema: { params: idParams, body: addressBody } },
    async (request, reply) => {
      if (!uuidPattern.test(request.params.id)) return notFound(reply);
      return answer(
        reply,
        await app.shippingAddresses.update(riderId(request), request.params.id, request.body),
        200,
      );
    },
  );

  app.post<{ Params: IdParams }>(
    "/addresses/:id/default",
    { ...guard, schema: { params: idParams } },
    async (request, reply) => {
      if (hasFields(request.body)) return fail(reply, 400, [noFields]);
      if (!uuidPattern.test(request.params.id)) return notFound(reply);
      const addresses = await app.shippingAddresses.setDefault(riderId(request), request.params.id);
      return addresses ? ok({ addresses }) : notFound(reply);
    },
  );

  app.delete<{ Params: IdParams }>(
    "/addresses/:id",
    { ...guard, schema: { params: idParams } },
    async (request, reply) => {
      if (!uuidPattern.test(request.params.id)) return notFound(reply);
      if (!(await app.shippingAddresses.remove(riderId(request), request.params.id))) return notFound(reply);
      return reply.code(204).send();
    },
  );
}
