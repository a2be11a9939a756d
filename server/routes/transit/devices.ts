import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import type { RegisterDeviceRequest } from "../../../src/domain/transit/passes.ts";
import { fail, ok } from "../../http/envelope.ts";
import { riderOf } from "../../plugins/auth.ts";
import type { DeviceProblem } from "../../services/devices.ts";
import { deviceNotFoundMessage } from "./passes.ts";
import { hasFields, noFields } from "./payment-methods.ts";
import { idParams, uuidPattern } from "./schemas.ts";

const registerSchema = {
  body: {
    type: "object",
    required: ["nickname", "model", "installation_id"],
    additionalProperties: false,
    properties: {
      nickname: { type: "string", maxLength: 1000 },
      model: { type: "string", maxLength: 1000 },
      installation_id: { type: "string", minLength: 1, maxLength: 200 },
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

interface IdParams {
  id: string;
}

function deviceRefusal(reply: FastifyReply, refusal: DeviceProblem): FastifyReply {
  if (refusal.problem === "notFound") {
    return fail(reply, 404, [{ code: ErrorCode.notFound, message: deviceNotFoundMessage }]);
  }
  return fail(reply, 400, [{ code: ErrorCode.validation, message: refusal.message, field: refusal.field }]);
}

/** A rider's devices (src/domain/transit/passes.ts): list, register (the app), rename, remove. */
export default async function deviceRoutes(app: FastifyInstance) {
  const guard = { preHandler: app.requireVerifiedRider };
  const riderId = (request: FastifyRequest) => riderOf(request).id;
  const notFound = (reply: FastifyReply) => deviceRefusal(reply, { problem: "notFound" });

  app.get("/devices", guard, async (request) => ok({ devices: await app.devices.list(riderId(request)) }));

  app.post<{ Body: RegisterDeviceRequest }>(
    "/devices",
    { ...guard, schema: registerSchema },
    async (request, reply) => {
      const result = await app.devices.register(riderId(request), request.body);
      if (!result.ok) return deviceRefusal(reply, result);
      return reply.code(result.created ? 201 : 200).send(ok({ device: result.device }));
    },
  );

  app.patch<{ Params: IdParams; Body: { nickname: string } }>(
    "/devices/:id",
    { ...guard, schema: renameSchema },
    async (request, reply) => {
      if (!uuidPattern.test(request.params.id)) return notFound(reply);
      const result = await app.devices.rename(
        riderId(request),
        request.params.id.toLowerCase(),
        request.body.nickname,
      );
      return result.ok ? ok({ device: result.device }) : deviceRefusal(reply, result);
    },
  );

  app.delete<{ Params: IdParams }>(
    "/devices/:id",
    { ...guard, schema: { params: idParams } },
    async (request, reply) => {
      if (hasFields(request.body)) return fail(reply, 400, [noFields]);
      if (!uuidPattern.test(request.params.id)) return notFound(reply);
      const result = await app.devices.remove(riderId(request), request.params.id.toLowerCase());
      return result.ok ? reply.code(204).send() : deviceRefusal(reply, result);
    },
  );
}
