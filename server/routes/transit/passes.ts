import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { passMessages } from "../../../src/domain/transit/passes.ts";
import { fail, ok } from "../../http/envelope.ts";
import { localeFromHeader } from "../../http/locale.ts";
import { riderOf } from "../../plugins/auth.ts";
import type { PassProblem } from "../../services/passes.ts";
import { cardNotFoundMessage } from "./fare-cards.ts";
import { pageOf, pageSchema } from "./paging.ts";
import { idParams, uuidPattern } from "./schemas.ts";

const maxPassPageSize = 50;
export const deviceNotFoundMessage = "Device not found.";

const attachSchema = {
  params: idParams,
  body: {
    type: "object",
    required: ["fare_medium"],
    additionalProperties: false,
    properties: { fare_medium: { type: "string", maxLength: 100 } },
  },
} as const;

const moveSchema = {
  params: idParams,
  body: {
    type: "object",
    required: ["to"],
    additionalProperties: false,
    properties: {
      to: { type: "string", enum: ["cloud", "device"] },
      device: { type: "string", maxLength: 100 },
    },
  },
} as const;

interface IdParams {
  id: string;
}

function passRefusal(reply: FastifyReply, refusal: PassProblem): FastifyReply {
  switch (refusal.problem) {
    case "notFound":
      return fail(reply, 404, [{ code: ErrorCode.notFound, message: passMessages.notFound }]);
    case "missing":
      return fail(reply, 404, [
        {
          code: ErrorCode.notFound,
          message: refusal.field === "device" ? deviceNotFoundMessage : cardNotFoundMessage,
          field: refusal.field,
        },
      ]);
    case "passNotEligible":
      return fail(reply, 422, [
        { code: ErrorCode.passNotEligible, message: passMessages.notEligible, field: "fare_medium" },
      ]);
    case "passNotMovable":
      return fail(reply, 422, [
        { code: ErrorCode.passNotMovable, message: "Only a pass that is not in use yet can be moved." },
      ]);
    case "fareCardUnavailable":
      return fail(reply, 422, [
        {
          code: ErrorCode.fareCardUnavailable,
          message: "This fare card cannot take passes in its current state.",
          field: "fare_medium",
        },
      ]);
  }
}

/**
 * A rider's passes (src/domain/transit/passes.ts): history, unattached ones, details, attach, move.
 * The rules are app.passes'; any pass id not the rider's own is one 404.
 */
export default async function passRoutes(app: FastifyInstance) {
  const guard = { preHandler: app.requireVerifiedRider };
  const riderId = (request: FastifyRequest) => riderOf(request).id;
  const locale = (request: FastifyRequest) => localeFromHeader(request.headers["accept-language"]);
  const notFound = (reply: FastifyReply) => passRefusal(reply, { problem: "notFound" });

  app.get<{ Querystring: { limit?: string; after?: string } }>(
    "/passes",
    { ...guard, schema: pageSchema },
    async (request, reply) => {
      const page = pageOf(request.query, reply, {
        default: app.portalConfig.ideal_row_count,
        max: maxPassPageSize,
      });
      if (!page) return reply;
      return ok(await app.passes.page(riderId(request), page.limit, page.after, locale(request)));
    },
  );

  app.get("/passes/unattached", guard, async (request) =>
    ok({ passes: await app.passes.unattached(riderId(request), locale(request)) }),
  );

  app.get<{ Params: IdParams }>(
    "/passes/:id",
    { ...guard, schema: { params: idParams } },
    async (request, reply) => {
      if (!uuidPattern.test(request.params.id)) return notFound(reply);
      const pass = await app.passes.detail(
        riderId(request),
        request.params.id.toLowerCase(),
        locale(request),
      );
      return pass ? ok({ pass }) : notFound(reply);
    },
  );

  app.post<{ Params: IdParams; Body: { fare_medium: string } }>(
    "/passes/:id/attach",
    { ...guard, schema: attachSchema },
    async (request, reply) => {
      if (!uuidPattern.test(request.params.id)) return notFound(reply);
      if (!uuidPattern.test(request.body.fare_medium)) {
        return passRefusal(reply, { problem: "missing", field: "fare_medium" });
      }
      const result = await app.passes.attach(
        riderId(request),
        request.params.id.toLowerCase(),
        request.body.fare_medium.toLowerCase(),
        locale(request),
      );
      return result.ok ? ok({ pass: result.pass }) : passRefusal(reply, result);
    },
  );

  app.post<{ Params: IdParams; Body: { to: "cloud" | "device"; device?: string } }>(
    "/passes/:id/move",
    { ...guard, schema: moveSchema },
    async (request, reply) => {
      const { to, device } = request.body;
      if (to === "device" && device === undefined) {
        return fail(reply, 400, [
          { code: ErrorCode.validation, message: "device is required.", field: "device" },
        ]);
      }
      if (to === "cloud" && device !== undefined) {
        return fail(reply, 400, [
          { code: ErrorCode.validation, message: "device is only for a move to a device.", field: "device" },
        ]);
      }
      if (!uuidPattern.test(request.params.id)) return notFound(reply);
      if (to === "device" && !uuidPattern.test(device ?? "")) {
        return passRefusal(reply, { problem: "missing", field: "device" });
      }
      const result = await app.passes.move(
        riderId(request),
        request.params.id.toLowerCase(),
        to === "device" ? { to, device: (device ?? "").toLowerCase() } : { to },
        locale(request),
      );
      return result.ok ? ok({ pass: result.pass }) : passRefusal(reply, result);
    },
  );
}
